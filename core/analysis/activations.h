// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/model/model_spec.h"
#include "core/workload/workload.h"

namespace infrafit {

/// What the activation model needs about one micro-batch and the plan.
struct ActivationInputs {
    double sequenceLength = 0;
    double microBatch = 1;
    int tensor = 1;
    bool sequenceParallel = false;
    Recompute recompute = Recompute::None;
    bool flashAttention = true;
    bool dropout = false;          ///< dropout > 0: masks stored (1 byte/element)
    double activationBytes = 2;    ///< bytes per stored activation element
    /// Bytes per element of a stored GEMM input (the QKV, output-projection,
    /// fc1 and fc2 inputs the weight-gradient GEMMs read). FP8 training with
    /// Transformer Engine keeps the fp8-cast input (column-wise data only,
    /// 1 byte) instead of the 16-bit tensor (TE pytorch/module/linear.py,
    /// forward: "Discard row-wise data since it is not needed in backward
    /// pass"; `saved_inputmat = inputmat`); NVFP4 keeps its 4-bit copy with
    /// one E4M3 scale per 16 values (0.5625 bytes). Negative: same as
    /// activationBytes.
    double gemmInputBytes = -1;
};

/// Activation bytes stored for backward by one transformer layer on one GPU,
/// Korthikanti et al. 2022 §4 (Table 2) generalised: per layer
/// sbh(10 + 24/t + 5as/(ht)) for GPT blocks with TP; with SP the replicated
/// 10sbh is also /t; selective recompute (and FlashAttention) drop the
/// 5as²b/t softmax terms; full recompute keeps only the layer input.
/// Generalised for f ≠ 4h (2sbf per MLP tensor, 3 tensors when gated),
/// GQA/MQA (K,V at max(g/t,1) heads per rank), MLA widths, dropout masks
/// only when dropout > 0, and MoE (k routed copies of each token, router
/// logits/probs in fp32, shared experts).
double layerActivationBytes(const ModelSpec& model, const ActivationInputs& in, bool moeLayer);

/// Micro-batches whose activations a pipeline stage holds at its peak:
/// 1F1B keeps min(m, p − stage) (the first stage holds p; Narayanan et al.
/// 2021 §2.2.1); the interleaved schedule adds (p − 1 − stage)/v, which for
/// the first stage gives the factor 1 + (p−1)/(p·v) of Korthikanti et al.
/// 2022 §4.2.3 (scaled by min(1, m/p) when m < p).
double inFlightMicroBatches(int pipeline, int virtualStages, double microBatches, int stage);

} // namespace infrafit
