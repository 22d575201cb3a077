// SPDX-License-Identifier: Apache-2.0
#include "core/search/plan_evaluator.h"

#include <algorithm>

namespace infrafit {

PlanFigures figuresOf(const AnalysisResult& r)
{
    PlanFigures f;
    f.analyzed = r.analyzed;
    f.fits = r.analyzed && r.fits;
    f.memoryBytes = r.memory.totalBytes();
    f.usableBytes = r.usableBytes;
    const auto& p = r.performance;
    f.stepTimeS = p.stepTimeS;
    f.tokensPerS = p.tokensPerS;
    f.trainingDays = p.trainingDays;
    f.ttftS = p.ttftS;
    f.tpotS = p.tpotS;
    f.outputTokensPerS = p.outputTokensPerS;
    const auto& c = r.interconnect;
    f.communicationFraction = c.communicationFraction;
    double nicS = 0;
    nicS += c.tpLevel == LinkLevel::Nic ? c.tpTimeS : 0;
    nicS += c.dpLevel == LinkLevel::Nic ? c.dpTimeS : 0;
    nicS += c.ppLevel == LinkLevel::Nic ? c.ppTimeS : 0;
    nicS += c.epLevel == LinkLevel::Nic ? c.epTimeS : 0;
    const double periodS = r.kind == WorkloadKind::Training ? p.stepTimeS : p.tpotS;
    f.nicBusyFraction = periodS > 0 ? std::min(1.0, nicS / periodS) : 0;
    return f;
}

PlanEvaluator::PlanEvaluator(const PlanSpace& space, const ResolvedConfiguration& config)
    : mSpace(space), mConfig(config)
{
    if (!space.variants.empty())
        mInputs = preparePlanInputs(space.variants.front(), config);
}

PlanFigures PlanEvaluator::evaluate(const PlanPoint& point) const
{
    return figuresOf(analyze(point, false));
}

AnalysisResult PlanEvaluator::analyze(const PlanPoint& point, bool withFindings) const
{
    const Workload& w = mSpace.variants[std::size_t(point.variant)];
    return analyzeWithPlan(w, mConfig, point.plan, mInputs, withFindings);
}

} // namespace infrafit
