// SPDX-License-Identifier: Apache-2.0
// The BOM model: lines from the analysis' cost lines, quantities, prices,
// subtotals, totals with their confidence, and the summary copied from the
// evaluation (not recomputed).
#include "core/bom/bom_test_support.h"

#include "core/pipeline/evaluate.h"
#include "core/base/input_error.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <limits>
#include <numeric>

using namespace infrafit;
using namespace infrafit::test;

namespace {

const BomLine* lineOf(const BillOfMaterials& bom, const std::string& kind)
{
    for (const auto& l : bom.lines)
        if (l.kind == kind)
            return &l;
    return nullptr;
}

AnalysisResult evaluateExample(const Project& project, std::size_t config, std::size_t workload)
{
    const auto rc = resolveConfiguration(project, config, PartLookup {});
    return evaluate(project.workloads[workload], rc);
}

} // namespace

TEST_CASE("BOM lines carry vendor, per-node and total quantities and prices", "[bom]")
{
    const auto bom = bomExample();
    const auto* gpu = lineOf(bom, "gpu");
    REQUIRE(gpu);
    CHECK(gpu->vendor == "NVIDIA");
    CHECK(gpu->partId == "ex-h100-sxm");
    CHECK(gpu->quantityPerNode == 8);
    CHECK(gpu->nodes == 4);
    CHECK(gpu->totalQuantity == 32);
    CHECK(gpu->unitPriceUsd == 30000);
    CHECK(gpu->extendedPriceUsd == 960000);
    CHECK(gpu->priceStatus == PriceStatus::Estimated);

    const auto* chassis = lineOf(bom, "chassis");
    REQUIRE(chassis);
    CHECK(chassis->priceStatus == PriceStatus::Listed);
    CHECK(chassis->quantityPerNode == 1);

    // The PSU has no price: listed with its quantity, left out of the total.
    const auto* psu = lineOf(bom, "psu");
    REQUIRE(psu);
    CHECK(psu->priceStatus == PriceStatus::Missing);
    CHECK(psu->totalQuantity == 24);
    CHECK(psu->extendedPriceUsd == 0);
    CHECK_FALSE(bom.totals.complete);
    REQUIRE(bom.totals.missingPrices.size() == 1);
    CHECK_THAT(bom.totals.missingPrices[0], Catch::Contains("ex-psu"));

    // Four nodes need a fabric; racks are sized but not priced by default.
    REQUIRE(lineOf(bom, "switch"));
    CHECK_FALSE(lineOf(bom, "switch")->quantityPerNode.has_value());
    REQUIRE(lineOf(bom, "transceiver"));
    const auto* rack = lineOf(bom, "rack");
    REQUIRE(rack);
    CHECK(rack->priceStatus == PriceStatus::NotPriced);
    CHECK(rack->totalQuantity == bom.summary.racks);
    CHECK(rack->totalQuantity >= 1);
}

TEST_CASE("BOM totals are the sum of the lines and equal the analysis' capital cost", "[bom]")
{
    const auto project = bomExampleProject();
    const auto evaluation = evaluateExample(project, 0, 0);
    const auto bom
        = buildBom(resolveConfiguration(project, 0, PartLookup {}), evaluation, goldenContext());
    double sum = 0;
    for (const auto& l : bom.lines)
        sum += l.extendedPriceUsd;
    CHECK(bom.totals.totalUsd == Approx(sum));
    CHECK(bom.totals.totalUsd == Approx(evaluation.infrastructure->cost.capexUsd));
    CHECK(bom.totals.fabricUsd == Approx(evaluation.infrastructure->cost.fabricUsd));
    CHECK(bom.totals.includesEstimates);
    double subtotals = 0;
    for (const auto& s : bom.subtotals)
        subtotals += s.extendedPriceUsd;
    CHECK(subtotals == Approx(sum));
    CHECK(bom.subtotals.front().kind == "chassis");
}

TEST_CASE("BOM summary copies the evaluation's power, heat, cost and verdict", "[bom]")
{
    const auto project = bomExampleProject();
    const auto evaluation = evaluateExample(project, 0, 0);
    const auto& infra = *evaluation.infrastructure;
    const auto bom
        = buildBom(resolveConfiguration(project, 0, PartLookup {}), evaluation, goldenContext());
    const auto& s = bom.summary;
    CHECK(s.projectName.empty()); // buildBom uses the context as given
    CHECK(s.configurationName == "4x HGX H100");
    CHECK(s.workloadName == "llama-8b-pretrain");
    CHECK(s.date == "2026-12-02");
    CHECK(s.nodeWall.maxW == infra.power.nodeWallW);
    CHECK(s.nodeWall.typicalW == infra.power.nodeWallTypicalW);
    CHECK(s.nodeDc.maxW == infra.power.nodeW);
    CHECK(s.clusterWall.maxW == infra.power.clusterW);
    CHECK(s.clusterWall.idleW == infra.power.clusterIdleW);
    CHECK(s.rackWall.maxW == Approx(infra.power.nodesPerRack * infra.power.nodeWallW));
    CHECK(s.racks == infra.power.racks);
    CHECK(s.nodeHeatBtuPerH == infra.thermal.nodeHeatBtuPerH);
    CHECK(s.nodeAirflowCfm == infra.thermal.nodeAirflowCfm);
    CHECK(s.pue == infra.cost.pue);
    CHECK(s.tcoUsd == infra.cost.tcoUsd);
    CHECK(s.hasVerdict);
    CHECK(s.headline.fits == evaluation.fits);
    CHECK(s.headline.trainingDays == evaluation.performance.trainingDays);
    CHECK(s.headline.mfu == evaluation.performance.mfu);
    CHECK(s.findings.size() == evaluation.findings.size());
    CHECK_FALSE(s.assumptions.empty());
    double memory = 0;
    for (const auto& m : s.memoryPerGpuBytes)
        memory += m.value;
    CHECK(memory == Approx(evaluation.memory.totalBytes()));
    double power = 0;
    for (const auto& p : s.nodePowerW)
        power += p.value;
    CHECK(power == Approx(infra.power.node.total.maxW));
}

