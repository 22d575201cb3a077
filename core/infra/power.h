// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/finding.h"
#include "core/config/resolved_configuration.h"
#include "core/infra/infrastructure_inputs.h"

#include <cstdint>
#include <string>

namespace infrafit {

/// Power of one component group at idle, at the typical utilisation and at
/// its rated maximum (docs/reference/hardware.md §2.2: P(u) = P_idle + u × (P_max − P_idle)).
struct PowerLevels {
    double idleW = 0;
    double typicalW = 0;
    double maxW = 0;
};

PowerLevels componentPower(double maxW, double idleFraction, double utilisation);

/// DC load of one node by component. When the chassis' base power already
/// includes CPUs, NICs and drives (`componentsInBase`, complete systems such
/// as DGX) those groups stay zero so nothing is counted twice.
struct NodePower {
    PowerLevels gpus;
    PowerLevels cpus;
    PowerLevels nics;   ///< cards plus optics
    PowerLevels nvme;
    PowerLevels base;   ///< chassis base_power_w without fans: memory, board, switches
    PowerLevels fans;   ///< carved out of base_power_w; by cooling type and heat
    PowerLevels total;
    bool componentsInBase = false;
    /// Per-GPU power limit in effect (tdp_w when none is configured).
    double gpuPowerLimitW = 0;
    bool gpuPowerCapped = false;  ///< a limit below tdp_w is configured
    GpuActivity gpuActivity;      ///< the shares `typical` was computed for
};

/// Fans at full speed for a node: `airFanShareOfNodeMax` of the node's rated
/// DC load for air and rear-door cooling (server fans move all the heat),
/// 20 % of that on cold plates (70–80 % of the heat goes to liquid,
/// docs/reference/hardware.md §1.7), none in immersion; never more than
/// 60 % of the chassis base it is carved from (docs/power-model.md §5).
double nodeFanMaxW(const ResolvedConfiguration& rc, const InfrastructureInputs& in,
                   double nodeMaxW, double baseMaxW);

/// Fan power at a heat load: fan affinity laws, power ∝ speed³ with speed ∝
/// airflow ∝ heat at a fixed ΔT (docs/reference/hardware.md §2.3 airflow;
/// ASHRAE Handbook—HVAC Systems and Equipment ch. 21 "Fans", fan laws),
/// with fans never below 30 % speed (docs/power-model.md §5).
double fanPowerAtHeat(double fanMaxW, double heatFraction);

NodePower nodeDcPower(const ResolvedConfiguration& rc, const InfrastructureInputs& in);

/// The calibrated GPU power of `in` when it is for `gpu` and usable, else
/// nullptr (the published curve; docs/power-model.md §8).
const GpuPowerCalibration* gpuPowerCalibrationFor(const Gpu& gpu, const InfrastructureInputs& in);

/// PSU efficiency at a load fraction (0..1): linear between the 80 PLUS test
/// points present (10/20/50/100 %, docs/reference/hardware.md §1.6), held flat beyond the
/// outermost points; `psu.efficiency` when no point is given; `fallback`
/// when that is not in (0, 1].
double psuEfficiencyAt(const Psu& psu, double loadFraction, double fallback);

/// Whether a node survives losing one of two feeds with its PSUs split
/// evenly: Ok at maximum load, Marginal only at the average under this workload
/// (nodeWallTypicalW), Insufficient.
enum class FeedLossVerdict { NotChecked, Ok, Marginal, Insufficient };

template <>
struct EnumNames<FeedLossVerdict> {
    static constexpr std::array<std::string_view, 4> names{"not_checked", "ok", "marginal",
                                                           "insufficient"};
};

/// Node, PSU, rack and cluster power. Contract names (docs/architecture.md
/// "Analysis JSON"): nodeW = DC load with every part at rated maximum,
/// nodeWallW = AC input for it, psuCapacityW, psuOk, nodesPerRack, racks,
/// clusterW.
struct PowerReport {
    // Node
    NodePower node;
    double nodeW = 0;
    double nodeWallW = 0;
    double nodeWallIdleW = 0;
    double nodeWallTypicalW = 0;
    /// True when base power was derived from a vendor maximum system power,
    /// which is AC input already (docs/reference/hardware.md §2.3: do not divide by η
    /// again): then nodeWallW = nodeW.
    bool wallFromVendorMaximum = false;

