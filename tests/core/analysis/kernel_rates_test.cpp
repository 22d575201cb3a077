// SPDX-License-Identifier: Apache-2.0
// Kernel rates of the training step that come from measured kernel
// benchmarks, not from the fitted plateaus: the attention kernel
// (FlashAttention-2 against cuDNN / FlashAttention-3, Shah et al. 2024) and
// the FP8 GEMM share of peak and the quantization passes of fp8/fp4
// recipes (Transformer Engine's GEMM benchmark).
#include "core/analysis/analysis_context.h"
#include "core/analysis/analyze_plan.h"
#include "core/analysis/hardware_rates.h"
#include "core/analysis/serving_step.h"
#include "core/analysis/training_time.h"
#include "core/io/workload_json.h"
#include "core/pipeline/analyze.h"
#include "test_hardware.h"

#include <catch2/catch.hpp>

using namespace infrafit;
using namespace infrafit::testing;

namespace {

/// Forward + backward rate of an attention kernel whose backward does 2.5 ×
/// the forward FLOPs (FlashAttention-2 §4.1): the harmonic combination.
double fwdBwdRate(double forward, double backward)
{
    return 3.5 / (1.0 / forward + 2.5 / backward);
}

Parallelism dataParallel()
{
    Parallelism plan;
    plan.tensor = 1;
    plan.zeroStage = 1;
    return plan;
}

/// Tensor 2 with sequence parallelism, `pipeline` stages, ZeRO-1: the
/// layout of NVIDIA's Llama 3 70B MXFP8/NVFP4 runs on GB200.
Parallelism tensorTwoPipeline(int pipeline)
{
    Parallelism plan;
    plan.tensor = 2;
    plan.pipeline = pipeline;
    plan.zeroStage = 1;
    plan.sequenceParallel = true;
    return plan;
}

} // namespace

TEST_CASE("fa3 attention runs at the cuDNN/FlashAttention-2 ratio of the FlashAttention-3 paper",
          "[analysis][attention]")
{
    // Shah et al. 2024, FlashAttention-3, §4.1 figures for H100 SXM5, head
    // dim 128, 8k tokens: forward FA2 370, cuDNN 600 TFLOP/s; backward FA2
    // 318, cuDNN 518.
    const double ratio = fwdBwdRate(600, 518) / fwdBwdRate(370, 318);
    const Efficiency hopper = defaultEfficiency(GpuFamily::Hopper, Precision::Bf16);
    CHECK(attentionKernelFactor(AttentionKernel::Fa3, hopper) == Approx(ratio).margin(0.005));
    CHECK(attentionKernelFactor(AttentionKernel::Fa2, hopper) == 1.0);
    // FlashAttention-3 and cuDNN's fused kernel need Hopper: fa3 on an
    // A100 runs as fa2.
    const Efficiency ampere = defaultEfficiency(GpuFamily::Ampere, Precision::Bf16);
    CHECK(attentionKernelFactor(AttentionKernel::Fa3, ampere) == 1.0);

    Workload w;
    CHECK(resolvedAttentionKernel(w, hopper) == AttentionKernel::Fa3);
    CHECK(resolvedAttentionKernel(w, ampere) == AttentionKernel::Fa2);
    w.attentionKernel = AttentionKernel::Fa2;
    CHECK(resolvedAttentionKernel(w, hopper) == AttentionKernel::Fa2);
}

TEST_CASE("fa3 shortens only the attention core of a Hopper training step", "[analysis][attention]")
{
    Workload fa2 = presetTraining("llama-3.1-8b", dataParallel(), 8192, 64);
    fa2.attentionKernel = AttentionKernel::Fa2;
    Workload fa3 = fa2;
    fa3.attentionKernel = AttentionKernel::Fa3;
    const auto slow = analyzeWithPlan(fa2, h100Cluster(1), *fa2.parallelism);
    const auto fast = analyzeWithPlan(fa3, h100Cluster(1), *fa3.parallelism);
    REQUIRE(slow.analyzed);
    REQUIRE(fast.analyzed);
    CHECK(fast.performance.stepTimeS < slow.performance.stepTimeS);
    // Only the attention term changes; at 8k tokens it is a fifth to a
    // third of an 8B model's compute, so the step shrinks by less than the
    // kernel's own 1.63× and by more than 5 %.
    const double gain = slow.performance.stepTimeS / fast.performance.stepTimeS;
    CHECK(gain > 1.05);
    CHECK(gain < 1.63);
    CHECK(fast.memory.totalBytes() == slow.memory.totalBytes());
    // The report names the kernel next to the attention figure.
    bool named = false;
    for (const auto& a : fast.assumptions)
        named = named || a.find("cuDNN / FlashAttention-3 kernel") != std::string::npos;
    CHECK(named);
}

