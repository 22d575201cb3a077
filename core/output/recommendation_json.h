// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/search/recommend.h"

#include <nlohmann/json.hpp>

namespace infrafit {

/// Findings as `[{severity, code, message, suggestion}]` (suggestion always
/// present, "" when none): recommend's and utilisation's JSON.
nlohmann::json findingsToJson(const Findings& findings);

/// `recommend --format json` (docs/architecture.md "Reports"): {"candidates": [...], "findings":
/// [...], "search": {...}}; each candidate has `configuration` (as in a
/// project file), `parallelism`, `analysis` (the analyze result object),
/// `score`, `score_breakdown`, `pareto`, `reasons`.
nlohmann::json recommendationToJson(const Recommendation& recommendation);

} // namespace infrafit
