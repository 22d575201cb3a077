// SPDX-License-Identifier: Apache-2.0
#include "core/layout/place_racks.h"

#include "core/infra/electrical.h"
#include "core/base/finding_text.h"

#include <algorithm>
#include <cmath>

namespace infrafit {

using infra::addFinding;

namespace {

/// Usable watts of one PDU: nameplate kVA × continuous-load factor (NEC
/// 210.19(A)(1)/210.20(A), docs/reference/hardware.md §1.8) × the PSUs'
/// power factor (real power the outlets' current carries).
double placePduUsableW(const LayoutRequest& r)
{
    const double pf = r.inputs.settings.powerFactor > 0 ? r.inputs.settings.powerFactor : 1;
    return 1000 * pf
        * feedUsableKw(r.inputs.pdu.voltageV, r.inputs.pdu.breakerA, r.inputs.pdu.phases,
            r.inputs.settings.continuousLoadFactor);
}

/// PDUs per feed for a rack drawing `maxW`: every feed must carry the whole
/// rack when the other is lost (2N).
int placePdusPerFeed(const LayoutRequest& r, double maxW)
{
    const double usable = placePduUsableW(r);
    int n = usable > 0 ? static_cast<int>(std::ceil(maxW / usable - 1e-9)) : 1;
    return std::clamp(n, 1, std::max(1, r.inputs.settings.maxPdusPerFeed));
}

struct PlaceLoad {
    int units = 0;
    double maxW = 0;
    double weightKg = 0;
};

/// Which limit `load` (plus PDUs for it) crosses in a rack of `r`, or "".
std::string placeLimitCrossed(const LayoutRequest& r, PlaceLoad load)
{
    const int pdus = 2 * placePdusPerFeed(r, load.maxW);
    load.units += pdus * std::max(0, r.inputs.pdu.rackUnits);
    load.weightKg += r.inputs.settings.emptyRackKg + pdus * r.inputs.pdu.weightKg;
    if (load.units > r.rack.units)
        return "units";
    if (r.rackPowerW > 0 && load.maxW > r.rackPowerW + 1e-6)
        return "power";
    if (r.rackCoolingW > 0 && load.maxW > r.rackCoolingW + 1e-6)
        return "cooling";
    if (r.rack.weightLimitKg > 0 && load.weightKg > r.rack.weightLimitKg + 1e-6)
        return "weight";
    return {};
}

PlaceLoad placeManagementLoad(const LayoutRequest& r)
{
    const auto& m = r.inputs.management;
    return {m.rackUnits, m.maxW, m.weightKg};
}

PlacedDevice placeSwitchDevice(std::string name, DeviceRole role, const SwitchSpec& s)
{
    PlacedDevice d;
    d.name = std::move(name);
    d.role = role;
    d.part = s.id;
    d.heightU = s.rackUnits;
    d.typicalW = s.typicalW;
    d.maxW = s.maxW;
    d.weightKg = s.weightKg;
    return d;
}

/// Rack names "R01", "R001": wide enough for every rack.
std::string placeRackName(std::size_t index, std::size_t total)
{
    const int width = total >= 100 ? (total >= 1000 ? 4 : 3) : 2;
    return "R" + layoutNumbered(static_cast<std::int64_t>(index) + 1, width);
}

Rack placeNewRack(const LayoutRequest& r)
{
    Rack rack;
    rack.units = r.rack.units;
    rack.powerLimitW = r.rackPowerW;
    rack.coolingLimitW = r.rackCoolingW;
    rack.weightLimitKg = r.rack.weightLimitKg;
    return rack;
}

/// Management switch at the top of the rack, facing the rear where the
/// servers' BMC ports are.
void placeManagementSwitch(const LayoutRequest& r, Rack& rack)
{
    auto d = placeSwitchDevice({}, DeviceRole::Management, r.inputs.management);
    d.positionU = std::max(1, rack.units - d.heightU + 1);
    d.face = RackFace::Rear;
    rack.devices.push_back(std::move(d));
}

/// Units, power and weight totals, names of rack-local devices, blanking
/// panels over every unit no device occupies.
void placeFinishRack(Rack& rack, double emptyRackKg)
{
    std::vector<bool> used(static_cast<std::size_t>(std::max(0, rack.units)) + 1, false);
    rack.usedU = 0;
    rack.typicalW = rack.maxW = 0;
    rack.weightKg = emptyRackKg;
    for (auto& d : rack.devices) {
        if (d.role == DeviceRole::Management)
            d.name = rack.name + "-mgmt";
        rack.typicalW += d.typicalW;
        rack.maxW += d.maxW;
        rack.weightKg += d.weightKg;
        for (int u = d.positionU; u < d.positionU + d.heightU; ++u)
            if (u >= 1 && u <= rack.units && !used[static_cast<std::size_t>(u)]) {
                used[static_cast<std::size_t>(u)] = true;
                ++rack.usedU;
            }
    }
    for (int u = 1; u <= rack.units; ++u) {
        if (used[static_cast<std::size_t>(u)])
            continue;
        if (!rack.blanks.empty() && rack.blanks.back().first + rack.blanks.back().second == u)
            ++rack.blanks.back().second;
        else
            rack.blanks.emplace_back(u, 1);
    }
}

struct PlaceSwitchEntry {
    std::string name;
    DeviceRole role;
    const SwitchSpec* spec;
};

std::vector<PlaceSwitchEntry> placeSwitchList(const LayoutRequest& r, RackLayout& layout)
{
    std::vector<PlaceSwitchEntry> list;
    const auto add
        = [&](const char* prefix, std::int64_t count, DeviceRole role, const SwitchSpec* spec) {
              const int width = count >= 100 ? 3 : 2;
              for (std::int64_t i = 0; i < count; ++i)
                  list.push_back({prefix + layoutNumbered(i + 1, width), role, spec});
          };
    layout.leafSwitches = r.backEnd.leaves;
    layout.spineSwitches = r.backEnd.spines;
    layout.coreSwitches = r.backEnd.cores;
    layout.frontEndSwitches = r.frontEnd.leaves + r.frontEnd.spines + r.frontEnd.cores;
    add("leaf-", r.backEnd.leaves, DeviceRole::Leaf, &r.inputs.leaf);
    add("spine-", r.backEnd.spines, DeviceRole::Spine, &r.inputs.leaf);
    add("core-", r.backEnd.cores, DeviceRole::Core, &r.inputs.leaf);
    add("fe-leaf-", r.frontEnd.leaves, DeviceRole::FrontEnd, &r.inputs.frontEnd);
    add("fe-spine-", r.frontEnd.spines, DeviceRole::FrontEnd, &r.inputs.frontEnd);
    add("fe-core-", r.frontEnd.cores, DeviceRole::FrontEnd, &r.inputs.frontEnd);
    return list;
}

/// Network racks: switches bottom up, a new rack when the next one would
/// cross a limit. A switch that fits no empty rack is reported and skipped.
void placeNetworkRacks(const LayoutRequest& r, RackLayout& layout)
{
    const auto switches = placeSwitchList(r, layout);
    if (switches.empty())
        return;
    const PlaceLoad mgmt = placeManagementLoad(r);
    Rack rack;
    PlaceLoad load;
    bool open = false;
    int skipped = 0;
    int inRack = 0;
    for (std::size_t i = 0; i < switches.size(); ++i) {
        const auto& entry = switches[i];
        const SwitchSpec& s = *entry.spec;
        const PlaceLoad withSwitch {
            load.units + s.rackUnits, load.maxW + s.maxW, load.weightKg + s.weightKg};
        // Switches go in threes: each puts one cord on each feed, so three
        // of them load the three phases of a feed evenly. A rack takes the
        // next three only when all three fit.
        bool fits = open && placeLimitCrossed(r, withSwitch).empty();
        if (fits && inRack % 3 == 0) {
            PlaceLoad three = load;
            for (std::size_t k = i; k < std::min(switches.size(), i + 3); ++k) {
                three.units += switches[k].spec->rackUnits;
                three.maxW += switches[k].spec->maxW;
                three.weightKg += switches[k].spec->weightKg;
            }
            fits = placeLimitCrossed(r, three).empty();
        }
        if (fits) {
            auto d = placeSwitchDevice(entry.name, entry.role, s);
            d.positionU = load.units - mgmt.units + 1;
            rack.devices.push_back(std::move(d));
            load = withSwitch;
            ++inRack;
            continue;
        }
        const PlaceLoad alone {
            mgmt.units + s.rackUnits, mgmt.maxW + s.maxW, mgmt.weightKg + s.weightKg};
        if (!placeLimitCrossed(r, alone).empty()) {
            ++skipped;
            continue;
        }
        if (open)
            layout.racks.push_back(std::move(rack));
        rack = placeNewRack(r);
        placeManagementSwitch(r, rack);
        auto d = placeSwitchDevice(entry.name, entry.role, s);
        d.positionU = 1;
        rack.devices.push_back(std::move(d));
        load = alone;
        open = true;
        inRack = 1;
    }
    if (open)
        layout.racks.push_back(std::move(rack));
    if (skipped > 0) {
        layout.ok = false;
        addFinding(layout.findings, Severity::Error, "layout.switch_rack_limit",
            infra::counted(skipped, "switch fits", "switches fit")
                + " no rack: one switch with the management switch crosses the rack's "
                  "units, power, cooling or weight limit ("
                + placeLimitCrossed(r,
                    {mgmt.units + switches.front().spec->rackUnits,
                        mgmt.maxW + switches.front().spec->maxW,
                        mgmt.weightKg + switches.front().spec->weightKg})
                + ").",
            "Raise the rack limits (rack.units, rack.power_limit_kw, rack.weight_limit_kg).");
    }
}

void placeComputeRacks(const LayoutRequest& r, RackLayout& layout)
{
    layout.gpuNodes = std::max(0, r.nodes);
    if (r.nodes <= 0)
        return;
    if (r.nodeU > r.rack.units) {
        layout.ok = false;
        layout.unplacedNodes = r.nodes;
        addFinding(layout.findings, Severity::Error, "layout.device_too_tall",
            "The node (" + r.nodePart + ") is " + std::to_string(r.nodeU) + " U but the rack has "
                + std::to_string(r.rack.units) + " U; no node is placed.",
            "Use a taller rack (rack.units) or a smaller chassis.");
        return;
    }
    const NodesPerRack per = computeNodesPerRack(r);
    if (per.nodes <= 0) {
        layout.ok = false;
        layout.unplacedNodes = r.nodes;
        const PlaceLoad one {r.nodeU + r.inputs.management.rackUnits,
            r.nodeMaxW + r.inputs.management.maxW, r.nodeWeightKg + r.inputs.management.weightKg};
        const std::string limit = placeLimitCrossed(r, one);
        std::string detail;
        if (limit == "power")
            detail = infra::watts(one.maxW) + " for one node and the management switch against "
                + infra::watts(r.rackPowerW) + " of rack power";
        else if (limit == "cooling")
            detail = infra::watts(one.maxW) + " of heat against " + infra::watts(r.rackCoolingW)
                + " of rack cooling";
        else if (limit == "weight")
            detail = "one node, the management switch, PDUs and the empty rack weigh more than "
                + infra::num(r.rack.weightLimitKg) + " kg";
        else
            detail = "one node with the management switch and PDUs needs more than "
                + std::to_string(r.rack.units) + " U";
        addFinding(layout.findings, Severity::Error, "layout.rack_limit_below_node",
            "A rack cannot hold even one node: " + detail + "; no node is placed.",
            "Raise the rack's " + (limit.empty() ? std::string("limits") : limit)
                + " limit or use a smaller node (or cap its power).");
        return;
    }
    const int nodeWidth = r.nodes >= 1000 ? 4 : (r.nodes >= 100 ? 3 : 2);
    int placed = 0;
    while (placed < r.nodes) {
        Rack rack = placeNewRack(r);
        const int here = std::min(per.nodes, r.nodes - placed);
        for (int i = 0; i < here; ++i) {
            PlacedDevice d;
            d.name = "node-" + layoutNumbered(placed + i + 1, nodeWidth);
            d.role = DeviceRole::GpuNode;
            d.part = r.nodePart;
            d.positionU = 1 + i * r.nodeU;
            d.heightU = r.nodeU;
            d.typicalW = r.nodeTypicalW;
            d.maxW = r.nodeMaxW;
            d.weightKg = r.nodeWeightKg;
            rack.devices.push_back(std::move(d));
        }
        placeManagementSwitch(r, rack);
        layout.racks.push_back(std::move(rack));
        placed += here;
    }
    if (r.nodeWeightKg <= 0)
        addFinding(layout.findings, Severity::Warning, "layout.weight_unknown",
            "The chassis (" + r.nodePart
                + ") has no weight_kg, so rack weights count only switches, PDUs and the rack.",
            "Set the chassis' weight_kg.");
}

} // namespace

std::string layoutNumbered(std::int64_t value, int width)
{
    std::string digits = std::to_string(value);
    if (static_cast<int>(digits.size()) < width)
        digits.insert(0, static_cast<std::size_t>(width) - digits.size(), '0');
    return digits;
}

NodesPerRack computeNodesPerRack(const LayoutRequest& r)
{
    NodesPerRack result;
    if (r.nodeU <= 0 || r.nodes <= 0)
        return result;
    const PlaceLoad mgmt = placeManagementLoad(r);
    const int byUnits = (r.rack.units - mgmt.units) / r.nodeU;
    result.limit = "units";
    for (int n = 1; n <= std::min(byUnits, r.nodes); ++n) {
        const PlaceLoad load {mgmt.units + n * r.nodeU, mgmt.maxW + n * r.nodeMaxW,
            mgmt.weightKg + n * r.nodeWeightKg};
        const std::string crossed = placeLimitCrossed(r, load);
        if (!crossed.empty()) {
            result.limit = crossed;
            return result;
        }
        result.nodes = n;
    }
    if (result.nodes == r.nodes && result.nodes < byUnits)
        result.limit = "nodes";
    return result;
}

void placeDevices(const LayoutRequest& request, RackLayout& layout)
{
    placeNetworkRacks(request, layout);
    placeComputeRacks(request, layout);
    const int perRow = std::max(1, request.rack.racksPerRow);
    for (std::size_t i = 0; i < layout.racks.size(); ++i) {
        Rack& rack = layout.racks[i];
        rack.name = placeRackName(i, layout.racks.size());
        rack.row = static_cast<int>(i) / perRow;
        rack.column = static_cast<int>(i) % perRow;
        placeFinishRack(rack, request.inputs.settings.emptyRackKg);
    }
    layout.managementSwitches = static_cast<std::int64_t>(layout.racks.size());
}

} // namespace infrafit
