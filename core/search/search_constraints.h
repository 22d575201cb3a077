// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/config/configuration.h"
#include "core/parts/cooling.h"
#include "core/project/requirements.h"

#include <optional>
#include <string>
#include <vector>

namespace infrafit {

/// What a budget limits: the purchase (capex) or the total cost of
/// ownership over the cost horizon (capex + energy, core/infra/cost.h).
enum class BudgetBasis { Capex, Tco };

/// The limits a recommendation must respect. Unset = no limit. A plain
/// value, copied to the search worker.
struct SearchConstraints {
    std::optional<double> budgetUsd;
    BudgetBasis budgetBasis = BudgetBasis::Capex;
    double rackPowerKw = 40;           ///< usable kW per rack
    /// Power the site can give the whole cluster, kW (DESIGN name
    /// site_power_kw): rated cluster power at the wall (nodes at their
    /// maximum under any GPU power limit, plus fabric switches).
    std::optional<double> sitePowerKw;
    /// GPU power limits to try as a knob, as fractions of each GPU's
    /// tdp_w (below 1; 1 = uncapped is always tried). Empty = none, unless
    /// sitePowerKw is set: then 0.85 and 0.7 (docs/power-model.md §2).
    std::vector<double> gpuPowerLimitFractions;
    int rackUnits = 42;
    std::optional<int> maxRacks;
    int maxNodes = 64;
    std::optional<int> maxGpus;
    /// Node counts to try; empty = 1, 2, 3, 4, 6, 8, 12, … (powers of two
    /// and 1.5 × powers of two) up to maxNodes.
    std::vector<int> nodeCounts;
    /// Cooling types available at the site; empty = any.
    std::vector<CoolingType> coolingTypes;
    PsuRedundancy psuRedundancy = PsuRedundancy::NPlus1;
    // Training
    std::optional<double> deadlineDays;     ///< needs the workload's training_tokens
    std::optional<double> minTokensPerS;
    // Inference
    std::optional<double> ttftTargetS;
    std::optional<double> tpotTargetS;
    std::optional<double> requestRatePerS;  ///< requests/s the deployment must sustain
    /// Vendors allowed for GPUs, CPUs and NICs (case-insensitive); empty = any.
    std::vector<std::string> vendors;
    /// Part ids allowed: for each kind with at least one id listed, only
    /// those; kinds without a listed id are unrestricted.
    std::vector<std::string> partIds;
    /// Manageability and security the chassis and NICs must meet (the
    /// project's `requirements`): builds whose parts do not, or whose
    /// values are unknown, are left out and listed in Recommendation::rejected.
    ProjectRequirements requirements;
};

/// The node counts a search tries for these constraints.
std::vector<int> nodeCountsFor(const SearchConstraints& constraints);

/// The node counts to try on a chassis sold in whole multiples of
/// `multiple` nodes (Chassis::nodeMultiple, 1 = any): `counts` as they are,
/// else `multiple` × each count up to the node limit, or of explicit counts
/// those that are multiples.
std::vector<int> nodeCountsInMultiples(const std::vector<int>& counts, int multiple,
                                       const SearchConstraints& constraints);

} // namespace infrafit