TEST_CASE("attention_kernel round-trips through the project file and refuses other values",
          "[io][attention]")
{
    nlohmann::json j = {{"name", "w"}, {"kind", "training"}, {"model", {{"preset", "llama-3.1-8b"}}},
                        {"sequence_length", 4096}, {"global_batch_size", 8},
                        {"attention_kernel", "fa2"}};
    std::vector<Problem> problems;
    auto w = workloadFromJson(j, "/workloads/0", problems);
    REQUIRE(problems.empty());
    REQUIRE(w);
    CHECK(w->attentionKernel == AttentionKernel::Fa2);
    CHECK(workloadToJson(*w).at("attention_kernel") == "fa2");
    // The default is not written back (older files stay as they were).
    w->attentionKernel = AttentionKernel::Auto;
    CHECK_FALSE(workloadToJson(*w).contains("attention_kernel"));

    j["attention_kernel"] = "fa4";
    problems.clear();
    workloadFromJson(j, "/workloads/0", problems);
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].message.find("fa2") != std::string::npos);
    CHECK(problems[0].pointer.find("attention_kernel") != std::string::npos);
}

TEST_CASE("FP8 GEMMs reach the fp8/bf16 share of Transformer Engine's GEMM benchmark",
          "[analysis][fp8]")
{
    // Transformer Engine, docs/examples/gemm_profiling/gemm_profiling.rst
    // (commit 8f2e635), pre-quantized kernels over the 12 GEMMs of one
    // layer of a 5B model: H200 NVL bf16 31.968 ms, fp8 current scaling
    // 16.785 ms; B300 13.102 and 6.812 ms. Both GPUs have twice the fp8
    // peak of bf16, so the fp8 share of peak over the bf16 share is the
    // speed-up over 2.
    const double h200 = 31.968 / 16.785 / 2.0;
    const double b300 = 13.102 / 6.812 / 2.0;
    for (const GpuFamily family : {GpuFamily::Hopper, GpuFamily::Blackwell}) {
        const double bf16 = defaultEfficiency(family, Precision::Bf16).trainCompute;
        const double fp8 = defaultEfficiency(family, Precision::Fp8).trainCompute;
        CHECK(fp8 / bf16 == Approx(h200).margin(0.005));
        CHECK(fp8 / bf16 == Approx(b300).margin(0.015));
        // Physics: an fp8 GEMM never runs slower in FLOP/s than the bf16
        // one (its peak is twice as high).
        CHECK(2.0 * fp8 > bf16);
    }
    // NVFP4 on B300 in the same benchmark: 3.764 ms for the layer's
    // 2 x 15,872 x 4096 x 49,152 x 3 = 19.17 TFLOP against B300's 13,125
    // TFLOP/s dense FP4 (docs/reference/hardware.md, estimate), over bf16's
    // 13.102 ms against 2,250 TFLOP/s.
    const double layerFlops = 2.0 * 15872 * 4096 * 49152 * 3;
    const double fp4Share = (layerFlops / 3.764e-3 / 13125e12) / (layerFlops / 13.102e-3 / 2250e12);
    CHECK(defaultEfficiency(GpuFamily::Blackwell, Precision::Fp4).trainCompute
              / defaultEfficiency(GpuFamily::Blackwell, Precision::Bf16).trainCompute
          == Approx(fp4Share).margin(0.005));
    // Serving takes the same fp4-to-fp8 ratio.
    CHECK(defaultServingEfficiency(GpuFamily::Blackwell, Precision::Fp4).gemmCompute
              / defaultServingEfficiency(GpuFamily::Blackwell, Precision::Fp8).gemmCompute
          == Approx(fp4Share / h200).margin(0.01));
    // MI300X against H100 in fp8, both measured in one benchmark
    // (SemiAnalysis 2024-12-22, §GEMM Performance: H100 fp8 1,280 of
    // 1,978.9 TFLOP/s, MI300X 990 of 2,614.9), scaled by the bf16 ratio of
    // the same benchmark (720 of 989.4, 620 of 1,307.4).
    const double mi300xOverH100 = ((990.0 / 2614.9) / (1280.0 / 1978.9))
                                  / ((620.0 / 1307.4) / (720.0 / 989.4));
    CHECK(defaultEfficiency(GpuFamily::AmdCdna, Precision::Fp8).trainCompute
              / defaultEfficiency(GpuFamily::Hopper, Precision::Fp8).trainCompute
              / (defaultEfficiency(GpuFamily::AmdCdna, Precision::Bf16).trainCompute
                 / defaultEfficiency(GpuFamily::Hopper, Precision::Bf16).trainCompute)
          == Approx(mi300xOverH100).margin(0.005));
}

