// SPDX-License-Identifier: Apache-2.0
#include "core/pipeline/plan_evaluator.h"

#include <algorithm>

namespace infrafit {

PlanEvaluator::PlanEvaluator(const PlanSpace& space, const ResolvedConfiguration& config)
    : mSpace(space), mConfig(config)
{
    if (!space.variants.empty())
        mInputs = preparePlanInputs(space.variants.front(), config);
}

Headline PlanEvaluator::evaluate(const PlanPoint& point) const
{
    return headlineOf(analyze(point, false));
}

AnalysisResult PlanEvaluator::analyze(const PlanPoint& point, bool withFindings) const
{
    const Workload& w = mSpace.variants[std::size_t(point.variant)];
    return analyzeWithPlan(w, mConfig, point.plan, mInputs, withFindings);
}

} // namespace infrafit
