// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/analysis/analysis_result.h"
#include "core/analysis/serving_step.h"
#include "core/config/resolved_configuration.h"
#include "core/serving/step_time_model.h"
#include "core/workload/workload.h"

#include <optional>

namespace infrafit {

/// The step time the serving simulator (core/serving) runs on: the
/// per-operation step model of serving_step.h for the analysed plan — every
/// operation of a block timed as max(FLOPs / compute, bytes / HBM), weights
/// read once per step, each decoding sequence's KV cache read in full,
/// prefill attention against the chunk's causal context, two tensor-parallel
/// all-reduces per block and the fixed per-step costs (issue 16, item 2; it
/// replaced a whole-replica roofline that left out KV reads of prefill,
/// attention FLOPs per operation and the fixed costs).
class ServingStepTime final : public StepTimeModel {
public:
    /// From the analysis of `workload` on `config` (its plan); unusable when
    /// the analysis failed or the GPU has no rate at the precision.
    ServingStepTime(const Workload& workload, const ResolvedConfiguration& config,
                    const AnalysisResult& analysis);
    explicit ServingStepTime(const ServingStepModel& model);

    [[nodiscard]] double stepTimeS(int prefillTokens, int decodeTokens,
                                   double contextTokens) const override;
    [[nodiscard]] double compositionStepTimeS(const StepComposition& step) const override;
    [[nodiscard]] bool isUsable() const { return mUsable; }
    [[nodiscard]] const ServingStepModel& model() const { return mModel; }

private:
    ServingStepModel mModel;
    bool mUsable = false;
};

} // namespace infrafit
