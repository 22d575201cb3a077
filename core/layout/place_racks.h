// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/layout/layout_request.h"
#include "core/layout/rack_layout.h"

namespace infrafit {

/// How many nodes one compute rack holds and what binds it.
struct NodesPerRack {
    int nodes = 0;
    std::string limit; ///< "units", "power", "cooling", "weight" or "nodes"
};

/// Largest node count per rack within units (nodes + management switch +
/// U-high PDUs), power, cooling and weight (empty rack, devices, PDUs).
NodesPerRack computeNodesPerRack(const LayoutRequest& request);

/// Places GPU nodes into compute racks (bottom up, management switch at
/// the top, rear) and the fabric's switches into network racks at the
/// start of the first row, each rack within its limits, and marks blanking
/// panels on the empty units. Power cords and cables are added later
/// (distributeRackPower(), planCables()). Findings "layout.device_too_tall",
/// "layout.rack_limit_below_node", "layout.switch_rack_limit",
/// "layout.weight_unknown".
void placeDevices(const LayoutRequest& request, RackLayout& layout);

/// Zero-padded number "007" for names, at least `width` digits.
std::string layoutNumbered(std::int64_t value, int width);

} // namespace infrafit
