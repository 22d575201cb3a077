// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/parts/part.h"

#include <string_view>
#include <vector>

namespace infrafit::catalog {

/// The catalog file built into the program (catalog/data/default-catalog.json,
/// made by build_default_catalog.py from the hardware survey summarised in
/// docs/reference/hardware.md, with sources and estimate marks).
std::string_view defaultCatalogJson();

/// The default catalog's parts, parsed and validated.
std::vector<Part> defaultCatalogParts();

} // namespace infrafit::catalog
