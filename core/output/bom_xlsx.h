// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/bom/bill_of_materials.h"
#include "core/layout/rack_layout.h"

#include <string>

namespace infrafit {

/// The BOM as an Excel workbook (libxlsxwriter), returned as the file's
/// bytes. Sheet "Summary": Section | Item | Value | Unit, numbers as numbers
/// (currency format for USD), the capital cost as a formula on the Lines
/// sheet's total, then findings and assumptions. Sheet "Lines": header row
/// (frozen) Kind | Vendor | Model | Part id | Per node | Nodes | Quantity |
/// Unit price (USD) | Extended (USD) | Price | Note; priced lines' extended
/// price is =G*H, subtotals are SUMIF formulas over the kind column, the
/// total is =SUM over the extended column; every formula carries its
/// computed value. Throws FileWriteError when the workbook cannot be built.
/// Sheet "Cables" (when the BOM has its rack layout): every cable of the
/// layout (From | To | Type | Length (m) | Purpose), then the totals per
/// cable type with a SUM total, the figures of the PDF's cable list.
/// Deterministic: the creation date is the BOM's date.
std::string bomToXlsx(const BillOfMaterials& bom);

/// The rack layout's cable list alone as a workbook with the "Cables" sheet
/// above (`infrafit-cli layout --format xlsx`). Throws FileWriteError.
std::string cableListToXlsx(const RackLayout& layout, const std::string& title);

} // namespace infrafit
