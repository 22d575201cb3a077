// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/parts/part_info.h"

#include <optional>

namespace infrafit {

/// A rack power distribution unit (catalog kind `pdu`): IEC 60320 outlets
/// by type, its input (phases, nominal voltage — line-to-line for three
/// phase — and the breaker rating per phase), whether it meters or switches
/// its outlets, and its height (0 = a vertical 0U strip at the rear).
struct Pdu : PartInfo {
    int outletsC13 = 0;
    int outletsC19 = 0;
    int phases = 3;
    double voltageV = 0;
    double breakerA = 0;
    int rackUnits = 0;
    std::optional<bool> metered;
    std::optional<bool> switched;
    std::string inputPlug;
    std::optional<double> weightKg;

    [[nodiscard]] int outlets() const { return outletsC13 + outletsC19; }
};

} // namespace infrafit
