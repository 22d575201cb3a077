// SPDX-License-Identifier: Apache-2.0
#include "core/infra/cost.h"
#include "../infra/infra_fixtures.h"

#include "core/infra/infrastructure.h"
#include "core/storage/storage_defaults.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace infrafit;

namespace {

const CostLine* lineFor(const CostReport& cost, const std::string& item)
{
    const auto it = std::find_if(
        cost.lines.begin(), cost.lines.end(), [&](const CostLine& l) { return l.item == item; });
    return it == cost.lines.end() ? nullptr : &*it;
}

} // namespace

TEST_CASE("Host memory and shared storage enter the bill of materials", "[storage][cost]")
{
    auto rc = test::dgxH100(4);
    rc.chassis.priceIncludesParts = false;
    rc.config.dimmsPerNode = 32;
    rc.config.dimmSizeGb = 64;
    SECTION("estimated DIMM price: 64 GB x $5/GB = $320, 4 x 32 DIMMs = $40,960")
    {
        const auto report = checkInfrastructure(rc, {});
        const auto* line = lineFor(report.cost, "host_memory");
        REQUIRE(line);
        CHECK(line->count == 128);
        CHECK(line->unitPriceUsd == Approx(64 * defaultDimmUsdPerGb));
        CHECK(line->totalUsd == Approx(40960));
        CHECK(line->priceEstimated);
        CHECK(report.cost.capexUsd >= line->totalUsd);
    }
    SECTION("stated DIMM price and a priced shared storage system")
    {
        rc.config.dimmPriceUsd = 400;
        rc.config.sharedStorageGbs = 100;
        rc.config.sharedStoragePriceUsd = 300000;
        const auto report = checkInfrastructure(rc, {});
        const auto* memory = lineFor(report.cost, "host_memory");
        REQUIRE(memory);
        CHECK(memory->totalUsd == Approx(128 * 400));
        CHECK_FALSE(memory->priceEstimated);
        const auto* shared = lineFor(report.cost, "shared_storage");
        REQUIRE(shared);
        CHECK(shared->totalUsd == Approx(300000));
    }
    SECTION("a complete system's price already covers its memory")
    {
        rc.chassis.priceIncludesParts = true;
        const auto report = checkInfrastructure(rc, {});
        const auto* line = lineFor(report.cost, "host_memory");
        REQUIRE(line);
        CHECK(line->includedInChassis);
        CHECK(line->totalUsd == 0);
    }
    SECTION("no DIMMs stated: no line")
    {
        rc.config.dimmsPerNode.reset();
        CHECK(lineFor(checkInfrastructure(rc, {}).cost, "host_memory") == nullptr);
    }
}
