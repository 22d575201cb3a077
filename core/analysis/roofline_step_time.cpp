// SPDX-License-Identifier: Apache-2.0
#include "core/analysis/roofline_step_time.h"

#include "core/analysis/hardware_rates.h"

#include <algorithm>
#include <cmath>

namespace infrafit {

RooflineStepTime::RooflineStepTime(const Workload& workload, const ResolvedConfiguration& config,
                                   const AnalysisResult& analysis)
{
    const auto peak = peakFlopsPerS(config.gpu, workload.precision);
    const double t = std::max(1, analysis.parallelism.tensor);
    const double p = std::max(1, analysis.parallelism.pipeline);
    const ModelSpec& m = workload.model;
    mComputeRate = peak.value_or(0) * analysis.computeEfficiency * t;
    mMemoryRate = config.gpu.memoryBandwidthGbs * 1e9 * analysis.memoryEfficiency * t;
    mLinearFlopsPerToken = 2.0 * matmulParametersPerToken(m, analysis.parameters);
    // Attention per token and context token: 2·d_attn for the query·key
    // logits and 2·d_attn for softmax·value per layer (Hoffmann et al. 2022,
    // "Chinchilla", Appendix F), d_attn = heads × head width.
    mAttentionFlopsPerContextToken = 4.0 * m.layers * m.attentionHeads
                                     * 0.5 * (m.qkHeadDim() + m.valueHeadDim());
    mWeightBytes = analysis.memory.weightsBytes * t * p;
    mKvBytesPerToken = analysis.inference.kvBytesPerToken;
    mFixedS = std::isfinite(analysis.interconnect.exposedTimeS)
                  ? std::max(0.0, analysis.interconnect.exposedTimeS)
                  : 0.0;
    mUsable = analysis.analyzed && mComputeRate > 0 && mMemoryRate > 0
              && std::isfinite(mWeightBytes);
}

double RooflineStepTime::stepTimeS(int prefillTokens, int decodeTokens, double contextTokens) const
{
    if (!mUsable)
        return 1e6;
    const double tokens = double(prefillTokens) + double(decodeTokens);
    const double context = std::max(0.0, contextTokens);
    const double flops = tokens * (mLinearFlopsPerToken + mAttentionFlopsPerContextToken * context);
    const double bytes = mWeightBytes + double(decodeTokens) * context * mKvBytesPerToken;
    return std::max(flops / mComputeRate, bytes / mMemoryRate) + mFixedS;
}

} // namespace infrafit
