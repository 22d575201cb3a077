// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/parts/nic.h"

#include <optional>
#include <string>
#include <string_view>

namespace infrafit {

/// Names NetBox uses that InfraFit maps to and from: slugs and the
/// interface types of the devicetype-library schema (generated_schema.json,
/// "interface" → "type"; NetBox's InterfaceTypeChoices).

/// A NetBox slug for `text` (pattern ^[-a-z0-9_]+$): lower case, every other
/// character a '-', runs of '-' joined, at most 100 characters; never empty.
std::string netboxSlug(std::string_view text);

/// The NetBox interface type of a port: InfiniBand by speed (HDR 200G, NDR
/// 400G, XDR 800G…), Ethernet by speed and cage (1000base-t, 100gbase-x-
/// qsfp28, 400gbase-x-osfp…; `connector` picks OSFP, QSFP112 or QSFP-DD
/// where a speed has several); "other" when NetBox has none for it.
std::string netboxInterfaceType(NicProtocol protocol, double speedGbps, std::string_view connector);

/// What a NetBox interface type says about a port: protocol, speed and
/// cage. nullopt for a type InfraFit does not map (virtual, wireless, …).
struct NetboxPortKind {
    NicProtocol protocol = NicProtocol::Ethernet;
    double speedGbps = 0;
    std::string connector;
};
std::optional<NetboxPortKind> netboxPortKind(std::string_view interfaceType);

/// True when `type` is one of the power-port (inlet) types InfraFit writes
/// for a PDU's input plug (IEC 60309 and NEMA locking plugs; the schema's
/// list, a subset); anything else is exported as "other".
bool isKnownNetboxInletType(std::string_view type);

} // namespace infrafit
