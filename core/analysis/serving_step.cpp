// SPDX-License-Identifier: Apache-2.0
#include "core/analysis/serving_step.h"

#include "core/analysis/gemm_efficiency.h"
#include "core/analysis/hardware_rates.h"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace infrafit {
namespace {

struct OpTime {
    double seconds = 0;
    double flops = 0;
    double bytes = 0;
};

// Roofline of one operation (Williams, Waterman & Patterson 2009): the
// slower of its compute time and its memory time at the achieved fractions.
OpTime roofline(double flops, double bytes, double flopsPerS, double bytesPerS)
{
    OpTime t;
    t.flops = flops;
    t.bytes = bytes;
    const double compute = flops > 0 ? flops / flopsPerS : 0;
    const double memory = bytes > 0 ? bytes / bytesPerS : 0;
    t.seconds = std::max(compute, memory);
    return t;
}

// How much longer than at the plateau a group of products takes with M
// rows (log2M = log2(M)): the FLOP-weighted mean of their slowdowns, i.e.
// 1 / the harmonic mean of their shape fractions (the group's time is the
// sum of its products' times). Measured cuBLAS shape table:
// gemm_efficiency.h.
double shapeSlowdown(const ServingGemmGroup& group, double log2M)
{
    double weighted = 0;
    for (int i = 0; i < group.count; ++i) {
        const auto& g = group.gemms[static_cast<std::size_t>(i)];
        weighted += g.flopsPerToken * gemmShapeSlowdownOfLog2Volume(log2M + g.log2NK, group.curve);
    }
    return group.totalFlops > 0 ? weighted / group.totalFlops : 1.0;
}

// A group of weight products with M rows: the roofline at the plateau rate
// times the group's shape fraction. When even the smallest product's
// fraction leaves the weight read the longer side, the fraction does not
// matter and is not evaluated (the common small-batch decode step).
OpTime gemmGroup(double flops, double bytes, double gemmRate, double memRate,
                 const ServingGemmGroup& group, double rows)
{
    if (!(rows > 0) || group.count == 0)
        return roofline(flops, bytes, gemmRate, memRate);
    const double memoryS = bytes / memRate;
    const double plateauS = flops / gemmRate;
    // The table's largest slowdown (below its smallest point) bounds them all.
    if (memoryS >= plateauS * gemmShapeSlowdownOfLog2Volume(0.0, group.curve))
        return roofline(flops, bytes, gemmRate, memRate); // weight-read bound either way
    const double log2M = std::log2(rows);
    if (log2M + group.minLog2NK >= gemmSaturationLog2Volume(group.curve)
        || memoryS
               >= plateauS * gemmShapeSlowdownOfLog2Volume(log2M + group.minLog2NK, group.curve))
        return roofline(flops, bytes, gemmRate, memRate); // at the plateau, or read-bound
    return roofline(flops, bytes, gemmRate / shapeSlowdown(group, log2M), memRate);
}

void add(ServingStepTimes& times, double& slot, const OpTime& op, double count)
{
    slot += op.seconds * count;
    times.flops += op.flops * count;
    times.hbmBytes += op.bytes * count;
}

} // namespace

void ServingGemmGroup::add(double n, double k, double flops)
{
    // A block has at most four weight products (QKV, output, MLP in, MLP out).
    assert(count < static_cast<int>(gemms.size()));
    if (count >= static_cast<int>(gemms.size()) || !(n > 0 && k > 0 && flops > 0))
        return;
    const double log2NK = std::log2(n) + std::log2(k);
    minLog2NK = count == 0 ? log2NK : std::min(minLog2NK, log2NK);
    totalFlops += flops;
    gemms[static_cast<std::size_t>(count++)] = {log2NK, flops};
}

