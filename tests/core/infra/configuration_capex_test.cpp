// SPDX-License-Identifier: Apache-2.0
// Capex is a property of the configuration, not of the workload run on it:
// every multi-node cluster gets its front-end network and its NICs their
// back-end fabric; the text of a sum with unpriced parts says it is a bound.
#include "core/pipeline/evaluate.h"
#include "core/bom/bom_test_support.h"
#include "core/infra/fabric.h"
#include "core/infra/switch_power.h"
#include "core/base/usd_figure.h"
#include "core/io/catalog_json.h"
#include "core/project/resolve_configuration.h"

#include "infra_fixtures.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace infrafit;
using namespace infrafit::test;

namespace {

std::int64_t countOf(const CostReport& cost, const std::string& item, bool frontEnd)
{
    std::int64_t n = 0;
    for (const auto& line : cost.lines)
        if (line.item == item && (line.model.rfind("front-end", 0) == 0) == frontEnd)
            n += line.count;
    return n;
}

} // namespace

TEST_CASE("a sum with unpriced parts reads as a lower bound", "[infra][cost][money]")
{
    CHECK(describeUsd({98800, 0}) == "$98,800");
    CHECK(describeUsd({98800, 1}) == "\u2265 $98,800 (1 part unpriced)");
    CHECK(describeUsd({1662840.5, 3}, 2) == "\u2265 $1,662,840.50 (3 parts unpriced)");
    CHECK(describeUsd({-12, 0}) == "-$12");
    CHECK(unpricedText(0).empty());
    CHECK(UsdFigure{5, 0}.complete());
    CHECK_FALSE(UsdFigure{5, 2}.complete());
}

TEST_CASE("capex of a configuration does not depend on the workload kind",
          "[infra][cost][fabric]")
{
    // The BOM example: 4 HGX H100 nodes with 8 ConnectX-7 each, a training
    // workload (data parallel across nodes) and a serving workload with
    // tensor parallel 4 (each replica inside one node).
    const auto project = bomExampleProject();
    const auto rc = resolveConfiguration(project, 0, PartLookup {});
    REQUIRE(rc.config.nodes == 4);
    const auto training = evaluate(project.workloads[0], rc);
    const auto serving = evaluate(project.workloads[1], rc);
    REQUIRE(training.kind == WorkloadKind::Training);
    REQUIRE(serving.kind == WorkloadKind::Inference);
    REQUIRE(training.infrastructure);
    REQUIRE(serving.infrastructure);
    const auto& t = training.infrastructure->cost;
    const auto& s = serving.infrastructure->cost;
    CHECK(s.capexUsd == Approx(t.capexUsd));
    CHECK(s.fabricUsd == Approx(t.fabricUsd));
    CHECK(s.fabricUsd > 0);
    // Back end: 4 nodes × 8 rails = 32 ports on one 64-port NDR switch; the
    // serving BOM has its switch, cables and optics like the training one.
    CHECK(countOf(s, "switch", false) == 1);
    CHECK(countOf(s, "cable", false) == 32);
    CHECK(countOf(s, "transceiver", false) == 64);
    // Front end: 4 nodes × 2 ports = 8 ports on one switch.
    CHECK(countOf(s, "switch", true) == 1);
    CHECK(countOf(s, "cable", true) == 8);
    CHECK(countOf(t, "switch", true) == 1);
    // The serving workload does not use the back end, and is told so.
    CHECK(training.infrastructure->fabric.backEndUsed);
    CHECK_FALSE(serving.infrastructure->fabric.backEndUsed);
    CHECK(test::hasCode(serving.findings, "fabric.back_end_idle"));
    CHECK_FALSE(test::hasCode(training.findings, "fabric.back_end_idle"));
}

TEST_CASE("multi-node serving uses its back-end fabric when a replica spans nodes",
          "[infra][fabric]")
{
    auto project = bomExampleProject();
    auto serve = project.workloads[1];
    REQUIRE(serve.parallelism);
    serve.parallelism->tensor = 8;
    serve.parallelism->pipeline = 2; // 16 GPUs per replica on 8-GPU nodes
    const auto rc = resolveConfiguration(project, 0, PartLookup {});
    const auto result = evaluate(serve, rc);
    REQUIRE(result.infrastructure);
    CHECK(result.infrastructure->fabric.backEndUsed);
    CHECK(result.infrastructure->fabric.needed);
    CHECK_FALSE(test::hasCode(result.findings, "fabric.back_end_idle"));
}

TEST_CASE("the front-end network is sized like any non-blocking tree", "[infra][fabric]")
{
    // 200 nodes × 2 ports = 400 endpoints on 256-port switches: two tiers,
    // ceil(400 / 128) = 4 leaves and ceil(4 / 2) = 2 spines (docs/reference/hardware.md §2.4).
    auto rc = test::dgxH100(200);
    InfrastructureInputs in;
    in.needsInterNodeTraffic = false;
    Findings findings;
    const auto f = planFabric(rc, in, findings);
    REQUIRE(f.frontEnd.needed);
    CHECK(f.frontEnd.tree.endpoints == 400);
    CHECK(f.frontEnd.tree.tiers == 2);
    CHECK(f.frontEnd.tree.leafSwitches == 4);
    CHECK(f.frontEnd.tree.spineSwitches == 2);
    CHECK(f.frontEnd.tree.cables == 800);
    CHECK(f.frontEnd.transceivers == 1600);
    // 6 chassis + 400 node ports + 2 × 400 between tiers, at 200G.
    CHECK(f.switchPowerTotalW == Approx(6 * 900 + 1200 * switchPortOpticW(200).maxW));
    // One node has no front-end network; none when the ports are set to 0.
    CHECK_FALSE(planFabric(test::dgxH100(1), in, findings).frontEnd.needed);
    in.frontEndPortsPerNode = 0;
    CHECK_FALSE(planFabric(rc, in, findings).frontEnd.needed);
}

TEST_CASE("every part of the default catalog has a sourced price", "[infra][cost][catalog]")
{
    // A first run must not add unknown terms as $0: every shipped part has a
    // price, with a note naming where it came from, and an estimate is
    // listed as one (catalog/data/build_default_catalog.py).
    std::string path = INFRAFIT_SOURCE_DIR;
    path += "/catalog/data/default-catalog.json";
    const auto doc = readCatalogFile(path);
    REQUIRE(doc.parts.size() > 50);
    for (const auto& part : doc.parts) {
        const auto& info = infoOf(part);
        INFO(info.id);
        REQUIRE(info.priceUsd.has_value());
        CHECK(*info.priceUsd >= 0);
        CHECK_FALSE(info.priceNote.empty());
        const bool listPrice = info.priceNote.rfind("list price", 0) == 0;
        CHECK(listPrice != info.isEstimated("price_usd"));
    }
}
