// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/bom/bill_of_materials.h"

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
/// Deterministic: the creation date is the BOM's date.
std::string bomToXlsx(const BillOfMaterials& bom);

} // namespace infrafit
