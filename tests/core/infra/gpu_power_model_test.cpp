// SPDX-License-Identifier: Apache-2.0
#include "core/infra/gpu_power_model.h"
#include "core/infra/infrastructure.h"
#include "core/infra/power.h"

#include "infra_fixtures.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

using namespace infrafit;

namespace {

Gpu gpuPowerTestH100()
{
    Gpu g;
    g.model = "H100 SXM5";
    g.architecture = "Hopper";
    g.tdpW = 700;
    return g;
}

GpuActivity gpuPowerTestShares(double compute, double memory, double comm, double idle)
{
    GpuActivity a;
    a.computeBound = compute;
    a.memoryBound = memory;
    a.communication = comm;
    a.idle = idle;
    a.fromWorkload = true;
    return a;
}

} // namespace

// Source: docs/power-model.md §1 — Hopper curve; min limit 200 W (nvidia-smi -q of H100 SXM5).
TEST_CASE("GPU power curve by family and the settable limit range", "[infra][power][gpu_power]")
{
    const Gpu h100 = gpuPowerTestH100();
    CHECK(gpuPowerCurve(h100).family == "hopper");
    CHECK(gpuMinPowerLimitW(h100) == Approx(200));
    CHECK(gpuMaxPowerLimitW(h100) == Approx(700));
    Gpu a100;
    a100.architecture = "Ampere";
    a100.tdpW = 400;
    CHECK(gpuPowerCurve(a100).family == "ampere");
    CHECK(gpuMinPowerLimitW(a100) == Approx(100)); // nvidia-smi -q of A100 SXM4
    Gpu other;
    other.architecture = "Gaudi 3";
    CHECK(gpuPowerCurve(other).family == "generic");
    // A GPU known only by its model name gets the family the speed model
    // gives it (gpuFamily()), not the generic curve.
    Gpu unnamed;
    unnamed.model = "H100 SXM5 80GB";
    CHECK(gpuPowerCurve(unnamed).family == "hopper");
    unnamed.model = "Instinct MI300X";
    CHECK(gpuPowerCurve(unnamed).family == "cdna");
    unnamed.model = "L40S";
    CHECK(gpuPowerCurve(unnamed).family == "generic");
    // Limits outside the range are clamped; absent = tdp_w.
    CHECK(effectivePowerLimitW(h100, std::nullopt) == Approx(700));
    CHECK(effectivePowerLimitW(h100, 100.0) == Approx(200));
    CHECK(effectivePowerLimitW(h100, 900.0) == Approx(700));
    CHECK(effectivePowerLimitW(h100, 450.0) == Approx(450));
}

// Source: docs/power-model.md §2 worked example (Weste & Harris §5.1, P − P_idle ∝ f²):
// H100, idle 70 W, compute-bound 651 W, limit 500 W → (430/581)^½ = 0.860 on GEMMs;
// decode (280 W) below the limit keeps its full clock (Ma et al. 2026: caps never
// trigger during decode).
TEST_CASE("A power limit slows compute-bound phases, not decode", "[infra][power][gpu_power]")
{
    const Gpu h100 = gpuPowerTestH100();
    CHECK(cappedClockFraction(500, 651, 70) == Approx(std::sqrt(430.0 / 581.0)));
    CHECK(computeThroughputUnderLimit(h100, 500.0) == Approx(0.860).epsilon(0.002));
    CHECK(memoryThroughputUnderLimit(h100, 500.0) == Approx(1.0));
    CHECK(computeThroughputUnderLimit(h100, std::nullopt) == Approx(1.0));
    // At the 200 W minimum decode (280 W) slows too.
    CHECK(memoryThroughputUnderLimit(h100, 200.0) < 1.0);
    CHECK(computeThroughputUnderLimit(h100, 200.0) < memoryThroughputUnderLimit(h100, 200.0));
    // Never NaN or zero, whatever the input.
    CHECK(cappedClockFraction(NAN, 651, 70) == 1.0);
    CHECK(cappedClockFraction(10, 651, 70) > 0);
}

// Source: the Perseus artifact (Chung et al., SOSP 2024; ml-energy/zeus,
// sosp24_data/zeus/csv/A100/zeus_global.csv): GPT-3 XL pipeline training on
// 4× A100 80GB PCIe took 60.10 s per iteration at the 300 W limit and
// 87.92 s at 200 W, 0.684 of the throughput. Ampere's busy floor 0.38 ×
// 300 = 114 W and compute phase 0.95 × 300 = 285 W give
// ((200 − 114) / (285 − 114))^½ = 0.709 (docs/power-model.md §2), within
// 4 %; with the idle power (39 W) as the floor it was 0.809, 18 % fast.
TEST_CASE("Ampere's busy floor: the measured A100 PCIe slowdown at 200 W",
    "[infra][power][gpu_power]")
{
    Gpu a100;
    a100.model = "A100 80GB PCIe";
    a100.architecture = "Ampere";
    a100.tdpW = 300;
    const double predicted = computeThroughputUnderLimit(a100, 200.0);
    CHECK(predicted == Approx(std::sqrt(86.0 / 171.0)).epsilon(1e-9));
    CHECK(predicted == Approx(60.0952 / 87.9187).epsilon(0.04));
    // Memory-bound phases keep the idle power as their floor.
    CHECK(memoryThroughputUnderLimit(a100, 200.0) == Approx(1.0));
    // The floor only applies to Ampere; Hopper's worked example is unchanged.
    CHECK(gpuPowerCurve(gpuPowerTestH100()).computeFloorFraction == 0);
}

