// SPDX-License-Identifier: Apache-2.0
#include "core/layout/cabling.h"

#include "core/base/finding_text.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace infrafit {

namespace {

struct CablingPlace {
    const Rack* rack = nullptr;
    const PlacedDevice* device = nullptr;
};

CableEnd cablingEnd(const CablingPlace& p)
{
    CableEnd e;
    e.row = p.rack->row;
    e.column = p.rack->column;
    e.rackUnits = p.rack->units;
    // 0U devices (vertical PDUs) run the rack's height: take its middle.
    e.heightU = p.device->heightU > 0 ? p.device->positionU + p.device->heightU / 2.0
                                      : p.rack->units / 2.0;
    return e;
}

std::string cablingSpeed(double gbps)
{
    return infra::num(gbps) + "g";
}

class CablingBuilder {
public:
    CablingBuilder(const LayoutRequest& r, RackLayout& layout) : mR(r), mLayout(layout) { }

    void add(const CablingPlace& a, std::string aPort, const CablingPlace& b, std::string bPort,
        std::string type, double lengthM, const char* purpose)
    {
        Cable c;
        c.from = a.device->name + ":" + aPort;
        c.to = b.device->name + ":" + bPort;
        c.type = std::move(type);
        c.lengthM = lengthM;
        c.purpose = purpose;
        mLayout.cables.push_back(std::move(c));
    }

