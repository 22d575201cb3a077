// SPDX-License-Identifier: Apache-2.0
#include "storage_fixtures.h"

#include "core/pipeline/evaluate.h"
#include "core/output/analysis_json.h"
#include "core/base/input_error.h"
#include "core/io/project_json.h"
#include "core/output/text_report.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <functional>

using namespace infrafit;
using namespace infrafit::testing;

namespace {

Workload llama70b()
{
    Parallelism p;
    p.tensor = 8;
    p.zeroStage = 1;
    return presetTraining("llama-3.1-70b", p, 4096, 512);
}

/// Every number in a JSON tree is finite.
bool hostJsonFinite(const nlohmann::json& j)
{
    if (j.is_number_float())
        return std::isfinite(j.get<double>());
    if (j.is_structured())
        return std::all_of(
            j.begin(), j.end(), [](const nlohmann::json& v) { return hostJsonFinite(v); });
    return true;
}

bool hasProblem(const InputError& e, const std::string& pointer)
{
    return std::any_of(e.problems().begin(), e.problems().end(),
        [&](const Problem& p) { return p.pointer == pointer; });
}

} // namespace

TEST_CASE("evaluate() reports storage and host with the contract names", "[storage][evaluate]")
{
    const auto r = evaluate(llama70b(), dgxH100WithStorage(8));
    REQUIRE(r.analyzed);
    REQUIRE(r.storage);
    REQUIRE(r.host);
    CHECK(r.storage->checkpoint.bytes == Approx(r.parameters.total * 14));
    CHECK(r.storage->checkpoint.writeS == Approx(r.storage->checkpoint.bytes / 8 / 52.8e9));
    CHECK(r.storage->dataFeed.ok);
    CHECK(r.host->cpuCoresPerGpu == Approx(14));
    CHECK(r.host->hostMemoryPerGpuBytes == Approx(256e9));
    CHECK(r.host->ok);

    const auto j = analysisResultToJson(r);
    REQUIRE(j.contains("storage"));
    REQUIRE(j.contains("host"));
    CHECK(j["storage"]["checkpoint_bytes"].get<long long>()
        == static_cast<long long>(std::ceil(r.storage->checkpoint.bytes)));
    CHECK(j["storage"]["checkpoint_write_s"].get<double>() == Approx(r.storage->checkpoint.writeS));
    CHECK(j["storage"]["data_feed_ok"].get<bool>());
    CHECK(j["host"]["cpu_cores_per_gpu"].get<double>() == Approx(14));
    CHECK(j["host"]["host_memory_per_gpu_bytes"].get<long long>() == 256000000000LL);
    CHECK(j["host"]["ok"].get<bool>());
    CHECK(hostJsonFinite(j));
    // The assumptions say where the defaults come from.
    CHECK(std::any_of(r.assumptions.begin(), r.assumptions.end(),
        [](const std::string& a) { return a.find("Dubey et al. 2024") != std::string::npos; }));
    const std::string text = textReport(r);
    CHECK(text.find("Checkpoint: ") != std::string::npos);
    CHECK(text.find("Host per GPU: 14.0 CPU cores") != std::string::npos);
}

TEST_CASE("evaluate() without drives or shared storage: error finding, no NaN",
    "[storage][evaluate][bad]")
{
    auto rc = dgxH100WithStorage(8);
    rc.config.nvmePerNode = 0;
    rc.nvme.reset();
    const auto r = evaluate(llama70b(), rc);
    REQUIRE(r.storage);
    CHECK(r.storage->checkpoint.writeS == 0);
    CHECK_FALSE(r.storage->dataFeed.ok);
    CHECK_FALSE(r.storage->ok);
    CHECK(hasCode(r.findings, "storage.no_checkpoint_storage"));
    const auto j = analysisResultToJson(r);
    CHECK_FALSE(j["storage"]["data_feed_ok"].get<bool>());
    CHECK(hostJsonFinite(j));
}

TEST_CASE("evaluate() for inference reports model load and host", "[storage][evaluate]")
{
    Workload w;
    w.name = "serve";
    w.kind = WorkloadKind::Inference;
    w.model = *findModelPreset("llama-3.1-70b");
    w.promptTokens = 1024;
    w.outputTokens = 256;
    w.concurrentRequests = 16;
    Parallelism p;
    p.tensor = 8;
    w.parallelism = p;
    const auto r = evaluate(w, dgxH100WithStorage(1));
    REQUIRE(r.analyzed);
    REQUIRE(r.storage);
    CHECK(r.storage->checkpoint.bytes == 0);
    // 8 shards of the bf16 weights on one node, read at 104 GB/s.
    CHECK(r.storage->modelLoad.bytesPerNode == Approx(8 * r.memory.weightsBytes));
    CHECK(r.storage->modelLoad.startupS == Approx(8 * r.memory.weightsBytes / 104e9));
    CHECK(hasCode(r.findings, "storage.model_load"));
    CHECK(r.host->cpuCoresPerGpuNeeded == 4);
    CHECK(hostJsonFinite(analysisResultToJson(r)));
}

TEST_CASE("Offloading the optimizer frees GPU memory and needs host memory",
    "[storage][evaluate][offload]")
{
    Workload w = llama70b();
    w.parallelism->zeroStage = 1;
    const auto before = evaluate(w, dgxH100WithStorage(8));
    w.offload = Offload::Optimizer;
    const auto after = evaluate(w, dgxH100WithStorage(8));
    CHECK(after.memory.optimizerBytes == 0);
    CHECK(after.memory.totalBytes() < before.memory.totalBytes());
    REQUIRE(after.host);
    CHECK(after.host->offloadPerGpuBytes == Approx(after.parameters.total * 16 / 64));
}

