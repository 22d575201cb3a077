// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/analysis/headline.h"
#include "core/analysis/analysis_result.h"
#include "core/pipeline/analyze.h"
#include "core/config/resolved_configuration.h"
#include "core/pipeline/plan_space.h"

namespace infrafit {

/// Evaluates plan points of one plan space on one configuration through
/// the analysis itself (analyzeWithPlan with inputs prepared once and no
/// findings: the same formulas as `analyze`, nothing duplicated). Holds
/// references: the space and the configuration must outlive it. `const`
/// methods are safe to call from several threads at once.
class PlanEvaluator {
public:
    PlanEvaluator(const PlanSpace& space, const ResolvedConfiguration& config);

    [[nodiscard]] Headline evaluate(const PlanPoint& point) const;
    /// The full analysis of a point (findings, stages, binding limit when
    /// `withFindings`).
    [[nodiscard]] AnalysisResult analyze(const PlanPoint& point, bool withFindings) const;
    [[nodiscard]] const PlanSpace& space() const { return mSpace; }
    [[nodiscard]] const ResolvedConfiguration& config() const { return mConfig; }

private:
    const PlanSpace& mSpace;
    const ResolvedConfiguration& mConfig;
    PlanInputs mInputs;
};

} // namespace infrafit
