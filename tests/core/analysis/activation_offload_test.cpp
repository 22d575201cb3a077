// SPDX-License-Identifier: Apache-2.0
// Activation offload to host memory (`activation_offload_layers`):
// Megatron-Core's cpu_offloading_num_layers, run through Transformer
// Engine's CPU offload, as Megatron-Bridge's Llama 3 70B FSDP recipe on 64
// GB200 uses it (perf_recipes/llama/gb200/llama3.py,
// llama3_70b_pretrain_64gpu_gb200_fp8cs_config: 40 of 80 layers).
#include "core/analysis/activation_offload.h"
#include "core/analysis/analyze_plan.h"
#include "core/analysis/hardware_rates.h"
#include "core/analysis/training_memory.h"
#include "core/io/workload_json.h"
#include "core/model/parameter_count.h"
#include "core/output/analysis_json.h"
#include "core/pipeline/plan_space.h"
#include "core/pipeline/storage_host.h"
#include "core/workload/workload_validation.h"
#include "test_hardware.h"

#include <catch2/catch.hpp>

using namespace infrafit;
using namespace infrafit::testing;

namespace {

Parallelism fsdp(int data)
{
    Parallelism plan;
    plan.data = data;
    plan.zeroStage = 3;
    return plan;
}

/// The Megatron-Bridge recipe: Llama 3 70B, 64 GB200, FSDP 64, micro-batch
/// 2, 8,192 tokens, GBS 256, FP8, no recompute.
Workload llama70bGb200(int offloadLayers)
{
    Workload w = presetTraining("llama-3.1-70b", fsdp(64), 8192, 256);
    w.microBatchSize = 2;
    w.precision = Precision::Fp8;
    w.fp32GradBuffer = false;
    w.activationOffloadLayers = offloadLayers;
    return w;
}

/// Llama 3 8B on 8 GPUs with FSDP, 8,192 tokens, bf16, `offloadLayers` of
/// its 32 layers offloaded.
Workload llama8bFsdp(int offloadLayers)
{
    Workload w = presetTraining("llama-3.1-8b", fsdp(8), 8192, 64);
    w.activationOffloadLayers = offloadLayers;
    return w;
}

} // namespace

TEST_CASE("Offloading 40 of 80 layers keeps 40 layers' activations on the GPU and 40 in host "
          "memory (Megatron-Bridge Llama 3 70B on 64 GB200)",
          "[analysis][offload][memory]")
{
    const Workload none = llama70bGb200(0);
    const Workload forty = llama70bGb200(40);
    const ActivationSplit a = firstStageActivations(none);
    const ActivationSplit b = firstStageActivations(forty);
    REQUIRE(a.layers > 0);
    // Transformer Engine's double-buffered handler: at the peak, the end of
    // the forward pass, the 40 layers not offloaded; the copies of the first
    // 40 ended while later layers ran.
    CHECK(b.layers == Approx(a.layers * 40.0 / 80.0).epsilon(1e-12));
    // Never below the double buffer's two layers: 79 offloaded keeps 2.
    const ActivationSplit most = firstStageActivations(llama70bGb200(79));
    CHECK(most.layers == Approx(a.layers * 2.0 / 80.0).epsilon(1e-12));
    CHECK(b.embedding == Approx(a.embedding));
    CHECK(b.logits == Approx(a.logits));

    const auto config = gb200Trays(16, true);
    const auto ra = analyzeWithPlan(none, config, *none.parallelism);
    const auto rb = analyzeWithPlan(forty, config, *forty.parallelism);
    REQUIRE(ra.analyzed);
    REQUIRE(rb.analyzed);
    CHECK(ra.offloadedActivationBytes == 0);
    CHECK(rb.offloadedActivationBytes == Approx(a.layers * 40.0 / 80.0).epsilon(1e-12));
    // The weights, gradients and optimizer shards do not move.
    CHECK(rb.memory.weightsBytes == Approx(ra.memory.weightsBytes));
    CHECK(rb.memory.optimizerBytes == Approx(ra.memory.optimizerBytes));
    // About 145 GiB leave the GPU (~3.6 GiB per layer at micro-batch 2 ×
    // 8,192 tokens, h = 8,192: ~29 bytes per token and hidden unit with fp8
    // GEMM inputs).
    CHECK(ra.memory.activationsBytes - rb.memory.activationsBytes > 140.0 * (1LL << 30));

    // The host holds them: the host memory need per GPU grows by as much.
    ResolvedConfiguration withHost = config;
    const auto ha = checkStorageAndHost(none, withHost, ra);
    const auto hb = checkStorageAndHost(forty, withHost, rb);
    CHECK(hb.host.offloadPerGpuBytes - ha.host.offloadPerGpuBytes
          == Approx(rb.offloadedActivationBytes));
}

