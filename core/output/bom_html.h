// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/bom/bill_of_materials.h"

#include <string>

namespace infrafit {

/// `text` with &, <, >, " and ' replaced by entities.
std::string htmlEscape(const std::string& text);

/// The BOM as one self-contained HTML5 file (inline CSS, inline SVG charts,
/// no scripts, no external resources) with the same content as the PDF:
/// title block, BOM table with subtotals and total, charts, summary,
/// findings and assumptions. Every text from the project is escaped.
std::string bomToHtml(const BillOfMaterials& bom);

} // namespace infrafit
