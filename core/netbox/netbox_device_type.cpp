// SPDX-License-Identifier: Apache-2.0
#include "core/netbox/netbox_device_type.h"

#include "core/io/part_json.h"
#include "core/netbox/netbox_names.h"
#include "core/parts/field_spec.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <array>
#include <cmath>

namespace infrafit {

namespace {

/// A draw in whole watts, at least 1 (the schema's minimum), rounded up so
/// a budget built from it is never short; nullopt for no figure.
std::optional<int> netboxDrawW(std::optional<double> watts)
{
    if (!watts || !std::isfinite(*watts) || *watts <= 0 || *watts > 1e9)
        return std::nullopt;
    return std::max(1, static_cast<int>(std::ceil(*watts - 1e-9)));
}

/// Power ports "psu1"… as the cabling plan names a device's cords. Each
/// port's maximum_draw is the device's maximum spread over the cords that
/// carry it alone (N of N+N); allocated_draw its typical share of all.
std::vector<NetboxPowerPort> netboxPowerPorts(int cords, int carrying, bool c20,
                                              std::optional<double> maxW,
                                              std::optional<double> typicalW)
{
    cords = std::max(1, cords);
    carrying = std::clamp(carrying, 1, cords);
    std::vector<NetboxPowerPort> ports;
    for (int i = 0; i < cords; ++i) {
        NetboxPowerPort port;
        port.name = "psu" + std::to_string(i + 1);
        port.type = c20 ? "iec-60320-c20" : "iec-60320-c14";
        if (maxW)
            port.maximumDrawW = netboxDrawW(*maxW / carrying);
        if (typicalW)
            port.allocatedDrawW = netboxDrawW(*typicalW / cords);
        ports.push_back(std::move(port));
    }
    return ports;
}

std::string netboxComments(const Part& part)
{
    nlohmann::json block = partToJson(part);
    const PartKind kind = kindOf(part);
    // partToJson leaves out false flags; a known "no" must survive the trip.
    for (const auto& spec : fieldsOf(kind))
        if (const auto view = spec.view(part);
            std::holds_alternative<bool>(view) && !std::get<bool>(view))
            block[std::string(spec.key)] = false;
    for (auto it = block.begin(); it != block.end();) {
        if (it.key() != "kind" && isNetboxMappedField(kind, it.key()))
            it = block.erase(it);
        else
            ++it;
    }
    return "InfraFit catalog part " + infoOf(part).id + " (" + std::string(enumName(kind))
        + ").\ninfrafit: " + block.dump() + "\n";
}

void netboxAddSwitchInterfaces(const NetworkSwitch& s, NetboxDeviceType& type)
{
    const std::string portType = netboxInterfaceType(s.protocol, s.portSpeedGbps, s.connector);
    int n = 0;
    for (int i = 0; i < s.ports; ++i)
        type.interfaces.push_back({"p" + std::to_string(++n), portType, false});
    if (s.uplinkPorts && s.uplinkSpeedGbps) {
        const std::string uplinkType
            = netboxInterfaceType(s.protocol, *s.uplinkSpeedGbps, std::string_view());
        for (int i = 0; i < *s.uplinkPorts; ++i)
            type.interfaces.push_back({"p" + std::to_string(++n), uplinkType, false});
    }
    type.interfaces.push_back({"mgmt", "1000base-t", true});
}

void netboxAddPduOutlets(const Pdu& p, NetboxDeviceType& type)
{
    // Outlet numbering as the layout's (core/layout/power_distribution.cpp):
    // C13 banks first, then C19 banks, each type split over the phases in
    // equal banks with the remainder on the first phases.
    const int phases = p.phases == 1 ? 1 : 3;
    int n = 0;
    for (const auto& [count, outletType] :
         {std::pair{p.outletsC13, "iec-60320-c13"}, std::pair{p.outletsC19, "iec-60320-c19"}}) {
        for (int phase = 0; phase < phases; ++phase) {
            const int onPhase = count / phases + (phase < count % phases ? 1 : 0);
            for (int i = 0; i < onPhase; ++i) {
                NetboxPowerOutlet outlet;
                outlet.name = "outlet" + std::to_string(++n);
                outlet.type = outletType;
                outlet.powerPort = "input";
                if (phases == 3)
                    outlet.feedLeg = std::string(1, static_cast<char>('A' + phase));
                type.powerOutlets.push_back(std::move(outlet));
            }
        }
    }
    NetboxPowerPort input;
    input.name = "input";
    input.type = isKnownNetboxInletType(p.inputPlug) ? p.inputPlug : "other";
    type.powerPorts.push_back(std::move(input));
    type.interfaces.push_back({"mgmt", "1000base-t", true});
}

} // namespace

bool isNetboxMappedField(PartKind kind, std::string_view key)
{
    static constexpr std::array<std::string_view, 5> common{"vendor", "model", "part_number",
                                                            "rack_units", "weight_kg"};
    if (std::find(common.begin(), common.end(), key) != common.end())
        return true;
    static constexpr std::array<std::string_view, 10> switchKeys{
        "ports",        "port_speed_gbps", "protocol",        "uplink_ports",  "uplink_speed_gbps",
        "power_supplies", "max_power_w",   "typical_power_w", "full_depth",    "airflow"};
    static constexpr std::array<std::string_view, 4> pduKeys{"outlets_c13", "outlets_c19",
                                                             "phases", "input_plug"};
    if (kind == PartKind::Switch)
        return std::find(switchKeys.begin(), switchKeys.end(), key) != switchKeys.end();
    if (kind == PartKind::Pdu)
        return std::find(pduKeys.begin(), pduKeys.end(), key) != pduKeys.end();
    return false;
}

std::optional<NetboxDeviceType> netboxDeviceType(const Part& part, const NetboxDeviceExtras& extras)
{
    const PartKind kind = kindOf(part);
    if (kind != PartKind::Chassis && kind != PartKind::Switch && kind != PartKind::Pdu)
        return std::nullopt;
    const PartInfo& info = infoOf(part);
    NetboxDeviceType type;
    type.manufacturer = info.vendor;
    type.model = info.model;
    type.slug = netboxSlug(info.id);
    type.partNumber = info.partNumber;
    type.comments = netboxComments(part);
    if (const auto* chassis = std::get_if<Chassis>(&part)) {
        type.uHeight = chassis->rackUnits;
        type.isFullDepth = true; // GPU servers fill the rack's depth
        type.weightKg = chassis->weightKg;
        const std::optional<double> maxW = extras.maxW ? extras.maxW : chassis->maxSystemPowerW;
        const int cords = extras.cords > 0 ? extras.cords : std::max(1, chassis->psuSlots);
        type.powerPorts = netboxPowerPorts(cords, extras.cordsCarryingMax > 0 ? extras.cordsCarryingMax
                                                                            : cords,
                                           extras.c20Inlets, maxW, extras.typicalW);
        for (int i = 0; i < extras.rails; ++i)
            type.interfaces.push_back({"rail" + std::to_string(i + 1), extras.railType, false});
        for (int i = 0; i < extras.frontEndPorts; ++i)
            type.interfaces.push_back({"fe" + std::to_string(i + 1), extras.frontEndType, false});
        type.interfaces.push_back({"bmc", "1000base-t", true});
    } else if (const auto* sw = std::get_if<NetworkSwitch>(&part)) {
        type.uHeight = sw->rackUnits;
        type.isFullDepth = sw->fullDepth.value_or(true);
        if (sw->airflow)
            type.airflow = std::string(enumName(*sw->airflow));
        type.weightKg = sw->weightKg;
        // Switch PSUs are 1+1: one carries the whole switch.
        const int cords = std::max(1, sw->powerSupplies);
        type.powerPorts = netboxPowerPorts(cords, (cords + 1) / 2, false,
                                           extras.maxW ? extras.maxW : sw->maxPowerW,
                                           extras.typicalW ? extras.typicalW : sw->typicalPowerW);
        netboxAddSwitchInterfaces(*sw, type);
    } else if (const auto* pdu = std::get_if<Pdu>(&part)) {
        type.uHeight = pdu->rackUnits;
        type.isFullDepth = false;
        type.weightKg = pdu->weightKg;
        netboxAddPduOutlets(*pdu, type);
    }
    return type;
}

std::string netboxDeviceTypeYaml(const NetboxDeviceType& type)
{
    YAML::Emitter out;
    out.SetDoublePrecision(15); // 14.8 stays 14.8, not its nearest double's 17 digits
    out << YAML::BeginMap;
    out << YAML::Key << "manufacturer" << YAML::Value << type.manufacturer;
    out << YAML::Key << "model" << YAML::Value << type.model;
    out << YAML::Key << "slug" << YAML::Value << type.slug;
    if (!type.partNumber.empty())
        out << YAML::Key << "part_number" << YAML::Value << type.partNumber;
    out << YAML::Key << "u_height" << YAML::Value << type.uHeight;
    out << YAML::Key << "is_full_depth" << YAML::Value << type.isFullDepth;
    if (!type.airflow.empty())
        out << YAML::Key << "airflow" << YAML::Value << type.airflow;
    if (type.weightKg && std::isfinite(*type.weightKg) && *type.weightKg > 0) {
        // The schema's weight is a multiple of 0.01.
        out << YAML::Key << "weight" << YAML::Value << std::round(*type.weightKg * 100) / 100;
        out << YAML::Key << "weight_unit" << YAML::Value << "kg";
    }
    if (!type.comments.empty())
        out << YAML::Key << "comments" << YAML::Value << YAML::Literal << type.comments;
    if (!type.powerPorts.empty()) {
        out << YAML::Key << "power-ports" << YAML::Value << YAML::BeginSeq;
        for (const auto& port : type.powerPorts) {
            out << YAML::BeginMap << YAML::Key << "name" << YAML::Value << port.name;
            out << YAML::Key << "type" << YAML::Value << port.type;
            if (port.maximumDrawW)
                out << YAML::Key << "maximum_draw" << YAML::Value << *port.maximumDrawW;
            if (port.allocatedDrawW)
                out << YAML::Key << "allocated_draw" << YAML::Value << *port.allocatedDrawW;
            out << YAML::EndMap;
        }
        out << YAML::EndSeq;
    }
    if (!type.powerOutlets.empty()) {
        out << YAML::Key << "power-outlets" << YAML::Value << YAML::BeginSeq;
        for (const auto& outlet : type.powerOutlets) {
            out << YAML::BeginMap << YAML::Key << "name" << YAML::Value << outlet.name;
            out << YAML::Key << "type" << YAML::Value << outlet.type;
            out << YAML::Key << "power_port" << YAML::Value << outlet.powerPort;
            if (!outlet.feedLeg.empty())
                out << YAML::Key << "feed_leg" << YAML::Value << outlet.feedLeg;
            out << YAML::EndMap;
        }
        out << YAML::EndSeq;
    }
    if (!type.interfaces.empty()) {
        out << YAML::Key << "interfaces" << YAML::Value << YAML::BeginSeq;
        for (const auto& iface : type.interfaces) {
            out << YAML::BeginMap << YAML::Key << "name" << YAML::Value << iface.name;
            out << YAML::Key << "type" << YAML::Value << iface.type;
            if (iface.mgmtOnly)
                out << YAML::Key << "mgmt_only" << YAML::Value << true;
            out << YAML::EndMap;
        }
        out << YAML::EndSeq;
    }
    out << YAML::EndMap;
    return std::string("---\n") + out.c_str() + "\n";
}

} // namespace infrafit
