// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/analysis/analysis_result.h"

#include <string>

namespace infrafit {

/// A readable plain-text report of one result: header (workload ×
/// configuration, plan), a memory table per GPU with GiB and GB columns,
/// speed figures, interconnect, the binding limit, findings and the
/// assumptions behind the numbers. Deterministic (golden-file friendly).
std::string textReport(const AnalysisResult& result);

} // namespace infrafit