TEST_CASE("Offload copies run at the host link's rate: NVLink-C2C on a Grace superchip, PCIe "
          "otherwise",
          "[analysis][offload][rates]")
{
    // NVIDIA technical blog, "NVIDIA GB200 NVL72 Delivers Trillion-Parameter
    // LLM Training and Real-Time Inference" (2024): one Grace and two
    // Blackwell GPUs share 900 GB/s of bidirectional NVLink-C2C, i.e. 225
    // GB/s each way per GPU; links reach 80 % of peak (hardware_rates.h).
    ResolvedConfiguration gb = gb200Trays(1, false);
    CHECK(superchipHostLinkGbsPerDirection(gb.gpu) == 225.0);
    CHECK(linkRates(gb).hostMemoryBytesPerS == Approx(225e9 * 0.8));
    gb.gpu.id = "nvidia-gh200";
    gb.gpu.model = "GH200";
    CHECK(superchipHostLinkGbsPerDirection(gb.gpu) == 450.0);
    // An H100 SXM reaches the host over PCIe Gen5 x16: 32 GT/s × 16 lanes
    // × 128/130 / 8 = 63.0 GB/s each way (PCI-SIG), 80 % of it.
    const ResolvedConfiguration h100 = h100Cluster(1);
    CHECK(superchipHostLinkGbsPerDirection(h100.gpu) == 0);
    CHECK(linkRates(h100).hostMemoryBytesPerS == Approx(32e9 * 16 * 128.0 / 130.0 / 8 * 0.8));
}

TEST_CASE("Offload copies wait at the ends of Transformer Engine's layer windows",
          "[analysis][offload][speed]")
{
    // Transformer Engine cpu_offload.py, AsyncDoubleBufferGroupOffloadHandler:
    // layer_window_map[k] = (L // n)·(k+1) − 1, plus k+1 for the first L % n
    // groups (and that shift for the rest). Copy k is issued when copy k−1 is
    // waited for and is waited for at the end of layer layer_window_map[k].
    // L = 10, n = 4: the map is {2, 5, 7, 9}, windows of 2, 3, 2, 2 layers.
    // A 5 ms copy against 2 ms forward layers stalls 1 + 0 + 1 + 1 ms; the
    // reloads against 4 ms backward layers never stall.
    CHECK(activationOffloadStallS(10, 4, 5e-3, 2e-3, 4e-3) == Approx(3e-3));
    // The 70B GB200 recipe, L = 80, n = 40: windows of 1, then 2 layers. A
    // 21.6 ms copy against 16.1 ms forward layers stalls only the first
    // window (5.5 ms); every later one has 32.2 ms of compute to hide behind.
    CHECK(activationOffloadStallS(80, 40, 21.6e-3, 16.1e-3, 32.2e-3) == Approx(5.5e-3));
    // n = L − 1: one-layer windows, every copy against one layer each way:
    // L = 4, n = 3: 3 × (5 − 2) + 3 × (5 − 4) = 12 ms.
    CHECK(activationOffloadStallS(4, 3, 5e-3, 2e-3, 4e-3) == Approx(12e-3));
    // Nothing offloaded, or copies that take no time: no stall.
    CHECK(activationOffloadStallS(80, 0, 21.6e-3, 16.1e-3, 32.2e-3) == 0);
    CHECK(activationOffloadStallS(80, 40, 0, 16.1e-3, 32.2e-3) == 0);
}

TEST_CASE("A copy longer than its window's compute stalls the step by the difference",
          "[analysis][offload][speed]")
{
    // Llama 3 8B, 8 H100 over PCIe Gen5, FSDP, 8,192 tokens, bf16, 16 of 32
    // layers offloaded: a layer stores ~1.2 GB, 24 ms at 50 GB/s, against
    // windows of two ~8 ms forward layers, so every forward copy stalls.
    const Workload w = llama8bFsdp(16);
    const auto config = h100Cluster(1);
    const auto base = analyzeWithPlan(llama8bFsdp(0), config, *w.parallelism);
    const auto off = analyzeWithPlan(w, config, *w.parallelism);
    REQUIRE(base.analyzed);
    REQUIRE(off.analyzed);
    const auto& p = off.performance;
    const double mb = off.microBatches;
    const double copyS = off.offloadedActivationBytes / 16.0 / linkRates(config).hostMemoryBytesPerS;
    CHECK(copyS > 0.02);
    CHECK(p.activationOffloadTimeS > 0);
    CHECK(p.activationOffloadTimeS < 16 * 2 * copyS * mb);
    // Everything else is untouched; the stall adds to the step.
    CHECK(p.computeTimeS == Approx(base.performance.computeTimeS));
    CHECK(p.stepTimeS == Approx(base.performance.stepTimeS + p.activationOffloadTimeS));
    CHECK(base.performance.activationOffloadTimeS == 0);
    // The report shows the figure and the assumption behind it.
    const auto j = analysisResultToJson(off);
    CHECK(j.at("performance").at("activation_offload_time_s").get<double>()
          == Approx(p.activationOffloadTimeS));
    CHECK(j.at("memory").at("offloaded_activation_bytes").get<double>()
          == Approx(off.offloadedActivationBytes).epsilon(1e-9));
    bool stated = false;
    for (const auto& line : off.assumptions)
        stated = stated || (line.find("activation offload: 16 layers") != std::string::npos
                            && line.find("50 GB/s each way per GPU (the GPU's PCIe link")
                                   != std::string::npos);
    CHECK(stated);

    // On a Grace superchip the same copies run 3.6× faster: less stall.
    const auto gb = analyzeWithPlan(w, gb200Trays(2, false), *w.parallelism);
    REQUIRE(gb.analyzed);
    CHECK(gb.performance.activationOffloadTimeS < p.activationOffloadTimeS);
}

