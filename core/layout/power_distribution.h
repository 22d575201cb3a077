// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/layout/layout_request.h"
#include "core/layout/rack_layout.h"

#include <array>

namespace infrafit {

/// Voltage one outlet of `pdu` delivers: line-to-neutral V_LL/√3 on a
/// three-phase Wye PDU of 380 V or more (IEC 400/230 V, 415/240 V), else
/// the PDU's voltage (208 V delta outlets are line to line; single phase).
double outletVoltage(const PduSpec& pdu);

/// Imbalance of three phase currents: largest deviation from their mean as
/// a percentage of the mean (NEMA MG 1-2016 §14.36 definition of
/// unbalance, applied to current); 0 when the mean is 0.
double phaseImbalancePercent(const std::array<double, 3>& currents);

/// Whether a feed's imbalance is a problem: above 10 % while its heaviest
/// phase carries more than half of its continuous limit with both feeds up.
/// A lighter feed keeps headroom on every phase for the other feed's share
/// after a loss (2N doubles each phase's current), so its imbalance strands
/// no capacity; a few equal cords (a rack of one or two switches) cannot be
/// spread evenly over three phases anyway.
bool phaseImbalanceMatters(const FeedLoad& feed);

/// Plugs every power cord of every device of `rack` into an outlet of a PDU
/// on feed A or B and adds the PDUs (0U at the rear, or U-high at the
/// bottom). N+N PSUs: half the cords on each feed; otherwise cords
/// alternate A, B. Each cord goes to the phase of its feed with the least
/// current that has a free outlet of its type (C19 for cords above the C13
/// rating), on the PDU of that feed with the least current on that phase.
/// PDUs per feed: enough for the whole rack on one feed (2N) and for the
/// outlets, at most `maxPdusPerFeed`. Computes currents per phase with
/// both feeds up and after the loss of each feed, the imbalance, and the
/// feed-loss verdict per rack.
void distributeRackPower(const LayoutRequest& request, Rack& rack);

/// Findings over all racks: "layout.pdu_too_few_outlets",
/// "layout.phase_imbalance" (phaseImbalanceMatters()), "layout.feed_loss_overload",
/// "layout.rack_over_limit".
void checkRackPower(const LayoutRequest& request, RackLayout& layout);

} // namespace infrafit
