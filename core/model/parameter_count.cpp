// SPDX-License-Identifier: Apache-2.0
#include "core/model/parameter_count.h"

namespace infrafit {
namespace {

// Attention projections. Standard/GQA: Wq (h×a·d), Wk and Wv (h×g·d), Wo
// (a·d×h) — Megatron-LM theoretical_memory_usage.py: 2·h·h·(1 + g/a) for
// q = h; biases per projection when `bias`. MLA (DeepSeek-V2 paper §2.1.2,
// DeepSeek-V3 config): q down/up with q-norm, joint kv down-projection to
// kv_lora_rank + rope dim, kv-norm, kv up-projection to heads·(nope + v), Wo.
double attentionParameters(const ModelSpec& m)
{
    const double h = m.hiddenSize;
    const double a = m.attentionHeads;
    if (m.isMla()) {
        const double qHead = m.qkNopeHeadDim + m.qkRopeHeadDim;
        double q = 0;
        if (m.qLoraRank > 0)
            q = h * m.qLoraRank + m.qLoraRank + double(m.qLoraRank) * a * qHead;
        else
            q = h * a * qHead;
        const double kv = h * (m.kvLoraRank + m.qkRopeHeadDim) + m.kvLoraRank
                          + double(m.kvLoraRank) * a * (m.qkNopeHeadDim + m.valueHeadDim());
        const double o = a * m.valueHeadDim() * h;
        return q + kv + o;
    }
    const double qWidth = a * m.qkHeadDim();
    const double kvWidth = double(m.kvHeads) * m.qkHeadDim();
    const double vWidth = double(m.kvHeads) * m.valueHeadDim();
    const double oIn = a * m.valueHeadDim();
    double p = h * qWidth + h * kvWidth + h * vWidth + oIn * h;
    if (m.bias)
        p += qWidth + kvWidth + vWidth + h;
    return p;
}

// MLP: 2·h·f, or 3·h·f for gated (SwiGLU/GeGLU) — Megatron-LM
// theoretical_memory_usage.py (γ = 3/2); Shazeer 2020 "GLU Variants" §2.
double mlpParameters(const ModelSpec& m, double f)
{
    const double h = m.hiddenSize;
    double p = (m.gatedMlp ? 3.0 : 2.0) * h * f;
    if (m.bias)
        p += (m.gatedMlp ? 2.0 : 1.0) * f + h;
    return p;
}

double normParameters(const ModelSpec& m)
{
    // LayerNorm has weight + bias, RMSNorm a weight only (Zhang & Sennrich 2019).
    return (m.norm == NormKind::LayerNorm ? 2.0 : 1.0) * m.hiddenSize;
}

} // namespace

ParameterCount countParameters(const ModelSpec& m)
{
    ParameterCount c;
    const double h = m.hiddenSize;
    c.attentionPerLayer = attentionParameters(m);
    c.denseMlpPerLayer = mlpParameters(m, m.ffnHiddenSize);
    c.normsPerLayer = 2 * normParameters(m);
    c.perDenseLayer = c.attentionPerLayer + c.denseMlpPerLayer + c.normsPerLayer;
    if (m.isMoe()) {
        c.expertPerLayer = mlpParameters(m, m.expertFfnSize());
        // Router: h×E gate (llm-analysis counts it; Megatron omits it).
        c.routerPerLayer = h * m.experts;
        const double shared = m.sharedExperts * c.expertPerLayer;
        c.perMoeLayer = c.attentionPerLayer + c.normsPerLayer + c.routerPerLayer + shared
                        + m.experts * c.expertPerLayer;
        c.perMoeLayerActive = c.attentionPerLayer + c.normsPerLayer + c.routerPerLayer + shared
                              + m.expertsPerToken * c.expertPerLayer;
    }
    c.embedding = double(m.vocabSize) * h;
    c.positions = m.positionEmbedding == PositionEmbedding::Learned ? double(m.maxPositions) * h : 0;
    c.outputHead = m.tiedEmbeddings ? 0 : double(m.vocabSize) * h;
    c.finalNorm = normParameters(m);
    const double outside = c.embedding + c.positions + c.outputHead + c.finalNorm;
    c.total = outside + c.blocks(m);
    c.active = outside + m.denseLayers() * c.perDenseLayer + m.moeLayers() * c.perMoeLayerActive;
    return c;
}

double matmulParametersPerToken(const ModelSpec& m, const ParameterCount& c)
{
    // Norm weights are not matmuls; the LM head (tied or not) is a V×h matmul.
    const double perDense = c.perDenseLayer - c.normsPerLayer;
    const double perMoe = c.perMoeLayerActive - c.normsPerLayer;
    return m.denseLayers() * perDense + m.moeLayers() * perMoe
           + double(m.vocabSize) * m.hiddenSize;
}

} // namespace infrafit
