// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/analysis/analysis_result.h"
#include "core/config/resolved_configuration.h"
#include "core/serving/step_time_model.h"
#include "core/workload/workload.h"

namespace infrafit {

/// STOP-GAP step-time model for the serving simulator, built from today's
/// inference analysis until the per-step model of issue 16 (core/analysis,
/// branch speed-serving) replaces it; the lead swaps it in servingStepTime().
/// One step of a replica is a roofline (Williams, Waterman and Patterson,
/// CACM 52(4) 2009): the larger of
///   compute  (p + d) · (2·N_matmul + 4·L·ctx·d_attn) / (F · eff · t)
///            (forward FLOPs per token: Kaplan et al. 2020 Table 1 for the
///            weights, Hoffmann et al. 2022 Appendix F for attention)
///   memory   (W + d · ctx · kv_bytes_per_token) / (BW · eff · t)
///            (every weight and the decoding sequences' KV read once)
/// plus the exposed communication per step of the analysis (tensor
/// all-reduces and pipeline hops at its batch), with p prefill and d decode
/// tokens, t GPUs per tensor group and W the replica's weight bytes.
class RooflineStepTime final : public StepTimeModel {
public:
    RooflineStepTime(const Workload& workload, const ResolvedConfiguration& config,
                     const AnalysisResult& analysis);
    [[nodiscard]] double stepTimeS(int prefillTokens, int decodeTokens,
                                   double contextTokens) const override;
    [[nodiscard]] bool isUsable() const { return mUsable; }

private:
    double mComputeRate = 0;      ///< FLOP/s of the tensor group
    double mMemoryRate = 0;       ///< bytes/s of the tensor group
    double mLinearFlopsPerToken = 0;
    double mAttentionFlopsPerContextToken = 0;
    double mWeightBytes = 0;
    double mKvBytesPerToken = 0;
    double mFixedS = 0;
    bool mUsable = false;
};

} // namespace infrafit
