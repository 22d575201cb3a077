// SPDX-License-Identifier: Apache-2.0
#include "core/infra/cost.h"

#include "infra_fixtures.h"

#include <catch2/catch.hpp>

using namespace infrafit;
using infrafit::test::hasCode;

namespace {

struct Priced {
    PowerReport power;
    FabricReport fabric;
    CostReport cost;
    Findings findings;
};

Priced price(const ResolvedConfiguration& rc, const InfrastructureInputs& in)
{
    Priced p;
    p.power = checkNodePower(rc, in, p.findings);
    planRacks(rc, in, p.power, p.findings);
    p.fabric = planFabric(rc, in, p.findings);
    addClusterPower(rc, p.fabric.switchPowerTotalW, p.fabric.switchPowerTypicalW, p.power);
    p.findings.clear();
    p.cost = estimateCost(rc, in, p.power, p.fabric, p.findings);
    return p;
}

} // namespace

TEST_CASE("Capex is part price × count × nodes", "[infra][cost]")
{
    InfrastructureInputs in;
    in.needsInterNodeTraffic = false;
    const auto p = price(test::pcieServer(), in);
    // 4 nodes: chassis 4 × 20,000; GPUs 32 × 9,000; CPUs 8 × 11,805;
    // NVMe 24 × 2,000; NICs 8 × 2,500; PSUs 16 × 600.
    CHECK(p.cost.partsUsd == Approx(80000 + 288000 + 94440 + 48000 + 20000 + 9600));
    // The four nodes' networks are part of the configuration's capex too.
    CHECK(p.cost.fabricUsd > 0);
    CHECK(p.cost.capexUsd == Approx(p.cost.partsUsd + p.cost.fabricUsd));
    CHECK(p.cost.priceComplete);
    CHECK(p.cost.unpricedParts == 0);
    CHECK(p.cost.capex().complete());
    CHECK(p.cost.priceIncludesEstimates); // GPU price has no "list price" note
    CHECK(hasCode(p.findings, "cost.price_estimated"));
    CHECK_FALSE(hasCode(p.findings, "cost.price_missing"));
}

TEST_CASE("A missing price is flagged, not guessed", "[infra][cost]")
{
    auto rc = test::pcieServer();
    rc.nvme->priceUsd.reset();
    InfrastructureInputs in;
    in.needsInterNodeTraffic = false;
    const auto p = price(rc, in);
    CHECK_FALSE(p.cost.priceComplete);
    CHECK(p.cost.partsUsd == Approx(80000 + 288000 + 94440 + 20000 + 9600));
    // A sum with an unknown term is unknown: every money figure built on it
    // is a lower bound and says so.
    CHECK(p.cost.unpricedParts == 1);
    CHECK_FALSE(p.cost.capex().complete());
    CHECK_FALSE(p.cost.tco().complete());
    CHECK_FALSE(p.cost.perHour().complete());
    CHECK(describeUsd(p.cost.capex()).rfind("\u2265 $", 0) == 0);
    const auto* f = test::findCode(p.findings, "cost.price_missing");
    REQUIRE(f);
    CHECK(f->message.find("PM1743") != std::string::npos);
    CHECK(f->message.find("(1 part unpriced)") != std::string::npos);
    CHECK(f->message.find("Capital cost is unknown") != std::string::npos);
}

TEST_CASE("A complete system's price covers its parts", "[infra][cost]")
{
    InfrastructureInputs in;
    in.needsInterNodeTraffic = false;
    const auto p = price(test::dgxH100(2), in);
    CHECK(p.cost.chassisPriceIncludesComponents);
    CHECK(p.cost.partsUsd == Approx(2 * 199000));
    CHECK(p.cost.capexUsd == Approx(2 * 199000 + p.fabric.frontEnd.costUsd));
    CHECK(p.cost.priceComplete);
}

TEST_CASE("Fabric, racks, energy, TCO and cost per token", "[infra][cost]")
{
    auto rc = test::dgxH100(128);
    rc.nic = test::connectX7();
    rc.config.nicsPerNode = 8;
    InfrastructureInputs in;
    in.rackPriceUsd = 10000;
    in.tokensPerSecond = 1.0e6;
    const auto p = price(rc, in);
    // 48 switches, 2,048 cables, 4,096 transceivers (SuperPOD 1,024 GPUs).
    CHECK(p.fabric.costUsd == Approx(48 * 30000 + 2048 * 150 + 4096 * 1000));
    // Front end: 128 nodes × 2 ports = 256 endpoints, one 256-port switch,
    // 256 cables and 512 transceivers.
    CHECK(p.fabric.frontEnd.tree.totalSwitches == 1);
    CHECK(p.cost.fabricUsd
          == Approx(p.fabric.costUsd + 35000 + 256 * 120 + 512 * 700));
    CHECK(p.power.racks == 43); // 3 per rack
    CHECK(p.cost.racksUsd == Approx(430000));
    CHECK(p.cost.capexUsd
          == Approx(128 * 199000 + p.cost.fabricUsd + p.cost.racksUsd));
    // Energy = typical cluster wall kW × 8,760 h × PUE × price.
    CHECK(p.cost.pue == Approx(1.4));
    CHECK(p.cost.energyKwhPerYear == Approx(p.power.clusterTypicalW / 1000 * 8760 * 1.4));
    CHECK(p.cost.energyUsdPerYear == Approx(p.cost.energyKwhPerYear * 0.10));
    CHECK(p.cost.tcoUsd == Approx(p.cost.capexUsd + 4 * p.cost.energyUsdPerYear));
    REQUIRE(p.cost.usdPerMillionTokens);
    CHECK(*p.cost.usdPerMillionTokens
          == Approx(p.cost.tcoUsd / (4 * 8760) / (1.0e6 * 3600) * 1e6));
}

TEST_CASE("PUE from the cooling option's range", "[infra][cost]")
{
    auto rc = test::dgxH100();
    CHECK(defaultPue(rc) == Approx(1.4));
    Cooling dlc;
    dlc.type = CoolingType::DirectLiquid;
    dlc.pueLow = 1.1;
    dlc.pueHigh = 1.2;
    rc.cooling = dlc;
    CHECK(defaultPue(rc) == Approx(1.15));

    PartInfo part;
    CHECK(isPriceEstimated(part));
    part.priceNote = "List price (AMD)";
    CHECK_FALSE(isPriceEstimated(part));
    part.estimatedFields = {"price_usd"};
    CHECK(isPriceEstimated(part));
}

TEST_CASE("A chassis whose base power includes parts but whose price does not is priced with them",
          "[infra][cost]")
{
    // ASUS XA NB3I-E12 style: base power derived from the system maximum, but
    // the price (if any) is of the bare chassis, so the GPUs are still bought.
    InfrastructureInputs in;
    in.needsInterNodeTraffic = false;
    auto rc = test::dgxH100(1);
    rc.chassis.priceIncludesParts = false;
    const auto p = price(rc, in);
    CHECK_FALSE(p.cost.chassisPriceIncludesComponents);
    CHECK(p.cost.capexUsd > 199000 + 8 * 1000.0);
}
