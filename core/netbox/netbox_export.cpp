// SPDX-License-Identifier: Apache-2.0
#include "core/netbox/netbox_export.h"

#include "core/layout/layout_parts.h"
#include "core/netbox/netbox_device_type.h"
#include "core/netbox/netbox_names.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

namespace infrafit {

namespace {

/// A number for a CSV cell: no thousands separators, at most `decimals`
/// places, trailing zeros dropped; "0" for NaN or infinity.
std::string netboxNumber(double value, int decimals = 0)
{
    if (!std::isfinite(value))
        return "0";
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    std::string out(text);
    if (out.find('.') != std::string::npos) {
        while (out.back() == '0')
            out.pop_back();
        if (out.back() == '.')
            out.pop_back();
    }
    return out;
}

/// Rows of one CSV file, header first.
class NetboxCsv {
public:
    explicit NetboxCsv(std::vector<std::string> header) { row(header); }

    void row(const std::vector<std::string>& fields)
    {
        for (std::size_t i = 0; i < fields.size(); ++i)
            mText += (i ? "," : "") + netboxCsvField(fields[i]);
        mText += "\n";
    }

    [[nodiscard]] const std::string& text() const { return mText; }

private:
    std::string mText;
};

/// A layout cable type as NetBox's cable type: DAC, multimode and single-mode
/// fibre, AOC, Cat6, power (NetBox CableTypeChoices).
std::string netboxCableType(const std::string& layoutType)
{
    const auto starts = [&](const char* prefix) { return layoutType.rfind(prefix, 0) == 0; };
    if (starts("dac"))
        return "dac-passive";
    if (starts("mmf"))
        return "mmf";
    if (starts("smf"))
        return "smf";
    if (starts("aoc"))
        return "aoc";
    if (starts("cat6"))
        return "cat6";
    if (starts("power"))
        return "power";
    return "";
}

/// The speed at the end of a layout cable type ("dac-400g" → 400), 0 if none.
double netboxCableSpeed(const std::string& layoutType)
{
    const auto dash = layoutType.rfind('-');
    if (dash == std::string::npos || layoutType.empty() || layoutType.back() != 'g')
        return 0;
    try {
        return std::stod(layoutType.substr(dash + 1, layoutType.size() - dash - 2));
    } catch (const std::exception&) {
        return 0;
    }
}

std::pair<std::string, std::string> netboxEnd(const std::string& end)
{
    const auto colon = end.rfind(':');
    if (colon == std::string::npos)
        return {end, ""};
    return {end.substr(0, colon), end.substr(colon + 1)};
}

std::string netboxRoleName(DeviceRole role)
{
    switch (role) {
    case DeviceRole::GpuNode: return "GPU node";
    case DeviceRole::Leaf: return "Leaf switch";
    case DeviceRole::Spine: return "Spine switch";
    case DeviceRole::Core: return "Core switch";
    case DeviceRole::FrontEnd: return "Front-end switch";
    case DeviceRole::Management: return "Management switch";
    case DeviceRole::Pdu: return "PDU";
    }
    return "Device";
}

/// The extras of the device type of `part`: power and cords from the first
/// device placing it, and for a node its NIC ports from its cables.
NetboxDeviceExtras netboxExtrasFor(const ProjectLayout& pl, const std::string& partId)
{
    NetboxDeviceExtras extras;
    const PlacedDevice* first = nullptr;
    for (const auto& rack : pl.layout.racks)
        for (const auto& d : rack.devices)
            if (!first && d.part == partId)
                first = &d;
    if (!first || first->role == DeviceRole::Pdu)
        return extras;
    if (first->maxW > 0)
        extras.maxW = first->maxW;
    if (first->typicalW > 0)
        extras.typicalW = first->typicalW;
    extras.cords = static_cast<int>(first->cords.size());
    extras.c20Inlets = std::any_of(first->cords.begin(), first->cords.end(),
                                   [](const PowerCord& c) { return c.outletType == OutletType::C19; });
    if (first->role != DeviceRole::GpuNode)
        return extras;
    const int cords = std::max(1, extras.cords);
    switch (pl.rc.config.psuRedundancy) {
    case PsuRedundancy::NPlusN: extras.cordsCarryingMax = std::max(1, cords / 2); break;
    case PsuRedundancy::NPlus1: extras.cordsCarryingMax = std::max(1, cords - 1); break;
    case PsuRedundancy::None: extras.cordsCarryingMax = cords; break;
    }
    // The node's NIC ports as its cables name them: rail1… and fe1….
    std::set<std::string> rails;
    std::set<std::string> frontEnd;
    const std::string prefix = first->name + ":";
    for (const auto& cable : pl.layout.cables) {
        for (const auto* end : {&cable.from, &cable.to}) {
            if (end->rfind(prefix, 0) != 0)
                continue;
            const std::string port = end->substr(prefix.size());
            const double gbps = netboxCableSpeed(cable.type);
            if (port.rfind("rail", 0) == 0) {
                rails.insert(port);
                const NicProtocol protocol = pl.rc.nic ? pl.rc.nic->protocol : NicProtocol::Ethernet;
                extras.railType = netboxInterfaceType(protocol, gbps,
                                                      pl.rc.nic ? pl.rc.nic->connector : "");
            } else if (port.rfind("fe", 0) == 0) {
                frontEnd.insert(port);
                extras.frontEndType = netboxInterfaceType(NicProtocol::Ethernet, gbps, "");
            }
        }
    }
    extras.rails = static_cast<int>(rails.size());
    extras.frontEndPorts = static_cast<int>(frontEnd.size());
    return extras;
}

} // namespace

std::string netboxCsvField(const std::string& text)
{
    if (text.find_first_of(",\"\r\n") == std::string::npos)
        return text;
    std::string quoted = "\"";
    for (const char c : text) {
        if (c == '"')
            quoted += '"';
        quoted += c;
    }
    return quoted + "\"";
}

std::vector<NetboxExportFile> netboxExport(const ProjectLayout& pl, const std::string& siteName)
{
    std::vector<NetboxExportFile> files;
    const std::string site = siteName.empty() ? std::string("InfraFit site") : siteName;
    const auto& layout = pl.layout;

    // Device types: every part a device of the layout places, once.
    const std::vector<Part> parts = layoutParts(pl.rc, pl.inputs);
    std::map<std::string, const Part*> byId;
    for (const auto& part : parts)
        byId[infoOf(part).id] = &part;
    std::map<std::string, std::pair<std::string, std::string>> typeOf; // part id -> (maker, model)
    NetboxCsv manufacturers({"name", "slug"});
    std::set<std::string> makers;
    for (const auto& rack : layout.racks) {
        for (const auto& d : rack.devices) {
            if (typeOf.count(d.part))
                continue;
            const auto found = byId.find(d.part);
            if (found == byId.end())
                continue;
            const auto type = netboxDeviceType(*found->second, netboxExtrasFor(pl, d.part));
            if (!type)
                continue;
            typeOf[d.part] = {type->manufacturer, type->model};
            files.push_back({"device-types/" + type->slug + ".yaml", netboxDeviceTypeYaml(*type)});
            if (makers.insert(type->manufacturer).second)
                manufacturers.row({type->manufacturer, netboxSlug(type->manufacturer)});
        }
    }
    files.push_back({"manufacturers.csv", manufacturers.text()});

    NetboxCsv roles({"name", "slug", "color"});
    for (const auto role : {DeviceRole::GpuNode, DeviceRole::Leaf, DeviceRole::Spine,
                            DeviceRole::Core, DeviceRole::FrontEnd, DeviceRole::Management,
                            DeviceRole::Pdu})
        roles.row({netboxRoleName(role), std::string(enumName(role)), "9e9e9e"});
    files.push_back({"device-roles.csv", roles.text()});

    NetboxCsv sites({"name", "slug", "status"});
    sites.row({site, netboxSlug(site), "planned"});
    files.push_back({"sites.csv", sites.text()});

    NetboxCsv racks({"site", "name", "status", "width", "u_height"});
    NetboxCsv devices({"name", "role", "manufacturer", "device_type", "status", "site", "rack",
                       "position", "face"});
    NetboxCsv feeds({"site", "power_panel", "name", "rack", "status", "type", "supply", "phase",
                     "voltage", "amperage", "max_utilization"});
    NetboxCsv feedCables({"side_a_site", "side_a_power_panel", "side_a_type", "side_a_name",
                          "side_b_site", "side_b_device", "side_b_type", "side_b_name", "type",
                          "status"});
    const auto& pdu = pl.inputs.pdu;
    const std::string phase = pdu.phases == 1 ? "single-phase" : "three-phase";
    // NFPA 70 continuous load: a feed is loaded to at most 80 % of its
    // breaker (the layout's continuous-load factor, layout_inputs.h).
    const std::string utilisation
        = netboxNumber(pl.inputs.settings.continuousLoadFactor * 100);
    for (const auto& rack : layout.racks) {
        racks.row({site, rack.name, "planned", "19", std::to_string(rack.units)});
        for (const auto& d : rack.devices) {
            const auto type = typeOf.find(d.part);
            const bool mounted = d.heightU > 0 && d.positionU > 0;
            devices.row({d.name, netboxRoleName(d.role),
                         type == typeOf.end() ? "" : type->second.first,
                         type == typeOf.end() ? d.part : type->second.second, "planned", site,
                         rack.name, mounted ? std::to_string(d.positionU) : "",
                         mounted ? std::string(enumName(d.face)) : ""});
        }
        for (const auto& load : rack.pdus) {
            const std::string panel = "panel-" + feedName(load.feed);
            const std::string feed = load.name + "-feed";
            feeds.row({site, panel, feed, rack.name, "planned",
                       load.feed == 0 ? "primary" : "redundant", "ac", phase,
                       netboxNumber(pdu.voltageV), netboxNumber(pdu.breakerA), utilisation});
            feedCables.row({site, panel, "dcim.powerfeed", feed, site, load.name, "dcim.powerport",
                            "input", "power", "planned"});
        }
    }
    files.push_back({"racks.csv", racks.text()});
    files.push_back({"devices.csv", devices.text()});
    NetboxCsv panels({"site", "name"});
    panels.row({site, "panel-A"});
    panels.row({site, "panel-B"});
    files.push_back({"power-panels.csv", panels.text()});
    files.push_back({"power-feeds.csv", feeds.text()});
    files.push_back({"power-feed-cables.csv", feedCables.text()});

    NetboxCsv cables({"side_a_device", "side_a_type", "side_a_name", "side_b_device", "side_b_type",
                      "side_b_name", "type", "status", "length", "length_unit", "label"});
    for (const auto& cable : layout.cables) {
        const auto [aDevice, aPort] = netboxEnd(cable.from);
        const auto [bDevice, bPort] = netboxEnd(cable.to);
        const bool power = cable.purpose == "power";
        cables.row({aDevice, power ? "dcim.powerport" : "dcim.interface", aPort, bDevice,
                    power ? "dcim.poweroutlet" : "dcim.interface", bPort,
                    netboxCableType(cable.type), "planned", netboxNumber(cable.lengthM, 1), "m",
                    cable.type});
    }
    files.push_back({"cables.csv", cables.text()});
    return files;
}

} // namespace infrafit
