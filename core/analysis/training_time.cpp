// SPDX-License-Identifier: Apache-2.0
#include "core/analysis/training_time.h"

#include "core/analysis/communication.h"
#include "core/analysis/flops.h"
#include "core/analysis/gemm_efficiency.h"
#include "core/analysis/training_constants.h"

#include <algorithm>

namespace infrafit {
namespace {

/// Shared figures of one micro-batch on one GPU.
struct OpRates {
    double gemmFlopsPerS = 0;  ///< peak × plateau at the workload precision
    double attnFlopsPerS = 0;  ///< bf16/fp16 peak × attention efficiency
    double hbmBytesPerS = 0;   ///< HBM bandwidth × element-wise efficiency
    GemmShapeCurve curve = GemmShapeCurve::H100Bf16; ///< the family's measured shape curve
};

/// max(FLOPs at the shape's GEMM rate, bytes moved at HBM rate): the
/// roofline of one GEMM (Williams et al. 2009), inputs A (M×K), B (K×N)
/// and output (M×N) read or written once.
double gemmTimeS(const OpRates& r, double m, double n, double k, double elementBytes)
{
    if (m <= 0 || n <= 0 || k <= 0)
        return 0;
    const double flops = 2.0 * m * n * k;
    const double compute = flops / (r.gemmFlopsPerS * gemmShapeFraction(m, n, k, r.curve));
    const double memory = (m * k + k * n + m * n) * elementBytes / r.hbmBytesPerS;
    return std::max(compute, memory);
}

} // namespace

double quantizeBytesPerElement(Precision precision, Fp8Recipe recipe)
{
    switch (precision) {
    case Precision::Fp8:
        switch (recipe) {
        case Fp8Recipe::Current: return trainingModel.fp8QuantizeBytesPerElement;
        case Fp8Recipe::Delayed: return trainingModel.fp8DelayedQuantizeBytesPerElement;
        case Fp8Recipe::Mxfp8:
        case Fp8Recipe::Blockwise: return trainingModel.fp8BlockQuantizeBytesPerElement;
        }
        return trainingModel.fp8QuantizeBytesPerElement;
    case Precision::Fp4:
        return trainingModel.fp4QuantizeBytesPerElement;
    default:
        return 0.0;
    }
}

bool tpCommOverlapOn(const AnalysisContext& ctx)
{
    if (ctx.workload.tpCommOverlap)
        return *ctx.workload.tpCommOverlap;
    return ctx.efficiency.hopperOrLater;
}

bool ppCommOverlapOn(const AnalysisContext& ctx, int virtualStages)
{
    if (ctx.workload.ppCommOverlap)
        return *ctx.workload.ppCommOverlap;
    return virtualStages > 1;
}

StageMicroTime stageMicroTime(const AnalysisContext& ctx, const TrainingSetup& setup, int stage)
{
    const Workload& w = ctx.workload;
    const ModelSpec& m = w.model;
    const ParameterCount& c = ctx.params;
    const double t = setup.tensor;
    const int cp = std::max(1, ctx.plan.context);
    const StageParams sp = stageParams(m, c, setup.tensor, setup.pipeline, setup.expert, stage,
                                       setup.split);
    StageMicroTime out;

    OpRates r;
    r.gemmFlopsPerS = ctx.peakFlopsPerS * ctx.efficiency.trainCompute;
    r.attnFlopsPerS = ctx.attentionPeakFlopsPerS * ctx.efficiency.attentionCompute;
    r.hbmBytesPerS = ctx.config.gpu.memoryBandwidthGbs * 1e9 * ctx.efficiency.elementwiseMemory;
    r.curve = ctx.efficiency.gemmCurve;
    if (r.gemmFlopsPerS <= 0 || r.attnFlopsPerS <= 0 || r.hbmBytesPerS <= 0) {
        out.gemmS = 1e30;
        return out;
    }

    // Tokens of one micro-batch on this GPU (context parallel splits the sequence).
    const double s = w.sequenceLength;
    const double tokens = s * w.microBatchSize / cp;
    const double h = m.hiddenSize;
    const double act = setup.activationBytes;
    const double gemmBytes = std::min(act, bytesPerElement(w.precision) < 1.0 ? 1.0
                                                                              : bytesPerElement(w.precision));
    // Forward GEMM passes: forward, backward dX and (full fine-tuning) dW;
    // full recomputation replays the forward (Korthikanti et al. 2022 §5).
    const double backward = w.fineTune == FineTune::Full ? 2.0 : 1.0;
    const double fullRecompute = setup.recompute == Recompute::Full ? 1.0 : 0.0;
    const double gemmPasses = 1.0 + backward + fullRecompute;

    // --- GEMMs of one layer (shapes per GPU; Megatron column/row splits /t).
    const double attnWidth = c.attentionPerLayer / h;       // ≈ q + k + v + o output widths
    const double attnGemm = gemmTimeS(r, tokens, attnWidth / t, h, gemmBytes);
    const double mlpMatrices = m.gatedMlp ? 3.0 : 2.0;
    const double mlpWidth = m.ffnHiddenSize;
    const double denseMlpGemm =
        c.denseMlpPerLayer > 0
            ? gemmTimeS(r, tokens, mlpWidth / t, h, gemmBytes) * mlpMatrices
                  * (c.denseMlpPerLayer / (mlpMatrices * mlpWidth * h))
            : 0.0;
    double moeGemm = 0;
    if (m.isMoe()) {
        // Routed experts: each GPU's experts see tokens·ep·k/E tokens each
        // (balanced routing), plus shared experts on every token.
        const double expertWidth = m.expertFfnSize();
        const double localExperts = double(m.experts) / setup.expert;
        const double perExpertTokens = tokens * setup.expert * m.expertsPerToken / m.experts;
        const double routed = gemmTimeS(r, perExpertTokens, expertWidth / t, h, gemmBytes)
                              * mlpMatrices * localExperts;
        const double shared = m.sharedExperts > 0
                                  ? gemmTimeS(r, tokens, expertWidth * m.sharedExperts / t, h,
                                              gemmBytes) * mlpMatrices
                                  : 0.0;
        moeGemm = routed + shared;
    }
    // LoRA adapters (Hu et al. 2021 §4.1): x·A (h→r) and ·B (r→out) per
    // target, forward + dX + dW, thin GEMMs of rank r (low efficiency).
    double adapterGemm = 0;
    if (w.fineTune != FineTune::Full && setup.loraParamsPerLayer > 0) {
        const double rank = std::max(1, w.loraRank);
        const double adapterFlops = 2.0 * tokens * setup.loraParamsPerLayer / t;
        adapterGemm = 3.0 * adapterFlops
                      / (r.gemmFlopsPerS * gemmShapeFraction(tokens, rank, h, r.curve));
    }
    const double denseLayerGemm = (attnGemm + denseMlpGemm) * gemmPasses + adapterGemm;
    const double moeLayerGemm = (attnGemm + moeGemm) * gemmPasses + adapterGemm;

    // --- attention core. FlashAttention: backward ≈ 2.5× the forward FLOPs
    // (Dao 2023, FlashAttention-2 §4.1, which recomputes S in backward);
    // without it QKᵀ and A·V are batched GEMMs (backward 2×) plus a softmax
    // that writes and reads the s×s scores (Korthikanti 2022 Table 2: 5as²b).
    const LayerFlops lf = layerFlops(m, c, s);
    const double attnFlops = lf.attentionCoreDense * tokens / t;
    double attention = 0;
    if (w.flashAttention) {
        attention = attnFlops * (3.5 + fullRecompute) / r.attnFlopsPerS;
    } else {
        const double heads = std::max(1.0, m.attentionHeads / t);
        const double scoreBytes = 5.0 * heads * s * s * w.microBatchSize / cp;
        const double selective = setup.recompute != Recompute::None ? 1.0 : 0.0;
        attention = attnFlops * (3.0 + selective)
                        / (r.gemmFlopsPerS * gemmShapeFraction(s, s, m.qkHeadDim(), r.curve))
                    + 3.0 * scoreBytes / r.hbmBytesPerS;
    }

    // --- element-wise: bytes read + written per token of one layer forward
    // (Korthikanti 2022 Table 2 tensors; Ivanov et al. 2021 "Data movement
    // is all you need": these ops are memory-bound): two norms (read + write
    // h), two residual adds (2 reads + 1 write of h), the activation (gated:
    // read 2f, write f; else read f, write f), RoPE on q and k. Sequence
    // parallelism splits the norm/residual part by t. Backward moves about
    // twice the forward bytes.
    const double rep = setup.sequenceParallel ? 1.0 / t : 1.0;
    const double normResidual = (2.0 * 2.0 + 2.0 * 3.0) * h * rep;
    const double activation = (m.gatedMlp ? 3.0 : 2.0) * mlpWidth / t;
    const double rope = m.positionEmbedding == PositionEmbedding::Rotary
                            ? 2.0 * (m.attentionHeads + m.kvHeads) * m.qkHeadDim() / t
                            : 0.0;
    const double elementBytes = (normResidual + activation + rope) * act * tokens;
    const double layerElementwise = elementBytes * (3.0 + fullRecompute) / r.hbmBytesPerS;

    // --- quantization of an fp8/fp4 recipe (training_constants.h): each
    // linear layer quantizes its input X in the forward pass (again when
    // full recomputation replays it) and the output gradient dY in the
    // backward pass, each once for both usages; the weights once per step
    // (Transformer Engine caches them across micro-batches). A GEMM of
    // input width k and output width n quantizes k + n values per token.
    // With sequence parallelism the gathered operands are quantized before
    // the all-gather, on 1/t of the hidden width (TE docs, NVFP4,
    // "Quantized all-gather").
    const double qBytes = quantizeBytesPerElement(w.precision, w.fp8Recipe);
    double layerQuantize = 0;
    double moeLayerQuantize = 0;
    if (qBytes > 0) {
        // Per token: the hidden-width side of each GEMM pair (the first's
        // X, the second's dY) at rep, the split sides at /t. About half of
        // the values are inputs X, which full recomputation quantizes twice.
        const double xShare = (1.0 + fullRecompute) / 2.0 + 0.5;
        const double attnValues = (2.0 * h * rep + attnWidth / t) * xShare;
        const double mlpValues = c.denseMlpPerLayer > 0
            ? (2.0 * h * rep + mlpMatrices * mlpWidth / t) * xShare
                  * (c.denseMlpPerLayer / (mlpMatrices * mlpWidth * h))
            : 0.0;
        double expertValues = 0;
        if (m.isMoe()) {
            const double expertWidth = m.expertFfnSize();
            const double localExperts = double(m.experts) / setup.expert;
            const double perExpertShare = double(setup.expert) * m.expertsPerToken / m.experts;
            expertValues = (2.0 * h + mlpMatrices * expertWidth / t) * xShare
                           * (perExpertShare * localExperts + m.sharedExperts);
        }
        // Weights, once per step: the layer's linear parameters on this GPU.
        const double perMicro = 1.0 / std::max(1.0, setup.microBatches);
        const double denseWeights = (c.attentionPerLayer + c.denseMlpPerLayer) / t * perMicro;
        const double moeWeights = (c.attentionPerLayer / t
                                   + c.expertPerLayer * (double(m.experts) / setup.expert
                                                         + m.sharedExperts) / t)
                                  * perMicro;
        const double perValueS = qBytes / r.hbmBytesPerS;
        layerQuantize = ((attnValues + mlpValues) * tokens + denseWeights) * perValueS;
        moeLayerQuantize = ((attnValues + expertValues) * tokens + moeWeights) * perValueS;
    }

    const double layers = sp.denseLayers + sp.moeLayers;
    out.gemmS = sp.denseLayers * denseLayerGemm + sp.moeLayers * moeLayerGemm;
    out.attentionS = layers * attention;
    out.elementwiseS = layers * layerElementwise;
    out.quantizeS = sp.denseLayers * layerQuantize + sp.moeLayers * moeLayerQuantize;
    out.launchS = layers * kernelsPerLayerForward * (3.0 + fullRecompute) * kernelLaunchS;
    if (stage == setup.pipeline - 1) {
        // Output layer (vocab-parallel /t) forward + dX + dW, and the
        // cross-entropy over fp32 logits: ~16 bytes per logit each way.
        // The output layer is not a Transformer Engine module in Megatron
        // (tensor_parallel.ColumnParallelLinear), MPT or torchtitan's
        // float8 conversion (which skips "output"): an fp8/fp4 recipe
        // leaves it at the 16-bit rate, with 16-bit operands.
        const double v = m.vocabSize;
        OpRates output = r;
        output.gemmFlopsPerS = ctx.attentionPeakFlopsPerS * ctx.efficiency.trainCompute
                               / std::max(1e-9, ctx.efficiency.lowPrecisionShare);
        out.logitsS = gemmTimeS(output, tokens, v / t, h, act) * (1.0 + backward)
                      + 32.0 * tokens * v / t / r.hbmBytesPerS;
    }

    // --- tensor-parallel collectives: per layer 2 forward + 2 backward
    // all-reduces (or RS+AG with SP, same bytes) of the b·s·h activation
    // (Shoeybi et al. 2019 §3; Korthikanti 2022 §4.2.2), +2 with full
    // recompute. Overlapped with the GEMMs when on (Wang et al. 2022,
    // "Overlap communication with dependent computation via decomposition";
    // NeMo tp_comm_overlap): the chunked pipeline leaves the first chunk
    // of each collective exposed, taken as 10 %.
    if (setup.tensor > 1) {
        const double boundary = tokens * h * act;
        const double perLayer = (4.0 + 2.0 * fullRecompute) * allReduceS(boundary, setup.tensor, 1, ctx.rates);
        out.tpCommS = layers * perLayer;
        if (tpCommOverlapOn(ctx)) {
            const double hidden = std::min(0.9 * out.tpCommS, out.gemmS);
            const OverlapCost cost = overlapCost(out.tpCommS, hidden);
            out.tpExposedS = cost.exposedS;
            out.overlapSlowdownS += cost.slowdownS;
        } else {
            out.tpExposedS = out.tpCommS;
        }
    }
    // --- context parallel: ring exchange of the local K and V chunk, cp−1
    // steps forward, K/V and their gradients backward (Liu et al. 2023,
    // Ring Attention §3; Megatron-Core CP), overlapped with the attention
    // blocks it feeds.
    if (cp > 1) {
        const double kvHeads = std::max(1.0, m.kvHeads / t);
        const double kv = tokens * kvHeads * (m.qkHeadDim() + m.valueHeadDim()) * act;
        const LinkLevel level = groupLevel(setup.tensor, cp, ctx.rates.gpusPerNode, ctx.rates);
        const double bw = levelBytesPerS(ctx.rates, level);
        const double perLayer = bw > 0 ? 3.0 * (cp - 1) * (kv / bw + levelLatencyS(ctx.rates, level))
                                       : 1e30;
        out.cpCommS = layers * perLayer;
        const OverlapCost cost = overlapCost(out.cpCommS, out.attentionS);
        out.cpExposedS = cost.exposedS;
        out.overlapSlowdownS += cost.slowdownS;
    }
    // --- MoE dispatch + combine all-to-all, forward and backward, k copies
    // of each token (GShard, Lepikhin et al. 2020 §2.2); not overlapped.
    if (setup.expert > 1 && m.isMoe() && sp.moeLayers > 0) {
        const LinkLevel level = groupLevel(setup.tensor * cp, setup.expert, ctx.rates.gpusPerNode,
                                           ctx.rates);
        const double bw = levelBytesPerS(ctx.rates, level);
        const double bytes = 4.0 * m.expertsPerToken * tokens * h * act * (setup.expert - 1)
                             / setup.expert * sp.moeLayers;
        out.epCommS = bw > 0 ? bytes / bw : 1e30;
    }
    return out;
}

} // namespace infrafit
