// SPDX-License-Identifier: Apache-2.0
#include "core/analysis/flops.h"

#include <algorithm>

namespace infrafit {

LayerFlops layerFlops(const ModelSpec& m, const ParameterCount& c, double s)
{
    LayerFlops f;
    // Causal attention: each query attends to (on average) half the
    // sequence; QKᵀ and A·V are each 2·ctx·(heads·dim) FLOPs per token
    // (Korthikanti et al. 2022 App. A, with the causal halving NeMo uses).
    double ctx = s / 2.0;
    if (m.slidingWindow > 0)
        ctx = std::min(ctx, double(m.slidingWindow));
    const double a = m.attentionHeads;
    f.attentionCoreDense = 2.0 * ctx * a * m.qkHeadDim() + 2.0 * ctx * a * m.valueHeadDim();
    f.denseLayer = 2.0 * (c.perDenseLayer - c.normsPerLayer) + f.attentionCoreDense;
    if (m.isMoe())
        f.moeLayer = 2.0 * (c.perMoeLayerActive - c.normsPerLayer) + f.attentionCoreDense;
    f.logits = 2.0 * double(m.vocabSize) * m.hiddenSize;
    return f;
}

double forwardFlopsPerToken(const ModelSpec& m, const LayerFlops& f)
{
    return m.denseLayers() * f.denseLayer + m.moeLayers() * f.moeLayer + f.logits;
}

} // namespace infrafit
