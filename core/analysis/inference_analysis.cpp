// SPDX-License-Identifier: Apache-2.0
#include "core/analysis/analysis_context.h"
#include "core/analysis/analyze.h"
#include "core/analysis/communication.h"
#include "core/analysis/flops.h"
#include "core/analysis/inference_memory.h"

#include <algorithm>
#include <cmath>

namespace infrafit {

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

    // --- speed (roofline: prefill compute-bound, decode bandwidth-bound;
    // kipply "Transformer Inference Arithmetic"; docs/reference/models.md §2.14).
    const double t = s.tensor;
    const double F = ctx.peakFlopsPerS;
    const double computeRate = F * ctx.efficiency.prefillCompute * t;
    const double bw = ctx.config.gpu.memoryBandwidthGbs * 1e9;
    const double memRate = bw * ctx.efficiency.decodeMemory * t;
    const double weightBytesReplica = s.weightsBytes * s.pipeline; // ≈ whole model / t per GPU
    PerformanceResult& perf = res.performance;
    res.computeEfficiency = ctx.efficiency.prefillCompute;
    res.memoryEfficiency = ctx.efficiency.decodeMemory;

    const int gpn = ctx.config.config.gpusPerNode;
    const LinkLevel tpLevel = groupLevel(1, s.tensor, gpn, ctx.rates);
    res.interconnect.tpLevel = tpLevel;
    const double tpBw = levelBytesPerS(ctx.rates, tpLevel);
    const double tpLat = levelLatencyS(ctx.rates, tpLevel);
    const double ppHops = (s.pipeline - 1) * ctx.rates.interLatencyS;

    // Prefill of one request's prompt: 2 all-reduces per layer of T·h·2 bytes.
    const double T = w.promptTokens;
    const LayerFlops prefill = layerFlops(m, c, T);
    const double prefillFlops = forwardFlopsPerToken(m, prefill) * T;
    const double prefillComm = 2.0 * m.layers * ringAllReduceS(2.0 * T * m.hiddenSize, s.tensor,
                                                                tpBw, tpLat);
    perf.ttftS = std::max(prefillFlops / computeRate, weightBytesReplica * t / memRate)
                 + prefillComm + ppHops;

    // Decode: B sequences at mean context prompt + output/2.
    const double B = s.requestsPerReplica;
    const double context = T + w.outputTokens / 2.0;
    double kvContext = context;
    if (m.slidingWindow > 0)
        kvContext = std::min(kvContext, double(m.slidingWindow));
    // MoE at batch B touches 1 − (1 − k/E)^B of the experts (uniform routing).
    double weightRead = weightBytesReplica * t;
    if (m.isMoe()) {
        const double routed = m.moeLayers() * m.experts * c.expertPerLayer;
        const double touched = 1.0 - std::pow(1.0 - double(m.expertsPerToken) / m.experts, B);
        const double perParam = weightRead / std::max(1.0, c.total);
        weightRead -= routed * perParam * (1.0 - touched);
    }
    const double kvRead = B * kvContext * s.kvBytesPerTokenGpu * s.pipeline * t;
    const double decodeBytes = weightRead + kvRead;
    const LayerFlops decode = layerFlops(m, c, 2.0 * kvContext); // causal average = context
    const double decodeFlops = forwardFlopsPerToken(m, decode) * B;
    const double memS = decodeBytes / memRate;
    const double computeS = decodeFlops / computeRate;
    const double decodeComm = 2.0 * m.layers * ringAllReduceS(2.0 * B * m.hiddenSize, s.tensor,
                                                              tpBw, tpLat);
    perf.tpotS = std::max(memS, computeS) + decodeComm + ppHops;
    perf.decodeComputeBound = computeS > memS;
    perf.decodeBytesPerStep = decodeBytes / t;
    if (perf.tpotS > 0 && perf.tpotS < 1e29)
        perf.outputTokensPerS = B / perf.tpotS * s.replicas;
    // Roofline crossover: batch where weight-read time equals GEMM time
    // (docs/reference/models.md §2.14: B* ≈ F/BW for 16-bit weights), KV reads ignored.
    const double matmulParams = matmulParametersPerToken(m, c);
    if (matmulParams > 0 && bw > 0)
        perf.rooflineCrossoverBatch = (F * ctx.efficiency.prefillCompute) * weightRead
                                      / (bw * ctx.efficiency.decodeMemory * 2.0 * matmulParams);
    const double commS = decodeComm + ppHops;
    res.interconnect.tpTimeS = decodeComm;
    res.interconnect.exposedTimeS = commS;
    res.interconnect.communicationFraction = perf.tpotS > 0 ? commS / perf.tpotS : 0;
    res.interconnect.sufficient = res.interconnect.communicationFraction <= maxCommunicationFraction
                                  && tpLevel != LinkLevel::Nic;
    // Per decode step each GPU moves 2 ring all-reduces per layer of 2·B·h
    // bytes, 2(t−1)/t of each (the all-reduce above), within the step's
    // memory or compute time.
    const double decodeTpBytes = s.tensor > 1 ? 2.0 * m.layers * 2.0 * (t - 1) / t * 2.0 * B
                                                    * m.hiddenSize
                                              : 0;
    res.interconnect.levels =
        linkDemands({{tpLevel, decodeTpBytes}}, std::max(memS, computeS), ctx.rates);
}

} // namespace infrafit
