// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/bom/bill_of_materials.h"

#include <string>

namespace infrafit {

/// The BOM as a printable PDF (A4, Helvetica): title block, the BOM table
/// across as many pages as it needs (header repeated), subtotals by kind and
/// the total with its price confidence, the memory-per-GPU and node-power
/// charts, the summary figures, findings and assumptions; "Page N of M" on
/// every page. Deterministic for a given BOM (no Qt, see PdfDocument).
std::string bomToPdf(const BillOfMaterials& bom);

} // namespace infrafit