    void addData(const CablingPlace& a, std::string aPort, const CablingPlace& b, std::string bPort,
        double gbps, const char* purpose)
    {
        const double length
            = cableLengthM(cablingEnd(a), cablingEnd(b), mR.rack, mR.inputs.settings);
        add(a, std::move(aPort), b, std::move(bPort),
            dataCableType(gbps, length, mR.inputs.settings), length, purpose);
    }

private:
    const LayoutRequest& mR;
    RackLayout& mLayout;
};

/// Links of one fat tree: endpoints (node ports, rail-major within each
/// scalable unit when `railOptimised`) to leaves, leaves to spines, spines
/// to cores; cable counts follow core/infra/fabric.cpp.
void cablingTree(const LayoutRequest& r, CablingBuilder& builder,
    const std::vector<CablingPlace>& nodes, int portsPerNode, double gbps, const LayoutTree& tree,
    const std::vector<CablingPlace>& leaves, const std::vector<CablingPlace>& spines,
    const std::vector<CablingPlace>& cores, const char* portPrefix, const char* purpose,
    bool railOptimised)
{
    if (tree.radix < 2 || leaves.empty() || portsPerNode <= 0)
        return;
    const std::int64_t down = tree.tiers <= 1 ? tree.radix : tree.radix / 2;
    const std::int64_t su = std::max(1, r.inputs.settings.scalableUnitNodes);
    const std::int64_t nodeCount = static_cast<std::int64_t>(nodes.size());
    for (std::int64_t n = 0; n < nodeCount; ++n) {
        const std::int64_t unit = n / su;
        const std::int64_t unitStart = unit * su;
        const std::int64_t unitNodes = std::min(su, nodeCount - unitStart);
        for (int p = 0; p < portsPerNode; ++p) {
            // Rail-optimised (DGX SuperPOD RA): rail p of the SU's nodes
            // fills consecutive leaf ports, so with 32 nodes per SU and 32
            // down ports per leaf, rail p of SU s is leaf s × rails + p.
            const std::int64_t endpoint = railOptimised
                ? unitStart * portsPerNode + p * unitNodes + (n - unitStart)
                : n * portsPerNode + p;
            const std::int64_t leaf = std::min<std::int64_t>(
                endpoint / down, static_cast<std::int64_t>(leaves.size()) - 1);
            builder.addData(nodes[static_cast<std::size_t>(n)], portPrefix + std::to_string(p + 1),
                leaves[static_cast<std::size_t>(leaf)], "p" + std::to_string(endpoint % down + 1),
                gbps, purpose);
        }
    }
    const std::int64_t half = tree.radix / 2;
    if (!spines.empty() && half > 0) {
        const auto s = static_cast<std::int64_t>(spines.size());
        for (std::int64_t c = 0; c < tree.leafToSpineCables; ++c) {
            const std::int64_t leaf = c / half;
            if (leaf >= static_cast<std::int64_t>(leaves.size()))
                break;
            builder.addData(leaves[static_cast<std::size_t>(leaf)],
                "p" + std::to_string(half + c % half + 1), spines[static_cast<std::size_t>(c % s)],
                "p" + std::to_string(c / s + 1), gbps, "uplink");
        }
    }
    if (!cores.empty() && !spines.empty() && half > 0) {
        const auto k = static_cast<std::int64_t>(cores.size());
        for (std::int64_t c = 0; c < tree.spineToCoreCables; ++c) {
            const std::int64_t spine = c / half;
            if (spine >= static_cast<std::int64_t>(spines.size()))
                break;
            builder.addData(spines[static_cast<std::size_t>(spine)],
                "p" + std::to_string(half + c % half + 1), cores[static_cast<std::size_t>(c % k)],
                "p" + std::to_string(c / k + 1), gbps, "uplink");
        }
    }
}

void cablingTotals(const LayoutRequest& r, RackLayout& layout)
{
    const CablePrices& prices = r.inputs.cablePrices;
    std::map<std::string, CableTypeTotal> totals;
    for (const auto& c : layout.cables) {
        auto& t = totals[c.type];
        if (t.count == 0) {
            t.type = c.type;
            if (c.type.rfind("dac-", 0) == 0) {
                t.cableUnitUsd = prices.dacUsd;
            } else if (c.type.rfind("mmf-", 0) == 0) {
                t.cableUnitUsd = prices.fibreUsd;
                t.transceiversPerCable = 2;
                t.transceiverUnitUsd = prices.transceiverUsd;
            } else if (c.type.rfind("smf-", 0) == 0) {
                t.cableUnitUsd = prices.fibreUsd;
                t.transceiversPerCable = 2;
                t.transceiverUnitUsd = prices.singleModeTransceiverUsd;
            } else if (c.type == "cat6") {
                t.cableUnitUsd = prices.copperUsd;
            } else {
                t.cableUnitUsd = prices.powerCordUsd;
            }
            t.priceSource = "estimated (street prices 2024; core/layout/layout_inputs.h)";
        }
        ++t.count;
        t.lengthM += c.lengthM;
    }
    layout.cableTotals.clear();
    for (auto& [type, t] : totals) {
        t.totalUsd = static_cast<double>(t.count)
            * (t.cableUnitUsd + t.transceiversPerCable * t.transceiverUnitUsd);
        layout.cableTotals.push_back(t);
    }
}

} // namespace

double cableLengthM(
    const CableEnd& a, const CableEnd& b, const RackLimits& rack, const LayoutSettings& settings)
{
    const double unit = settings.rackUnitM;
    double length = 0;
    if (a.row == b.row && a.column == b.column) {
        length = std::abs(a.heightU - b.heightU) * unit;
    } else {
        length = (a.rackUnits - a.heightU) * unit + (b.rackUnits - b.heightU) * unit
            + std::abs(a.column - b.column) * rack.pitchM
            + std::abs(a.row - b.row) * rack.rowDistanceM;
    }
    length += settings.cableSlackM;
    const double step = settings.cableLengthStepM > 0 ? settings.cableLengthStepM : 0.5;
    return std::ceil(length / step - 1e-9) * step;
}

std::string dataCableType(double gbps, double lengthM, const LayoutSettings& settings)
{
    const std::string speed = cablingSpeed(gbps);
    if (lengthM <= settings.dacMaxM + 1e-9)
        return "dac-" + speed;
    if (lengthM <= settings.multimodeMaxM + 1e-9)
        return "mmf-" + speed;
    return "smf-" + speed;
}

