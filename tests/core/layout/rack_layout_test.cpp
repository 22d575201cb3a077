// SPDX-License-Identifier: Apache-2.0
// Rack layout, power distribution and cabling (core/layout/).
#include "core/infra/infra_fixtures.h"

#include "core/bom/build_bom.h"
#include "core/output/cable_csv.h"
#include "core/infra/electrical.h"
#include "core/infra/infrastructure.h"
#include "core/io/catalog_json.h"
#include "core/output/layout_json.h"
#include "core/io/project_json.h"
#include "core/output/untrusted_input.h"
#include "core/layout/cabling.h"
#include "core/layout/place_racks.h"
#include "core/layout/plan_layout.h"
#include "core/layout/power_distribution.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <map>

using namespace infrafit;

namespace {

bool layoutTestHas(const RackLayout& layout, const std::string& code)
{
    for (const auto& f : layout.findings)
        if (f.code == code)
            return true;
    return false;
}

/// DGX H100 nodes (tests/core/infra/infra_fixtures.h) with 8 ConnectX-7
/// 400G NDR NICs, N+N PSUs and the DGX H100's 130.45 kg (NVIDIA DGX H100/H200
/// user guide, "Specifications": 287.6 lb).
ResolvedConfiguration layoutTestDgx(int nodes)
{
    auto rc = test::dgxH100(nodes);
    rc.config.nicsPerNode = 8;
    rc.nic = test::connectX7();
    rc.config.psuRedundancy = PsuRedundancy::NPlusN;
    rc.chassis.weightKg = 130.45;
    rc.config.rack.powerLimitKw = 40;
    return rc;
}

LayoutRequest layoutTestRequest(const ResolvedConfiguration& rc)
{
    const InfrastructureReport infra = checkInfrastructure(rc, {});
    return layoutRequestFor(rc, infra, defaultLayoutInputs(infra.fabric));
}

/// Every rack within units, power, cooling and weight; both feeds balanced
/// within 10 % where a feed carries at least one cord per phase; every cord
/// plugged; one feed-loss check per feed.
void layoutTestCheckRacks(const RackLayout& layout)
{
    for (const auto& rack : layout.racks) {
        INFO(rack.name);
        CHECK(rack.usedU <= rack.units);
        CHECK(rack.maxW <= rack.powerLimitW + 1e-6);
        if (rack.coolingLimitW > 0)
            CHECK(rack.maxW <= rack.coolingLimitW + 1e-6);
        CHECK(rack.weightKg <= rack.weightLimitKg + 1e-6);
        CHECK(rack.unpluggedCords == 0);
        REQUIRE(rack.feedLoss.size() == 2);
        for (const auto& check : rack.feedLoss) {
            INFO("lost feed " << check.lostFeed << ": " << check.note);
            CHECK(check.survives);
            CHECK(check.worstPhaseA <= check.limitA + 1e-9);
        }
        REQUIRE(rack.feeds.size() == 2);
        // Phases within 10 % of each other on every loaded feed (and on
        // every compute rack's feed).
        const bool compute = std::any_of(rack.devices.begin(), rack.devices.end(),
            [](const PlacedDevice& d) { return d.role == DeviceRole::GpuNode; });
        for (const auto& feed : rack.feeds) {
            CHECK_FALSE(phaseImbalanceMatters(feed));
            if (compute)
                CHECK(feed.imbalancePercent <= 10.0);
        }
        // Blanking panels and devices together fill the rack exactly.
        int blank = 0;
        for (const auto& b : rack.blanks)
            blank += b.second;
        CHECK(blank + rack.usedU == rack.units);
    }
}

std::int64_t layoutTestCount(const RackLayout& layout, DeviceRole role)
{
    std::int64_t n = 0;
    for (const auto& rack : layout.racks)
        for (const auto& d : rack.devices)
            n += d.role == role ? 1 : 0;
    return n;
}

const Cable* layoutTestCableFrom(const RackLayout& layout, const std::string& from)
{
    for (const auto& c : layout.cables)
        if (c.from == from)
            return &c;
    return nullptr;
}

/// No NaN, infinity or null number anywhere in a JSON document.
bool layoutTestAllFinite(const nlohmann::json& j)
{
    if (j.is_number_float())
        return std::isfinite(j.get<double>());
    if (j.is_structured())
        for (const auto& item : j)
            if (!layoutTestAllFinite(item))
                return false;
    return true;
}

} // namespace

