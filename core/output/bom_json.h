// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/bom/bill_of_materials.h"

#include <nlohmann/json.hpp>

namespace infrafit {

/// The BOM as JSON: `{"format": "infrafit-bom", "version": 1, "summary":
/// {...}, "lines": [...], "subtotals": [...], "totals": {...}, "findings":
/// [...], "assumptions": [...]}`, snake_case keys with units in the names.
nlohmann::json bomToJson(const BillOfMaterials& bom);

} // namespace infrafit
