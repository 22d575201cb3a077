// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/analysis/analysis_result.h"
#include "core/analysis/analyze.h"
#include "core/config/resolved_configuration.h"
#include "core/search/plan_space.h"

namespace infrafit {

/// The figures a plan search compares, for one plan point.
struct PlanFigures {
    bool analyzed = false;  ///< false: the plan could not be analysed (error finding)
    bool fits = false;
    double memoryBytes = 0; ///< most-loaded GPU
    double usableBytes = 0;
    double stepTimeS = 0;
    double tokensPerS = 0;
    double trainingDays = 0;
    double ttftS = 0;
    double tpotS = 0;
    double outputTokensPerS = 0;
    double communicationFraction = 0;
    /// Share of the step (training) or token time (inference) in which the
    /// NICs carry the plan's traffic (0 when nothing crosses nodes).
    double nicBusyFraction = 0;
};

/// Evaluates plan points of one plan space on one configuration through
/// the analysis itself (analyzeWithPlan with inputs prepared once and no
/// findings: the same formulas as `analyze`, nothing duplicated). Holds
/// references: the space and the configuration must outlive it. `const`
/// methods are safe to call from several threads at once.
class PlanEvaluator {
public:
    PlanEvaluator(const PlanSpace& space, const ResolvedConfiguration& config);

    [[nodiscard]] PlanFigures evaluate(const PlanPoint& point) const;
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

/// Figures of an analysis result (shared by the evaluator and tests).
PlanFigures figuresOf(const AnalysisResult& result);

} // namespace infrafit