TEST_CASE("fp8 and NVFP4 quantization costs what Transformer Engine's benchmark measured",
          "[analysis][fp8][fp4]")
{
    // Transformer Engine, docs/examples/gemm_profiling/gemm_profiling.rst
    // (commit 8f2e635): the 12 GEMMs of one layer of a 5B model (hidden
    // 4096, FFN 16384, M = 31 x 512 = 15,872 tokens), each timed as a
    // te.Linear call that quantizes both its operands ("autocast") and with
    // the operands quantized beforehand ("pre-quantize"). Per-layer totals:
    // B300 fp8 current scaling 9.147 against 6.812 ms, NVFP4 6.453 against
    // 3.764 ms; H200 NVL fp8 current scaling 20.285 against 16.785 ms.
    const double m = 15872, h = 4096, f = 16384;
    // Operands quantized per call, MxK input and KxN weight:
    // fprop X·W, dgrad dY·Wᵀ, wgrad Xᵀ·dY for QKV (h→3h), out (h→h),
    // up (h→f), down (f→h).
    const double outs[] = {3 * h, h, f, h};
    const double ins[] = {h, h, h, f};
    double values = 0;
    for (int i = 0; i < 4; ++i) {
        values += m * ins[i] + ins[i] * outs[i];  // fprop
        values += m * outs[i] + outs[i] * ins[i]; // dgrad
        values += ins[i] * m + m * outs[i];       // wgrad
    }
    CHECK(values == Approx(2482.8e6).epsilon(0.001));
    // HBM bandwidth: B300 8 TB/s, H200 NVL 4.8 TB/s (NVIDIA datasheets);
    // element-wise kernels at the model's 0.8 of it.
    const double share = defaultEfficiency(GpuFamily::Hopper, Precision::Fp8).elementwiseMemory;
    auto modelledMs = [&](Precision p, double tbPerS, Fp8Recipe recipe = Fp8Recipe::Current) {
        return values * quantizeBytesPerElement(p, recipe) / (tbPerS * 1e12 * share) * 1e3;
    };
    CHECK(modelledMs(Precision::Fp8, 8.0) == Approx(9.147 - 6.812).epsilon(0.05));
    CHECK(modelledMs(Precision::Fp4, 8.0) == Approx(6.453 - 3.764).epsilon(0.05));
    CHECK(modelledMs(Precision::Fp8, 4.8) == Approx(20.285 - 16.785).epsilon(0.12));
    // MXFP8 on B300: autocast 8.984 against its own pre-quantized kernels
    // 7.161 ms per layer.
    CHECK(modelledMs(Precision::Fp8, 8.0, Fp8Recipe::Mxfp8) == Approx(8.984 - 7.161).epsilon(0.15));
    // Delayed scaling has no pre-quantized mode; over the per-tensor
    // kernels it costs 7.802 − 6.812 ms on B300 and 18.978 − 16.785 on H200
    // NVL, which the 4 bytes of one cast pass bound from above.
    CHECK(modelledMs(Precision::Fp8, 8.0, Fp8Recipe::Delayed) > 7.802 - 6.812);
    CHECK(modelledMs(Precision::Fp8, 4.8, Fp8Recipe::Delayed) > 18.978 - 16.785);
    CHECK(modelledMs(Precision::Fp8, 4.8, Fp8Recipe::Delayed)
          < modelledMs(Precision::Fp8, 4.8, Fp8Recipe::Current));
    // The block-scaled kernels against the per-tensor ones: MXFP8 on B300
    // pre-quantized; blockwise from H200 NVL's autocast total less its
    // modelled quantization.
    CHECK(fp8RecipeKernelShare(Fp8Recipe::Mxfp8) == Approx(6.812 / 7.161).epsilon(1e-3));
    CHECK(fp8RecipeKernelShare(Fp8Recipe::Blockwise)
          == Approx(16.785 / (22.882 - modelledMs(Precision::Fp8, 4.8, Fp8Recipe::Blockwise)))
                 .epsilon(2e-3));
    CHECK(fp8RecipeKernelShare(Fp8Recipe::Delayed) == 1.0);
    // 16-bit training quantizes nothing.
    CHECK(quantizeBytesPerElement(Precision::Bf16) == 0.0);
    CHECK(quantizeBytesPerElement(Precision::Fp16) == 0.0);
}

