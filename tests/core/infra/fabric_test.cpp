// SPDX-License-Identifier: Apache-2.0
#include "core/infra/fabric.h"
#include "core/infra/switch_power.h"

#include "infra_fixtures.h"

#include <catch2/catch.hpp>

using namespace infrafit;

// Source: docs/reference/hardware.md §2.4, "NVIDIA DGX SuperPOD B200 compute fabric on
// QM9700" (NVIDIA DGX SuperPOD B200 reference architecture): radix 64,
// one endpoint per GPU rail; every row.
TEST_CASE("Fat tree reproduces every SuperPOD B200 switch-count row", "[infra][fabric]")
{
    struct Row {
        int sus;
        std::int64_t nodes, gpus, leaf, spine, core;
    };
    const Row rows[] = {
        {2, 64, 512, 16, 8, 0},          {4, 128, 1024, 32, 16, 0},
        {8, 256, 2048, 64, 32, 0},       {16, 512, 4096, 128, 128, 64},
        {32, 1024, 8192, 256, 256, 128}, {64, 2048, 16384, 512, 512, 256},
    };
    for (const auto& row : rows) {
        INFO(row.sus << " SUs");
        CHECK(row.nodes * 8 == row.gpus);
        const auto t = sizeFatTree(row.gpus, 64);
        CHECK(t.fits);
        CHECK(t.leafSwitches == row.leaf);
        CHECK(t.spineSwitches == row.spine);
        CHECK(t.coreSwitches == row.core);
        CHECK(t.tiers == (row.core > 0 ? 3 : 2));
        // Node-leaf, leaf-spine and spine-core cables each equal the GPUs.
        CHECK(t.nodeToLeafCables == row.gpus);
        CHECK(t.leafToSpineCables == row.gpus);
        CHECK(t.spineToCoreCables == (row.core > 0 ? row.gpus : 0));
    }
}

// Source: docs/reference/hardware.md §2.4 maxima table (glennklockwood.com/garden/fat-tree):
// 2-tier k²/2, 3-tier k³/4.
TEST_CASE("Fat tree maxima k²/2 and k³/4", "[infra][fabric]")
{
    CHECK(fatTreeMaxEndpoints(64, 2) == 2048);      // QM9700
    CHECK(fatTreeMaxEndpoints(64, 3) == 65536);
    CHECK(fatTreeMaxEndpoints(144, 2) == 10368);    // Q3400
    CHECK(fatTreeMaxEndpoints(128, 2) == 8192);     // SN5600 split at 400G
    CHECK(sizeFatTree(65536, 64).fits);
    CHECK_FALSE(sizeFatTree(65537, 64).fits);
    // Full-size 3-tier: (k/2)² core, k²/2 aggregation, k²/2 edge = 5k²/4.
    const auto full = sizeFatTree(65536, 64);
    CHECK(full.coreSwitches == 32 * 32);
    CHECK(full.spineSwitches == 64 * 64 / 2);
    CHECK(full.leafSwitches == 64 * 64 / 2);
    CHECK(full.totalSwitches == 5 * 64 * 64 / 4);
    // A handful of endpoints needs a single switch; none needs nothing.
    CHECK(sizeFatTree(40, 64).totalSwitches == 1);
    CHECK(sizeFatTree(0, 64).totalSwitches == 0);
    CHECK(sizeFatTree(10, 0).totalSwitches == 0);
}

TEST_CASE("Fabric plan for 128 DGX nodes with 8 × 400G NDR", "[infra][fabric]")
{
    auto rc = test::dgxH100(128);
    rc.nic = test::connectX7();
    rc.config.nicsPerNode = 8;
    Findings findings;
    const auto f = planFabric(rc, InfrastructureInputs{}, findings);
    REQUIRE(f.needed);
    CHECK(f.switchUsed.radix == 64);
    CHECK(f.rails == 8);
    CHECK(f.tree.leafSwitches == 32);
    CHECK(f.tree.spineSwitches == 16);
    CHECK(f.tree.cables == 2048);
    CHECK(f.transceivers == 4096);
    // Plus the front-end network: 128 nodes × 2 ports on one 256-port switch.
    CHECK(f.frontEnd.tree.totalSwitches == 1);
    CHECK(f.switchPowerTotalW
          == Approx(48 * f.switchUsed.powerW + f.frontEnd.switchUsed.powerW));
    CHECK(f.costUsd > 0);
    CHECK(findings.empty());
}

TEST_CASE("Fabric needs NICs when nodes talk to each other", "[infra][fabric]")
{
    auto rc = test::dgxH100(4);
    Findings findings;
    const auto f = planFabric(rc, InfrastructureInputs{}, findings);
    CHECK_FALSE(f.ok);
    CHECK(test::hasCode(findings, "fabric.no_nic"));

    // A single node, or a workload without inter-node traffic, needs none.
    findings.clear();
    InfrastructureInputs in;
    in.needsInterNodeTraffic = false;
    CHECK_FALSE(planFabric(rc, in, findings).needed);
    CHECK(findings.empty());
}

TEST_CASE("switch power is its chassis plus an optic per lit port at the port's speed",
          "[infra][fabric][power]")
{
    // NVIDIA MMA4Z00-NS product specification: a twin-port 2×400G OSFP
    // (8 × 100G lanes) draws 15 W; QM97xx cages take class-8 modules of
    // 17 W (QM97xx user manual, "Interfaces").
    CHECK(switchPortOpticW(800).typicalW == Approx(15));
    CHECK(switchPortOpticW(800).maxW == Approx(17));
    CHECK(switchPortOpticW(400).typicalW == Approx(7.5));
    CHECK(switchPortOpticW(200).maxW == Approx(4.25));
    CHECK(switchPortOpticW(0).maxW == 0);
    // A QM9700 with all 32 cages (64 × 400G) lit: 32 × 15 W of optics.
    const auto full = switchesPower(1, 900, 64, 400);
    CHECK(full.typicalW - 900 == Approx(32 * 15));
    CHECK(full.maxW - 900 == Approx(32 * 17));
    CHECK(defaultSwitchFor(NicProtocol::Infiniband, 400).powerW == Approx(900 + 32 * 17));
    // A leaf/spine tree lights one port per node cable and two per
    // cable between tiers.
    CHECK(fatTreePortsUsed(1024, 1024, 0) == 3072);

    // Four nodes × 8 rails on one 64-port switch: 32 ports lit, not 64.
    auto rc = test::dgxH100(4);
    rc.nic = test::connectX7();
    rc.config.nicsPerNode = 8;
    InfrastructureInputs in;
    in.frontEndPortsPerNode = 0;
    Findings findings;
    const auto f = planFabric(rc, in, findings);
    REQUIRE(f.tree.totalSwitches == 1);
    CHECK(f.switchPowerTypicalW == Approx(900 + 32 * 7.5));
    CHECK(f.switchPowerTotalW == Approx(900 + 32 * 8.5));
    CHECK(f.switchPowerTotalW < f.switchUsed.powerW);
}
