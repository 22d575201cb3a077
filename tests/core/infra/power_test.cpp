// SPDX-License-Identifier: Apache-2.0
#include "core/infra/electrical.h"
#include "core/infra/power.h"

#include "infra_fixtures.h"

#include <catch2/catch.hpp>

#include <tuple>

using namespace infrafit;
using infrafit::test::hasCode;

// Source: docs/reference/hardware.md §1.2 (NVIDIA DGX H100 user guide: 10.2 kW maximum,
// 6 × 3.3 kW PSUs, 4+2) and §2.3 "PSU redundancy and capacity".
TEST_CASE("DGX H100: 10.2 kW maximum and the 4+2 PSU verdict", "[infra][power]")
{
    Findings findings;
    const auto p = checkNodePower(test::dgxH100(), InfrastructureInputs{}, findings);
    CHECK(p.nodeW == Approx(10200)); // 8 × 700 W + 4,600 W base
    CHECK(p.node.componentsInBase);
    // Vendor maxima are AC input already: not divided by η again (§2.3).
    CHECK(p.wallFromVendorMaximum);
    CHECK(p.nodeWallW == Approx(10200));
    CHECK(p.psusRequired == 4);
    CHECK(p.psusSpare == 2);
    CHECK(p.psuArrangement == "4+2");
    CHECK(p.psuWattsEach * p.psusRequired == Approx(13200)); // 13.2 kW >= 10.2 kW
    CHECK(p.psuCapacityW == Approx(19800));
    CHECK(p.psuOk);
    CHECK_FALSE(hasCode(findings, "power.psu_insufficient"));
    // Whole-feed loss: 3 + 3 split, 3 × 3.3 = 9.9 kW < 10.2 kW: marginal.
    CHECK(p.feedLossCapacityW == Approx(9900));
    CHECK(p.feedLoss == FeedLossVerdict::Marginal);
    const auto* f = test::findCode(findings, "power.feed_loss");
    REQUIRE(f);
    CHECK(f->severity == Severity::Info); // N+1 configured: not required
    CHECK(f->message.find("9,900 W") != std::string::npos);
    CHECK(f->message.find("10,200 W") != std::string::npos);
}

TEST_CASE("DGX H100 configured N+N fails the whole-feed check", "[infra][power]")
{
    auto rc = test::dgxH100();
    rc.config.psuRedundancy = PsuRedundancy::NPlusN;
    Findings findings;
    const auto p = checkNodePower(rc, InfrastructureInputs{}, findings);
    CHECK(p.psuCapacityAfterFailuresW == Approx(9900));
    CHECK_FALSE(p.psuOk);
    const auto* f = test::findCode(findings, "power.feed_loss");
    REQUIRE(f);
    CHECK(f->severity == Severity::Warning); // marginal: typical load still carried
    CHECK_FALSE(f->suggestion.empty());
}

// Source: docs/reference/hardware.md §2.3 table: DGX B200 5+1 × 3.3 kW = 16.5 kW >= 14.3 kW,
// N+1, not grid-redundant at full load.
TEST_CASE("DGX B200: 14.3 kW, 5+1, not grid-redundant", "[infra][power]")
{
    Findings findings;
    const auto p = checkNodePower(test::dgxB200(), InfrastructureInputs{}, findings);
    CHECK(p.nodeW == Approx(14300));
    CHECK(p.psuArrangement == "5+1");
    CHECK(p.psuCapacityAfterFailuresW == Approx(16500));
    CHECK(p.psuOk);
    CHECK(p.feedLoss == FeedLossVerdict::Insufficient);
}

