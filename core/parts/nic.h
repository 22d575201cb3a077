// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/parts/part_info.h"

#include <optional>

namespace infrafit {

enum class NicProtocol { Infiniband, Ethernet };

template <>
struct EnumNames<NicProtocol> {
    static constexpr std::array<std::string_view, 2> names{"infiniband", "ethernet"};
};

/// A network adapter, NIC or DPU. `powerW` is the card without optics.
struct Nic : PartInfo {
    int ports = 1;
    double portSpeedGbps = 0;
    NicProtocol protocol = NicProtocol::Ethernet;
    std::string connector;
    int pcieGen = 5;
    int pcieLanes = 16;
    double powerW = 0;
    bool gpudirectRdma = false;
    /// A DPU or SmartNIC: its own cores run the network (and storage,
    /// security) stack apart from the host (issue 20). Absent = not known.
    std::optional<bool> dpu;
    /// Tenant isolation offloaded to the card (a DPU's isolated network
    /// and security functions the host cannot reach). Absent = not known.
    std::optional<bool> isolationOffload;

    [[nodiscard]] double totalGbps() const { return ports * portSpeedGbps; }
};

} // namespace infrafit
