// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/layout/rack_layout.h"

#include <nlohmann/json_fwd.hpp>

namespace infrafit {

/// The layout as `infrafit-cli layout --format json` writes it: the contract
/// keys (docs/architecture.md; racks[].name/units/power_w/feeds[].name/
/// phases_a, devices[].name/role/part/position_u/height_u/face, cables[].
/// from/to/type/length_m) plus the extra keys listed in docs/user-guide.md
/// "Rack layout". Every number is finite.
nlohmann::json layoutToJson(const RackLayout& layout);

} // namespace infrafit