// Source: docs/reference/hardware.md §2.3 table: ASUS XA NB3I-E12 5+5 × 3.2 kW, 16 kW per
// feed >= 14.5 kW, truly grid-redundant.
TEST_CASE("ASUS XA NB3I-E12: 5+5 × 3.2 kW survives a feed", "[infra][power]")
{
    auto rc = test::dgxH100();
    rc.gpu.tdpW = 1100;
    rc.chassis.basePowerW = 14500 - 8 * 1100;
    rc.chassis.psuSlots = 10;
    rc.chassis.maxGpuTdpW = 1100;
    rc.config.psusPerNode = 10;
    rc.config.psuRedundancy = PsuRedundancy::NPlusN;
    rc.psu->watts = 3200;
    Findings findings;
    const auto p = checkNodePower(rc, InfrastructureInputs{}, findings);
    CHECK(p.nodeW == Approx(14500));
    CHECK(p.feedLossCapacityW == Approx(16000));
    CHECK(p.feedLoss == FeedLossVerdict::Ok);
    CHECK(p.psuOk);
    CHECK_FALSE(hasCode(findings, "power.feed_loss"));
}

// Source: docs/reference/hardware.md §2.3 "Efficiency to wall power" (80 PLUS Titanium
// table, §1.6): 9,600 W DC on 6 × 3.3 kW = 48 % load, η ≈ 0.96 → ≈ 10,000 W.
TEST_CASE("Wall power from the 80 PLUS curve: 9,600 W on 6 × 3.3 kW", "[infra][power]")
{
    Psu titanium;
    titanium.watts = 3300;
    titanium.efficiencyAt10 = 0.90;
    titanium.efficiencyAt20 = 0.94;
    titanium.efficiencyAt50 = 0.96;
    titanium.efficiencyAt100 = 0.91;
    CHECK(psuEfficiencyAt(titanium, 0.5, 0.9) == Approx(0.96));
    CHECK(psuEfficiencyAt(titanium, 0.2, 0.9) == Approx(0.94));
    CHECK(psuEfficiencyAt(titanium, 0.75, 0.9) == Approx(0.935));
    CHECK(psuEfficiencyAt(titanium, 0.05, 0.9) == Approx(0.90)); // held flat
    Psu plain;
    plain.efficiency = 0.94;
    CHECK(psuEfficiencyAt(plain, 0.3, 0.9) == Approx(0.94)); // no curve: efficiency
    plain.efficiency = 0;
    CHECK(psuEfficiencyAt(plain, 0.3, 0.9) == Approx(0.9)); // invalid: fallback

    auto rc = test::dgxH100();
    rc.chassis.basePowerIncludesComponents = false;
    rc.chassis.basePowerW = 9600 - 8 * 700;
    rc.psu = titanium;
    Findings findings;
    const auto p = checkNodePower(rc, InfrastructureInputs{}, findings);
    CHECK(p.nodeW == Approx(9600));
    CHECK(p.psuLoadFraction == Approx(0.485).epsilon(0.01));
    CHECK(p.psuEfficiency == Approx(0.96).epsilon(0.005));
    CHECK(p.nodeWallW == Approx(10000).epsilon(0.01));
    CHECK_FALSE(p.wallFromVendorMaximum);
}

TEST_CASE("Node power counts CPUs, NICs with optics and drives unless in base", "[infra][power]")
{
    InfrastructureInputs in;
    const auto rc = test::pcieServer();
    const auto n = nodeDcPower(rc, in);
    CHECK(n.gpus.maxW == Approx(8 * 350));
    CHECK(n.cpus.maxW == Approx(2 * 360));
    CHECK(n.nics.maxW == Approx(2 * (25 + 9))); // card + one 9 W optic per port
    CHECK(n.nvme.maxW == Approx(6 * 25));
    CHECK(n.total.maxW == Approx(2800 + 720 + 68 + 150 + 1700));
    // Without a workload time split: 80 % of the time compute-bound (0.95 of
    // tdp_w), the rest idle (0.15), generic curve (docs/power-model.md §1, §3).
    CHECK(n.gpus.idleW == Approx(0.15 * 2800));
    CHECK(n.gpus.typicalW == Approx(8 * (0.8 * 0.95 * 350 + 0.2 * 0.15 * 350)));
    CHECK(n.total.idleW < n.total.typicalW);
    CHECK(n.total.typicalW < n.total.maxW);

    // A DGX's base power already holds CPUs, NICs and drives.
    auto dgx = test::dgxH100();
    dgx.cpu = rc.cpu;
    dgx.config.cpusPerNode = 2;
    dgx.nic = rc.nic;
    dgx.config.nicsPerNode = 8;
    CHECK(nodeDcPower(dgx, in).total.maxW == Approx(10200));
}

