// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/analysis/training_constants.h"
#include "core/analysis/analysis_result.h"
#include "core/analysis/hardware_rates.h"
#include "core/config/resolved_configuration.h"
#include "core/workload/workload.h"

namespace infrafit {

/// The plan-independent inputs of an analysis (parameter count, peak
/// FLOP/s, efficiencies, link rates), resolved once per (workload,
/// configuration) so a plan search does not recompute them for every plan.
struct PlanInputs {
    ParameterCount parameters;
    std::optional<double> peakFlopsPerS;
    Efficiency efficiency;
    LinkRates rates;
    std::optional<double> attentionPeakFlopsPerS; ///< bf16/fp16 peak (fp8/fp4: attention stays 16-bit)
};
PlanInputs preparePlanInputs(const Workload& workload, const ResolvedConfiguration& config);

/// Analyses with an explicit plan (data = 0 → derived from the GPU count).
/// Cheap (a few µs): the chooser calls it for each candidate; findings
/// text, the per-stage list and `bindingLimit` are only built when
/// `withFindings`.
AnalysisResult analyzeWithPlan(const Workload& workload, const ResolvedConfiguration& config,
                               const Parallelism& plan, bool withFindings = true);
/// The same with inputs prepared by preparePlanInputs() for this workload
/// and configuration (the plan search's hot path; allocates nothing when
/// !withFindings and the plan is valid).
AnalysisResult analyzeWithPlan(const Workload& workload, const ResolvedConfiguration& config,
                               const Parallelism& plan, const PlanInputs& inputs,
                               bool withFindings);

/// Adds the `speed.not_available` finding to an analysed plan that does not
/// fit in GPU memory (it cannot run, so its speed figures are not shown).
void addNoSpeedNote(AnalysisResult& result);

/// Share of vendor capacity kept back in training; sourced in the table of
/// core/analysis/training_constants.h (the CUDA context is counted
/// separately, training_memory.h).
inline constexpr double hbmReserveFraction = trainingModel.hbmReserveFraction;
/// Exposed communication above this share of step time is "insufficient".
/// A design threshold of InfraFit's, not a published figure.
inline constexpr double maxCommunicationFraction = 0.25;

} // namespace infrafit
