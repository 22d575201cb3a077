// SPDX-License-Identifier: Apache-2.0
// Switches and PDUs as catalog parts (issue 18): validation, and the layout
// and fabric taking them from the configuration or the catalog.
#include "core/infra/infra_fixtures.h"

#include "core/bom/build_bom.h"
#include "core/infra/infrastructure.h"
#include "core/io/catalog_json.h"
#include "core/io/project_json.h"
#include "core/layout/layout_parts.h"
#include "core/layout/plan_layout.h"
#include "core/output/untrusted_input.h"
#include "core/parts/part_validation.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace infrafit;

namespace {

NetworkSwitch partsTestSwitch()
{
    NetworkSwitch s;
    s.id = "test-switch";
    s.vendor = "Acme";
    s.model = "S64";
    s.ports = 64;
    s.portSpeedGbps = 400;
    s.protocol = NicProtocol::Infiniband;
    s.rackUnits = 2;
    s.maxPowerW = 2000;
    s.typicalPowerW = 1500;
    s.powerSupplies = 4;
    s.weightKg = 20;
    s.priceUsd = 12345;
    return s;
}

Pdu partsTestPdu(int c13, int c19)
{
    Pdu p;
    p.id = "test-pdu";
    p.vendor = "Acme";
    p.model = "P";
    p.outletsC13 = c13;
    p.outletsC19 = c19;
    p.phases = 3;
    p.voltageV = 400;
    p.breakerA = 32;
    p.priceUsd = 999;
    return p;
}

bool partsTestProblem(const std::vector<Problem>& problems, const std::string& pointer,
                      const std::string& text)
{
    return std::any_of(problems.begin(), problems.end(), [&](const Problem& p) {
        return p.pointer == pointer && p.message.find(text) != std::string::npos;
    });
}

const std::vector<Part>& partsTestCatalog()
{
    static const auto catalog
        = readCatalogFile(std::string(INFRAFIT_SOURCE_DIR) + "/catalog/data/default-catalog.json");
    return catalog.parts;
}

ResolvedConfiguration partsTestDgx(int nodes)
{
    auto rc = test::dgxH100(nodes);
    rc.config.nicsPerNode = 8;
    rc.nic = test::connectX7();
    rc.config.psuRedundancy = PsuRedundancy::NPlusN;
    rc.chassis.weightKg = 130.45;
    return rc;
}

} // namespace

TEST_CASE("switch and pdu parts: rules between fields are checked with clear errors", "[parts][layout]")
{
    CHECK(validatePart(partsTestSwitch(), "/s").empty());
    NetworkSwitch hot = partsTestSwitch();
    hot.typicalPowerW = 2500;
    hot.uplinkSpeedGbps = 100;
    const auto switchProblems = validatePart(hot, "/s");
    CHECK(partsTestProblem(switchProblems, "/s/typical_power_w", "must not exceed max_power_w (2000 W; got 2500 W)"));
    CHECK(partsTestProblem(switchProblems, "/s/uplink_ports", "at least 1 when uplink_speed_gbps"));

    CHECK(validatePart(partsTestPdu(24, 12), "/p").empty());
    Pdu none = partsTestPdu(0, 0);
    none.phases = 2;
    none.rackUnits = -1;
    const auto pduProblems = validatePart(none, "/p");
    CHECK(partsTestProblem(pduProblems, "/p/outlets_c13", "needs at least one outlet"));
    CHECK(partsTestProblem(pduProblems, "/p/phases", "must be 1 or 3"));
    CHECK(partsTestProblem(pduProblems, "/p/rack_units", "between 0 and 60"));
    Pdu blank;
    blank.id = "b";
    blank.vendor = "v";
    blank.model = "m";
    blank.outletsC13 = 1;
    CHECK(partsTestProblem(validatePart(blank, "/p"), "/p/voltage_v", "must be greater than 0"));
}

TEST_CASE("the shipped catalog has sourced switches and a PDU", "[parts][layout]")
{
    const auto& parts = partsTestCatalog();
    std::size_t switches = 0;
    std::size_t pdus = 0;
    for (const auto& part : parts) {
        if (kindOf(part) != PartKind::Switch && kindOf(part) != PartKind::Pdu)
            continue;
        (kindOf(part) == PartKind::Switch ? switches : pdus) += 1;
        INFO(infoOf(part).id);
        CHECK_FALSE(infoOf(part).source.empty());
        CHECK(infoOf(part).priceUsd);
        CHECK(validatePart(part).empty());
    }
    CHECK(switches >= 3);
    CHECK(pdus >= 1);
    const auto qm = std::find_if(parts.begin(), parts.end(),
                                 [](const Part& p) { return infoOf(p).id == "nvidia-qm9700"; });
    REQUIRE(qm != parts.end());
    const auto& s = std::get<NetworkSwitch>(*qm);
    // NetBox devicetype-library Nvidia/QM9700.yaml: 1U, 14.8 kg, rear-to-front.
    CHECK(s.rackUnits == 1);
    CHECK(s.weightKg == std::optional<double>(14.8));
    CHECK(s.airflow == std::optional<Airflow>(Airflow::RearToFront));
    // Fabric model: 900 W + 64 × 4 lanes × 17/8 W = 1,444 W at most.
    CHECK(s.maxPowerW == Approx(1444));
    CHECK(s.isEstimated("max_power_w"));
}

