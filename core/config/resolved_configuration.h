// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/config/configuration.h"
#include "core/parts/part.h"

#include <optional>

namespace infrafit {

/// A configuration with its part ids replaced by the parts themselves
/// (copies, so a resolved configuration can be handed to a worker thread).
/// GPU and chassis are always present; the others are absent when the
/// configuration does not use them.
struct ResolvedConfiguration {
    Configuration config;
    Gpu gpu;
    Chassis chassis;
    std::optional<Cpu> cpu;
    std::optional<Nvme> nvme;
    std::optional<Nic> nic;
    std::optional<Psu> psu;
    std::optional<Cooling> cooling;
    std::optional<NetworkSwitch> fabricSwitch;
    std::optional<Pdu> pdu;

    [[nodiscard]] int totalGpus() const { return config.gpusPerNode * config.nodes; }
};

} // namespace infrafit
