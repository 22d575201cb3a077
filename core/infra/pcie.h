// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/finding.h"
#include "core/config/resolved_configuration.h"
#include "core/infra/infrastructure_inputs.h"

#include <optional>
#include <string_view>

namespace infrafit {

/// One PCIe generation: signalling rate, line encoding and the resulting
/// payload bandwidth per lane and direction (docs/reference/hardware.md §2.4, from the
/// PCI-SIG base specifications 1.0-6.0).
struct PcieGeneration {
    int gen = 0;
    double gigaTransfersPerS = 0;
    std::string_view encoding;
    double encodingEfficiency = 1; ///< payload bits per line bit
    /// GB/s per lane per direction after encoding = GT/s × efficiency / 8.
    [[nodiscard]] double gbsPerLane() const { return gigaTransfersPerS * encodingEfficiency / 8; }
    [[nodiscard]] double x16GbsPerDirection() const { return 16 * gbsPerLane(); }
    [[nodiscard]] double x16GbsBidirectional() const { return 2 * x16GbsPerDirection(); }
};

/// The generation table entry for `gen` (1..6), or nullopt.
std::optional<PcieGeneration> pcieGeneration(int gen);

/// Payload bandwidth of a link, GB/s per direction; 0 for an unknown
/// generation or lanes <= 0.
double pcieGbsPerDirection(int gen, int lanes);

/// Lane budget and link generations of one node. Lanes are counted for PCIe
/// GPUs (SXM/OAM GPUs sit on the baseboard), NICs and NVMe drives, against
/// the CPUs' lanes × sockets (AMD 2P capped at the usable figure) or, when
/// the chassis has PCIe switches, reported as an oversubscription ratio.
struct PcieReport {
    bool checked = false;          ///< false without a CPU part
    int hostGen = 0;
    int hostLanes = 0;             ///< usable CPU lanes for the node
    bool viaPcieSwitches = false;
    int gpuLanes = 0;
    int nicLanes = 0;
    int nvmeLanes = 0;
    int lanesNeeded = 0;
    double laneOversubscription = 0; ///< lanesNeeded / hostLanes
    /// Slot bandwidth a NIC gets at the generation both ends support,
    /// and what its ports need (Gbit/s).
    double nicSlotGbps = 0;
    double nicPortsGbps = 0;
    bool lanesOk = true;
    bool generationsOk = true;
    bool ok = true;
};

/// Checks lanes and generations; findings "pcie.lanes_exceeded",
/// "pcie.lanes_tight", "pcie.oversubscribed", "pcie.gen_mismatch",
/// "pcie.nic_bandwidth_limited", "pcie.unchecked".
PcieReport checkPcie(const ResolvedConfiguration& rc, const InfrastructureInputs& in,
                     Findings& findings);

} // namespace infrafit
