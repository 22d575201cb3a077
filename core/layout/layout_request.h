// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/config/configuration.h"
#include "core/layout/layout_inputs.h"

#include <cstdint>
#include <string>

namespace infrafit {

/// Switch counts of one fat tree as core/infra/fabric.h sized it.
struct LayoutTree {
    int radix = 0;
    int tiers = 0;
    std::int64_t leaves = 0;
    std::int64_t spines = 0;
    std::int64_t cores = 0;
    std::int64_t leafToSpineCables = 0;
    std::int64_t spineToCoreCables = 0;
};

/// What the layout needs from a configuration and its analysis, flattened
/// so tests can state cases directly (planLayoutFor() in plan_layout.h
/// fills it from a resolved configuration and its infrastructure report).
struct LayoutRequest {
    // Nodes
    int nodes = 0;
    std::string nodePart;
    int nodeU = 1;
    double nodeTypicalW = 0; ///< wall, average under the workload
    double nodeMaxW = 0; ///< wall, rated maximum
    double nodeWeightKg = 0; ///< 0 = unknown (weight not checked)
    int nodePsus = 2;
    double nodePsuWatts = 0; ///< rating of one PSU (for the outlet type)
    PsuRedundancy redundancy = PsuRedundancy::NPlusN;
    bool nodeSurvivesFeedLoss = true; ///< its PSUs on one feed carry it (power.feed_loss)

    // Back-end fabric: rails (NIC ports per node) on a rail-optimised tree
    int rails = 0;
    double railGbps = 0;
    LayoutTree backEnd;

    // Front-end (storage, in-band) network
    int frontEndPortsPerNode = 0;
    double frontEndGbps = 0;
    LayoutTree frontEnd;

    // Rack limits
    RackLimits rack;
    double rackPowerW = 0; ///< per rack (one feed's budget under 2N)
    double rackCoolingW = 0; ///< 0 = no cooling part: not checked

    LayoutInputs inputs;
};

} // namespace infrafit
