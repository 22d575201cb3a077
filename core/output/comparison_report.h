// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/compare/comparison.h"

#include <nlohmann/json.hpp>

#include <string>

namespace infrafit {

/// `compare --format json`: {"baseline": {"workload", "configuration"},
/// "metrics": [names], "workloads": [...], "configurations": [...],
/// "rows": [{"workload", "configuration", "kind", "baseline", "analyzed",
/// "fits", "binding_limit", "findings": {"errors", "warnings", "info"},
/// "values": {metric: number}, "deltas": {metric: {"absolute", "percent"
/// (null when the baseline is 0)}}}]}.
nlohmann::json comparisonToJson(const Comparison& comparison);

/// `compare --format text`: an aligned table, one line per pair, the
/// baseline marked "*", numbers followed by their change against it.
std::string comparisonToText(const Comparison& comparison);

/// `compare --format csv` (RFC 4180, one header row, numbers unformatted):
/// workload, configuration, baseline, kind, analyzed, fits, binding_limit,
/// errors, warnings, info, then per metric `<metric>`, `<metric>_delta`,
/// `<metric>_delta_pct` (empty when the baseline is 0).
std::string comparisonToCsv(const Comparison& comparison);

} // namespace infrafit
