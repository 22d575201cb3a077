// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/bom/bill_of_materials.h"

#include <optional>
#include <string>
#include <vector>

namespace infrafit {

/// Shortest text that reads back as the same double ("1234.5", "0.1"),
/// without grouping: for CSV and JSON-like output. "0" for NaN/infinity.
std::string plainNumber(double value);

/// "$1,234,567.00" (negative: "-$12.00"); "$0.00" for NaN/infinity.
std::string formatUsd(double value);

/// A report's title: "Bill of materials: PROJECT - CONFIGURATION" (the
/// configuration alone when the project has no name), so a BOM says whose
/// plan it is.
std::string bomTitle(const BomSummary& summary);

/// The capital cost as a figure: "$1,234.00", or "≥ $1,234.00 (1 part
/// unpriced)" when a line has no price (a sum with unknown terms is only a
/// lower bound).
std::string formatTotalUsd(const BomTotals& totals);

/// A readable label for a line kind: "GPU", "Chassis", "Transceiver".
std::string kindLabel(const std::string& kind);

/// The total's caption: "Total", "Total (includes estimated prices)",
/// "Total (prices missing: …)".
std::string totalCaption(const BomTotals& totals);

/// One figure of the summary, shared by the XLSX, PDF and HTML reports so
/// they say the same thing. `value` is the number (absent for text rows);
/// `text` is the figure as printed, with its unit.
struct SummaryRow {
    std::string section;
    std::string label;
    std::optional<double> value;
    std::string unit; ///< "USD", "W", "BTU/h", "CFM", "m3/h", "days", "tokens/s", "s", ...
    std::string text;
};

/// The summary as rows, section by section: report, verdict, power, heat
/// and airflow, cost. Findings and assumptions are listed separately.
std::vector<SummaryRow> bomSummaryRows(const BillOfMaterials& bom);

} // namespace infrafit
