// SPDX-License-Identifier: Apache-2.0
#include "core/infra/thermal.h"

#include "infra_fixtures.h"

#include <catch2/catch.hpp>

using namespace infrafit;
using infrafit::test::hasCode;

// Source: docs/reference/hardware.md §2.3 "Heat" (1 W = 3.412 BTU/h; NVIDIA DGX user
// guides for the system powers).
TEST_CASE("Heat in BTU/h from wall power", "[infra][thermal]")
{
    CHECK(heatBtuPerHour(10200) == Approx(34800).epsilon(0.001));  // DGX H100
    CHECK(heatBtuPerHour(14300) == Approx(48800).epsilon(0.001));  // DGX B200
    CHECK(heatBtuPerHour(120000) == Approx(409000).epsilon(0.002)); // GB200 NVL72
    CHECK(heatBtuPerHour(-5) == 0);
}

// Source: docs/reference/hardware.md §2.3 "Airflow" (CFM = 3.16 W/ΔT°F, Dell/insidehpc,
// fanacdc; m³/h ≈ 2.99 W/ΔT K).
TEST_CASE("Airflow in CFM and m³/h at a stated ΔT", "[infra][thermal]")
{
    CHECK(airflowCfm(10200, 20) == Approx(1612).epsilon(0.001));  // DGX H100, 20 °F
    CHECK(airflowCfm(10200, 36) == Approx(895).epsilon(0.001));   // 36 °F = 20 K
    CHECK(airflowM3PerHour(10200, 20) == Approx(1525).epsilon(0.001));
    CHECK(airflowCfm(14300, 20 * 1.8) == Approx(1255).epsilon(0.001)); // DGX B200, 20 K
    CHECK(airflowCfm(10200, 0) == 0);
    CHECK(airflowM3PerHour(10200, -1) == 0);
    // Rule of thumb: about 154 CFM per kW at 20 °F.
    CHECK(airflowCfm(1000, 20) == Approx(158).epsilon(0.03));
}

TEST_CASE("Thermal report of a DGX H100 follows wall power", "[infra][thermal]")
{
    auto rc = test::dgxH100();
    InfrastructureInputs in;
    Findings findings;
    auto p = checkNodePower(rc, in, findings);
    planRacks(rc, in, p, findings);
    const auto t = checkThermal(rc, in, p, findings);
    CHECK(t.nodeHeatBtuPerH == Approx(34800).epsilon(0.001));
    CHECK(t.nodeAirflowCfm == Approx(1612).epsilon(0.001));
    CHECK(t.deltaTK == Approx(11.11).epsilon(0.001));
    CHECK(t.ok);
    CHECK(hasCode(findings, "thermal.cooling_unchecked"));
}

TEST_CASE("GPU TDP above the chassis limit", "[infra][thermal]")
{
    auto rc = test::dgxH100();
    rc.gpu.tdpW = 1000; // B200 in an H100 chassis
    InfrastructureInputs in;
    Findings findings;
    auto p = checkNodePower(rc, in, findings);
    const auto t = checkThermal(rc, in, p, findings);
    CHECK_FALSE(t.gpuTdpOk);
    CHECK_FALSE(t.ok);
    const auto* f = test::findCode(findings, "thermal.gpu_tdp_exceeded");
    REQUIRE(f);
    CHECK(f->message.find("1,000 W") != std::string::npos);
    CHECK(f->message.find("700 W") != std::string::npos);
}

// Source: docs/reference/hardware.md §1.7 cooling capacities per rack.
TEST_CASE("Cooling that cannot carry the rack names one that can", "[infra][thermal]")
{
    CHECK(coolingThatCarries(25) == CoolingType::Air);
    CHECK(coolingThatCarries(40) == CoolingType::RearDoor);
    CHECK(coolingThatCarries(120) == CoolingType::DirectLiquid);
    CHECK_FALSE(coolingThatCarries(500));

    auto rc = test::dgxB200(4);
    rc.config.rack.powerLimitKw = 60;
    Cooling air;
    air.type = CoolingType::Air;
    air.model = "Air, no containment";
    air.maxHeatKwPerRack = 15;
    rc.cooling = air;
    InfrastructureInputs in;
    in.feedBreakerA = 100; // 57.5 kW usable
    Findings findings;
    auto p = checkNodePower(rc, in, findings);
    planRacks(rc, in, p, findings);
    CHECK(p.nodesPerRackByPower == 4);
    CHECK(p.nodesPerRackByCooling == 1);
    CHECK(p.nodesPerRack == 1);
    CHECK(p.nodesPerRackLimit == "cooling");
    auto t = checkThermal(rc, in, p, findings);
    CHECK(t.coolingOk);
    CHECK(t.suggestedCooling == "rear_door"); // 4 × 14.3 = 57.2 kW: active door, 40-75 kW
    const auto* f = test::findCode(findings, "thermal.cooling_limits_density");
    REQUIRE(f);
    CHECK(f->suggestion.find("rear door") != std::string::npos); // words, not the key

    // 10 kW of cooling cannot take even one 14.3 kW node.
    rc.cooling->maxHeatKwPerRack = 10;
    findings.clear();
    p = checkNodePower(rc, in, findings);
    planRacks(rc, in, p, findings);
    t = checkThermal(rc, in, p, findings);
    CHECK_FALSE(t.coolingOk);
    CHECK(p.nodesPerRack == 0);
    const auto* g = test::findCode(findings, "thermal.cooling_insufficient");
    REQUIRE(g);
    CHECK(g->severity == Severity::Error);
    CHECK_FALSE(g->suggestion.empty());
}
