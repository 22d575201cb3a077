// SPDX-License-Identifier: Apache-2.0
#include "core/analysis/analysis_context.h"
#include "core/analysis/analyze_plan.h"
#include "core/analysis/communication.h"
#include "core/analysis/flops.h"
#include "core/analysis/inference_memory.h"
#include "core/analysis/serving_step.h"
#include "core/infra/gpu_power_model.h"
#include "core/parts/gpu_memory.h"
#include "core/workload/workload_efficiency.h"

#include <algorithm>
#include <cmath>

namespace infrafit {
namespace {

/// Runs steps and keeps the highest FLOP/s and HBM bytes/s any of them
/// implies per GPU (the physics check of issue 16).
struct StepTally {
    double flopsPerS = 0;
    double bytesPerS = 0;
    ServingStepTimes run(const ServingStepModel& model, const ServingStep& step)
    {
        const ServingStepTimes times = servingStepTimes(model, step);
        if (times.totalS() > 0) {
            flopsPerS = std::max(flopsPerS, times.flops / times.totalS());
            bytesPerS = std::max(bytesPerS, times.hbmBytes / times.totalS());
        }
        return times;
    }
};

// NCCL's latency model for a ring all-reduce with the LL protocol: 3.6 µs
// base plus a per-hop latency for each of the 2(n−1) steps (NCCL
// src/graph/tuning.cc, baseLat and hwLat; NVLink hop 0.47 µs there, the
// project's link latencies in hardware_rates.cpp).
constexpr double ncclBaseLatencyS = 3.6e-6;

} // namespace

ServingStepModel makeServingStepModel(const AnalysisContext& ctx, const InferenceSetup& s)
{
    const Workload& w = ctx.workload;
    const ModelSpec& m = w.model;
    const ParameterCount& c = ctx.params;
    const double t = s.tensor;
    const double wb = servingWeightBytesPerParam(w.precision);
    const double act = 2.0; // 16-bit activations
    ServingStepModel sm;
    sm.layers = m.layers;
    sm.moeLayers = m.moeLayers();
    sm.tensor = s.tensor;
    sm.pipeline = s.pipeline;
    // 2 FLOPs per multiply-add of each matrix parameter (flops.h convention).
    sm.denseGemmFlopsPerToken = 2.0 * (c.perDenseLayer - c.normsPerLayer) / t;
    sm.denseWeightBytes = c.perDenseLayer * wb / t;
    if (m.isMoe()) {
        const double k = m.expertsPerToken;
        const double shared = c.perMoeLayerActive - k * c.expertPerLayer;
        sm.moeSharedGemmFlopsPerToken = 2.0 * (shared - c.normsPerLayer) / t;
        sm.moeSharedWeightBytes = shared * wb / t;
        sm.expertGemmFlopsPerToken = 2.0 * c.expertPerLayer / t;
        sm.expertWeightBytes = c.expertPerLayer * wb / t;
        sm.experts = m.experts;
        sm.expertsPerToken = m.expertsPerToken;
    }
    // QKᵀ and A·V: 2·heads·(d_qk + d_v) FLOPs per token per context token
    // (flops.cpp, Korthikanti et al. 2022 App. A), heads split over t.
    sm.attentionFlopsPerTokenPerContext = 2.0 * m.attentionHeads
                                          * (m.qkHeadDim() + m.valueHeadDim()) / t;
    sm.kvBytesPerTokenPerLayer = kvBytesPerTokenPerGpu(m, bytesPerElement(w.kvCachePrecision),
                                                       s.tensor, 1);
    sm.slidingWindow = m.slidingWindow;
    if (w.decodeKvPerQueryHead && !m.isMla() && m.kvHeads > 0)
        sm.decodeKvReads = std::max(1.0, double(m.attentionHeads) / m.kvHeads);
    // Element-wise traffic per token per block (the non-GEMM tensors of
    // Korthikanti et al. 2022 §4.1): 2 norms (read + write h), 2 residual
    // adds (read 2h, write h), rotary on q and k, the MLP activation
    // (gated: read 2f, write f; else read f, write f), 16-bit.
    const double h = m.hiddenSize;
    const double f = m.isMoe() ? double(m.expertFfnSize()) * m.expertsPerToken
                               : double(m.ffnHiddenSize);
    const double rotary = m.positionEmbedding == PositionEmbedding::Rotary
                              ? 2.0 * (m.attentionHeads + m.kvHeads) * m.qkHeadDim() / t
                              : 0;
    sm.elementwiseBytesPerToken = act * (4.0 * h + 6.0 * h + rotary
                                         + (m.gatedMlp ? 3.0 : 2.0) * f / t);
    // Shapes of the block's weight products per GPU (Megatron's column/row
    // split, Shoeybi et al. 2019 §3): QKV and the MLP's first product are
    // split along N, the output projections along K. M = the step's tokens.
    const double qkv = (double(m.attentionHeads) * m.qkHeadDim()
                        + double(m.kvHeads) * (m.qkHeadDim() + m.valueHeadDim()))
                       / t;
    const double attnOut = double(m.attentionHeads) * m.valueHeadDim() / t;
    const double gateUp = m.gatedMlp ? 2.0 : 1.0;
    const auto addAttention = [&](ServingGemmGroup& g) {
        g.add(qkv, h, 2.0 * qkv * h);
        g.add(h, attnOut, 2.0 * attnOut * h);
    };
    const auto addMlp = [&](ServingGemmGroup& g, double width) {
        g.add(gateUp * width / t, h, 2.0 * gateUp * width / t * h);
        g.add(h, width / t, 2.0 * width / t * h);
    };
    for (ServingGemmGroup* g : {&sm.denseGemms, &sm.moeSharedGemms, &sm.expertGemms, &sm.headGemm})
        g->curve = ctx.efficiency.gemmCurve;
    addAttention(sm.denseGemms);
    addMlp(sm.denseGemms, m.ffnHiddenSize);
    if (m.isMoe()) {
        addAttention(sm.moeSharedGemms);
        if (m.sharedExperts > 0)
            addMlp(sm.moeSharedGemms, double(m.sharedExperts) * m.expertFfnSize());
        addMlp(sm.expertGemms, m.expertFfnSize());
    }
    sm.headGemm.add(double(m.vocabSize) / t, h, 2.0 * double(m.vocabSize) * h / t);
    sm.headFlopsPerToken = 2.0 * double(m.vocabSize) * h / t;
    sm.headWeightBytes = double(m.vocabSize) * h * std::max(2.0, wb) / t;
    sm.allReduceBytesPerToken = h * act;
    const int gpn = ctx.rates.gpusPerNode; // the GPU fabric's reach (hardware_rates.h)
    const LinkLevel tpLevel = groupLevel(1, s.tensor, gpn, ctx.rates);
    sm.linkBytesPerS = levelBytesPerS(ctx.rates, tpLevel);
    sm.allReduceLatencyS = ncclBaseLatencyS
                           + 2.0 * (t - 1) * levelLatencyS(ctx.rates, tpLevel);
    sm.ppHopS = ctx.rates.interLatencyS;
    sm.peakFlopsPerS = ctx.peakFlopsPerS;
    auto sixteenBit = peakFlopsPerS(ctx.config.gpu, Precision::Bf16);
    if (!sixteenBit)
        sixteenBit = peakFlopsPerS(ctx.config.gpu, Precision::Fp16);
    sm.attentionPeakFlopsPerS = sixteenBit ? std::min(*sixteenBit, ctx.peakFlopsPerS)
                                           : ctx.peakFlopsPerS;
    sm.hbmBytesPerS = ctx.config.gpu.memoryBandwidthGbs * 1e9;
    sm.efficiency = defaultServingEfficiency(ctx.efficiency.family, w.precision);
    // The workload's own efficiency, else the project's calibration for
    // this GPU (docs/user-guide.md "Calibration profile").
    if (const auto chosen = workloadEfficiencyFor(w, ctx.config.gpu.id))
        sm.efficiency.gemmCompute = *chosen;
    // GPU power limit (docs/power-model.md §2), as preparePlanInputs().
    const auto limit = ctx.config.config.gpuPowerLimitW;
    const double computeClock = computeThroughputUnderLimit(ctx.config.gpu, limit);
    sm.efficiency.gemmCompute *= computeClock;
    sm.efficiency.attentionCompute *= computeClock;
    sm.efficiency.memory *= memoryThroughputUnderLimit(ctx.config.gpu, limit);
    return sm;
}

std::optional<ServingStepModel> servingStepModel(const Workload& w,
                                                 const ResolvedConfiguration& config,
                                                 const Parallelism& plan)
{
    const PlanInputs inputs = preparePlanInputs(w, config);
    if (!inputs.peakFlopsPerS)
        return std::nullopt;
    Parallelism used = plan;
    AnalysisContext ctx{w, config, used, inputs.parameters, *inputs.peakFlopsPerS,
                        inputs.efficiency, inputs.rates};
    const InferenceSetup s = makeInferenceSetup(w, inputs.parameters, plan, config.totalGpus(),
                                                gpuMemoryBytes(config.gpu));
    return makeServingStepModel(ctx, s);
}

void analyzeInference(const AnalysisContext& ctx, AnalysisResult& res)
{
    const Workload& w = ctx.workload;
    const ModelSpec& m = w.model;
    const ParameterCount& c = ctx.params;
    const InferenceSetup s = makeInferenceSetup(w, c, ctx.plan, ctx.config.totalGpus(),
                                                res.gpuCapacityBytes);
    res.memory = inferenceMemory(w, s);
    res.usableBytes = s.budgetBytes;
    res.fits = res.memory.totalBytes() <= res.usableBytes;
    res.parallelism.data = s.replicas;

    // --- inverse answers (vLLM §4.2: the KV pool is what is left in the
    // engine's fraction after weights, activation peak and non-torch memory).
    InferenceCapacity& cap = res.inference;
    cap.replicas = s.replicas;
    cap.requestsPerReplica = s.requestsPerReplica;
    const double kvB = bytesPerElement(w.kvCachePrecision);
    cap.kvBytesPerToken = kvBytesPerToken(m, kvB);
    cap.kvBytesPerTokenPerGpu = s.kvBytesPerTokenGpu;
    const MemoryLines& mem = res.memory;
    const double free = s.budgetBytes - (mem.totalBytes() - mem.kvCacheBytes);
    cap.maxKvTokensPerGpu = kvTokenCapacity(free, s.kvBytesPerTokenGpu, w.kvBlockSize);
    if (s.tokensPerSequence > 0)
        cap.maxConcurrentRequests = std::floor(cap.maxKvTokensPerGpu / s.tokensPerSequence)
                                    * s.replicas;
    if (s.requestsPerReplica > 0) {
        double ctxTokens = std::floor(cap.maxKvTokensPerGpu / s.requestsPerReplica
                                      / std::max(1, w.kvBlockSize))
                           * std::max(1, w.kvBlockSize);
        if (m.slidingWindow > 0 && ctxTokens >= m.slidingWindow)
            ctxTokens = m.maxPositions; // the rolling buffer never grows past the window
        cap.maxContextTokens = std::min(ctxTokens, double(m.maxPositions));
    }

    // --- speed: a per-operation step model (serving_step.h) run the way
    // the engine schedules its steps.
    const ServingStepModel sm = makeServingStepModel(ctx, s);
    PerformanceResult& perf = res.performance;
    res.computeEfficiency = sm.efficiency.gemmCompute;
    res.memoryEfficiency = sm.efficiency.memory;
    const int gpn = ctx.rates.gpusPerNode; // the GPU fabric's reach (hardware_rates.h)
    const LinkLevel tpLevel = groupLevel(1, s.tensor, gpn, ctx.rates);
    res.interconnect.tpLevel = tpLevel;

    const double P = w.promptTokens;
    const double O = w.outputTokens;
    const double B = std::max(1.0, std::min(s.requestsPerReplica, double(w.maxBatch)));
    // Replicas that carry a batch of B: fewer than all when the deployment
    // has fewer requests in flight than replicas × B (one request on eight
    // replicas keeps one busy).
    const double busyReplicas
        = std::clamp(double(std::max(1, w.concurrentRequests)) / B, 1.0, double(s.replicas));
    const double decodeContext = P + O / 2.0; // mean over a request's decode steps
    const double decodeSteps = std::max(1.0, O - 1.0); // the first token comes from prefill
    perf.servingBatch = B;

    StepTally tally;
    const ServingStepTimes alone = tally.run(sm, {P, P / 2.0, 0, 0, 1});
    perf.prefillTimeS = alone.totalS();
    ServingStepTimes decodeStep;
    if (w.batching == Batching::Static) {
        // A batch is prefilled together, then decoded to the end
        // (FasterTransformer / TensorRT-LLM gptSessionBenchmark).
        const ServingStepTimes prefill = tally.run(sm, {B * P, P / 2.0, 0, 0, B});
        decodeStep = tally.run(sm, {0, 0, O > 1 ? B : 0, decodeContext, O > 1 ? B : 0});
        perf.ttftS = prefill.totalS();
        // One output token: the prefill step produced it.
        perf.tpotS = O > 1 ? decodeStep.totalS() : perf.ttftS;
        const double batchS = prefill.totalS() + (O > 1 ? (O - 1) * decodeStep.totalS() : 0);
        if (batchS > 0)
            perf.outputTokensPerS = B * O / batchS * busyReplicas;
    } else {
        // Continuous batching in steady state: B sequences decode every
        // step; each is replaced after O − 1 decode steps, so each step also
        // prefills B·P/(O − 1) prompt tokens (chunked prefill, Agrawal et
        // al. 2024 "Sarathi-Serve" §4) and samples B/(O − 1) first tokens.
        // The GPU time of prefill is inside every step: throughput counts it.
        const double decoders = O > 1 ? B : 0;
        const double refill = B / decodeSteps;
        decodeStep = tally.run(sm, {refill * P, P / 2.0, decoders, decodeContext,
                                    decoders + refill});
        perf.tpotS = decodeStep.totalS(); // O = 1: a prefill step yields each token
        // A new prompt joins a step of the running batch.
        perf.ttftS = tally.run(sm, {P, P / 2.0, std::max(0.0, decoders - 1), decodeContext,
                                    std::max(1.0, decoders)})
                         .totalS();
        if (decodeStep.totalS() > 0)
            perf.outputTokensPerS = (decoders + refill) / decodeStep.totalS() * busyReplicas;
    }
    perf.impliedFlopsPerSPerGpu = tally.flopsPerS;
    perf.impliedHbmBytesPerSPerGpu = tally.bytesPerS;
    // Is decoding itself compute- or bandwidth-bound (a decode-only step of B)?
    const ServingStepTimes pureDecode = tally.run(sm, {0, 0, B, decodeContext, B});
    const double computeS = pureDecode.flops / (sm.peakFlopsPerS * sm.efficiency.gemmCompute);
    const double memS = pureDecode.hbmBytes / (sm.hbmBytesPerS * sm.efficiency.memory);
    perf.decodeComputeBound = computeS > memS;
    perf.decodeBytesPerStep = pureDecode.hbmBytes;
    // Roofline crossover: batch where weight-read time equals GEMM time
    // (docs/reference/models.md §2.14: B* ≈ F/BW for 16-bit weights), KV reads ignored.
    const double weightBytes = sm.denseWeightBytes * (m.layers - m.moeLayers())
                               + (sm.moeSharedWeightBytes + m.experts * sm.expertWeightBytes)
                                     * m.moeLayers();
    const double matmulParams = matmulParametersPerToken(m, c);
    if (matmulParams > 0)
        perf.rooflineCrossoverBatch = (sm.peakFlopsPerS * sm.efficiency.gemmCompute) * weightBytes
                                      * s.tensor
                                      / (sm.hbmBytesPerS * sm.efficiency.memory * 2.0
                                         * matmulParams);

    const double commS = decodeStep.communicationS;
    res.interconnect.tpTimeS = commS;
    res.interconnect.exposedTimeS = commS;
    res.interconnect.communicationFraction = perf.tpotS > 0 ? commS / perf.tpotS : 0;
    res.interconnect.sufficient = res.interconnect.communicationFraction <= maxCommunicationFraction
                                  && tpLevel != LinkLevel::Nic;
    // Per decode step each GPU moves 2 ring all-reduces per layer of the
    // step's tokens × h × 2 bytes, 2(t−1)/t of each, within the step's
    // compute and memory time.
    const double t = s.tensor;
    const double stepTokens = B + (w.batching == Batching::Static ? 0 : B / decodeSteps * P);
    const double decodeTpBytes = s.tensor > 1 ? 2.0 * m.layers * 2.0 * (t - 1) / t * stepTokens
                                                    * sm.allReduceBytesPerToken
                                              : 0;
    res.interconnect.levels = linkDemands({{tpLevel, decodeTpBytes}},
                                          decodeStep.totalS() - commS, ctx.rates);
}

} // namespace infrafit
