// SPDX-License-Identifier: Apache-2.0
#include "core/infra/switch_power.h"

#include <algorithm>
#include <cmath>

namespace infrafit {

namespace {
// NVIDIA MMA4Z00-NS / MMS4X00-NS product specifications (twin-port 2×400G
// OSFP, 8 × 100G lanes): 15 W typical; QM97xx class-8 cages: 17 W maximum.
constexpr double kSwitchOpticTypicalWPer100G = 15.0 / 8;
constexpr double kSwitchOpticMaxWPer100G = 17.0 / 8;
} // namespace

SwitchPortPower switchPortOpticW(double portSpeedGbps)
{
    const double lanes
        = std::isfinite(portSpeedGbps) && portSpeedGbps > 0 ? portSpeedGbps / 100.0 : 0.0;
    return {lanes * kSwitchOpticTypicalWPer100G, lanes * kSwitchOpticMaxWPer100G};
}

std::int64_t fatTreePortsUsed(std::int64_t nodeToLeafCables, std::int64_t leafToSpineCables,
                              std::int64_t spineToCoreCables)
{
    const auto n = [](std::int64_t v) { return std::max<std::int64_t>(0, v); };
    return n(nodeToLeafCables) + 2 * (n(leafToSpineCables) + n(spineToCoreCables));
}

SwitchPowerLevels switchesPower(std::int64_t switches, double chassisW, std::int64_t portsUsed,
                                double portSpeedGbps)
{
    const double chassis = static_cast<double>(std::max<std::int64_t>(0, switches))
        * (std::isfinite(chassisW) ? std::max(0.0, chassisW) : 0.0);
    const SwitchPortPower port = switchPortOpticW(portSpeedGbps);
    const double ports = static_cast<double>(std::max<std::int64_t>(0, portsUsed));
    return {chassis + ports * port.typicalW, chassis + ports * port.maxW};
}

} // namespace infrafit