TEST_CASE("layout: worked figures from their sources", "[layout]")
{
    // IEC 60038 nominal voltages: a 415 V three-phase Wye supply gives 240 V
    // line to neutral (415/√3 = 239.6 V); 208 V delta outlets stay 208 V.
    PduSpec pdu = defaultRackPdu();
    CHECK(outletVoltage(pdu) == Approx(239.6).epsilon(0.001));
    pdu.voltageV = 208;
    CHECK(outletVoltage(pdu) == Approx(208));

    // NEMA MG 1-2016 §14.36 example: 460, 467 and 450 V average 459 V, the
    // largest deviation is 9 V, unbalance 100 × 9 / 459 = 1.96 %.
    CHECK(phaseImbalancePercent({460, 467, 450}) == Approx(1.96).epsilon(0.005));
    CHECK(phaseImbalancePercent({0, 0, 0}) == 0);

    // The default PDU: √3 × 415 V × 32 A = 23.0 kVA, 18.4 kW usable at the
    // NEC 80 % continuous rule (docs/reference/hardware.md §1.8 formula).
    CHECK(feedUsableKw(415, 32, 3, 0.8) == Approx(18.40).epsilon(0.002));

    // Cable length: 1 U = 44.45 mm (EIA-310). Inside one rack, from the
    // middle of an 8U node at U1 (4 U + 1) to a switch at U42 (42.5): 37.5 U
    // = 1.667 m + 1 m slack = 2.667 m → 3.0 m stock length: a DAC.
    const LayoutSettings settings;
    const RackLimits rack;
    const CableEnd node {0, 0, 42, 5.0};
    const CableEnd top {0, 0, 42, 42.5};
    CHECK(cableLengthM(node, top, rack, settings) == Approx(3.0));
    CHECK(dataCableType(400, 3.0, settings) == "dac-400g");
    // Two racks apart in the next row: up 37 U (1.645 m), across 2 × 0.6 m
    // and 1.2 m, down 0.5 U, slack 1 m: 5.07 m → 5.5 m, multimode optics.
    const CableEnd far {1, 2, 42, 41.5};
    CHECK(cableLengthM(node, far, rack, settings) == Approx(5.5));
    CHECK(dataCableType(400, 5.5, settings) == "mmf-400g");
    CHECK(dataCableType(400, 60, settings) == "smf-400g");
}

TEST_CASE("layout: GPT-3 example places every device within every rack limit", "[layout]")
{
    const auto catalog
        = readCatalogFile(std::string(INFRAFIT_SOURCE_DIR) + "/catalog/data/default-catalog.json");
    const PartLookup lookup = lookupIn(catalog.parts);
    const Project project = readProjectFile(
        std::string(INFRAFIT_SOURCE_DIR) + "/examples/gpt3-175b-pretrain.infrafit.json");
    const std::string config = project.configurations.at(0).name;
    const RackLayout layout = planProjectLayout(project, lookup, config, "");

    CHECK(layout.gpuNodes == 128);
    CHECK(layoutTestCount(layout, DeviceRole::GpuNode) == 128);
    CHECK(layout.unplacedNodes == 0);
    // 128 nodes × 8 NDR rails = 1,024 ports on radix-64 switches: 32 leaves,
    // 16 spines (core/infra/fabric.cpp), all placed.
    CHECK(layoutTestCount(layout, DeviceRole::Leaf) == 32);
    CHECK(layoutTestCount(layout, DeviceRole::Spine) == 16);
    CHECK(layoutTestCount(layout, DeviceRole::Management)
        == static_cast<std::int64_t>(layout.racks.size()));
    layoutTestCheckRacks(layout);
    for (const auto& f : layout.findings)
        CHECK(f.severity != Severity::Error);
    CHECK(layout.ok);

    // Rail-optimised: rail r of the nodes of scalable unit s on leaf s × 8 + r.
    const Cable* first = layoutTestCableFrom(layout, "node-001:rail1");
    REQUIRE(first);
    CHECK(first->to.rfind("leaf-01:", 0) == 0);
    const Cable* eighth = layoutTestCableFrom(layout, "node-032:rail8");
    REQUIRE(eighth);
    CHECK(eighth->to.rfind("leaf-08:", 0) == 0);
    const Cable* secondUnit = layoutTestCableFrom(layout, "node-033:rail1");
    REQUIRE(secondUnit);
    CHECK(secondUnit->to.rfind("leaf-09:", 0) == 0);

    // The JSON carries the contract keys and only finite numbers.
    const auto json = layoutToJson(layout);
    REQUIRE(json.at("racks").size() == layout.racks.size());
    const auto& rack = json.at("racks").at(0);
    for (const char* key : {"name", "units", "power_w", "feeds", "devices"})
        CHECK(rack.contains(key));
    CHECK(rack.at("feeds").at(0).at("phases_a").size() == 3);
    for (const char* key : {"name", "role", "part", "position_u", "height_u", "face"})
        CHECK(rack.at("devices").at(0).contains(key));
    for (const char* key : {"from", "to", "type", "length_m"})
        CHECK(json.at("cables").at(0).contains(key));
    CHECK(layoutTestAllFinite(json));
}

