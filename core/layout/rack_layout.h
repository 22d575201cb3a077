// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/finding.h"
#include "core/layout/layout_inputs.h"
#include "core/base/enum_names.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace infrafit {

/// What a placed device is. Names are the layout JSON's `role` values
/// (docs/user-guide.md "Rack layout").
enum class DeviceRole { GpuNode, Leaf, Spine, Core, FrontEnd, Management, Pdu };

template <>
struct EnumNames<DeviceRole> {
    static constexpr std::array<std::string_view, 7> names {
        "gpu-node", "leaf", "spine", "core", "frontend", "management", "pdu"};
};

enum class RackFace { Front, Rear };

template <>
struct EnumNames<RackFace> {
    static constexpr std::array<std::string_view, 2> names {"front", "rear"};
};

/// One power cord of a device, plugged into one outlet of one PDU.
struct PowerCord {
    int feed = 0; ///< 0 = A, 1 = B
    int pdu = -1; ///< index into the rack's pdus; -1 = no outlet left
    int outlet = -1; ///< 1-based outlet number on that PDU
    int phase = 0; ///< 0..2 (L1..L3)
    OutletType outletType = OutletType::C13;
    double typicalW = 0; ///< this cord's share with every cord sharing
    double maxW = 0;
};

/// A device in a rack. `positionU` is the lowest unit it occupies (1 =
/// bottom); 0U devices (vertical PDUs) have position 0 and height 0.
struct PlacedDevice {
    std::string name;
    DeviceRole role = DeviceRole::GpuNode;
    std::string part;
    int positionU = 0;
    int heightU = 0;
    RackFace face = RackFace::Front;
    double typicalW = 0;
    double maxW = 0;
    double weightKg = 0;
    std::vector<PowerCord> cords;
};

/// One PDU of a rack and what hangs on it.
struct PduLoad {
    std::string name;
    int feed = 0;
    int usedC13 = 0;
    int usedC19 = 0;
    std::array<double, 3> phaseA {}; ///< current per phase, both feeds up, at max
    std::array<double, 3> phaseFailA {}; ///< the same with the other feed lost
    double imbalancePercent = 0; ///< at max, both feeds up
};

/// A rack feed (A or B): current per phase summed over its PDUs.
struct FeedLoad {
    std::string name; ///< "A" or "B"
    std::array<double, 3> phaseA {}; ///< both feeds up, every device at max
    std::array<double, 3> phaseFailA {}; ///< the other feed lost
    double limitPerPhaseA = 0; ///< PDUs × breaker × continuous factor
    double imbalancePercent = 0;
};

/// What losing one feed does to a rack.
struct FeedLossCheck {
    std::string lostFeed; ///< "A" or "B"
    bool survives = true;
    double worstPhaseA = 0; ///< on the surviving feed, per PDU
    double limitA = 0; ///< per PDU phase at the continuous factor
    int devicesWithoutPower = 0; ///< devices whose cords are all on the lost feed
    std::string note;
};

/// One rack: its devices bottom to top, PDUs, loads and limits.
struct Rack {
    std::string name;
    int row = 0;
    int column = 0;
    int units = 42;
    std::vector<PlacedDevice> devices;
    std::vector<PduLoad> pdus;
    std::vector<FeedLoad> feeds;
    std::vector<FeedLossCheck> feedLoss;
    std::vector<std::pair<int, int>> blanks; ///< (position, height) of blanking panels
    int usedU = 0;
    int unpluggedCords = 0; ///< cords that found no free outlet of their type
    std::array<int, 2> c13CordsPerFeed {};
    std::array<int, 2> c19CordsPerFeed {};
    double typicalW = 0;
    double maxW = 0;
    double weightKg = 0;
    double powerLimitW = 0;
    double coolingLimitW = 0; ///< 0 = no cooling part given
    double weightLimitKg = 0;
};

/// One link of the cabling plan. `from` and `to` are "device:port".
struct Cable {
    std::string from;
    std::string to;
    std::string type; ///< "dac-400g", "mmf-400g", "smf-400g", "cat6", "power-c19", …
    double lengthM = 0;
    std::string purpose; ///< "compute", "uplink", "frontend", "management", "power"
};

/// Count and price of one cable type (and its transceivers).
struct CableTypeTotal {
    std::string type;
    std::int64_t count = 0;
    double lengthM = 0; ///< summed
    int transceiversPerCable = 0;
    double cableUnitUsd = 0;
    double transceiverUnitUsd = 0;
    double totalUsd = 0;
    std::string priceSource;
};

/// The whole layout: racks, cables, totals and findings. Plain value.
struct RackLayout {
    std::vector<Rack> racks;
    std::vector<Cable> cables;
    std::vector<CableTypeTotal> cableTotals;
    std::int64_t gpuNodes = 0;
    std::int64_t leafSwitches = 0;
    std::int64_t spineSwitches = 0;
    std::int64_t coreSwitches = 0;
    std::int64_t frontEndSwitches = 0;
    std::int64_t managementSwitches = 0;
    std::int64_t pdus = 0;
    std::int64_t unplacedNodes = 0;
    Findings findings;
    bool ok = true;
};

/// "A"/"B" for feed 0/1.
std::string feedName(int feed);

} // namespace infrafit
