// SPDX-License-Identifier: Apache-2.0
#include "core/netbox/netbox_names.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>

namespace infrafit {

namespace {

/// One row of the interface type table: NetBox's type and what it means.
/// Types and speeds from NetBox's InterfaceTypeChoices as listed in the
/// devicetype-library schema (generated_schema.json): IEEE 802.3 names for
/// Ethernet, IBTA data rates for InfiniBand (HDR 200, NDR 400, XDR 800 Gb/s
/// per 4x port).
struct NetboxTypeRow {
    std::string_view type;
    NicProtocol protocol;
    double speedGbps;
    std::string_view connector;
};

constexpr std::array<NetboxTypeRow, 24> netboxTypeRows{{
    {"1000base-t", NicProtocol::Ethernet, 1, "RJ45"},
    {"1000base-x-sfp", NicProtocol::Ethernet, 1, "SFP"},
    {"10gbase-t", NicProtocol::Ethernet, 10, "RJ45"},
    {"10gbase-x-sfpp", NicProtocol::Ethernet, 10, "SFP+"},
    {"25gbase-x-sfp28", NicProtocol::Ethernet, 25, "SFP28"},
    {"40gbase-x-qsfpp", NicProtocol::Ethernet, 40, "QSFP+"},
    {"50gbase-x-sfp56", NicProtocol::Ethernet, 50, "SFP56"},
    {"100gbase-x-qsfp28", NicProtocol::Ethernet, 100, "QSFP28"},
    {"100gbase-x-qsfpdd", NicProtocol::Ethernet, 100, "QSFP-DD"},
    {"200gbase-x-qsfp56", NicProtocol::Ethernet, 200, "QSFP56"},
    {"200gbase-x-qsfpdd", NicProtocol::Ethernet, 200, "QSFP-DD"},
    {"400gbase-x-osfp", NicProtocol::Ethernet, 400, "OSFP"},
    {"400gbase-x-qsfp112", NicProtocol::Ethernet, 400, "QSFP112"},
    {"400gbase-x-qsfpdd", NicProtocol::Ethernet, 400, "QSFP-DD"},
    {"800gbase-x-osfp", NicProtocol::Ethernet, 800, "OSFP"},
    {"800gbase-x-qsfpdd", NicProtocol::Ethernet, 800, "QSFP-DD"},
    {"infiniband-sdr", NicProtocol::Infiniband, 10, ""},
    {"infiniband-ddr", NicProtocol::Infiniband, 20, ""},
    {"infiniband-qdr", NicProtocol::Infiniband, 40, ""},
    {"infiniband-fdr", NicProtocol::Infiniband, 56, ""},
    {"infiniband-edr", NicProtocol::Infiniband, 100, ""},
    {"infiniband-hdr", NicProtocol::Infiniband, 200, ""},
    {"infiniband-ndr", NicProtocol::Infiniband, 400, ""},
    {"infiniband-xdr", NicProtocol::Infiniband, 800, ""},
}};

std::string netboxUpper(std::string_view text)
{
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    return out;
}

} // namespace

std::string netboxSlug(std::string_view text)
{
    std::string slug;
    for (const unsigned char c : text) {
        const char lower = static_cast<char>(std::tolower(c));
        const bool keep = (lower >= 'a' && lower <= 'z') || (lower >= '0' && lower <= '9')
            || lower == '_';
        if (keep)
            slug += lower;
        else if (!slug.empty() && slug.back() != '-')
            slug += '-';
        if (slug.size() >= 100)
            break;
    }
    while (!slug.empty() && slug.back() == '-')
        slug.pop_back();
    return slug.empty() ? std::string("part") : slug;
}

std::string netboxInterfaceType(NicProtocol protocol, double speedGbps, std::string_view connector)
{
    const std::string cage = netboxUpper(connector);
    const NetboxTypeRow* first = nullptr;
    for (const auto& row : netboxTypeRows) {
        if (row.protocol != protocol || std::fabs(row.speedGbps - speedGbps) > 1e-9)
            continue;
        if (!first)
            first = &row;
        // The cage named first in the connector text wins ("OSFP (32 twin-port cages)").
        if (!row.connector.empty() && cage.find(netboxUpper(row.connector)) != std::string::npos)
            return std::string(row.type);
    }
    return first ? std::string(first->type) : std::string("other");
}

std::optional<NetboxPortKind> netboxPortKind(std::string_view interfaceType)
{
    for (const auto& row : netboxTypeRows)
        if (row.type == interfaceType)
            return NetboxPortKind{row.protocol, row.speedGbps, std::string(row.connector)};
    return std::nullopt;
}

bool isKnownNetboxInletType(std::string_view type)
{
    // A subset of the schema's power-port types: the inlets of rack PDUs.
    static constexpr std::array<std::string_view, 14> inlets{
        "iec-60309-p-n-e-6h",  "iec-60309-3p-e-6h",   "iec-60309-3p-n-e-6h", "iec-60309-p-n-e-9h",
        "iec-60309-3p-e-9h",   "iec-60309-3p-n-e-9h", "nema-l6-30p",         "nema-l15-30p",
        "nema-l21-30p",        "nema-l22-30p",        "cs8365c",             "iec-60320-c20",
        "nema-l6-20p",         "hardwired"};
    return std::find(inlets.begin(), inlets.end(), type) != inlets.end();
}

} // namespace infrafit
