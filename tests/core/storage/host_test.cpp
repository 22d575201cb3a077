// SPDX-License-Identifier: Apache-2.0
#include "storage_fixtures.h"

#include "core/storage/host.h"
#include "core/storage/storage_defaults.h"

#include <catch2/catch.hpp>

using namespace infrafit;
using namespace infrafit::testing;

namespace {

Parallelism plan(int tensor, int data, int zero)
{
    Parallelism p;
    p.tensor = tensor;
    p.data = data;
    p.zeroStage = zero;
    return p;
}

} // namespace

TEST_CASE("DGX H100 host ratios: 14 cores and 256 GB per GPU", "[storage][host]")
{
    // NVIDIA DGX H100 datasheet: 2 x Xeon Platinum 8480C, 112 cores; 2 TB
    // system memory (32 x 64 GB); 8 GPUs. 112 / 8 = 14 cores, 2,048 GB / 8 =
    // 256 GB per GPU. Memory bandwidth: 2 x 307.2 GB/s (8 channels x 4,800
    // MT/s x 8 B) / 8 = 76.8 GB/s per GPU, all 16 channels populated.
    const auto rc = dgxH100WithStorage(1);
    Workload w = presetTraining("llama-3.1-70b", plan(8, 1, 1));
    Findings findings;
    const auto h = checkHost(w, rc, plan(8, 1, 1), 30e9, 0, findings);
    CHECK(h.cpuCoresPerGpu == Approx(14));
    CHECK(h.hostMemoryPerNodeBytes == Approx(2048e9));
    CHECK(h.hostMemoryPerGpuBytes == Approx(256e9));
    CHECK(h.memoryBandwidthPerGpuGbs == Approx(76.8));
    CHECK(h.populatedChannelFraction == 1);
    CHECK(h.cpuCoresPerGpuNeeded == storage::defaultTrainingCoresPerGpu);
    // Need = 32 GB allowance + 30 GB staged checkpoint shard = 62 GB.
    CHECK(h.neededPerGpuBytes == Approx(62e9));
    CHECK(findings.empty());
}

TEST_CASE("Half the memory channels empty halve host bandwidth", "[storage][host]")
{
    // 8 DIMMs on 2 x 8 channels: 8 / 16 = 0.5 of 614.4 GB/s = 38.4 GB/s per GPU.
    auto rc = dgxH100WithStorage(1);
    rc.config.dimmsPerNode = 8;
    rc.config.dimmSizeGb = 128;
    Workload w = presetTraining("llama-3.1-70b", plan(8, 1, 1));
    Findings findings;
    const auto h = checkHost(w, rc, plan(8, 1, 1), 0, 0, findings);
    CHECK(h.populatedChannelFraction == Approx(0.5));
    CHECK(h.memoryBandwidthPerGpuGbs == Approx(38.4));
    CHECK(hasCode(findings, "host.memory_channels_unpopulated"));
}

