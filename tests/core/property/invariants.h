// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/analysis/analysis_result.h"
#include "core/bom/bill_of_materials.h"
#include "core/config/resolved_configuration.h"
#include "core/workload/workload.h"

#include <nlohmann/json.hpp>

#include <string>

namespace infrafit::property {

/// Appends "what: detail" to `failures` (one line per broken property).
void fail(std::string& failures, const std::string& what, const std::string& detail = {});

/// |a − b| <= tol · max(|a|, |b|, 1): equal up to summation round-off.
bool nearlyEqual(double a, double b, double tol = 1e-9);

/// The JSON pointer of the first non-finite number in `j`, or empty.
std::string firstNonFinite(const nlohmann::json& j, const std::string& pointer = {});

/// The properties every evaluate() result and its bill of materials must
/// have, whatever the (valid) input: every number finite (report JSON, BOM
/// JSON and the figures the JSON rounds to integers), totals equal to the
/// sum of their parts (memory per GPU and per stage, node power, cluster and
/// rack power, capital cost and BOM), the most-loaded stage the largest, and
/// `fits` consistent with the lines. `walkBomJson` also walks bomToJson()
/// (slow; the BOM's own numbers pass through finite() in build_bom.cpp, so
/// the caller samples it). Returns the failures ("" = none).
std::string checkInvariants(const Workload& w, const ResolvedConfiguration& rc,
    const AnalysisResult& result, const BillOfMaterials& bom, bool walkBomJson = true);

} // namespace infrafit::property
