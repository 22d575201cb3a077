// SPDX-License-Identifier: Apache-2.0
#include "core/analysis/serving_step_time.h"

#include <algorithm>
#include <cmath>

namespace infrafit {
namespace {

/// A step the model cannot time (unusable model) lasts so long that every
/// SLA fails: the simulator then reports the plan as missing it, never as
/// holding it.
constexpr double servingStepUnusableS = 1e6;

} // namespace

ServingStepTime::ServingStepTime(const Workload& workload, const ResolvedConfiguration& config,
                                 const AnalysisResult& analysis)
{
    if (!analysis.analyzed)
        return;
    Parallelism plan = analysis.parallelism;
    plan.tensor = std::max(1, plan.tensor);
    plan.pipeline = std::max(1, plan.pipeline);
    if (const auto model = servingStepModel(workload, config, plan)) {
        mModel = *model;
        mUsable = mModel.peakFlopsPerS > 0 && mModel.hbmBytesPerS > 0 && mModel.layers > 0;
    }
}

ServingStepTime::ServingStepTime(const ServingStepModel& model)
    : mModel(model), mUsable(model.peakFlopsPerS > 0 && model.hbmBytesPerS > 0 && model.layers > 0)
{
}

double ServingStepTime::stepTimeS(int prefillTokens, int decodeTokens, double contextTokens) const
{
    StepComposition step;
    step.prefillTokens = prefillTokens;
    step.decodeTokens = decodeTokens;
    step.prefillContextTokens = contextTokens / 2.0;
    step.decodeContextTokens = contextTokens;
    step.meanContextTokens = contextTokens;
    step.logitTokens = decodeTokens + (prefillTokens > 0 ? 1 : 0);
    return compositionStepTimeS(step);
}

double ServingStepTime::compositionStepTimeS(const StepComposition& step) const
{
    if (!mUsable)
        return servingStepUnusableS;
    ServingStep s;
    s.prefillTokens = std::max(0, step.prefillTokens);
    s.prefillContextTokens = std::max(0.0, step.prefillContextTokens);
    s.decodeTokens = std::max(0, step.decodeTokens);
    s.decodeContextTokens = std::max(0.0, step.decodeContextTokens);
    s.logitTokens = std::max(0, step.logitTokens);
    const double t = servingStepTimes(mModel, s).totalS();
    return std::isfinite(t) && t > 0 ? t : servingStepUnusableS;
}

} // namespace infrafit