TEST_CASE("an fp8 or fp4 recipe leaves attention and the output layer at the 16-bit rate",
          "[analysis][fp8][fp4]")
{
    // Transformer Engine quantizes the linear layers only ("What GEMMs Do
    // Not Cover": attention runs in BF16/FP16 regardless); Megatron's
    // output layer is not a TE module. So a last pipeline stage times its
    // attention core and output layer alike in bf16, fp8 and fp4, its
    // linear layers faster, and pays quantization passes in fp8/fp4 only.
    const ResolvedConfiguration blackwell = gb200Trays(2, true);
    Parallelism plan = tensorTwoPipeline(2);
    plan.data = 2;
    Workload w = presetTraining("llama-3.1-8b", plan, 8192, 64);
    auto lastStage = [&](Precision p) {
        w.precision = p;
        const PlanInputs in = preparePlanInputs(w, blackwell);
        REQUIRE(in.peakFlopsPerS);
        REQUIRE(in.attentionPeakFlopsPerS);
        const AnalysisContext ctx{w, blackwell, plan, in.parameters, *in.peakFlopsPerS,
                                  in.efficiency, in.rates, *in.attentionPeakFlopsPerS};
        const TrainingSetup setup = makeTrainingSetup(w, in.parameters, plan);
        return std::pair{stageMicroTime(ctx, setup, plan.pipeline - 1), setup};
    };
    const auto [bf16, setup] = lastStage(Precision::Bf16);
    const auto fp8 = lastStage(Precision::Fp8).first;
    const auto fp4 = lastStage(Precision::Fp4).first;
    CHECK(fp8.attentionS == Approx(bf16.attentionS));
    CHECK(fp4.attentionS == Approx(bf16.attentionS));
    CHECK(fp8.logitsS == Approx(bf16.logitsS));
    CHECK(fp4.logitsS == Approx(bf16.logitsS));
    CHECK(fp8.gemmS < bf16.gemmS);
    CHECK(fp4.gemmS < fp8.gemmS);
    CHECK(bf16.quantizeS == 0.0);
    // The quantized values by hand: per token and layer, each GEMM pair's
    // hidden-width side at 1/t (sequence parallel) and its split side at
    // 1/t; the weights once per step.
    const ModelSpec& model = w.model;
    const ParameterCount c = countParameters(model);
    const double t = plan.tensor;
    const double hq = model.hiddenSize / t;
    const double attn = 2 * hq + c.attentionPerLayer / model.hiddenSize / t;
    const double mlp = 2 * hq + 3.0 * model.ffnHiddenSize / t;
    const double tokens = 8192.0 * w.microBatchSize;
    const double weights = (c.attentionPerLayer + c.denseMlpPerLayer) / t / setup.microBatches;
    const double layers = layersOnStage(model, plan.pipeline, plan.pipeline - 1);
    const double hbm = blackwell.gpu.memoryBandwidthGbs * 1e9 * 0.8;
    CHECK(fp8.quantizeS
          == Approx(layers * ((attn + mlp) * tokens + weights) * 6.0 / hbm).epsilon(1e-9));
    CHECK(fp4.quantizeS == Approx(fp8.quantizeS * 7.125 / 6.0).epsilon(1e-9));
}

