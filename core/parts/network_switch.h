// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/parts/airflow.h"
#include "core/parts/nic.h"
#include "core/parts/part_info.h"

#include <optional>

namespace infrafit {

/// A network switch (catalog kind `switch`): leaf, spine or management.
/// `ports` run at `portSpeedGbps`; `uplinkPorts` are extra, faster ports
/// (a management switch's 100G uplinks). Power is at the wall with every
/// port's optic lit: `maxPowerW` at the optics' maximum, `typicalPowerW`
/// under traffic. `powerSupplies` is the number of PSU cords (power ports).
struct NetworkSwitch : PartInfo {
    int ports = 1;
    double portSpeedGbps = 0;
    NicProtocol protocol = NicProtocol::Ethernet;
    std::string connector;
    std::optional<int> uplinkPorts;
    std::optional<double> uplinkSpeedGbps;
    int rackUnits = 1;
    double maxPowerW = 0;
    std::optional<double> typicalPowerW;
    int powerSupplies = 2;
    std::optional<double> weightKg;
    std::optional<bool> fullDepth;
    std::optional<Airflow> airflow;

    /// Typical power when known, else the maximum.
    [[nodiscard]] double typicalOrMaxW() const { return typicalPowerW.value_or(maxPowerW); }
};

} // namespace infrafit
