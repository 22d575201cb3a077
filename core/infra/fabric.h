// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/parts/network_switch.h"

#include "core/base/finding.h"
#include "core/config/resolved_configuration.h"
#include "core/infra/infrastructure_inputs.h"

#include <cstdint>
#include <string>

namespace infrafit {

/// Switch counts of a non-blocking fat tree for `endpoints` ports on
/// switches of radix k (glennklockwood.com/garden/fat-tree; NVIDIA DGX
/// SuperPOD reference architectures; docs/reference/hardware.md §2.4). `tiers` is 0 when
/// there is nothing to connect and `fits` false beyond the 3-tier maximum.
struct FatTreeSize {
    int tiers = 0;
    std::int64_t endpoints = 0;
    std::int64_t leafSwitches = 0;
    std::int64_t spineSwitches = 0;
    std::int64_t coreSwitches = 0;
    std::int64_t totalSwitches = 0;
    std::int64_t nodeToLeafCables = 0;
    std::int64_t leafToSpineCables = 0;
    std::int64_t spineToCoreCables = 0;
    std::int64_t cables = 0;
    bool fits = true;
};

/// Most endpoints a non-blocking tree of `tiers` levels of radix-k switches
/// connects: k (one switch), k²/2 (leaf/spine), k³/4 (three tiers).
std::int64_t fatTreeMaxEndpoints(int radix, int tiers);

/// Sizes the smallest non-blocking tree: leaves L = ceil(N/(k/2)); two tiers:
/// spines = ceil(L/2); three tiers: spines = L, core = ceil(L/2); cables per
/// level equal N (docs/reference/hardware.md §2.4; reproduces the SuperPOD B200 table).
FatTreeSize sizeFatTree(std::int64_t endpoints, int radix);

/// The switch assumed for a NIC speed and protocol when the inputs name none.
struct SwitchAssumption {
    std::string model;
    int radix = 0;
    double powerW = 0;
    double priceUsd = 0;
    double transceiverPriceUsd = 0;
    double cablePriceUsd = 0;
    std::string source;
    /// Chassis power (ASIC, fans, CPU, PSU losses) without optics, and the
    /// port speed the radix is counted at; `powerW` = chassis + radix ×
    /// the maximum optic power at that speed (core/infra/switch_power.h).
    double chassisW = 0;
    double portSpeedGbps = 0;
};

SwitchAssumption defaultSwitchFor(NicProtocol protocol, double portSpeedGbps);

/// The Ethernet switch assumed for the front-end (storage, in-band) network.
SwitchAssumption defaultFrontEndSwitch();

/// A configuration's catalog switch (`switch` part) as the fabric sizes
/// with it: radix = its ports at its port speed, power = its max_power_w
/// (chassis = what its optics at maximum leave), its price; cable and
/// transceiver prices stay `fallback`'s (the part does not carry them).
SwitchAssumption switchAssumptionFrom(const NetworkSwitch& part, const SwitchAssumption& fallback);

/// The front-end network of a multi-node cluster: `portsPerNode` Ethernet
/// ports per node into a non-blocking tree, with its cables, transceivers,
/// switch power and cost. Every workload needs it (data, checkpoints,
/// requests and answers), so it depends on the configuration only.
struct FrontEndNetwork {
    bool needed = false;
    SwitchAssumption switchUsed;
    int portsPerNode = 0;
    double portSpeedGbps = 0;
    FatTreeSize tree;
    std::int64_t transceivers = 0;
    double switchPowerTotalW = 0;   ///< lit ports at their maximum optic power
    double switchPowerTypicalW = 0; ///< lit ports at typical optic power
    double costUsd = 0;
};

/// The networks between nodes. The back-end (compute) fabric is a
/// rail-optimised fat tree with one endpoint per NIC port of the
/// configuration, built for every configuration of more than one node that
/// has NICs, whatever the workload: capex is a property of the
/// configuration. `frontEnd` is the storage/in-band network. Switch power
/// and cost cover both; management networks are not included.
struct FabricReport {
    bool needed = false;
    SwitchAssumption switchUsed;
    double portSpeedGbps = 0;
    int rails = 0;                   ///< NIC ports per node
    FatTreeSize tree;
    std::int64_t transceivers = 0;
    double switchPowerTotalW = 0;    ///< back-end and front-end switches, maximum
    double switchPowerTypicalW = 0;  ///< the same at typical optic power
    double costUsd = 0;              ///< back-end switches + cables + transceivers
    bool ok = true;
    /// Whether the workload sends traffic over the back-end fabric (a
    /// parallel group or gradient synchronisation spans nodes).
    bool backEndUsed = false;
    FrontEndNetwork frontEnd;
};

/// Findings "fabric.too_large", "fabric.no_nic", "fabric.single_node",
/// "fabric.back_end_idle".
FabricReport planFabric(const ResolvedConfiguration& rc, const InfrastructureInputs& in,
                        Findings& findings);

} // namespace infrafit