TEST_CASE("ZeRO-Offload host memory for Llama 3.1 70B", "[storage][host][offload]")
{
    // DeepSpeed estimate_zero2/zero3 (optimizer offload): 16 B per parameter
    // in host memory (fp32 master 4 + Adam m, v 8 + fp32 gradients 4), split
    // over the 32 GPUs (tensor 8 x data 4): 70.55e9 x 16 / 32 = 35.3 GB per
    // GPU = 282 GB per node (DeepSpeed: 16 Psi / nodes = 282 GB).
    Workload w = presetTraining("llama-3.1-70b", plan(8, 4, 3));
    w.offload = Offload::Optimizer;
    const auto params = countParameters(w.model);
    const double perGpu = offloadBytesPerGpu(w, params, plan(8, 4, 3));
    CHECK(perGpu == Approx(params.total * 16 / 32));
    CHECK(perGpu * 8 == Approx(16 * params.total / 4));
    // Weights too (ZeRO-Infinity): 18 B per parameter.
    w.offload = Offload::OptimizerAndWeights;
    CHECK(offloadBytesPerGpu(w, params, plan(8, 4, 3)) == Approx(params.total * 18 / 32));
    w.offload = Offload::None;
    CHECK(offloadBytesPerGpu(w, params, plan(8, 4, 3)) == 0);

    SECTION("fits in a DGX's 256 GB per GPU")
    {
        w.offload = Offload::Optimizer;
        Findings findings;
        const auto h = checkHost(w, dgxH100WithStorage(4), plan(8, 4, 3), 0, perGpu, findings);
        CHECK(h.offloadPerGpuBytes == Approx(perGpu));
        CHECK_FALSE(hasCode(findings, "host.memory_insufficient"));
    }
    SECTION("does not fit in 8 x 16 GB per node")
    {
        // 128 GB / 8 = 16 GB per GPU < 35.3 GB offloaded.
        w.offload = Offload::Optimizer;
        auto rc = dgxH100WithStorage(4);
        rc.config.dimmsPerNode = 8;
        rc.config.dimmSizeGb = 16;
        Findings findings;
        checkHost(w, rc, plan(8, 4, 3), 0, perGpu, findings);
        CHECK(hasCode(findings, "host.memory_insufficient"));
    }
    SECTION("offloading weights without ZeRO-3 is flagged")
    {
        w.offload = Offload::OptimizerAndWeights;
        Findings findings;
        checkHost(w, dgxH100WithStorage(4), plan(8, 4, 1), 0, perGpu, findings);
        CHECK(hasCode(findings, "host.offload_needs_zero"));
    }
}

TEST_CASE("Host findings: too few cores, unknown memory, too many DIMMs", "[storage][host][bad]")
{
    Workload w = presetTraining("llama-3.1-70b", plan(8, 1, 1));
    SECTION("one 8-core CPU for 8 GPUs")
    {
        auto rc = dgxH100WithStorage(1);
        rc.config.cpusPerNode = 1;
        rc.cpu->cores = 8;
        Findings findings;
        const auto h = checkHost(w, rc, plan(8, 1, 1), 0, 0, findings);
        CHECK(h.cpuCoresPerGpu == 1);
        CHECK(hasCode(findings, "host.cpu_cores_low"));
    }
    SECTION("the workload asks for more cores than the DGX has")
    {
        w.cpuCoresPerGpuNeeded = 16;
        Findings findings;
        checkHost(w, dgxH100WithStorage(1), plan(8, 1, 1), 0, 0, findings);
        CHECK(hasCode(findings, "host.cpu_cores_low"));
    }
    SECTION("DIMMs not stated")
    {
        auto rc = dgxH100WithStorage(1);
        rc.config.dimmsPerNode.reset();
        Findings findings;
        const auto h = checkHost(w, rc, plan(8, 1, 1), 0, 0, findings);
        CHECK_FALSE(h.hostMemoryKnown);
        CHECK(h.hostMemoryPerGpuBytes == 0);
        CHECK(hasCode(findings, "host.memory_unspecified"));
    }
    SECTION("more DIMMs than the chassis has slots")
    {
        auto rc = dgxH100WithStorage(1);
        rc.config.dimmsPerNode = 48;
        Findings findings;
        checkHost(w, rc, plan(8, 1, 1), 0, 0, findings);
        CHECK(hasCode(findings, "host.dimm_slots_exceeded"));
    }
    SECTION("a stated need above the supply")
    {
        w.hostMemoryPerGpuGbNeeded = 300;
        Findings findings;
        const auto h = checkHost(w, dgxH100WithStorage(1), plan(8, 1, 1), 0, 0, findings);
        CHECK(h.neededPerGpuBytes == Approx(300e9));
        CHECK(hasCode(findings, "host.memory_low"));
    }
    SECTION("inference KV offload adds to the need")
    {
        Workload inf = w;
        inf.kind = WorkloadKind::Inference;
        inf.kvOffloadGbPerGpu = 300; // > 256 GB per GPU
        Findings findings;
        const auto h = checkHost(inf, dgxH100WithStorage(1), plan(8, 1, 0), 0, 0, findings);
        CHECK(h.kvOffloadPerGpuBytes == Approx(300e9));
        CHECK(hasCode(findings, "host.memory_insufficient"));
    }
}
