// SPDX-License-Identifier: Apache-2.0
#include "core/infra/pcie.h"

#include "infra_fixtures.h"

#include <catch2/catch.hpp>

using namespace infrafit;
using infrafit::test::hasCode;

// Source: docs/reference/hardware.md §2.4 "PCIe (per lane, per direction, after encoding)",
// from the PCI-SIG base specifications.
TEST_CASE("PCIe generation table matches docs/reference/hardware.md §2.4", "[infra][pcie]")
{
    struct Row {
        int gen;
        double gts;
        double perLane;
        double x16;
        double x16Bidir;
    };
    const Row rows[] = {
        {3, 8, 0.985, 15.75, 31.5},
        {4, 16, 1.969, 31.5, 63.0},
        {5, 32, 3.938, 63.0, 126.0},
    };
    for (const auto& row : rows) {
        const auto g = pcieGeneration(row.gen);
        REQUIRE(g);
        CHECK(g->gigaTransfersPerS == row.gts);
        CHECK(g->encoding == "128b/130b");
        CHECK(g->gbsPerLane() == Approx(row.perLane).epsilon(0.001));
        CHECK(g->x16GbsPerDirection() == Approx(row.x16).epsilon(0.001));
        CHECK(g->x16GbsBidirectional() == Approx(row.x16Bidir).epsilon(0.001));
    }
    // Gen6: 64 GT/s PAM4 + FLIT: ~7.56-7.88 GB/s per lane, ~121-126 GB/s x16.
    const auto g6 = pcieGeneration(6);
    REQUIRE(g6);
    CHECK(g6->gbsPerLane() >= 7.56);
    CHECK(g6->gbsPerLane() <= 7.88);
    CHECK(g6->x16GbsPerDirection() >= 121);
    CHECK(g6->x16GbsPerDirection() <= 126);
    CHECK_FALSE(pcieGeneration(7));
    CHECK(pcieGbsPerDirection(9, 16) == 0);
    CHECK(pcieGbsPerDirection(5, 0) == 0);
    // docs/reference/hardware.md §1.4: a Gen5 x16 slot carries ~63 GB/s ≈ 504 Gbit/s.
    CHECK(pcieGbsPerDirection(5, 16) * 8 == Approx(504).epsilon(0.001));
}

TEST_CASE("PCIe lanes of PCIe GPUs, NICs and NVMe against AMD 2P lanes", "[infra][pcie]")
{
    InfrastructureInputs in;
    Findings findings;
    auto rc = test::pcieServer();
    // 8 × x16 + 2 × x16 + 6 × x4 = 184 lanes; 2 × EPYC 128 lanes, but AMD 2P
    // exposes ~128-160 usable (docs/reference/hardware.md §1.3).
    const auto r = checkPcie(rc, in, findings);
    CHECK(r.checked);
    CHECK(r.gpuLanes == 128);
    CHECK(r.nicLanes == 32);
    CHECK(r.nvmeLanes == 24);
    CHECK(r.lanesNeeded == 184);
    CHECK(r.hostLanes == 160);
    CHECK_FALSE(r.lanesOk);
    CHECK(hasCode(findings, "pcie.lanes_exceeded"));

    // The same devices behind PCIe switches: oversubscription, not an error.
    findings.clear();
    in.chassisHasPcieSwitches = true;
    const auto s = checkPcie(rc, in, findings);
    CHECK(s.lanesOk);
    CHECK(s.laneOversubscription == Approx(184.0 / 160.0));
    CHECK(hasCode(findings, "pcie.oversubscribed"));
    CHECK_FALSE(hasCode(findings, "pcie.lanes_exceeded"));

    // Fewer drives fit in 160 but not in 128: the tight warning.
    findings.clear();
    in.chassisHasPcieSwitches = false;
    rc.config.nvmePerNode = 0;
    const auto t = checkPcie(rc, in, findings);
    CHECK(t.lanesNeeded == 160);
    CHECK(t.lanesOk);
    CHECK(hasCode(findings, "pcie.lanes_tight"));
}

TEST_CASE("PCIe generation mismatch: Gen5 NIC in a Gen4 host", "[infra][pcie]")
{
    Findings findings;
    auto rc = test::pcieServer();
    rc.cpu->pcieGen = 4;
    rc.cpu->vendor = "Intel";
    rc.cpu->pcieLanes = 128;
    const auto r = checkPcie(rc, InfrastructureInputs{}, findings);
    CHECK_FALSE(r.generationsOk);
    CHECK(hasCode(findings, "pcie.gen_mismatch"));
    // 400G port on Gen4 x16 (31.5 GB/s ≈ 252 Gbit/s per direction).
    CHECK(r.nicSlotGbps == Approx(252).epsilon(0.001));
    CHECK(hasCode(findings, "pcie.nic_bandwidth_limited"));
}

TEST_CASE("PCIe check without a CPU is reported as unchecked", "[infra][pcie]")
{
    Findings findings;
    const auto r = checkPcie(test::dgxH100(), InfrastructureInputs{}, findings);
    CHECK_FALSE(r.checked);
    CHECK(r.ok);
    CHECK(hasCode(findings, "pcie.unchecked"));
}
