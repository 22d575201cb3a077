// SPDX-License-Identifier: Apache-2.0
#include "core/analysis/analyze_plan.h"

#include "core/analysis/analysis_context.h"
#include "core/analysis/optimizer_offload.h"
#include "core/analysis/serving_step.h"
#include "core/analysis/training_memory.h"
#include "core/analysis/training_time.h"
#include "core/base/number_format.h"
#include "core/infra/gpu_power_model.h"
#include "core/parts/gpu_memory.h"
#include "core/workload/workload_efficiency.h"
#include "core/workload/workload_validation.h"

#include <algorithm>
#include <cmath>

namespace infrafit {
namespace {

std::string fmt(const char* format, double a, double b = 0, double c = 0)
{
    return formatNumbers(format, {a, b, c});
}

constexpr double gib = 1073741824.0;

void add(AnalysisResult& r, Severity severity, const char* code, std::string message,
         std::string suggestion = {})
{
    r.findings.push_back({severity, code, std::move(message), std::move(suggestion)});
}

bool finiteResult(const AnalysisResult& r)
{
    const auto& p = r.performance;
    for (double v : {p.stepTimeS, p.mfu, p.hfu, p.tokensPerS, p.trainingDays, p.ttftS, p.tpotS,
                     p.outputTokensPerS, r.memory.totalBytes(),
                     r.interconnect.communicationFraction}) {
        if (!std::isfinite(v) || v >= 1e29)
            return false;
    }
    return true;
}

void addFindings(AnalysisResult& r, const AnalysisContext& ctx)
{
    const Workload& w = ctx.workload;
    if (const auto* c = calibrationFor(w, ctx.config.gpu.id))
        add(r, Severity::Info, "calibration.profile",
            fmt("compute efficiency %.3f of peak for this GPU from ", c->efficiency)
                + calibrationText(*c));
    const auto& mem = r.memory;
    const double total = mem.totalBytes();
    // fp16 with the fp32 main-grad buffer stated: Megatron-LM's fp16 default
    // keeps 16-bit gradients (fp32GradBufferOn()), and project files written
    // before the field became optional (2026-12-07) state it on for every
    // workload, so say what it costs.
    if (w.kind == WorkloadKind::Training && w.precision == Precision::Fp16
        && w.fineTune == FineTune::Full && w.fp32GradBuffer == std::optional<bool>(true))
        add(r, Severity::Info, "memory.fp16_fp32_grad_buffer",
            fmt("fp16 training keeps an fp32 gradient buffer: %.1f GiB per GPU, and without "
                "ZeRO-2/3 the data-parallel reduction moves fp32; Megatron-LM's fp16 default "
                "keeps 16-bit gradients",
                mem.gradientsBytes / gib),
            "set FP32 gradient buffer to the precision default unless the framework accumulates "
            "fp16 gradients in fp32 (Megatron's --accumulate-allreduce-grads-in-fp32); projects "
            "saved before 2026-12-07 turned it on for every workload");
    // An HBM part without its GiB figure (a user's own part): memory_gb ×
    // 10^9 bytes is about 7 % below what the driver reports
    // (core/parts/gpu_memory.cpp).
    if (hasHbm(ctx.config.gpu) && !ctx.config.gpu.memoryGib)
        add(r, Severity::Info, "memory.capacity_in_gb",
            "GPU \"" + ctx.config.gpu.id + "\" has HBM but no Memory (binary units): "
                + fmt("its memory is counted as %g × 10^9 bytes (%.1f GiB), about 7 %% below "
                      "what HBM parts hold",
                      ctx.config.gpu.memoryGb, r.gpuCapacityBytes / gib),
            "set the part's Memory (binary units) in the catalog: HBM is sized in GiB (an A100 "
            "80GB holds 80 GiB)");
    if (!r.fits) {
        add(r, Severity::Error, "memory.exceeds_capacity",
            fmt("needs %.1f GiB per GPU (most-loaded stage %.0f) but %.1f GiB is usable",
                total / gib, r.mostLoadedStage, r.usableBytes / gib),
            w.kind != WorkloadKind::Training ? std::string(
                "raise tensor parallelism, lower the concurrent requests or context, quantise "
                "weights or the KV cache")
            : w.activationOffloadLayers > 0
                ? std::string("offload more layers' activations, raise tensor parallelism or the "
                              "ZeRO stage, or use a GPU with more memory (pipeline parallelism "
                              "and recomputation need activation_offload_layers off)")
                : std::string("raise tensor/pipeline parallelism, the ZeRO stage or "
                              "recomputation, or use a GPU with more memory"));
    } else if (total > 0.9 * r.usableBytes) {
        add(r, Severity::Warning, "memory.tight",
            fmt("uses %.0f%% of usable GPU memory (%.1f of %.1f GiB)",
                100.0 * total / r.usableBytes, total / gib, r.usableBytes / gib),
            "leave headroom for allocator spikes");
    }
    const auto& ic = r.interconnect;
    if (ic.tpLevel == LinkLevel::Nic)
        add(r, Severity::Warning, "parallelism.tensor_crosses_node",
            fmt("tensor parallelism %.0f spans nodes (%.0f GPUs per node): its all-reduces run on "
                "the NICs",
                r.parallelism.tensor, ctx.rates.gpusPerNode),
            "keep tensor parallelism within a node (Narayanan et al. 2021, takeaway 1)");
    if (!ic.sufficient && ic.tpLevel != LinkLevel::Nic)
        add(r, Severity::Warning, "interconnect.communication_bound",
            fmt("exposed communication is %.0f%% of the step (limit %.0f%%)",
                100.0 * ic.communicationFraction, 100.0 * maxCommunicationFraction),
            "use faster GPU links or NICs, or less tensor/data parallelism across nodes");
    if (w.kind == WorkloadKind::Training) {
        const auto& p = r.performance;
        // ZeRO-3 timing is held to measured FSDP runs up to 128-way data
        // parallelism (MosaicML, docs/validation.md). Beyond it the only
        // published measurements, DeepSpeed's ZeRO-3 at 384-1,536 A100
        // (Narayanan et al. 2021, Table 2), ran 1.3-3.9x slower than this
        // model (training_runs.json, `known_speed_gap`).
        constexpr double zero3ValidatedRanks = 128;
        if (r.parallelism.zeroStage >= 3 && r.parallelism.data > zero3ValidatedRanks)
            add(r, Severity::Warning, "performance.zero3_beyond_validation",
                fmt("ZeRO-3 over %.0f data-parallel ranks: the step time assumes weight gathers "
                    "at NCCL's hierarchical bandwidth, checked against measured FSDP runs only up "
                    "to %.0f ranks; DeepSpeed's 2021 ZeRO-3, one blocking gather per weight tensor, "
                    "ran 1.3-3.9x slower than that at 384-1,536 A100 GPUs (Narayanan et al. "
                    "2021, Table 2)",
                    r.parallelism.data, zero3ValidatedRanks),
                "read the step time as a best case for current FSDP software, or compare a "
                "tensor x pipeline plan (docs/validation.md, ZeRO-3 at scale)");
        // The FP4 GEMM rate rests on one kernel benchmark (Transformer
        // Engine on B300, against an estimated FP4 peak); NVIDIA's NVFP4
        // runs on GB200 gained more over MXFP8 of the same layout than this
        // model gives (docs/validation.md, "fp8 and fp4 recipes").
        if (w.precision == Precision::Fp4)
            add(r, Severity::Warning, "performance.fp4_rate_uncertain",
                "fp4 training: FP4 GEMMs are timed at 0.60 of the bf16 share of peak, from one "
                "kernel benchmark on B300 against an estimated FP4 peak; NVIDIA's NVFP4 runs on "
                "GB200 gained 1.23x (Llama 3 70B) and 1.49x (Llama 3.1 405B) over MXFP8, this "
                "model 1.13x and 1.14x, so fp4 speed is likely understated on B200-class GPUs",
                "compare with the fp8 analysis of the same plan (docs/validation.md, fp8 and fp4 "
                "recipes)");
        // NVIDIA's GB300 runs are 20-26 % faster than this model at the
        // datasheet peaks, in every precision (docs/validation.md, "GB300").
        if (isBlackwellUltra(ctx.config.gpu))
            add(r, Severity::Warning, "performance.blackwell_ultra_offset",
                "Blackwell Ultra (B300/GB300): this model's throughput was 20-26% below "
                "NVIDIA's published GB300 training runs at the datasheet peaks, in fp8, MXFP8 "
                "and NVFP4 alike; the step time here is likely a quarter to a third too long",
                "read the speed as a lower bound (docs/validation.md, GB300)");
        if (p.stepTimeS > 0 && p.bubbleTimeS / p.stepTimeS > 0.2)
            add(r, Severity::Warning, "performance.pipeline_bubble",
                fmt("pipeline bubble is %.0f%% of the step ((p-1)/(v*m) with m = %.0f)",
                    100.0 * p.bubbleTimeS / p.stepTimeS, r.microBatches),
                "raise the number of micro-batches or use virtual stages");
        if (w.model.positionEmbedding == PositionEmbedding::Learned
            && w.sequenceLength > w.model.maxPositions)
            add(r, Severity::Warning, "model.sequence_exceeds_positions",
                fmt("sequence length %.0f exceeds the model's %.0f positions of the learned "
                    "position table",
                    w.sequenceLength, w.model.maxPositions));
    } else {
        const double ctxTokens = double(w.promptTokens) + w.outputTokens;
        if (ctxTokens > w.model.maxPositions)
            add(r, Severity::Warning, "model.context_exceeds_positions",
                fmt("prompt + output = %.0f tokens exceeds the model's %.0f positions", ctxTokens,
                    w.model.maxPositions));
        if (r.fits)
            add(r, Severity::Info, "inference.capacity",
                fmt("KV cache fits %.0f concurrent requests of %.0f tokens (requested %.0f)",
                    r.inference.maxConcurrentRequests, ctxTokens, w.concurrentRequests));
    }
}

/// The assumption texts built from the constant table alone
/// (training_constants.h): formatted once per process, not per analysis,
/// where their number formatting was a large part of an analysis' time.
struct ConstantTexts {
    std::string memory;
    std::string framework;
    std::string collectives; ///< the TP communication line after its overlap words
};

const ConstantTexts& constantTexts()
{
    static const ConstantTexts texts{
        fmt("usable GPU memory = capacity (Memory (binary units) in GiB where the part has it) "
            "minus %.1f%% driver reserve; allocator margin %.0f%% of the other lines",
            100.0 * trainingModel.hbmReserveFraction,
            100.0 * trainingModel.allocatorMarginFraction),
        fmt("framework: %g GiB CUDA context + workspaces, %g GiB per NCCL communicator",
            trainingModel.cudaContextBytes / 1073741824.0,
            trainingModel.ncclCommunicatorBytes / 1073741824.0),
        "; DP gradients overlap the last backward except the last bucket (ZeRO-2: each "
        "micro-batch's backward, then an exposed weight gather after the step); ZeRO-3 "
        "gathers prefetched behind compute; collectives hierarchical across nodes"
            + fmt(", each between nodes with a fixed cost (all-reduce %g + %g x log2(nodes) "
                  "us, measured on H100 clusters; all-gather and reduce-scatter NCCL's ring "
                  "or, one GPU per node, PAT model x %g)",
                  trainingModel.networkCollectiveBaseS * 1e6,
                  trainingModel.networkCollectivePerDoublingS * 1e6,
                  trainingModel.measuredOverNcclModel)
            + fmt("; links reach %.0f%% of peak", 100.0 * trainingModel.linkBusEfficiency)
            + fmt("; compute overlapping a collective runs %.1f%% slower (measured, "
                  "arXiv 2507.03114)",
                  100.0 * trainingModel.overlapComputeSlowdown)};
    return texts;
}

/// The recipe line's words for a low-precision training recipe: what runs
/// at which rate, and what the quantization passes do.
struct RecipeText {
    std::string lead, passes;
};

RecipeText recipeText(Precision precision, Fp8Recipe recipe)
{
    if (precision == Precision::Fp4)
        return {"NVFP4 recipe: linear layers at the fp4 rate",
                "two amax passes, a cast, two 4-bit copies with scales"};
    const auto fp8 = [](const char* name, const std::string& kernels) {
        return std::string("fp8 ") + name + " recipe: linear layers at the fp8 rate" + kernels;
    };
    const auto blockKernels = [recipe] {
        return fmt(" x %.3g for its block-scaled kernels", fp8RecipeKernelShare(recipe));
    };
    switch (recipe) {
    case Fp8Recipe::Current: break;
    case Fp8Recipe::Delayed:
        return {fp8("delayed-scaling", ""),
                "a cast with the amax recorded, rowwise and columnwise copies"};
    case Fp8Recipe::Mxfp8:
        return {fp8("MXFP8", blockKernels()),
                "a cast computing each 32-value block's scale, rowwise and columnwise copies"};
    case Fp8Recipe::Blockwise:
        return {fp8("blockwise", blockKernels()),
                "a cast computing each 128-value block's scale, rowwise and columnwise copies"};
    }
    return {fp8("current-scaling", ""), "an amax pass, a cast, rowwise and columnwise copies"};
}

void addAssumptions(AnalysisResult& r, const AnalysisContext& ctx)
{
    auto& a = r.assumptions;
    const Workload& w = ctx.workload;
    const auto* calibration = calibrationFor(w, ctx.config.gpu.id);
    const std::string effSource = w.efficiency ? std::string("workload override")
        : calibration ? calibrationText(*calibration)
                      : "default; " + std::string(ctx.efficiency.basis);
    if (w.kind == WorkloadKind::Training) {
        const AttentionKernel kernel = resolvedAttentionKernel(w, ctx.efficiency);
        const double kernelFactor = attentionKernelFactor(kernel, ctx.efficiency);
        const std::string kernelText = !w.flashAttention ? std::string("no FlashAttention")
            : kernelFactor > 1.0
                ? fmt("cuDNN / FlashAttention-3 kernel: FlashAttention-2's figure x %.2f, the "
                      "measured cuDNN/FA2 ratio on H100 (Shah et al. 2024 §4.1)",
                      kernelFactor)
            : kernel == AttentionKernel::Fa3
                ? std::string("fa3 needs Hopper or later: timed as FlashAttention-2")
                : std::string("FlashAttention-2 kernel");
        a.push_back(fmt("GEMM efficiency %.2f of dense peak for large GEMMs, less for small ones "
                        "(cuBLAS shape table); attention %.2f of the 16-bit peak (",
                        r.computeEfficiency, ctx.efficiency.attentionCompute)
                    + kernelText
                    + fmt("); element-wise %.2f of HBM bandwidth (",
                          ctx.efficiency.elementwiseMemory)
                    + effSource + ")");
        a.push_back("FLOPs: 2 per multiply-add, causal attention (s/2), logits included, "
                    "backward = 2x forward; recompute counted in HFU only");
        if (const double q = quantizeBytesPerElement(w.precision, w.fp8Recipe); q > 0) {
            const RecipeText recipe = recipeText(w.precision, w.fp8Recipe);
            a.push_back(recipe.lead
                        + "; attention and the output layer at the 16-bit rate; each GEMM "
                          "input and output gradient quantized once per micro-batch, weights "
                          "once per step"
                        + fmt(", %.4g HBM bytes per value (", q) + recipe.passes
                        + "; Transformer Engine's GEMM benchmark measures the same)");
        }
        // Numbers from the sourced table (training_constants.h).
        const ConstantTexts& texts = constantTexts();
        a.push_back(texts.memory);
        a.push_back(w.fusedCrossEntropy
                        ? "loss: fused cross-entropy keeps only the logits in the compute type "
                          "(fused_cross_entropy; Transformer Engine's kernel)"
                        : "loss: the logits in the compute type and an fp32 copy for the "
                          "cross-entropy are kept (fused_cross_entropy off)");
        a.push_back(texts.framework);
        a.push_back(std::string("TP communication ")
                    + (tpCommOverlapOn(ctx) ? "overlapped with GEMMs (up to 90%)" : "not overlapped")
                    + (ctx.plan.pipeline > 1
                           ? (ppCommOverlapOn(ctx, ctx.plan.virtualStages)
                                  ? "; pipeline sends overlapped with compute"
                                  : "; pipeline sends not overlapped")
                           : "")
                    + texts.collectives);
        const PipelineSplit split = pipelineSplitOf(w);
        if (ctx.plan.pipeline > 1 && (split.embedding || split.loss)) {
            const int p = ctx.plan.pipeline;
            const char* units = split.embedding && split.loss
                                    ? "the embedding and the loss as a layer each"
                                : split.embedding ? "the embedding as a layer"
                                                  : "the loss as a layer";
            const double first = layersOnStage(w.model, p, 0, split);
            const double last = layersOnStage(w.model, p, p - 1, split);
            a.push_back(std::string("pipeline split counts ") + units
                        + " (Megatron-Core account_for_*_in_pipeline_split): "
                        + fmt("first stage %.0f layers, ", first) + fmt("last %.0f, ", last)
                        + fmt("at most %.0f", double(mostLayersOnStage(w.model, p, split))));
        }
        if (w.activationOffloadLayers > 0 && ctx.plan.pipeline == 1) {
            const double gbs = ctx.rates.hostMemoryBytesPerS / 1e9;
            a.push_back(fmt("activation offload: %.0f layers' activations copied to host memory "
                            "in the forward pass and back in the backward, ",
                            double(std::min(w.activationOffloadLayers, w.model.layers - 1)))
                        + fmt("%.0f GB/s each way per GPU (", gbs)
                        + (ctx.rates.hostMemoryOverPcie ? "the GPU's PCIe link"
                                                        : "the Grace superchip's NVLink-C2C share")
                        + ", 80% of peak); each copy hides behind a window of about layers / "
                          "offloaded layers' compute and stalls the step by what is longer; at "
                          "its peak the GPU keeps the other layers' activations, two layers' at "
                          "least (Transformer Engine's CPU offload schedule)");
        }
        if (optimizerOffloaded(w)) {
            a.push_back(fmt("optimizer offload (ZeRO-Offload): Adam runs on the host's CPUs, "
                            "%.0f bytes of host memory traffic per parameter of the GPU's "
                            "partition at ",
                            cpuAdamKernelBytesPerParam + cpuStepOtherBytesPerParam)
                        + fmt("%.2f of %.0f GB/s per GPU (", cpuAdamMemoryEfficiency,
                              ctx.rates.hostDramBytesPerS / 1e9)
                        + (ctx.rates.hostDramAssumed
                               ? "the configuration gives no CPU memory bandwidth: a "
                                 "two-socket DDR5-4800 host assumed"
                               : "the CPUs' memory bandwidth over the node's GPUs")
                        + fmt("); gradients go to the host and 16-bit weights come back at "
                              "%.0f GB/s each way per GPU, as DeepSpeed's default offload path "
                              "issues them (overlap_comm on: ZeRO-2/3 during the backward pass, "
                              "the last micro-batch's exposed; ZeRO-1 after it); the CPU step "
                              "and the weights' return are not hidden (ZenFlow and SuperOffload "
                              "not modelled)",
                              ctx.rates.hostMemoryBytesPerS / 1e9));
        }
    } else {
        ServingEfficiency se = defaultServingEfficiency(ctx.efficiency.family, w.precision);
        const double familyShare = servingFamilyShare(ctx.efficiency.family, w.precision);
        if (const auto chosen = workloadEfficiencyFor(w, ctx.config.gpu.id))
            se.gemmCompute = *chosen;
        a.push_back(fmt("serving step timed per operation, each max(FLOPs / (peak x eff), bytes / "
                        "(HBM x eff)): GEMMs %.2f of dense peak for large products, less for a "
                        "step of few tokens (measured cuBLAS shape table), attention %.2f of "
                        "dense peak",
                        se.gemmCompute, se.attentionCompute)
                    + fmt(", weight/KV/element-wise streams %.2f of HBM bandwidth (", se.memory)
                    + (w.efficiency ? std::string("GEMM: workload override")
                        : calibration ? "GEMM: " + calibrationText(*calibration)
                        : familyShare < 1.0
                            ? fmt("GEMM: the A100/H100 fit x %.2f for this GPU family, ",
                                  familyShare)
                                + std::string(ctx.efficiency.shareBasis)
                                + " (no fitted serving run), docs/validation.md"
                            : std::string("fitted on published runs, docs/validation.md"))
                    + ")");
        a.push_back(fmt("fixed per step: %.2f ms host (scheduling, sampling) + %.0f us per block "
                        "with prefill, a %.0f us floor per block decode-only (CUDA graphs; large "
                        "batches hide it)",
                        se.stepOverheadS * 1e3, se.prefillLayerOverheadS * 1e6,
                        se.decodeLayerOverheadS * 1e6));
        a.push_back(fmt("tensor-parallel all-reduce: 2 per block, alpha-beta (NCCL base 3.6 us + "
                        "hop latency per ring step); engine max batch %.0f",
                        w.maxBatch));
        a.push_back(fmt("engine memory fraction %.2f (vLLM gpu_memory_utilization); KV blocks "
                        "of %.0f tokens",
                        w.gpuMemoryUtilization, w.kvBlockSize));
        a.push_back(std::string(w.batching == Batching::Static
                                    ? "static batching: a batch is prefilled together, then "
                                      "decoded to the end"
                                    : "continuous batching: each step decodes the running batch "
                                      "and prefills the prompts of the requests that replace "
                                      "finished ones")
                    + "; throughput counts the prefill time; concurrent requests spread evenly "
                      "over replicas; decode at mean context prompt + output/2; pipeline "
                      "stages run one after the other");
    }
}

BindingLimit bindingLimitOf(const AnalysisResult& r)
{
    if (!r.fits)
        return BindingLimit::GpuMemory;
    const auto& p = r.performance;
    if (r.kind == WorkloadKind::Inference)
        return p.decodeComputeBound ? BindingLimit::DecodeCompute : BindingLimit::DecodeHbm;
    const auto& ic = r.interconnect;
    const double parts[] = {p.computeTimeS, ic.exposedTimeS, p.bubbleTimeS,
                            p.optimizerTimeS + p.optimizerOffloadTimeS};
    const BindingLimit limits[] = {BindingLimit::Compute, BindingLimit::CommunicationGpuLink,
                                   BindingLimit::PipelineBubble, BindingLimit::OptimizerStep};
    int best = 0;
    for (int i = 1; i < 4; ++i)
        if (parts[i] > parts[best])
            best = i;
    if (best == 1) {
        const double dp = ic.dpExposedS, tp = ic.tpTimeS + ic.epTimeS;
        return (dp > tp && ic.dpLevel == LinkLevel::Nic) || ic.tpLevel == LinkLevel::Nic
                   ? BindingLimit::CommunicationNic
                   : BindingLimit::CommunicationGpuLink;
    }
    return limits[best];
}

} // namespace

PlanInputs preparePlanInputs(const Workload& w, const ResolvedConfiguration& config)
{
    PlanInputs in;
    in.parameters = countParameters(w.model);
    in.peakFlopsPerS = peakFlopsPerS(config.gpu, w.precision);
    in.efficiency = defaultEfficiency(config.gpu, w.precision);
    if (w.kind == WorkloadKind::Training && w.precision == Precision::Fp8) {
        // The recipe's kernels (fp8_recipe): the output layer stays at the
        // 16-bit rate, trainCompute / lowPrecisionShare, so both scale.
        const double k = fp8RecipeKernelShare(w.fp8Recipe);
        in.efficiency.trainCompute *= k;
        in.efficiency.lowPrecisionShare *= k;
    }
    // The workload's own efficiency, else the project's calibration for
    // this GPU (docs/user-guide.md "Calibration profile").
    if (const auto chosen = workloadEfficiencyFor(w, config.gpu.id)) {
        in.efficiency.trainCompute = *chosen;
        in.efficiency.prefillCompute = *chosen;
    }
    // A GPU power limit below what compute-bound phases draw lowers the
    // clock (docs/power-model.md §2): the SM-bound rates scale with it,
    // HBM-bound rates only when the limit is below memory-bound power.
    const double computeClock =
        computeThroughputUnderLimit(config.gpu, config.config.gpuPowerLimitW);
    const double memoryClock = memoryThroughputUnderLimit(config.gpu, config.config.gpuPowerLimitW);
    in.efficiency.trainCompute *= computeClock;
    // The training attention core runs at the kernel's rate (fa3 on Hopper
    // and later unless the workload says fa2); serving keeps its own figures.
    if (w.kind == WorkloadKind::Training && w.flashAttention)
        in.efficiency.attentionCompute
            *= attentionKernelFactor(resolvedAttentionKernel(w, in.efficiency), in.efficiency);
    in.efficiency.attentionCompute *= computeClock;
    in.efficiency.prefillCompute *= computeClock;
    in.efficiency.elementwiseMemory *= memoryClock;
    in.efficiency.decodeMemory *= memoryClock;
    in.rates = linkRates(config);
    // Attention, and the GEMMs a low-precision recipe keeps in 16-bit, run
    // at the 16-bit peak: Transformer Engine's fp8 and NVFP4 recipes
    // quantize the linear layers only (TE docs, "GEMM Profiling Tutorial",
    // What GEMMs Do Not Cover: attention runs in BF16/FP16 regardless).
    in.attentionPeakFlopsPerS = in.peakFlopsPerS;
    if (w.precision == Precision::Fp8 || w.precision == Precision::Fp4
        || w.precision == Precision::Int8 || w.precision == Precision::Int4) {
        if (auto bf16 = peakFlopsPerS(config.gpu, Precision::Bf16))
            in.attentionPeakFlopsPerS = bf16;
        else if (auto fp16 = peakFlopsPerS(config.gpu, Precision::Fp16))
            in.attentionPeakFlopsPerS = fp16;
    }
    return in;
}

AnalysisResult analyzeWithPlan(const Workload& w, const ResolvedConfiguration& config,
                               const Parallelism& plan, bool withFindings)
{
    return analyzeWithPlan(w, config, plan, preparePlanInputs(w, config), withFindings);
}

AnalysisResult analyzeWithPlan(const Workload& w, const ResolvedConfiguration& config,
                               const Parallelism& plan, const PlanInputs& inputs,
                               bool withFindings)
{
    AnalysisResult r;
    if (withFindings) {
        r.workloadName = w.name;
        r.configurationName = config.config.name;
    }
    r.kind = w.kind;
    r.parameters = inputs.parameters;
    r.parallelism = plan;
    r.microBatchSize = w.microBatchSize;
    r.gpuCapacityBytes = gpuMemoryBytes(config.gpu);
    const int totalGpus = config.totalGpus();
    const int modelGpus = plan.tensor * plan.pipeline * std::max(1, plan.context);
    if (r.parallelism.data <= 0)
        r.parallelism.data = std::max(1, totalGpus / std::max(1, modelGpus));

    const auto& peak = inputs.peakFlopsPerS;
    if (!peak) {
        add(r, Severity::Error, "precision.unsupported",
            "GPU \"" + config.gpu.id + "\" has no " + std::string(enumName(w.precision))
                + " FLOP/s figure: the precision is unsupported or unknown",
            "choose another precision or GPU");
        return r;
    }
    // Block-scaled MMA (MXFP8, NVFP4) came with the tensor cores that run FP4
    // (Blackwell, SM100; OCP MX formats on CDNA4): TE refuses MXFP8 before.
    if (w.kind == WorkloadKind::Training && w.precision == Precision::Fp8
        && w.fp8Recipe == Fp8Recipe::Mxfp8 && !config.gpu.fp4Tflops) {
        add(r, Severity::Error, "precision.unsupported",
            "fp8_recipe mxfp8 needs block-scaled tensor cores (Blackwell and later); GPU \""
                + config.gpu.id + "\" has no FP4 figure, so it has none",
            "use fp8_recipe current, delayed or blockwise, or a Blackwell GPU");
        return r;
    }
    if (r.gpuCapacityBytes <= 0 || config.gpu.memoryBandwidthGbs <= 0) {
        add(r, Severity::Error, "gpu.incomplete",
            "GPU \"" + config.gpu.id + "\" lacks its memory size or memory bandwidth");
        return r;
    }
    if (const auto rule = planRuleViolation(w, r.parallelism); !rule.empty()) {
        add(r, Severity::Error, "parallelism.invalid", rule);
        return r;
    }
    const bool replicasGiven = w.kind == WorkloadKind::Training || plan.data > 0;
    const long long used = static_cast<long long>(modelGpus)
                           * (replicasGiven ? r.parallelism.data : 1);
    if (used > totalGpus) {
        add(r, Severity::Error, "parallelism.gpu_count_mismatch",
            fmt("the plan needs %.0f GPUs but the configuration has %.0f", double(used),
                totalGpus),
            "change parallelism or the number of nodes");
        return r;
    }
    if (withFindings && w.kind == WorkloadKind::Training && used < totalGpus)
        add(r, Severity::Warning, "parallelism.idle_gpus",
            fmt("the plan uses %.0f of %.0f GPUs", double(used), totalGpus));

    AnalysisContext ctx{w, config, r.parallelism, r.parameters, *peak, inputs.efficiency,
                        inputs.rates, inputs.attentionPeakFlopsPerS.value_or(*peak)};
    r.computeEfficiency = ctx.efficiency.trainCompute;
    if (planCrossesNodes(w.kind, r.parallelism, config.config.nodes, inputs.rates.gpusPerNode)
        && ctx.rates.interNodeBytesPerS <= 0) {
        add(r, Severity::Error, "interconnect.no_nic",
            fmt("the plan spans %.0f nodes but the configuration has no NIC", config.config.nodes),
            "add NICs (NIC part and NICs per node) to the configuration");
        return r;
    }
    if (w.kind == WorkloadKind::Training)
        analyzeTraining(ctx, r, withFindings);
    else
        analyzeInference(ctx, r);
    if (!finiteResult(r)) {
        r.performance = {};
        add(r, Severity::Error, "analysis.not_finite",
            "a figure could not be computed (a link or rate is zero)");
        return r;
    }
    r.analyzed = true;
    if (withFindings) {
        r.bindingLimit = bindingLimitOf(r);
        addFindings(r, ctx);
        addAssumptions(r, ctx);
    }
    return r;
}

/// A plan that does not fit in GPU memory cannot run, so it has no speed:
/// the outputs show its speed figures as not available (speedAvailable();
/// the figures stay in `performance` for the searches and property checks
/// that compare plans) and this finding says why (issue 23 item 7).
void addNoSpeedNote(AnalysisResult& r)
{
    if (!r.analyzed || r.fits)
        return;
    r.findings.push_back({Severity::Info, "speed.not_available",
                          "No speed figures: the plan does not fit in GPU memory, so it cannot "
                          "run on this configuration.",
                          {}});
}

} // namespace infrafit
