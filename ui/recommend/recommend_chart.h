// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/search/recommend.h"

#include <vector>

class QChart;

namespace infrafit::ui {

/// Fills `chart` (cleared first) with the candidates as cost against time to
/// train (training; step time when the workload sets no training tokens) or
/// against output tokens/s (inference). Three scatter series, named for
/// tests: "Pareto front" (every point of `front`, ranked or not),
/// "Dominated" (the ranked candidates off the front) and "Balanced" (rank 1,
/// also in one of the others). Cost is capex or TCO as the budget basis says, in
/// thousands of the display currency (ui/format.h). Converts units only;
/// computes no figure.
void buildRecommendationChart(QChart* chart, const std::vector<RecommendedCandidate>& candidates,
    const std::vector<FrontPoint>& front, const Workload& workload, BudgetBasis basis);

} // namespace infrafit::ui
