// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/model/model_spec.h"

namespace infrafit {

/// Parameters of a model, split the way the memory and FLOP models need
/// them. All counts are exact for the architecture (doubles hold integers
/// well below 2^53). Invariants: total = embedding + positions + outputHead +
/// denseLayers·perDenseLayer + moeLayers·perMoeLayer + finalNorm, and
/// active <= total.
struct ParameterCount {
    double total = 0;
    double active = 0;           ///< per token: shared + k routed experts
    double embedding = 0;        ///< token embedding V·h
    double positions = 0;        ///< learned position table (0 for rotary/ALiBi)
    double outputHead = 0;       ///< V·h when untied, else 0 (shares the embedding)
    double finalNorm = 0;
    double attentionPerLayer = 0;
    double denseMlpPerLayer = 0;
    double normsPerLayer = 0;
    double perDenseLayer = 0;    ///< attention + dense MLP + norms
    double perMoeLayer = 0;      ///< attention + all experts + router + norms
    double perMoeLayerActive = 0;
    double expertPerLayer = 0;   ///< one routed expert's MLP
    double routerPerLayer = 0;
    /// Parameters of the transformer blocks only (no embeddings, head, final norm).
    [[nodiscard]] double blocks(const ModelSpec& m) const
    {
        return m.denseLayers() * perDenseLayer + m.moeLayers() * perMoeLayer;
    }
};

/// Counts parameters from the architecture: GQA/MQA and MLA attention,
/// GeLU or gated MLP, LayerNorm/RMSNorm, biases, learned or rotary positions,
/// tied or untied embeddings, MoE experts, shared experts and router.
ParameterCount countParameters(const ModelSpec& model);

/// Matrix parameters one token multiplies through in a forward pass
/// (active blocks + output head; embedding lookup and norms excluded):
/// the `N` of the 2·N FLOPs-per-token rule.
double matmulParametersPerToken(const ModelSpec& model, const ParameterCount& count);

} // namespace infrafit
