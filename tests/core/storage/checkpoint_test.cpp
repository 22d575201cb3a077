// SPDX-License-Identifier: Apache-2.0
#include "storage_fixtures.h"

#include "core/io/model_presets.h"
#include "core/storage/checkpoint.h"
#include "core/storage/storage_defaults.h"

#include <catch2/catch.hpp>

using namespace infrafit;
using namespace infrafit::testing;

namespace {

Workload llama70bAdam(int zeroStage, int tensor = 8, int pipeline = 1)
{
    Parallelism plan;
    plan.tensor = tensor;
    plan.pipeline = pipeline;
    plan.zeroStage = zeroStage;
    Workload w = presetTraining("llama-3.1-70b", plan, 4096, 512);
    w.optimizer = Optimizer::AdamW;
    return w;
}

Parallelism resolved(const Workload& w, int data)
{
    Parallelism p = *w.parallelism;
    p.data = data;
    return p;
}

} // namespace

TEST_CASE(
    "Checkpoint bytes per parameter follow the optimizer state sizes", "[storage][checkpoint]")
{
    // EleutherAI "Transformer Math 101": mixed-precision Adam keeps bf16
    // weights (2) + fp32 master (4) + fp32 m (4) + fp32 v (4) = 14 B saved.
    Workload w = llama70bAdam(1);
    CHECK(checkpointBytesPerParameter(w) == Approx(14.0));
    // Pure fp32 Adam: 4 (weights) + 4 + 4 (m, v) = 12.
    w.optimizer = Optimizer::AdamFp32;
    CHECK(checkpointBytesPerParameter(w) == Approx(12.0));
    // SGD with momentum, mixed precision: 2 + 4 (master) + 4 (momentum) = 10.
    w.optimizer = Optimizer::Sgd;
    CHECK(checkpointBytesPerParameter(w) == Approx(10.0));
    // 8-bit Adam (Dettmers et al. 2022): 2 + 4 (master) + 1 + 1 = 8.
    w.optimizer = Optimizer::Adam8bit;
    CHECK(checkpointBytesPerParameter(w) == Approx(8.0));
}

TEST_CASE("Llama 3.1 70B Adam checkpoint on 8 DGX H100 with 8 PM1743 each", "[storage][checkpoint]")
{
    // Worked example (issue 10): 70.6e9 parameters x 14 B = 0.99 TB; with
    // ZeRO-1 every data-parallel rank writes its shard, so 8 nodes write
    // 1/8 each: 123 GB per node. A node's 8 PM1743 write 8 x 6,600 MB/s =
    // 52.8 GB/s (Samsung datasheet), so 123.5 GB / 52.8 GB/s = 2.34 s.
    const Workload w = llama70bAdam(1);
    const auto rc = dgxH100WithStorage(8);
    const auto params = countParameters(w.model);
    REQUIRE(params.total == Approx(70.55e9).margin(0.1e9));
    const NodeStorage node = nodeStorageOf(rc);
    CHECK(node.writeBytesPerS == Approx(52.8e9));
    CHECK(node.readBytesPerS == Approx(104e9));

    const auto c = planCheckpoint(w, params, resolved(w, 8), node, 8, 8, 0);
    CHECK(c.bytes == Approx(params.total * 14));
    CHECK(c.bytes == Approx(0.988e12).epsilon(0.005));
    CHECK(c.writerNodes == 8);
    CHECK(c.bytesPerNode == Approx(c.bytes / 8));
    CHECK(c.bytesPerNode == Approx(123.5e9).epsilon(0.005));
    CHECK(c.target == StorageTarget::Local);
    CHECK(c.localWriteS == Approx(123.5e9 / 52.8e9).epsilon(0.005)); // 2.34 s
    CHECK(c.writeS == Approx(c.localWriteS));
    // Restore reads at 8 x 13,000 MB/s = 104 GB/s: 123.5 / 104 = 1.19 s.
    CHECK(c.localRestoreS == Approx(123.5e9 / 104e9).epsilon(0.005));
    // No shared storage configured: no shared figures.
    CHECK(c.sharedWriteS == 0);

    // Share at one checkpoint per hour: 2.34 / (3,600 + 2.34) = 0.065 %.
    CHECK(c.intervalHours == storage::defaultCheckpointIntervalHours);
    CHECK(c.share == Approx(c.writeS / (3600 + c.writeS)));
    CHECK(c.share < 0.001);
    // Shortest interval under 5 %: t (1 - s) / s = 2.34 x 19 = 44.4 s.
    CHECK(c.minIntervalHours * 3600 == Approx(c.writeS * 19));
    Findings findings;
    CHECK(checkCheckpoint(c, node, findings));
    CHECK(findings.empty());
}

