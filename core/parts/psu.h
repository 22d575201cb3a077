// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/parts/part_info.h"

namespace infrafit {

/// A power supply unit. `efficiency` is at typical (about 50 %) load; the
/// optional curve points are the 80 PLUS test loads (10/20/50/100 %).
struct Psu : PartInfo {
    double watts = 0;
    double efficiency = 0.9;
    std::string efficiencyRating;
    std::optional<double> efficiencyAt10;
    std::optional<double> efficiencyAt20;
    std::optional<double> efficiencyAt50;
    std::optional<double> efficiencyAt100;
    std::string formFactor;
    std::string inputVoltage;
};

} // namespace infrafit
