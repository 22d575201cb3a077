// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/bom/bill_of_materials.h"

#include <string>
#include <vector>

namespace infrafit {

/// One row of a BOM's "Software stack" table: a stable key (the JSON and
/// CSV name), a label for people and the value.
struct BomSoftwareRow {
    std::string key;
    std::string label;
    std::string value;
};

/// The rows every BOM format prints for `software` (architecture, stack,
/// recommended driver and toolkit, minimums, container image, end of
/// support, source and date); empty values are left out. Empty when the BOM
/// has no recommendation.
std::vector<BomSoftwareRow> bomSoftwareRows(const BomSummary& summary);

} // namespace infrafit