TEST_CASE(
    "Checkpoint to shared storage is limited by storage, then by NICs", "[storage][checkpoint]")
{
    // 100 GB/s shared storage, 8 nodes x 8 x 400 Gb/s = 400 GB/s NICs each:
    // max(988 GB / 100 GB/s, 123.5 GB / 400 GB/s) = 9.88 s.
    const Workload w = llama70bAdam(1);
    auto rc = dgxH100WithStorage(8);
    rc.config.sharedStorageGbs = 100;
    const auto params = countParameters(w.model);
    const NodeStorage node = nodeStorageOf(rc);
    CHECK(node.nicBytesPerS == Approx(400e9));
    const auto c = planCheckpoint(w, params, resolved(w, 8), node, 8, 8, 0);
    CHECK(c.sharedWriteS == Approx(c.bytes / 100e9));
    CHECK(c.sharedWriteS == Approx(9.88).epsilon(0.005));
    // One 100 Gb/s NIC per node instead: 123.5 GB / 12.5 GB/s = 9.88 s
    // per node, above 988 / 1,000 = 0.99 s of a 1 TB/s storage.
    rc.config.sharedStorageGbs = 1000;
    rc.config.nicsPerNode = 1;
    rc.nic->portSpeedGbps = 100;
    const auto slowNic = planCheckpoint(w, params, resolved(w, 8), nodeStorageOf(rc), 8, 8, 0);
    CHECK(slowNic.sharedWriteS == Approx(slowNic.bytesPerNode / 12.5e9));
}

TEST_CASE("Without ZeRO one model replica writes the checkpoint", "[storage][checkpoint]")
{
    // Tensor 8 x pipeline 1 = one node holds a full replica; it writes all
    // 988 GB alone: 988 / 52.8 = 18.7 s.
    const Workload w = llama70bAdam(0);
    const auto params = countParameters(w.model);
    const NodeStorage node = nodeStorageOf(dgxH100WithStorage(8));
    const auto c = planCheckpoint(w, params, resolved(w, 8), node, 8, 8, 0);
    CHECK(c.writerNodes == 1);
    CHECK(c.bytesPerNode == Approx(c.bytes));
    CHECK(c.localWriteS == Approx(18.7).epsilon(0.01));
    // Pipeline 4 spreads a replica over 4 nodes.
    const Workload pp = llama70bAdam(0, 8, 4);
    CHECK(checkpointWriterNodes(resolved(pp, 2), 8, 8) == 4);
}

TEST_CASE("LoRA checkpoints hold the adapters only", "[storage][checkpoint]")
{
    // Llama 2 7B, rank 16 on q, k, v, o and the three MLP matrices (Hu et al.
    // 2021 §4.1: r (d_in + d_out) per matrix): attention 4 x 16 x (4,096 +
    // 4,096) = 524,288; MLP 3 x 16 x (4,096 + 11,008) = 724,992; x 32 layers
    // = 39,976,960 adapters; fp32 adapters + Adam m, v = 12 B: 479.7 MB.
    Parallelism plan;
    plan.zeroStage = 0;
    Workload w = presetTraining("llama-2-7b", plan);
    w.fineTune = FineTune::Lora;
    w.loraRank = 16;
    const auto params = countParameters(w.model);
    CHECK(checkpointParameters(w, params) == Approx(39976960));
    CHECK(checkpointBytesPerParameter(w) == Approx(12));
    const auto c
        = planCheckpoint(w, params, resolved(w, 8), nodeStorageOf(dgxH100WithStorage(1)), 8, 1, 0);
    CHECK(c.bytes == Approx(39976960.0 * 12));
}

