// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/config/resolved_configuration.h"
#include "core/infra/fabric.h"
#include "core/layout/layout_inputs.h"
#include "core/project/resolve_configuration.h"

#include <string_view>
#include <vector>

namespace infrafit {

/// Catalog switches and PDUs as the rack layout takes them (issue 18).

/// A catalog switch as the layout needs it: height, power (typical falls
/// back to the maximum), weight (0 = unknown), price (0 = unpriced), one
/// power cord per PSU; the part itself is kept in `catalogPart`.
SwitchSpec switchSpecFrom(const NetworkSwitch& part);

/// A catalog PDU as the layout needs it; the part is kept in `catalogPart`.
PduSpec pduSpecFrom(const Pdu& part);

/// The catalog part behind a spec, or one made from the spec's figures
/// when it is a built-in default (for the NetBox export of every device).
NetworkSwitch switchPartOf(const SwitchSpec& spec);
Pdu pduPartOf(const PduSpec& spec);

/// Ids of the shipped catalog's parts the layout takes when a configuration
/// names none (catalog/data/default-catalog.json).
inline constexpr std::string_view defaultManagementSwitchId = "nvidia-sn2201";
inline constexpr std::string_view defaultPduId = "apc-ap8886";
/// Shipped fabric switches the layout matches against the fabric's sizing.
inline constexpr std::array<std::string_view, 2> defaultFabricSwitchIds{"nvidia-qm9700",
                                                                         "nvidia-sn5600"};

/// The layout inputs of `rc` with catalog parts:
///  - leaf, spine and core: the configuration's `switch` part; else the
///    shipped catalog switch of the fabric's radix, port speed and protocol
///    (QM9700 for 400G InfiniBand); else the fabric's own assumption on the
///    QM9700's body (defaultLayoutInputs());
///  - management: the catalog's SN2201, else the built-in one;
///  - PDU: the configuration's `pdu` part, else the catalog's APC AP8886,
///    else the built-in one.
/// `catalog` may be empty (built-in defaults only).
LayoutInputs layoutInputsFor(
    const ResolvedConfiguration& rc, const FabricReport& fabric, const PartLookup& catalog);

/// Every part a layout made with `inputs` places: the node chassis, the
/// switches and the PDU, each once (by id), in that order.
std::vector<Part> layoutParts(const ResolvedConfiguration& rc, const LayoutInputs& inputs);

} // namespace infrafit