ServingStepTimes servingStepTimes(const ServingStepModel& m, const ServingStep& step)
{
    ServingStepTimes t;
    const ServingEfficiency& e = m.efficiency;
    const double gemmRate = m.peakFlopsPerS * e.gemmCompute;
    const double attentionRate = m.attentionPeakFlopsPerS * e.attentionCompute;
    const double memRate = m.hbmBytesPerS * e.memory;
    if (gemmRate <= 0 || attentionRate <= 0 || memRate <= 0)
        return t;
    const double prefill = std::max(0.0, step.prefillTokens);
    const double decode = std::max(0.0, step.decodeTokens);
    const double tokens = prefill + decode;
    if (tokens <= 0)
        return t;
    const int dense = m.layers - m.moeLayers;

    // GEMMs: every token of the step multiplies through the block's
    // weights, which are read from HBM once per step (the M dimension is
    // the step's token count; kipply 2022 "Transformer Inference
    // Arithmetic": weight reads dominate until M ≈ peak/bandwidth).
    // Few tokens make small products that reach less of the plateau
    // (gemmShapeFraction): the compute side uses the group's shape fraction.
    if (dense > 0)
        add(t, t.gemmS,
            gemmGroup(tokens * m.denseGemmFlopsPerToken, m.denseWeightBytes, gemmRate, memRate,
                      m.denseGemms, tokens),
            dense);
    if (m.moeLayers > 0) {
        add(t, t.gemmS,
            gemmGroup(tokens * m.moeSharedGemmFlopsPerToken, m.moeSharedWeightBytes, gemmRate,
                      memRate, m.moeSharedGemms, tokens),
            m.moeLayers);
        // Routed experts: with uniform routing a batch of n tokens touches
        // E·(1 − (1 − k/E)^n) experts, each reading its weights once.
        const double E = std::max(1, m.experts);
        const double k = std::clamp(double(m.expertsPerToken), 1.0, E);
        const double touched = E * (1.0 - std::pow(1.0 - k / E, tokens));
        const double rowsPerExpert = touched > 0 ? tokens * k / touched : tokens;
        add(t, t.gemmS,
            gemmGroup(tokens * k * m.expertGemmFlopsPerToken, touched * m.expertWeightBytes,
                      gemmRate, memRate, m.expertGemms, rowsPerExpert),
            m.moeLayers);
    }

    // Attention. Prefill: QKᵀ and A·V FLOPs against the causal average
    // context (flash attention keeps scores on chip: Dao et al. 2022 §3);
    // the chunk's K and V are written once. Decode: every sequence reads
    // its whole cached K and V (memory-bound; PagedAttention, Kwon et al.
    // 2023 §4.1), capped at the sliding window.
    const double window = m.slidingWindow > 0 ? double(m.slidingWindow) : 1e300;
    if (prefill > 0) {
        const double ctx = std::min(std::max(step.prefillContextTokens, 1.0), window);
        add(t, t.attentionS,
            roofline(prefill * ctx * m.attentionFlopsPerTokenPerContext,
                     prefill * m.kvBytesPerTokenPerLayer, attentionRate, memRate),
            m.layers);
    }
    if (decode > 0) {
        const double ctx = std::min(std::max(step.decodeContextTokens, 1.0), window);
        add(t, t.attentionS,
            roofline(decode * ctx * m.attentionFlopsPerTokenPerContext,
                     decode * (ctx * m.kvBytesPerTokenPerLayer) * std::max(1.0, m.decodeKvReads),
                     attentionRate, memRate),
            m.layers);
    }

    // Element-wise (norms, residual adds, activation function, rotary):
    // HBM-bound, bytes proportional to the tokens.
    add(t, t.elementwiseS, roofline(0, tokens * m.elementwiseBytesPerToken, gemmRate, memRate),
        m.layers);

    // LM head for the sequences that sample a token this step.
    const double logits = step.logitTokens >= 0 ? step.logitTokens
                                                : decode + (prefill > 0 ? 1.0 : 0.0);
    if (logits > 0)
        add(t, t.headS,
            gemmGroup(logits * m.headFlopsPerToken, m.headWeightBytes, gemmRate, memRate,
                      m.headGemm, logits),
            1);

    // Tensor parallelism: two all-reduces per block (after attention and
    // after the MLP; Shoeybi et al. 2019 §3) of tokens × hidden activations,
    // α-β: α + 2(t−1)/t · S/B (Patarasuk & Yuan 2009). At small batch the α
    // term dominates — decode across a TP group is latency-bound.
    if (m.tensor > 1) {
        const double n = m.tensor;
        const double bytes = tokens * m.allReduceBytesPerToken;
        const double bandwidthS = m.linkBytesPerS > 0 ? 2.0 * (n - 1) / n * bytes / m.linkBytesPerS
                                                      : 1e30;
        t.communicationS += 2.0 * m.layers * (m.allReduceLatencyS + bandwidthS);
    }
    t.communicationS += (m.pipeline - 1) * m.ppHopS;

    // Fixed costs. Host work per step (scheduling, sampling, detokenising)
    // is serial with the step. A step with prefill launches its kernels
    // eagerly: the launch cost per block adds to the GPU time. A
    // decode-only step replays a CUDA graph: each kernel takes at least a
    // minimum time, so the block's small kernels (norms, residual adds,
    // rotary, activation, KV write) cost the larger of that floor and their
    // traffic; the GEMMs and attention, already long, hide their own.
    const double elementwisePerBlockS = m.layers > 0 ? t.elementwiseS / m.layers : 0.0;
    const double launchPerBlockS
        = prefill > 0 ? e.prefillLayerOverheadS
                      : std::max(0.0, e.decodeLayerOverheadS - elementwisePerBlockS);
    t.overheadS = e.stepOverheadS + m.layers * launchPerBlockS;

    // Physics (issue 16): no step can need more than the GPU's dense peak
    // FLOP/s or its HBM bandwidth. Each operation's time is at least its
    // FLOPs / peak and its bytes / bandwidth (η <= 1), so the sum is too.
    assert(t.totalS() <= 0
           || t.flops / t.totalS()
                  <= std::max(m.peakFlopsPerS, m.attentionPeakFlopsPerS) * (1 + 1e-9));
    assert(t.totalS() <= 0 || t.hbmBytes / t.totalS() <= m.hbmBytesPerS * (1 + 1e-9));
    return t;
}