TEST_CASE("Checkpoint findings: share exceeded, capacity, no storage", "[storage][checkpoint][bad]")
{
    const Workload base = llama70bAdam(1);
    const auto params = countParameters(base.model);

    SECTION("a slow single drive at a short interval exceeds the share")
    {
        // 1 drive x 6,600 MB/s: 123.5 GB / 6.6 GB/s = 18.7 s per checkpoint;
        // every 3 minutes: 18.7 / (180 + 18.7) = 9.4 % > 5 %; the interval
        // keeping 5 % is 18.7 x 19 = 355 s = 0.099 h.
        auto rc = dgxH100WithStorage(8);
        rc.config.nvmePerNode = 1;
        Workload w = base;
        w.checkpointIntervalHours = 0.05;
        const NodeStorage node = nodeStorageOf(rc);
        const auto c = planCheckpoint(w, params, resolved(w, 8), node, 8, 8, 0);
        CHECK(c.share == Approx(c.writeS / (180 + c.writeS)));
        CHECK(c.share > 0.05);
        CHECK(c.minIntervalHours == Approx(c.writeS * 19 / 3600));
        Findings f;
        CHECK_FALSE(checkCheckpoint(c, node, f));
        CHECK(hasCode(f, "storage.checkpoint_share"));
    }
    SECTION("two kept checkpoints exceed small drives")
    {
        auto rc = dgxH100WithStorage(8);
        rc.config.nvmePerNode = 1;
        rc.nvme->capacityTb = 0.2; // 200 GB < 2 x 123.5 GB
        const NodeStorage node = nodeStorageOf(rc);
        const auto c = planCheckpoint(base, params, resolved(base, 8), node, 8, 8, 0);
        Findings f;
        checkCheckpoint(c, node, f);
        CHECK(hasCode(f, "storage.checkpoint_capacity"));
    }
    SECTION("no drives and no shared storage is an error naming the fields")
    {
        auto rc = dgxH100WithStorage(8);
        rc.config.nvmePerNode = 0;
        const NodeStorage node = nodeStorageOf(rc);
        const auto c = planCheckpoint(base, params, resolved(base, 8), node, 8, 8, 0);
        CHECK(c.writeS == 0);
        CHECK(c.share == 0);
        Findings f;
        CHECK_FALSE(checkCheckpoint(c, node, f));
        REQUIRE(f.size() == 1);
        CHECK(f[0].code == "storage.no_checkpoint_storage");
        CHECK(f[0].severity == Severity::Error);
        // Fields by their form labels, not JSON keys (issue 23 item 11).
        CHECK(f[0].message.find("NVMe drives") != std::string::npos);
        CHECK(f[0].message.find("shared storage bandwidth") != std::string::npos);
        CHECK(f[0].message.find("shared_storage_gbs") == std::string::npos);
    }
    SECTION("a shared target without shared storage is an error")
    {
        Workload w = base;
        w.checkpointTarget = StorageTarget::Shared;
        const NodeStorage node = nodeStorageOf(dgxH100WithStorage(8));
        const auto c = planCheckpoint(w, params, resolved(w, 8), node, 8, 8, 0);
        Findings f;
        checkCheckpoint(c, node, f);
        CHECK(hasCode(f, "storage.checkpoint_target_missing"));
    }
    SECTION("draining to slow shared storage falls behind the interval")
    {
        auto rc = dgxH100WithStorage(8);
        rc.config.sharedStorageGbs = 0.1; // 988 GB / 0.1 GB/s = 2.7 h > 1 h
        const NodeStorage node = nodeStorageOf(rc);
        const auto c = planCheckpoint(base, params, resolved(base, 8), node, 8, 8, 0);
        Findings f;
        checkCheckpoint(c, node, f);
        CHECK(hasCode(f, "storage.checkpoint_drain_slow"));
    }
}

TEST_CASE("Checkpoint count over a run", "[storage][checkpoint]")
{
    // 10 days at one per hour = 240 checkpoints of 2.34 s = 0.156 h.
    const Workload w = llama70bAdam(1);
    const auto c = planCheckpoint(w, countParameters(w.model), resolved(w, 8),
        nodeStorageOf(dgxH100WithStorage(8)), 8, 8, 10);
    CHECK(c.count == 240);
    CHECK(c.totalHours == Approx(240 * c.writeS / 3600));
}