// Source: docs/reference/hardware.md §2.3 "Current": one 3.3 kW PSU at 208 V, η 0.96,
// PF 0.99 → 3,438 W in → 16.7 A; 17.3 kW at 208 V three-phase → 48 A.
TEST_CASE("Currents per PSU and per three-phase feed", "[infra][power]")
{
    CHECK(singlePhaseCurrentA(3300 / 0.96, 208, 0.99) == Approx(16.7).epsilon(0.005));
    CHECK(threePhaseLineCurrentA(17300, 208, 1.0) == Approx(48).epsilon(0.005));
    CHECK(feedCurrentA(17300, 208, 3, 1.0) == Approx(48).epsilon(0.005));
    CHECK(singlePhaseCurrentA(1000, 0, 0.9) == 0);
    CHECK(threePhaseLineCurrentA(1000, 415, 0) == 0);

    InfrastructureInputs in;
    in.psuInputVoltageV = 208;
    in.powerFactor = 0.99;
    Findings findings;
    const auto p = checkNodePower(test::dgxH100(), in, findings);
    CHECK(p.psuRatedInputCurrentA == Approx(16.7).epsilon(0.005));
    // 10.2 kW shared by 6 PSUs at 208 V.
    CHECK(p.psuInputCurrentA == Approx(10200.0 / 6 / (208 * 0.99)));
    // Default: 415 V Wye feed → 240 V line-to-neutral at each PSU.
    Findings f2;
    CHECK(checkNodePower(test::dgxH100(), InfrastructureInputs{}, f2).psuInputVoltageV
          == Approx(239.6).epsilon(0.001));
}

// Source: docs/reference/hardware.md §1.8 PDU table (itecnotes, Geist FAQ, datacentermd;
// NEC 80 % continuous-load rule; IEC at 100 %).
TEST_CASE("Usable feed power from the PDU table", "[infra][power]")
{
    CHECK(feedNameplateKva(208, 30, 3) == Approx(10.8).epsilon(0.005));
    CHECK(feedUsableKw(208, 30, 3, 0.8) == Approx(8.6).epsilon(0.01));
    CHECK(feedNameplateKva(208, 60, 3) == Approx(21.6).epsilon(0.005));
    CHECK(feedUsableKw(208, 60, 3, 0.8) == Approx(17.3).epsilon(0.005));
    CHECK(feedNameplateKva(415, 60, 3) == Approx(43.1).epsilon(0.005));
    CHECK(feedUsableKw(415, 60, 3, 0.8) == Approx(34.5).epsilon(0.005));
    CHECK(feedUsableKw(400, 32, 3, 1.0) == Approx(22.2).epsilon(0.005));
    CHECK(feedUsableKw(400, 63, 3, 1.0) == Approx(43.6).epsilon(0.005));
    CHECK(feedUsableKw(230, 32, 1, 1.0) == Approx(7.4).epsilon(0.01));
    CHECK(feedUsableKw(0, 60, 3, 0.8) == 0);
}

