// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/parts/part_info.h"

namespace infrafit {

enum class CoolingType { Air, RearDoor, DirectLiquid, Immersion };

template <>
struct EnumNames<CoolingType> {
    static constexpr std::array<std::string_view, 4> names{
        "air", "rear_door", "direct_liquid", "immersion"};
};

/// A way of removing a rack's heat, with the heat it can remove per rack.
struct Cooling : PartInfo {
    CoolingType type = CoolingType::Air;
    double maxHeatKwPerRack = 0;
    std::optional<double> typicalHeatKwPerRack;
    std::optional<double> pueLow;
    std::optional<double> pueHigh;
    std::optional<double> fractionHeatToLiquid;
    std::string facilityNeeds;

    [[nodiscard]] bool isLiquid() const
    {
        return type == CoolingType::DirectLiquid || type == CoolingType::Immersion;
    }
};

} // namespace infrafit
