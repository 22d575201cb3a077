// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/layout/layout_request.h"
#include "core/layout/rack_layout.h"

#include <string>

namespace infrafit {

/// Where a device sits, for cable lengths.
struct CableEnd {
    int row = 0;
    int column = 0;
    int rackUnits = 42;
    double heightU = 0; ///< middle of the device, in units from the bottom
};

/// Length of a cable between two ends, m: inside one rack the vertical
/// distance; between racks up to the overhead tray, along rows
/// (|Δcolumn| × pitch) and across them (|Δrow| × row distance), and down;
/// plus slack, rounded up to the stock length step.
double cableLengthM(
    const CableEnd& a, const CableEnd& b, const RackLimits& rack, const LayoutSettings& settings);

/// Cable or optic type for a data link of `gbps` over `lengthM`: passive
/// copper "dac-400g" up to `dacMaxM`, multimode optics "mmf-400g" up to
/// `multimodeMaxM`, single-mode "smf-400g" beyond.
std::string dataCableType(double gbps, double lengthM, const LayoutSettings& settings);

/// Every link of the layout: GPU NIC rails to their leaf (rail-optimised:
/// rail r of the nodes of scalable unit s lands on leaf s × rails + r),
/// leaf → spine → core uplinks spread over the upper tier, front-end ports
/// and uplinks, one management cable per device to its rack's management
/// switch, and every power cord to its PDU outlet. Then counts, lengths and
/// prices per type (`cableTotals`). Finding "layout.management_ports" when
/// a rack has more devices than its management switch has ports.
void planCables(const LayoutRequest& request, RackLayout& layout);

} // namespace infrafit