void planCables(const LayoutRequest& r, RackLayout& layout)
{
    std::vector<CablingPlace> nodes, leaves, spines, cores, feLeaves, feSpines, feCores;
    nodes.reserve(static_cast<std::size_t>(std::max(0, r.nodes)));
    for (const auto& rack : layout.racks)
        for (const auto& d : rack.devices) {
            const CablingPlace p {&rack, &d};
            switch (d.role) {
            case DeviceRole::GpuNode:
                nodes.push_back(p);
                break;
            case DeviceRole::Leaf:
                leaves.push_back(p);
                break;
            case DeviceRole::Spine:
                spines.push_back(p);
                break;
            case DeviceRole::Core:
                cores.push_back(p);
                break;
            case DeviceRole::FrontEnd:
                if (d.name.rfind("fe-leaf-", 0) == 0)
                    feLeaves.push_back(p);
                else if (d.name.rfind("fe-spine-", 0) == 0)
                    feSpines.push_back(p);
                else
                    feCores.push_back(p);
                break;
            default:
                break;
            }
        }
    std::size_t expected = 0;
    for (const auto& rack : layout.racks)
        for (const auto& d : rack.devices)
            expected += d.cords.size() + 1;
    expected += nodes.size()
        * static_cast<std::size_t>(
            std::max(0, r.rails) * 2 + std::max(0, r.frontEndPortsPerNode) * 2);
    layout.cables.clear();
    layout.cables.reserve(expected);

    CablingBuilder builder(r, layout);
    cablingTree(r, builder, nodes, r.rails, r.railGbps, r.backEnd, leaves, spines, cores, "rail",
        "compute", true);
    cablingTree(r, builder, nodes, r.frontEndPortsPerNode, r.frontEndGbps, r.frontEnd, feLeaves,
        feSpines, feCores, "fe", "frontend", false);

    // Management: every device with a network port to its rack's switch;
    // power: every cord to its outlet.
    int overfull = 0;
    std::string overfullRack;
    const int mgmtPorts = r.inputs.management.ports;
    for (const auto& rack : layout.racks) {
        const PlacedDevice* mgmt = nullptr;
        for (const auto& d : rack.devices)
            if (d.role == DeviceRole::Management)
                mgmt = &d;
        int port = 0;
        for (const auto& d : rack.devices) {
            const CablingPlace here {&rack, &d};
            if (mgmt && &d != mgmt) {
                ++port;
                const CablingPlace m {&rack, mgmt};
                const double length
                    = cableLengthM(cablingEnd(here), cablingEnd(m), r.rack, r.inputs.settings);
                builder.add(here, d.role == DeviceRole::GpuNode ? "bmc" : "mgmt", m,
                    "p" + std::to_string(port), "cat6", length, "management");
            }
            for (std::size_t i = 0; i < d.cords.size(); ++i) {
                const PowerCord& c = d.cords[i];
                if (c.pdu < 0)
                    continue;
                const auto& pduLoad = rack.pdus[static_cast<std::size_t>(c.pdu)];
                const PlacedDevice* pduDevice = nullptr;
                for (const auto& other : rack.devices)
                    if (other.role == DeviceRole::Pdu && other.name == pduLoad.name)
                        pduDevice = &other;
                if (!pduDevice)
                    continue;
                const CablingPlace p {&rack, pduDevice};
                const double length
                    = cableLengthM(cablingEnd(here), cablingEnd(p), r.rack, r.inputs.settings);
                builder.add(here, "psu" + std::to_string(i + 1), p,
                    "outlet" + std::to_string(c.outlet),
                    c.outletType == OutletType::C19 ? "power-c19" : "power-c13", length, "power");
            }
        }
        if (port > mgmtPorts && mgmtPorts > 0) {
            ++overfull;
            if (overfullRack.empty())
                overfullRack = rack.name + " (" + std::to_string(port) + " devices)";
        }
    }
    if (overfull > 0)
        infra::addFinding(layout.findings, Severity::Warning, "layout.management_ports",
            infra::counted(overfull, "rack has", "racks have")
                + " more devices than the management switch's " + std::to_string(mgmtPorts)
                + " ports; first " + overfullRack + ".",
            "Add a second management switch to those racks.");
    cablingTotals(r, layout);
}

} // namespace infrafit
