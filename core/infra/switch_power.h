// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>

namespace infrafit {

/// Power of the optic in one lit switch port at `portSpeedGbps`, typical
/// and maximum, watts. NVIDIA's twin-port 2×400G OSFP switch transceivers
/// (8 lanes of 100G) draw 15 W (multimode, MMA4Z00-NS) in every
/// configuration, and the QM97xx cages support class-8 modules of up to
/// 17 W (single mode, MMS4X00-NS; QM97xx user manual "Interfaces"): 1.875 W
/// and 2.125 W per 100 Gb/s lane (docs/power-model.md §7). A port at 400G
/// is 7.5 W typical, 8.5 W maximum; split ports share their cage's optic.
struct SwitchPortPower {
    double typicalW = 0;
    double maxW = 0;
};
SwitchPortPower switchPortOpticW(double portSpeedGbps);

/// Switch ports a non-blocking tree lights: one per endpoint cable, two per
/// cable between switch tiers (docs/reference/hardware.md §2.4).
std::int64_t fatTreePortsUsed(std::int64_t nodeToLeafCables, std::int64_t leafToSpineCables,
                              std::int64_t spineToCoreCables);

/// Power of `switches` switches with `portsUsed` lit ports at
/// `portSpeedGbps`: each switch's chassis (ASIC, fans, CPU, PSU losses;
/// `chassisW`, the same at typical and maximum load) plus one optic per lit
/// port (switchPortOpticW).
struct SwitchPowerLevels {
    double typicalW = 0;
    double maxW = 0;
};
SwitchPowerLevels switchesPower(std::int64_t switches, double chassisW, std::int64_t portsUsed,
                                double portSpeedGbps);

} // namespace infrafit