// power.deep_cap: a limit below 70 % of tdp_w is flagged as loosely
// validated (docs/validation.md "Power limit"), one at or above it is not.
TEST_CASE("A deep power limit carries the power.deep_cap note", "[infra][power][gpu_power]")
{
    auto rc = test::dgxH100(1);
    const auto hasDeepCap = [](const InfrastructureReport& r) {
        return std::any_of(r.findings.begin(), r.findings.end(),
            [](const Finding& f) { return f.code == "power.deep_cap"; });
    };
    rc.config.gpuPowerLimitW = 0.75 * rc.gpu.tdpW;
    CHECK_FALSE(hasDeepCap(checkInfrastructure(rc, {})));
    rc.config.gpuPowerLimitW = 0.6 * rc.gpu.tdpW;
    const auto deep = checkInfrastructure(rc, {});
    REQUIRE(hasDeepCap(deep));
    for (const auto& f : deep.findings)
        if (f.code == "power.deep_cap")
            CHECK(f.severity == Severity::Info);
}

// Source: docs/power-model.md §3 — time-weighted mean of the §1 levels, clipped at the limit.
TEST_CASE("Average GPU power follows the time split and the limit", "[infra][power][gpu_power]")
{
    const Gpu h100 = gpuPowerTestH100();
    const auto compute = gpuPowerTestShares(1, 0, 0, 0);
    const auto mixed = gpuPowerTestShares(0.6, 0.2, 0.2, 0);
    const auto commBound = gpuPowerTestShares(0.2, 0.1, 0.7, 0);
    CHECK(gpuAverageW(h100, std::nullopt, compute) == Approx(0.93 * 700));
    // 0.6 × 651 + 0.2 × 280 + 0.2 × 175 = 481.6 W
    CHECK(gpuAverageW(h100, std::nullopt, mixed) == Approx(481.6));
    CHECK(gpuAverageW(h100, std::nullopt, commBound) < gpuAverageW(h100, std::nullopt, mixed));
    // Under a 400 W limit no phase draws more than 400 W.
    CHECK(gpuAverageW(h100, 400.0, compute) == Approx(400));
    CHECK(gpuAverageW(h100, 400.0, mixed) <= 400);
    CHECK(gpuIdleW(h100, std::nullopt) == Approx(70));
    // Shares are normalised; all-zero means idle.
    CHECK(gpuAverageW(h100, std::nullopt, gpuPowerTestShares(2, 0, 0, 2))
        == Approx((651 + 70) / 2.0));
    CHECK(gpuAverageW(h100, std::nullopt, GpuActivity {}) == Approx(70));
}

// Source: Latif et al. 2024 (arXiv 2412.08602, abstract): an 8×H100 HGX node peaked at
// about 8.4 kW of its 10.2 kW rating with the GPUs near full use (in-sample: it fixes
// base_load_when_busy, docs/power-model.md §4).
TEST_CASE(
    "8xH100 node fully compute-bound is near the measured 8.4 kW peak", "[infra][power][gpu_power]")
{
    auto rc = test::dgxH100();
    rc.gpu.architecture = "Hopper";
    InfrastructureInputs in;
    in.gpuActivity = gpuPowerTestShares(1, 0, 0, 0);
    const NodePower p = nodeDcPower(rc, in);
    CHECK(p.total.maxW == Approx(10200)); // rating unchanged: fans carved from base
    CHECK(p.total.typicalW == Approx(8400).epsilon(0.03));
    CHECK(p.total.idleW < p.total.typicalW);
    // Sourced idle, not rated maximum minus GPUs (docs/power-model.md §4).
    CHECK(p.total.idleW < 4600);
    CHECK(p.fans.maxW == Approx(0.08 * 10200));
    CHECK(p.fans.typicalW < p.fans.maxW);
}

// Source: docs/power-model.md §2 — the rated maximum and PSU sizing follow the limit.
TEST_CASE(
    "A power limit lowers the rated node maximum used for sizing", "[infra][power][gpu_power]")
{
    auto rc = test::dgxH100();
    rc.gpu.architecture = "Hopper";
    rc.config.gpuPowerLimitW = 450;
    Findings findings;
    const PowerReport p = checkNodePower(rc, InfrastructureInputs {}, findings);
    CHECK(p.node.gpuPowerCapped);
    CHECK(p.node.gpus.maxW == Approx(8 * 450));
    CHECK(p.nodeW == Approx(8 * 450 + 4600));
    CHECK(p.psusRequired == 3); // 8.2 kW on 3.3 kW PSUs
}

// Source: fan laws (ASHRAE Handbook—HVAC Systems and Equipment ch. 21): P ∝ speed³;
// docs/power-model.md §5 cooling shares.
TEST_CASE("Fans follow heat cubed and the cooling type", "[infra][power][gpu_power]")
{
    CHECK(fanPowerAtHeat(1000, 0.5) == Approx(125));
    CHECK(fanPowerAtHeat(1000, 0.1) == Approx(27)); // 30 % minimum speed
    CHECK(fanPowerAtHeat(1000, NAN) == Approx(1000));
    auto rc = test::dgxH100();
    InfrastructureInputs in;
    const double air = nodeFanMaxW(rc, in, 10200, 4600);
    Cooling dlc;
    dlc.type = CoolingType::DirectLiquid;
    dlc.maxHeatKwPerRack = 100;
    rc.cooling = dlc;
    CHECK(nodeFanMaxW(rc, in, 10200, 4600) == Approx(0.2 * air));
    rc.cooling->type = CoolingType::Immersion;
    CHECK(nodeFanMaxW(rc, in, 10200, 4600) == 0);
}