TEST_CASE("fp4 training carries a warning that its FP4 rate rests on one benchmark",
          "[analysis][fp4]")
{
    // NVIDIA's Llama 3 70B on 64 GB200 (Megatron-Bridge performance
    // summary, 26.02): NVFP4 4,458 tokens/s/GPU against MXFP8 3,613 of the
    // same layout, 1.23x (docs/validation.md, "fp8 and fp4 recipes").
    const ResolvedConfiguration blackwell = gb200Trays(2, true);
    const Parallelism plan = tensorTwoPipeline(4);
    Workload w = presetTraining("llama-3.1-70b", plan, 8192, 64);
    auto hasWarning = [](const AnalysisResult& r) {
        for (const auto& f : r.findings)
            if (f.code == "performance.fp4_rate_uncertain")
                return true;
        return false;
    };
    w.precision = Precision::Fp4;
    const auto fp4 = analyzeWithPlan(w, blackwell, plan);
    w.precision = Precision::Fp8;
    const auto fp8 = analyzeWithPlan(w, blackwell, plan);
    REQUIRE(fp4.analyzed);
    REQUIRE(fp8.analyzed);
    CHECK(hasWarning(fp4));
    CHECK_FALSE(hasWarning(fp8));
    // The report states the recipe next to the figures, with its bytes per
    // quantized value as training_constants.h has them.
    auto assumed = [](const AnalysisResult& r, const char* text) {
        for (const auto& a : r.assumptions)
            if (a.find(text) != std::string::npos)
                return true;
        return false;
    };
    CHECK(assumed(fp4, "NVFP4 recipe"));
    CHECK(assumed(fp4, "7.125 HBM bytes per value"));
    CHECK(assumed(fp8, "fp8 current-scaling recipe"));
    CHECK(assumed(fp8, "6 HBM bytes per value"));
    // MXFP8 on the same plan: slower kernels, cheaper casts; stated.
    w.fp8Recipe = Fp8Recipe::Mxfp8;
    const auto mx = analyzeWithPlan(w, blackwell, plan);
    REQUIRE(mx.analyzed);
    CHECK(assumed(mx, "fp8 MXFP8 recipe: linear layers at the fp8 rate x 0.951"));
    CHECK(assumed(mx, "4.062 HBM bytes per value"));
    CHECK(mx.performance.stepTimeS != Approx(fp8.performance.stepTimeS));
    // Hopper has no block-scaled tensor cores: MXFP8 is refused, clearly.
    const auto hopper = analyzeWithPlan(w, h100Cluster(8), plan);
    CHECK_FALSE(hopper.analyzed);
    bool refused = false;
    for (const auto& f : hopper.findings)
        refused = refused
                  || (f.code == "precision.unsupported"
                      && f.message.find("fp8_recipe mxfp8") != std::string::npos);
    CHECK(refused);
    w.fp8Recipe = Fp8Recipe::Current;
    // fp4 still gains over fp8, by well under the 2x of the peaks:
    // attention, the output layer and the quantization passes do not speed
    // up, and FP4 kernels reach a lower share of their peak.
    const double gain = fp8.performance.stepTimeS / fp4.performance.stepTimeS;
    CHECK(gain > 1.0);
    CHECK(gain < 1.5);
}

TEST_CASE("Blackwell Ultra training carries the GB300 offset the validation suite measured",
          "[analysis][blackwell]")
{
    // This model's throughput was 20-26 % below NVIDIA's GB300 runs
    // (Megatron-Bridge performance summary, 26.02 and 26.06) at the
    // datasheet peaks in fp8, MXFP8 and NVFP4 (docs/validation.md, "GB300").
    ResolvedConfiguration ultra = gb200Trays(2, true);
    ultra.gpu.id = "nvidia-gb300";
    ultra.gpu.model = "GB300";
    ultra.gpu.architecture = "Blackwell Ultra";
    const Parallelism plan = tensorTwoPipeline(4);
    Workload w = presetTraining("llama-3.1-70b", plan, 8192, 64);
    w.precision = Precision::Fp8;
    auto warned = [](const AnalysisResult& r) {
        for (const auto& f : r.findings)
            if (f.code == "performance.blackwell_ultra_offset")
                return true;
        return false;
    };
    CHECK(isBlackwellUltra(ultra.gpu));
    CHECK(gpuFamily(ultra.gpu) == GpuFamily::Blackwell);
    CHECK_FALSE(isBlackwellUltra(gb200Trays(2, true).gpu));
    const auto onUltra = analyzeWithPlan(w, ultra, plan);
    const auto onGb200 = analyzeWithPlan(w, gb200Trays(2, true), plan);
    REQUIRE(onUltra.analyzed);
    REQUIRE(onGb200.analyzed);
    CHECK(warned(onUltra));
    CHECK_FALSE(warned(onGb200));
}
