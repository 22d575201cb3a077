// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/analysis/analysis_result.h"

namespace infrafit {

/// The figures one analysis is judged by, taken out of an AnalysisResult in
/// one place (issue 21): the plan search ranks by them, the comparison
/// matrix, the BOM verdict and the GUI dashboard show them. Every number is
/// finite (a non-finite figure becomes 0). The speed figures stay filled for
/// a plan that does not fit, because the searches compare such plans; what
/// is shown to a user checks speedAvailable() first (issue 23 item 7).
struct Headline {
    WorkloadKind kind = WorkloadKind::Training;
    bool analyzed = false; ///< false: the plan could not be analysed (error finding)
    bool fits = false;     ///< analysed and within usable GPU memory
    BindingLimit bindingLimit = BindingLimit::None;
    double memoryBytes = 0; ///< most-loaded GPU
    double usableBytes = 0;
    double stepTimeS = 0;
    double tokensPerS = 0;
    double trainingDays = 0;
    double mfu = 0;
    double ttftS = 0;
    double tpotS = 0;
    double outputTokensPerS = 0;
    double communicationFraction = 0;
    /// Share of the step (training) or token time (inference) in which the
    /// NICs carry the plan's traffic (0 when nothing crosses nodes).
    double nicBusyFraction = 0;
    int errors = 0;
    int warnings = 0;
    int infos = 0;

    /// Whether the speed figures describe a job that can run
    /// (speedAvailable(AnalysisResult)).
    [[nodiscard]] bool speedAvailable() const { return analyzed && fits; }
};

/// The headline of `result` (cheap: the plan search calls it per plan).
[[nodiscard]] Headline headlineOf(const AnalysisResult& result);

} // namespace infrafit