TEST_CASE("parts inside a complete system keep their quantity at $0 with a note", "[bom]")
{
    auto project = bomExampleProject();
    for (auto& part : project.parts)
        if (auto* chassis = std::get_if<Chassis>(&part))
            chassis->priceIncludesParts = true;
    const auto bom = buildProjectBom(project, PartLookup {}, "2x HGX H100", "", goldenContext());
    const auto* gpu = lineOf(bom, "gpu");
    REQUIRE(gpu);
    CHECK(gpu->priceStatus == PriceStatus::IncludedInChassis);
    CHECK(gpu->totalQuantity == 16);
    CHECK(gpu->extendedPriceUsd == 0);
    CHECK_THAT(gpu->note, Catch::Contains("included in the chassis price"));
    // The PSU is inside the system price too, so nothing is missing.
    CHECK(bom.totals.complete);
    CHECK(bom.summary.workloadName == "llama-8b-pretrain"); // first workload by default
    CHECK(bom.summary.projectName == "BOM example: Llama 8B on H100");
}

TEST_CASE("inference BOM carries TTFT and TPOT", "[bom]")
{
    const auto bom = bomExample("2x HGX H100", "llama-70b-serve");
    CHECK(bom.summary.headline.kind == WorkloadKind::Inference);
    CHECK(bom.summary.headline.ttftS > 0);
    CHECK(bom.summary.headline.tpotS > 0);
    CHECK(bom.summary.headline.outputTokensPerS > 0);
}

TEST_CASE("a project without workloads still gets a BOM, without a verdict", "[bom]")
{
    auto project = bomExampleProject();
    project.workloads.clear();
    const auto bom = buildProjectBom(project, PartLookup {}, "4x HGX H100", "", goldenContext());
    CHECK_FALSE(bom.summary.hasVerdict);
    CHECK(bom.summary.memoryPerGpuBytes.empty());
    CHECK(bom.totals.totalUsd > 0);
}

TEST_CASE("buildProjectBom refuses unknown names and empty projects", "[bom]")
{
    auto project = bomExampleProject();
    CHECK_THROWS_WITH(
        buildProjectBom(project, PartLookup {}, "nope", "", goldenContext(), "p.json"),
        Catch::Contains("no configuration named \"nope\""));
    CHECK_THROWS_WITH(
        buildProjectBom(project, PartLookup {}, "4x HGX H100", "nope", goldenContext(), "p.json"),
        Catch::Contains("no workload named \"nope\""));
    project.configurations.clear();
    CHECK_THROWS_AS(
        buildProjectBom(project, PartLookup {}, "4x HGX H100", "", goldenContext()), InputError);
}

TEST_CASE("BOM numbers stay finite when the analysis hands it NaN or infinity", "[bom]")
{
    const auto project = bomExampleProject();
    const auto rc = resolveConfiguration(project, 0, PartLookup {});
    auto evaluation = evaluate(project.workloads[0], rc);
    auto& infra = *evaluation.infrastructure;
    const double nan = std::nan("");
    const double inf = std::numeric_limits<double>::infinity();
    infra.power.nodeW = nan;
    infra.power.clusterW = inf;
    infra.thermal.nodeHeatBtuPerH = nan;
    infra.cost.tcoUsd = -inf;
    infra.cost.lines.front().unitPriceUsd = nan;
    infra.cost.lines.front().totalUsd = nan;
    evaluation.performance.mfu = nan;
    evaluation.memory.weightsBytes = inf;
    const auto bom = buildBom(rc, evaluation, goldenContext());
    CHECK(std::isfinite(bom.totals.totalUsd));
    CHECK(bom.summary.nodeDc.maxW == 0);
    CHECK(bom.summary.clusterWall.maxW == 0);
    CHECK(bom.summary.headline.mfu == 0);
    for (const auto& l : bom.lines)
        CHECK(std::isfinite(l.extendedPriceUsd));
}

TEST_CASE("report date honours SOURCE_DATE_EPOCH", "[bom]")
{
    ::setenv("SOURCE_DATE_EPOCH", "1796169600", 1); // 2026-12-02T00:00:00Z
    CHECK(reportDateToday() == "2026-12-02");
    ::unsetenv("SOURCE_DATE_EPOCH");
    CHECK(reportDateToday().size() == 10);
}