TEST_CASE("the layout takes the configuration's and the catalog's switches and PDU", "[layout]")
{
    const PartLookup catalog = lookupIn(partsTestCatalog());
    auto rc = partsTestDgx(64);
    const InfrastructureReport infra = checkInfrastructure(rc, {});
    REQUIRE(infra.fabric.needed);

    // No parts named: the catalog's QM9700 matches the fabric (64 × 400G IB).
    const LayoutInputs byCatalog = layoutInputsFor(rc, infra.fabric, catalog);
    CHECK(byCatalog.leaf.id == "nvidia-qm9700");
    REQUIRE(byCatalog.leaf.catalogPart);
    CHECK(byCatalog.management.id == "nvidia-sn2201");
    CHECK(byCatalog.pdu.id == "apc-ap8886");
    CHECK(byCatalog.pdu.outletsC13 == 30);
    CHECK(byCatalog.pdu.outletsC19 == 12);
    // Without a catalog: the built-in defaults.
    const LayoutInputs builtIn = layoutInputsFor(rc, infra.fabric, {});
    CHECK(builtIn.pdu.id == defaultRackPdu().id);
    CHECK_FALSE(builtIn.pdu.catalogPart);

    // Named parts win, and the fabric sizes with the named switch.
    rc.fabricSwitch = partsTestSwitch();
    rc.pdu = partsTestPdu(40, 8);
    const InfrastructureReport named = checkInfrastructure(rc, {});
    CHECK(named.fabric.switchUsed.radix == 64);
    CHECK(named.fabric.switchUsed.priceUsd == 12345);
    CHECK(named.fabric.switchUsed.powerW == 2000);
    const LayoutInputs inputs = layoutInputsFor(rc, named.fabric, catalog);
    CHECK(inputs.leaf.id == "test-switch");
    CHECK(inputs.leaf.rackUnits == 2);
    CHECK(inputs.leaf.psus == 4);
    CHECK(inputs.leaf.typicalW == 1500);
    CHECK(inputs.pdu.id == "test-pdu");
    const RackLayout layout = planLayout(layoutRequestFor(rc, named, inputs));
    std::size_t leaves = 0;
    for (const auto& rack : layout.racks)
        for (const auto& d : rack.devices)
            if (d.role == DeviceRole::Leaf) {
                ++leaves;
                CHECK(d.part == "test-switch");
                CHECK(d.heightU == 2);
                CHECK(d.cords.size() == 4);
            }
    CHECK(leaves == static_cast<std::size_t>(layout.leafSwitches));
    CHECK(leaves > 0);

    // The BOM prices the switch part (fabric line) and the layout's PDUs.
    BillOfMaterials bom = buildBom(rc, named, {});
    const auto line = std::find_if(bom.lines.begin(), bom.lines.end(),
                                   [](const BomLine& l) { return l.partId == "test-switch"; });
    REQUIRE(line != bom.lines.end());
    CHECK(line->vendor == "Acme");
    CHECK(line->unitPriceUsd == 12345);
    addLayoutDeviceLines(bom, layout, inputs);
    const auto pduLine = std::find_if(bom.lines.begin(), bom.lines.end(),
                                      [](const BomLine& l) { return l.kind == "pdu"; });
    REQUIRE(pduLine != bom.lines.end());
    CHECK(pduLine->totalQuantity == layout.pdus);
    CHECK(pduLine->extendedPriceUsd == Approx(999.0 * static_cast<double>(layout.pdus)));
    CHECK(bom.totals.facilityUsd >= pduLine->extendedPriceUsd);
}

TEST_CASE("a PDU part with too few outlets is a finding, not a crash", "[layout]")
{
    auto rc = partsTestDgx(4);
    rc.pdu = partsTestPdu(2, 0); // two C13 outlets for a rack of DGX nodes
    const InfrastructureReport infra = checkInfrastructure(rc, {});
    const RackLayout layout
        = planLayout(layoutRequestFor(rc, infra, layoutInputsFor(rc, infra.fabric, {})));
    CHECK(std::any_of(layout.findings.begin(), layout.findings.end(),
                      [](const Finding& f) { return f.code == "layout.pdu_too_few_outlets"; }));
    CHECK_FALSE(layout.ok);
}

TEST_CASE("a switch slower than the NIC is a fabric warning", "[layout]")
{
    auto rc = partsTestDgx(8);
    NetworkSwitch slow = partsTestSwitch();
    slow.portSpeedGbps = 200;
    rc.fabricSwitch = slow;
    const InfrastructureReport infra = checkInfrastructure(rc, {});
    CHECK(std::any_of(infra.findings.begin(), infra.findings.end(),
                      [](const Finding& f) { return f.code == "fabric.switch_mismatch"; }));
}