TEST_CASE("Activation offload follows Megatron-Core's rules: no pipeline, no recompute, fewer "
          "layers than the model",
          "[analysis][offload][rules]")
{
    Workload w = llama8bFsdp(8);
    Parallelism plan = *w.parallelism;
    CHECK(planRuleViolation(w, plan).empty());
    plan.pipeline = 2;
    plan.data = 4;
    CHECK(planRuleViolation(w, plan).find("activation_offload_layers needs pipeline 1")
          != std::string::npos);
    plan = *w.parallelism;
    plan.recompute = Recompute::Selective;
    CHECK(planRuleViolation(w, plan).find("recompute \"none\"") != std::string::npos);
    // 32 layers: at most 31 may be offloaded (TransformerConfig.__post_init__).
    w.activationOffloadLayers = 32;
    std::vector<Problem> problems;
    validateWorkload(w, "/workloads/0", problems);
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].pointer == "/workloads/0/activation_offload_layers");
    CHECK(problems[0].message.find("less than the model's layers (32)") != std::string::npos);

    // The plan search offers only plans the rule allows.
    w.activationOffloadLayers = 8;
    w.parallelism.reset();
    const PlanSpace space = enumeratePlans(w, 8, 16);
    REQUIRE_FALSE(space.points.empty());
    for (const auto& pt : space.points) {
        CHECK(pt.plan.pipeline == 1);
        CHECK(pt.plan.recompute == Recompute::None);
    }
}

TEST_CASE("activation_offload_layers round-trips and is written only when set",
          "[analysis][offload][io]")
{
    const nlohmann::json j = {{"name", "70b"},
                              {"kind", "training"},
                              {"model", {{"preset", "llama-3.1-70b"}}},
                              {"sequence_length", 8192},
                              {"global_batch_size", 256},
                              {"activation_offload_layers", 40}};
    std::vector<Problem> problems;
    const auto w = workloadFromJson(j, "/workloads/0", problems);
    REQUIRE(problems.empty());
    REQUIRE(w);
    CHECK(w->activationOffloadLayers == 40);
    CHECK(workloadToJson(*w).at("activation_offload_layers") == 40);
    Workload plain = *w;
    plain.activationOffloadLayers = 0;
    CHECK_FALSE(workloadToJson(plain).contains("activation_offload_layers"));
    // A negative count is refused with the field named.
    nlohmann::json bad = j;
    bad["activation_offload_layers"] = -1;
    problems.clear();
    (void)workloadFromJson(bad, "/workloads/0", problems);
    REQUIRE_FALSE(problems.empty());
    CHECK(problems[0].pointer == "/workloads/0/activation_offload_layers");
}

TEST_CASE("Offload copies load the PCIe link of a GPU without NVLink-C2C, not a superchip's",
          "[analysis][offload][rates]")
{
    const Workload w = llama8bFsdp(16);
    const auto config = h100Cluster(1);
    const auto base = analyzeWithPlan(llama8bFsdp(0), config, *w.parallelism);
    const auto off = analyzeWithPlan(w, config, *w.parallelism);
    // Forward copies and backward reloads go opposite ways: the per-direction
    // demand grows by one pass of the offloaded bytes per micro-batch.
    CHECK(off.interconnect.levels.pcie.bytes - base.interconnect.levels.pcie.bytes
          == Approx(off.offloadedActivationBytes * off.microBatches));
    const auto gbBase = analyzeWithPlan(llama8bFsdp(0), gb200Trays(2, false), *w.parallelism);
    const auto gbOff = analyzeWithPlan(w, gb200Trays(2, false), *w.parallelism);
    CHECK(gbOff.interconnect.levels.pcie.bytes == Approx(gbBase.interconnect.levels.pcie.bytes));
}