// Source: docs/reference/hardware.md §2.3 "Rack power budget": a rack on 2N 415 V 3φ 60 A
// feeds has 34.5 kW usable: 3 × DGX H100 (30.6 kW) or 2 × DGX B200 (28.6 kW).
TEST_CASE("Nodes per rack on a 2N 415 V 60 A feed", "[infra][power]")
{
    InfrastructureInputs in; // 415 V, 3-phase, 60 A, 0.8
    for (const auto& [rc, expected, kw] :
         {std::tuple{test::dgxH100(10), 3, 30.6}, std::tuple{test::dgxB200(10), 2, 28.6}}) {
        auto config = rc;
        config.config.rack.powerLimitKw = 40; // NVIDIA's 4 × DGX H100 rack needs more
        Findings findings;
        auto p = checkNodePower(config, in, findings);
        planRacks(config, in, p, findings);
        CHECK(p.feedUsableKw == Approx(34.5).epsilon(0.005));
        CHECK(p.rackBudgetKw == Approx(34.5).epsilon(0.005));
        CHECK(p.rackBudgetSource == "feed");
        CHECK(p.nodesPerRack == expected);
        CHECK(p.nodesPerRackLimit == "power");
        CHECK(p.rackWallKw == Approx(kw));
        CHECK(p.racks == (10 + expected - 1) / expected);
        CHECK(hasCode(findings, "rack.feed_below_limit"));
        addClusterPower(config, 3000, 2500, p);
        CHECK(p.clusterW == Approx(10 * p.nodeWallW + 3000));
        // The average and idle take the switches at typical optic power.
        CHECK(p.clusterTypicalW == Approx(10 * p.nodeWallTypicalW + 2500));
        CHECK(p.clusterIdleW == Approx(10 * p.nodeWallIdleW + 2500));
    }
}

TEST_CASE("Rack units and cooling bound nodes per rack", "[infra][power]")
{
    auto rc = test::dgxH100(6);
    rc.config.rack = {100, 16};
    Cooling air;
    air.type = CoolingType::Air;
    air.maxHeatKwPerRack = 25;
    rc.cooling = air;
    InfrastructureInputs in;
    in.feedBreakerA = 200;
    Findings findings;
    auto p = checkNodePower(rc, in, findings);
    planRacks(rc, in, p, findings);
    CHECK(p.nodesPerRackByUnits == 2);
    CHECK(p.nodesPerRackByCooling == 2);
    CHECK(p.nodesPerRack == 2);
    CHECK(p.racks == 3);

    rc.config.rack.units = 6; // an 8 U chassis does not fit
    findings.clear();
    p = checkNodePower(rc, in, findings);
    planRacks(rc, in, p, findings);
    CHECK(p.nodesPerRack == 0);
    CHECK(p.racks == 0);
    CHECK(hasCode(findings, "rack.units_exceeded"));
}

TEST_CASE("Too few or too small PSUs", "[infra][power]")
{
    auto rc = test::dgxH100();
    rc.config.psusPerNode = 4;
    Findings findings;
    auto p = checkNodePower(rc, InfrastructureInputs{}, findings);
    CHECK_FALSE(p.psuOk); // N+1 needs 5 of 3.3 kW for 10.2 kW
    const auto* f = test::findCode(findings, "power.psu_insufficient");
    REQUIRE(f);
    CHECK(f->severity == Severity::Error);
    CHECK(f->suggestion.find("5 PSUs") != std::string::npos);

    // A 200 W PSU is smaller than any plausible GPU node.
    rc.config.psusPerNode = 6;
    rc.psu->watts = 200;
    findings.clear();
    p = checkNodePower(rc, InfrastructureInputs{}, findings);
    CHECK(p.psusRequired == 51);
    CHECK_FALSE(p.psuOk);
    CHECK(hasCode(findings, "power.psu_insufficient"));

    // No PSU part: the chassis' shipped PSU is used.
    rc.psu.reset();
    findings.clear();
    p = checkNodePower(rc, InfrastructureInputs{}, findings);
    CHECK(p.psuFromChassis);
    CHECK(p.psuWattsEach == 3300);
    CHECK(p.psuOk);
    rc.chassis.psuWattsEach.reset();
    findings.clear();
    p = checkNodePower(rc, InfrastructureInputs{}, findings);
    CHECK_FALSE(p.psuKnown);
    CHECK(hasCode(findings, "power.psu_missing"));
}