TEST_CASE("Project file: storage and host fields read, written and validated", "[storage][io]")
{
    nlohmann::json doc = {{"format", "infrafit-project"}, {"version", 1},
        {"workloads",
            {{{"name", "t"}, {"kind", "training"}, {"model", {{"preset", "llama-2-7b"}}},
                 {"sequence_length", 4096}, {"checkpoint_interval_hours", 0.5},
                 {"max_checkpoint_share", 0.02}, {"checkpoints_kept", 3},
                 {"checkpoint_target", "shared"}, {"data_bytes_per_token", 4.2},
                 {"sample_bytes", 1e6}, {"data_source", "local"}, {"offload", "optimizer"},
                 {"cpu_cores_per_gpu_needed", 12}, {"host_memory_per_gpu_gb_needed", 200}},
                {{"name", "i"}, {"kind", "inference"}, {"model", {{"preset", "llama-2-7b"}}},
                    {"model_load_source", "shared"}, {"kv_offload_gb_per_gpu", 64}}}},
        {"configurations",
            {{{"name", "c"}, {"chassis", "x"}, {"gpu", "y"}, {"dimms_per_node", 32},
                {"dimm_size_gb", 96}, {"dimm_price_usd", 450}, {"shared_storage_gbs", 80},
                {"shared_storage_price_usd", 250000}}}}};
    const Project p = projectFromJson(doc, "storage.json");
    const auto& t = p.workloads[0];
    CHECK(t.checkpointIntervalHours == 0.5);
    CHECK(t.maxCheckpointShare == 0.02);
    CHECK(t.checkpointsKept == 3);
    CHECK(t.checkpointTarget == StorageTarget::Shared);
    CHECK(*t.dataBytesPerToken == 4.2);
    CHECK(*t.sampleBytes == 1e6);
    CHECK(t.dataSource == StorageTarget::Local);
    CHECK(t.offload == Offload::Optimizer);
    CHECK(*t.cpuCoresPerGpuNeeded == 12);
    CHECK(*t.hostMemoryPerGpuGbNeeded == 200);
    CHECK(p.workloads[1].modelLoadSource == StorageTarget::Shared);
    CHECK(p.workloads[1].kvOffloadGbPerGpu == 64);
    const auto& c = p.configurations[0];
    CHECK(*c.dimmsPerNode == 32);
    CHECK(c.dimmSizeGb == 96);
    CHECK(*c.dimmPriceUsd == 450);
    CHECK(c.sharedStorageGbs == 80);
    CHECK(*c.sharedStoragePriceUsd == 250000);
    // Round trip.
    const auto written = projectToJson(p);
    CHECK(projectToJson(projectFromJson(written, "again")) == written);
    CHECK(written["configurations"][0]["dimms_per_node"] == 32);
    CHECK(written["workloads"][0]["offload"] == "optimizer");
}

TEST_CASE("Project file: bad storage and host values name their pointer", "[storage][io][bad]")
{
    nlohmann::json doc = {{"format", "infrafit-project"}, {"version", 1},
        {"workloads",
            {{{"name", "t"}, {"kind", "training"}, {"model", {{"preset", "llama-2-7b"}}},
                 {"sequence_length", 4096}, {"checkpoint_interval_hours", 0},
                 {"max_checkpoint_share", 1.5}, {"checkpoints_kept", 0},
                 {"data_bytes_per_token", -1}, {"sample_bytes", 0}, {"checkpoint_target", "tape"},
                 {"cpu_cores_per_gpu_needed", -2}, {"host_memory_per_gpu_gb_needed", -1},
                 {"kv_offload_gb_per_gpu", -3}},
                {{"name", "w"}, {"kind", "training"}, {"model", {{"preset", "llama-2-7b"}}},
                    {"sequence_length", 4096}, {"offload", "optimizer_and_weights"},
                    {"parallelism", {{"zero_stage", 1}}}}}},
        {"configurations",
            {{{"name", "c"}, {"chassis", "x"}, {"gpu", "y"}, {"dimms_per_node", 0},
                {"dimm_size_gb", 0}, {"shared_storage_gbs", -5}, {"dimm_price_usd", -1}}}}};
    try {
        projectFromJson(doc, "bad.json");
        FAIL("expected InputError");
    } catch (const InputError& e) {
        for (const char* pointer : {"/workloads/0/checkpoint_interval_hours",
                 "/workloads/0/max_checkpoint_share", "/workloads/0/checkpoints_kept",
                 "/workloads/0/data_bytes_per_token", "/workloads/0/sample_bytes",
                 "/workloads/0/checkpoint_target", "/workloads/0/cpu_cores_per_gpu_needed",
                 "/workloads/0/host_memory_per_gpu_gb_needed", "/workloads/0/kv_offload_gb_per_gpu",
                 "/workloads/1/offload", "/configurations/0/dimms_per_node",
                 "/configurations/0/dimm_size_gb", "/configurations/0/shared_storage_gbs",
                 "/configurations/0/dimm_price_usd"}) {
            INFO(pointer);
            CHECK(hasProblem(e, pointer));
        }
    }
}
