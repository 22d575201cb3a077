// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/analysis/analysis_result.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace infrafit {

/// `{"results": [...]}` as `analyze --format json` prints it
/// (docs/architecture.md "Analysis JSON").
nlohmann::json analysisResultsToJson(const std::vector<AnalysisResult>& results);

/// The readable report: one table per result (see core/output/text_report.h).
std::string analysisResultsToText(const std::vector<AnalysisResult>& results);

} // namespace infrafit