TEST_CASE("layout: 1, 4, 32, 128 and 1,024 nodes", "[layout]")
{
    for (int nodes : {1, 4, 32, 128, 1024}) {
        INFO(nodes << " nodes");
        const auto rc = layoutTestDgx(nodes);
        const LayoutRequest request = layoutTestRequest(rc);
        const RackLayout layout = planLayout(request);
        CHECK(layoutTestCount(layout, DeviceRole::GpuNode) == nodes);
        layoutTestCheckRacks(layout);
        CHECK(layout.ok);
        // 40 kW racks hold three 10.2 kW DGX H100 (the fourth would need 40.95 kW).
        CHECK(computeNodesPerRack(request).nodes == std::min(3, nodes));

        // Every link: rails to leaves, the tree's uplinks, front-end ports,
        // one management cable per device but the switch, every power cord.
        std::map<std::string, std::int64_t> purposes;
        for (const auto& c : layout.cables)
            ++purposes[c.purpose];
        const std::int64_t rails = nodes > 1 ? 8 : 0;
        CHECK(purposes["compute"] == nodes * rails);
        CHECK(purposes["uplink"]
            == request.backEnd.leafToSpineCables + request.backEnd.spineToCoreCables
                + request.frontEnd.leafToSpineCables + request.frontEnd.spineToCoreCables);
        CHECK(purposes["frontend"] == (nodes > 1 ? nodes * 2 : 0));
        std::int64_t devices = 0, cords = 0;
        for (const auto& rack : layout.racks)
            for (const auto& d : rack.devices) {
                devices += d.role == DeviceRole::Management ? 0 : 1;
                cords += static_cast<std::int64_t>(d.cords.size());
            }
        CHECK(purposes["management"] == devices);
        CHECK(purposes["power"] == cords);

        // Cable totals add up to the list.
        std::int64_t counted = 0;
        for (const auto& t : layout.cableTotals)
            counted += t.count;
        CHECK(counted == static_cast<std::int64_t>(layout.cables.size()));
        // CSV: header, one row per cable, one total per type.
        const std::string csv = cableListToCsv(layout);
        std::size_t lines = 0;
        for (char ch : csv)
            lines += ch == '\n' ? 1 : 0;
        CHECK(lines == 1 + layout.cables.size() + layout.cableTotals.size());
    }
}

