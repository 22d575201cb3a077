// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/parts/part_info.h"

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

    [[nodiscard]] double totalGbps() const { return ports * portSpeedGbps; }
};

} // namespace infrafit
