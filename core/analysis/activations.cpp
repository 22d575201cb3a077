// SPDX-License-Identifier: Apache-2.0
#include "core/analysis/activations.h"

#include <algorithm>

namespace infrafit {

double layerActivationBytes(const ModelSpec& m, const ActivationInputs& in, bool moeLayer)
{
    const double sb = in.sequenceLength * in.microBatch;
    const double h = m.hiddenSize;
    const double t = std::max(1, in.tensor);
    const double B = in.activationBytes;
    const double G = in.gemmInputBytes >= 0 ? in.gemmInputBytes : B;
    const double mask = in.dropout ? 1.0 : 0.0;
    // Replicated across TP ranks unless sequence parallelism shards them
    // (Korthikanti et al. 2022 §4.2.2).
    const double rep = in.sequenceParallel ? 1.0 / t : 1.0;

    if (in.recompute == Recompute::Full) {
        // Only the layer input is kept (Korthikanti Table 2, "full": 2sbh, /t with SP).
        return B * sb * h * rep;
    }

    // --- attention block (Korthikanti §4.1, "Attention block": 11sbh + 5as²b)
    const double a = m.attentionHeads;
    const double headsPerRank = a / t;
    const double qkDim = m.qkHeadDim();
    const double vDim = m.valueHeadDim();
    // KV heads per rank: split when g >= t, replicated (1 head) otherwise.
    const double kvHeadsPerRank = m.isMla() ? headsPerRank : std::max(double(m.kvHeads) / t, 1.0);
    double attention = rep * (B * sb * h     // LayerNorm input
                              + G * sb * h   // QKV projection input
                              + mask * sb * h); // output dropout mask
    attention += B * sb * headsPerRank * qkDim     // Q
                 + B * sb * kvHeadsPerRank * qkDim // K
                 + B * sb * kvHeadsPerRank * vDim  // V
                 + B * sb * headsPerRank * vDim;   // attention output (projection input)
    // A quantized projection input is a second copy next to the attention
    // output, which the attention backward still needs at 16 bits.
    if (G < B)
        attention += G * sb * headsPerRank * vDim;
    if (in.flashAttention) {
        // FlashAttention stores only the fp32 softmax log-sum-exp per row
        // (Dao 2023, FlashAttention-2 §3.1.1); no s² tensors.
        attention += 4.0 * sb * headsPerRank;
    } else if (in.recompute == Recompute::None) {
        // Softmax output (B), dropout mask (1), dropout output (B): 5as²b/t for B = 2.
        const double scores = headsPerRank * in.sequenceLength * sb;
        attention += scores * (B + mask + (in.dropout ? B : 0.0));
    }

    // --- MLP block (Korthikanti §4.1, "MLP": 19sbh for f = 4h)
    const double actInputs = m.gatedMlp ? 2.0 : 1.0;    // act-fn input(s), 16-bit
    const double ffnBytes = actInputs * B + G;           // ... + fc2 input
    double mlp = rep * (B * sb * h + mask * sb * h);     // LayerNorm input, dropout mask
    if (!moeLayer) {
        mlp += rep * G * sb * h;                         // fc1 input
        mlp += ffnBytes * sb * m.ffnHiddenSize / t;
    } else {
        const double k = m.expertsPerToken;
        const double f = m.expertFfnSize();
        mlp += rep * B * sb * h;                         // router / shared-expert input
        mlp += rep * 8.0 * sb * m.experts;               // router logits + probabilities (fp32)
        mlp += rep * k * G * sb * h;                     // dispatched token copies (fc1 inputs)
        mlp += (k + m.sharedExperts) * ffnBytes * sb * f / t;
    }
    return attention + mlp;
}

double inFlightMicroBatches(int pipeline, int virtualStages, double microBatches, int stage)
{
    const double p = std::max(1, pipeline);
    const double m = std::max(1.0, microBatches);
    double inFlight = std::min(m, p - stage);
    if (virtualStages > 1)
        inFlight += (p - 1.0 - stage) / virtualStages * std::min(1.0, m / p);
    return std::max(1.0, inFlight);
}

} // namespace infrafit