TEST_CASE("layout: the BOM's cable lines are the cable list", "[layout][bom]")
{
    const auto catalog
        = readCatalogFile(std::string(INFRAFIT_SOURCE_DIR) + "/catalog/data/default-catalog.json");
    const PartLookup lookup = lookupIn(catalog.parts);
    const Project project = readProjectFile(
        std::string(INFRAFIT_SOURCE_DIR) + "/examples/gpt3-175b-pretrain.infrafit.json");
    const std::string config = project.configurations.at(0).name;
    BomContext context;
    context.date = "2026-12-05";
    context.layoutCables = true;
    const auto bom = buildProjectBom(project, lookup, config, "", context);
    const RackLayout layout = planProjectLayout(project, lookup, config, "");

    std::int64_t bomCables = 0;
    double bomCableUsd = 0;
    double linesUsd = 0;
    for (const auto& line : bom.lines) {
        linesUsd += line.extendedPriceUsd;
        if (line.kind == "cable")
            bomCables += line.totalQuantity;
        if (line.kind == "cable" || line.kind == "transceiver")
            bomCableUsd += line.extendedPriceUsd;
    }
    double listUsd = 0;
    for (const auto& t : layout.cableTotals)
        listUsd += t.totalUsd;
    CHECK(bomCables == static_cast<std::int64_t>(layout.cables.size()));
    CHECK(bomCableUsd == Approx(listUsd));
    CHECK(bom.totals.totalUsd == Approx(linesUsd));
}

TEST_CASE("layout: bad input gives findings, never a crash", "[layout]")
{
    const auto base = layoutTestRequest(layoutTestDgx(8));

    SECTION("a node taller than the rack")
    {
        auto r = base;
        r.nodeU = 50;
        const RackLayout layout = planLayout(r);
        CHECK(layoutTestHas(layout, "layout.device_too_tall"));
        CHECK(layoutTestCount(layout, DeviceRole::GpuNode) == 0);
        CHECK(layout.unplacedNodes == 8);
        CHECK_FALSE(layout.ok);
    }
    SECTION("a rack power limit below one node")
    {
        auto r = base;
        r.rackPowerW = 5000;
        const RackLayout layout = planLayout(r);
        CHECK(layoutTestHas(layout, "layout.rack_limit_below_node"));
        CHECK(layoutTestCount(layout, DeviceRole::GpuNode) == 0);
    }
    SECTION("a weight limit below one node")
    {
        auto r = base;
        r.rack.weightLimitKg = 200;
        CHECK(layoutTestHas(planLayout(r), "layout.rack_limit_below_node"));
    }
    SECTION("a PDU with too few outlets")
    {
        auto r = base;
        r.inputs.pdu.outletsC19 = 2;
        r.inputs.settings.maxPdusPerFeed = 1;
        const RackLayout layout = planLayout(r);
        CHECK(layoutTestHas(layout, "layout.pdu_too_few_outlets"));
        CHECK_FALSE(layout.ok);
    }
    SECTION("phases out of balance")
    {
        // One node, two N+N PSUs: one cord per feed, on one phase.
        auto r = base;
        r.nodes = 1;
        r.nodePsus = 2;
        r.backEnd = {};
        r.frontEnd = {};
        r.rails = 0;
        const RackLayout layout = planLayout(r);
        CHECK(layoutTestHas(layout, "layout.phase_imbalance"));
    }
    SECTION("a PDU breaker too small for one feed")
    {
        auto r = base;
        r.inputs.pdu.breakerA = 10;
        const RackLayout layout = planLayout(r);
        CHECK(layoutTestHas(layout, "layout.feed_loss_overload"));
        CHECK_FALSE(layout.ok);
    }
    SECTION("not-a-number power and zero sizes")
    {
        auto r = base;
        r.nodeMaxW = std::nan("");
        r.nodeTypicalW = std::numeric_limits<double>::infinity();
        r.inputs.pdu.voltageV = 0;
        r.inputs.pdu.outletsC13 = 0;
        r.rack.racksPerRow = 0;
        const RackLayout layout = planLayout(r);
        CHECK(layoutTestAllFinite(layoutToJson(layout)));
    }
    SECTION("no nodes")
    {
        auto r = base;
        r.nodes = 0;
        const RackLayout layout = planLayout(r);
        CHECK(layoutTestCount(layout, DeviceRole::GpuNode) == 0);
        CHECK(layoutTestAllFinite(layoutToJson(layout)));
    }
}
