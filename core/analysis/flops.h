// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/model/parameter_count.h"

namespace infrafit {

/// FLOP convention used everywhere in InfraFit (stated in every report):
/// one multiply-add = 2 FLOPs; matmuls of the active parameters and the LM
/// head (logits) are counted; attention score/value products use the causal
/// average context s/2 (NeMo/Megatron-Bridge "model TFLOP/s"; capped at the
/// sliding window); backward = 2 × forward (Kaplan et al. 2020 §2.1, EleutherAI
/// Transformer Math 101: C = 6ND); recomputation counts in HFU only.
struct LayerFlops {
    double denseLayer = 0; ///< forward FLOPs per token of one dense layer at context s
    double moeLayer = 0;   ///< forward FLOPs per token of one MoE layer (k experts)
    double logits = 0;     ///< forward FLOPs per token of the LM head (2·V·h)
    double attentionCoreDense = 0; ///< the s-dependent attention part of a layer
};

/// Per-token forward FLOPs at sequence length `s` (causal average s/2).
LayerFlops layerFlops(const ModelSpec& model, const ParameterCount& params, double s);

/// Forward FLOPs per token of the whole model: Σ layers + logits.
double forwardFlopsPerToken(const ModelSpec& model, const LayerFlops& flops);

} // namespace infrafit