double servingStepTimeS(const ServingStepModel& model, int prefillTokens, int decodeTokens,
                        double meanContextTokens)
{
    ServingStep step;
    step.prefillTokens = prefillTokens;
    step.prefillContextTokens = meanContextTokens / 2.0;
    step.decodeTokens = decodeTokens;
    step.decodeContextTokens = meanContextTokens;
    return servingStepTimes(model, step).totalS();
}

double servingFamilyShare(const Gpu& gpu, Precision precision)
{
    return servingFamilyShare(gpuFamily(gpu), precision);
}

double servingFamilyShare(GpuFamily family, Precision precision)
{
    return std::min(1.0, defaultEfficiency(family, precision).trainCompute
                             / defaultEfficiency(GpuFamily::Hopper, precision).trainCompute);
}

ServingEfficiency defaultServingEfficiency(const Gpu& gpu, Precision precision)
{
    return defaultServingEfficiency(gpuFamily(gpu), precision);
}

ServingEfficiency defaultServingEfficiency(GpuFamily family, Precision precision)
{
    // Fitted on the "fit" subset of tests/validation/serving_runs.json (all
    // GPT-J 6B runs: TensorRT-LLM's published A100 and H100 throughput and
    // first-token latency; docs/validation.md "Serving"), the rest of the
    // suite is out-of-sample. The fitted values agree with measurements:
    // - GEMM 0.70 of the 16-bit peak: FasterTransformer 13B on A100 was
    //   profiled at 0.72 for the MLP GEMMs (kipply 2022, "Transformer
    //   Inference Arithmetic", via llm-analysis; docs/reference/models.md §2.14). 8-bit
    //   GEMMs reach a lower share of their doubled peak: 0.65.
    // - Memory 0.90 of HBM bandwidth: the same profile measured 0.9.
    // - Attention, fraction of the 16-bit peak: 0.50 on Hopper and later
    //   (FlashAttention-3, Shah et al. 2024, reaches up to 0.75 of H100's
    //   bf16 peak in its own benchmark), 0.25 on Ampere/Ada (fitted).
    ServingEfficiency e;
    const bool older = family == GpuFamily::Ampere || family == GpuFamily::Ada;
    // 8- and 4-bit math reaches a lower share of its doubled (quadrupled)
    // peak; fp4 a lower one still, by the measured ratio training uses
    // (hardware_rates.cpp).
    const bool narrow = precision == Precision::Fp8 || precision == Precision::Int8
                        || precision == Precision::Fp4;
    e.gemmCompute = narrow ? 0.65 : 0.70;
    if (precision == Precision::Fp4)
        e.gemmCompute *= fp4GemmShareOfFp8();
    // Families no serving run was fitted on (Blackwell, AMD CDNA, Ada,
    // unknown) keep the training model's figure of how far below the fitted
    // Hopper plateau they run (hardware_rates.cpp: Blackwell 0.93 and AMD
    // 0.65 from measured GEMM tables, Ada and unknown their assumed 0.40
    // plateau over Hopper's), so the two paths make one statement per
    // family. Ampere and Hopper are in the serving fit itself: factor 1.
    e.gemmCompute *= servingFamilyShare(family, precision);
    e.attentionCompute = older ? 0.25 : 0.50;
    e.memory = 0.90;
    // Fixed costs (fitted, within measured ranges): a CUDA kernel launch
    // costs ≈ 2.5–5 µs when run eagerly (NVIDIA developer blog, "Getting
    // Started with CUDA Graphs", 2019) and a block runs tens of kernels:
    // 100 µs per block for a step with prefill (fitted on the GPT-J
    // subset). Decode-only steps replay CUDA graphs, where each of a
    // block's dozen small kernels still takes a few µs: a floor of 60 µs
    // per block against the block's element-wise traffic (servingStepTimes),
    // fitted jointly on the GPT-J subset and SGLang's Llama 3.1 8B A100
    // TPOTs (tests/validation/serving_latency_validation_test.cpp); large
    // batches hide it. Host work per step (scheduling, sampling,
    // detokenising) was measured at several ms in vLLM 0.5 (vLLM blog
    // "vLLM v0.6.0", 2024-09-05): 2 ms.
    e.stepOverheadS = 2.0e-3;
    e.prefillLayerOverheadS = 100e-6;
    e.decodeLayerOverheadS = 60e-6;

    return e;
}

} // namespace infrafit