    // PSUs
    bool psuKnown = false;
    bool psuFromChassis = false;     ///< watts taken from chassis psu_watts_each
    double psuWattsEach = 0;
    int psusInstalled = 0;
    int psusRequired = 0;            ///< ceil(nodeW / psuWattsEach)
    int psusSpare = 0;               ///< installed − required ("4+2")
    std::string psuArrangement;      ///< e.g. "4+2"
    double psuCapacityW = 0;         ///< installed × watts
    double psuCapacityAfterFailuresW = 0; ///< after the failures the redundancy demands
    double psuLoadFraction = 0;      ///< per PSU at maximum, all sharing
    double psuEfficiency = 0;        ///< at that load
    bool psuOk = false;
    FeedLossVerdict feedLoss = FeedLossVerdict::NotChecked;
    double feedLossCapacityW = 0;    ///< floor(installed/2) × watts

    // Currents
    double psuInputVoltageV = 0;
    double psuRatedInputCurrentA = 0;    ///< one PSU at its rating
    double psuInputCurrentA = 0;         ///< node at maximum, all PSUs sharing
    double psuInputCurrentAfterFailuresA = 0;
    double nodeFeedCurrentA = 0;         ///< whole node on one feed (2N worst case)

    // Rack
    double feedUsableKw = 0;        ///< one feed after the continuous-load factor
    double rackBudgetKw = 0;        ///< min(rack.power_limit_kw, feed usable)
    std::string rackBudgetSource;   ///< "rack.power_limit_kw" or "feed"
    int nodesPerRackByPower = 0;
    int nodesPerRackByUnits = 0;
    int nodesPerRackByCooling = -1; ///< -1 = no cooling part
    int nodesPerRack = 0;
    std::string nodesPerRackLimit;  ///< "power", "rack_units" or "cooling"
    std::int64_t racks = 0;
    double rackWallKw = 0;          ///< a full rack at maximum
    double rackFeedCurrentA = 0;    ///< a full rack on one feed

    // Cluster
    /// Rack-level coolant pumps (CDU, immersion tank) at the cluster's
    /// typical heat: 1.5 % of the heat on cold plates, 2 % in immersion
    /// (docs/power-model.md §5; estimate). Facility load: in PUE, not in
    /// clusterW.
    double coolingPumpW = 0;
    double switchW = 0;         ///< switches with their lit ports at maximum optic power
    double switchTypicalW = 0;  ///< the same at typical optic power (links stay up at idle)
    double clusterW = 0;            ///< nodes × nodeWallW + switches
    double clusterTypicalW = 0;
    double clusterIdleW = 0;
};

/// Node power, PSU share, efficiency, redundancy, feed loss and currents.
/// Findings: "power.psu_insufficient", "power.feed_loss", "power.psu_missing",
/// "power.psu_bad_rating".
PowerReport checkNodePower(const ResolvedConfiguration& rc, const InfrastructureInputs& in,
                           Findings& findings);

/// Rack budget (NEC 80 % rule), nodes per rack = min(power, units, cooling)
/// (docs/reference/hardware.md §2.3), racks needed. Findings: "rack.power_exceeded",
/// "rack.units_exceeded", "rack.feed_below_limit", "rack.limit".
void planRacks(const ResolvedConfiguration& rc, const InfrastructureInputs& in,
               PowerReport& power, Findings& findings);

/// Cluster totals: nodes at wall power plus fabric switches.
void addClusterPower(const ResolvedConfiguration& rc, double switchW, double switchTypicalW,
                     PowerReport& power);

} // namespace infrafit
