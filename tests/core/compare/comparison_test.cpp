// SPDX-License-Identifier: Apache-2.0
// What-if comparison: the matrix of pairs, deltas against the baseline
// checked against two separate analyze runs, subsets, bad input, formats.
#include "core/bom/bom_test_support.h"

#include "core/pipeline/analyze_project.h"
#include "core/compare/comparison.h"
#include "core/output/comparison_report.h"
#include "core/io/catalog_json.h"
#include "core/base/input_error.h"
#include "core/io/project_json.h"
#include "core/output/untrusted_input.h"
#include "core/io/model_presets.h"
#include "support/report_readers.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>

using namespace infrafit;
using namespace infrafit::test;

namespace {

AnalysisResult analyzeOne(
    const Project& project, const std::string& workload, const std::string& configuration)
{
    const auto results = analyzeProject(project, PartLookup {}, workload, configuration);
    REQUIRE(results.size() == 1);
    return results.front();
}

} // namespace

namespace {

/// The BOM example with its one unpriced part (the PSU) given a price, so
/// every cost is complete and every delta known.
Project pricedExampleProject()
{
    auto project = bomExampleProject();
    for (auto& part : project.parts)
        if (infoOf(part).id == "ex-psu")
            infoOf(part).priceUsd = 600;
    return project;
}

} // namespace

TEST_CASE("comparison covers every pair and computes deltas like two analyze runs", "[compare]")
{
    const auto project = pricedExampleProject();
    ComparisonOptions options;
    options.baselineWorkload = "llama-8b-pretrain";
    options.baselineConfiguration = "2x HGX H100";
    const auto comparison = compareProject(project, PartLookup {}, options);
    REQUIRE(comparison.rows.size() == 4);
    CHECK(comparison.workloads.size() == 2);
    CHECK(comparison.configurations.size() == 2);
    CHECK(comparison.baseline().configurationName == "2x HGX H100");
    CHECK(comparison.baseline().isBaseline);

    const auto base = analyzeOne(project, "llama-8b-pretrain", "2x HGX H100");
    const auto other = analyzeOne(project, "llama-8b-pretrain", "4x HGX H100");
    const auto* row = comparison.find("llama-8b-pretrain", "4x HGX H100");
    REQUIRE(row);
    const double baseDays = base.performance.trainingDays;
    const double otherDays = other.performance.trainingDays;
    REQUIRE(baseDays > 0);
    CHECK(row->value(ComparisonMetric::TrainingDays) == Approx(otherDays));
    CHECK(row->delta(ComparisonMetric::TrainingDays).absolute == Approx(otherDays - baseDays));
    REQUIRE(row->delta(ComparisonMetric::TrainingDays).percent.has_value());
    CHECK(*row->delta(ComparisonMetric::TrainingDays).percent
        == Approx(100 * (otherDays - baseDays) / baseDays));
    const double baseCapex = base.infrastructure->cost.capexUsd;
    const double otherCapex = other.infrastructure->cost.capexUsd;
    CHECK(row->delta(ComparisonMetric::CapexUsd).absolute == Approx(otherCapex - baseCapex));
    CHECK(otherCapex > baseCapex);
    CHECK(row->value(ComparisonMetric::ClusterW) == Approx(other.infrastructure->power.clusterW));
    // The baseline's own deltas are zero.
    for (const auto& d : comparison.baseline().deltas)
        CHECK(d.absolute == 0);
    // Inference rows use throughput as their headline.
    const auto* serve = comparison.find("llama-70b-serve", "2x HGX H100");
    REQUIRE(serve);
    CHECK(headlineMetric(serve->headline.kind) == ComparisonMetric::OutputTokensPerS);
    CHECK(serve->value(ComparisonMetric::OutputTokensPerS) > 0);
    // Each workload is compared with its own baseline pair: the serving
    // rows with serving on the baseline configuration, never with training.
    CHECK(serve->isBaseline);
    CHECK(&comparison.rows[serve->baselineRow] == serve);
    const auto* serve4 = comparison.find("llama-70b-serve", "4x HGX H100");
    REQUIRE(serve4);
    CHECK_FALSE(serve4->isBaseline);
    CHECK(&comparison.rows[serve4->baselineRow] == serve);
    CHECK(serve4->delta(ComparisonMetric::OutputTokensPerS).absolute
          == Approx(serve4->value(ComparisonMetric::OutputTokensPerS)
                    - serve->value(ComparisonMetric::OutputTokensPerS)));
    CHECK(std::count_if(comparison.rows.begin(), comparison.rows.end(),
                        [](const ComparisonRow& r) { return r.isBaseline; })
          == 2);
}

TEST_CASE("a pair whose plan does not fit has no speed in any comparison format",
          "[compare][fits]")
{
    // Issue 23 item 7: Llama 3.1 405B trained on two or four 8-GPU nodes
    // needs ~16 bytes per parameter of model state alone (Rajbhandari et al.
    // 2020, ZeRO §3: 2 + 2 + 12 bytes), 6.5 TB against 1.3-2.6 TB of HBM.
    auto project = pricedExampleProject();
    project.workloads[0].model = *findModelPreset("llama-3.1-405b");
    project.workloads[0].parallelism.reset();
    const auto comparison = compareProject(project, PartLookup {}, {});
    const auto* row = comparison.find("llama-8b-pretrain", "2x HGX H100");
    REQUIRE(row);
    REQUIRE(row->headline.analyzed);
    REQUIRE_FALSE(row->headline.fits);
    CHECK_FALSE(row->isAvailable(ComparisonMetric::TrainingDays));
    CHECK_FALSE(row->isAvailable(ComparisonMetric::Mfu));
    CHECK(row->isAvailable(ComparisonMetric::CapexUsd));
    CHECK(row->value(ComparisonMetric::TrainingDays) == 0);
    CHECK_FALSE(row->delta(ComparisonMetric::TrainingDays).known);

    const auto json = comparisonToJson(comparison);
    const auto& jsonRow = json["rows"][1];
    REQUIRE(jsonRow["configuration"] == "2x HGX H100");
    CHECK(jsonRow["values"]["training_days"].is_null());
    CHECK(jsonRow["values"]["capex_usd"].is_number());
    const auto records = parseCsv(comparisonToCsv(comparison));
    const auto& header = records[0];
    const auto days = static_cast<std::size_t>(
        std::find(header.begin(), header.end(), "training_days") - header.begin());
    CHECK(records[2][days].empty());
    CHECK_THAT(comparisonToText(comparison), Catch::Contains("—, does not fit"));
}

TEST_CASE("comparison CSV numbers have six significant digits at most", "[compare]")
{
    const auto comparison = compareProject(pricedExampleProject(), PartLookup {}, {});
    const auto records = parseCsv(comparisonToCsv(comparison));
    for (std::size_t r = 1; r < records.size(); ++r) {
        for (const auto& field : records[r]) {
            if (field.empty() || !(std::isdigit(static_cast<unsigned char>(field[0])) || field[0] == '-'))
                continue;
            std::size_t significant = 0;
            bool leading = true;
            for (char ch : field) {
                if (!std::isdigit(static_cast<unsigned char>(ch)))
                    continue;
                leading = leading && ch == '0';
                significant += leading ? 0 : 1;
            }
            const bool whole = field.find('.') == std::string::npos;
            INFO(field);
            CHECK((whole || significant <= 6)); // "0.0123457", "12.3457"
            CHECK(field.find('e') == std::string::npos);
        }
    }
}

TEST_CASE("comparison of a subset and bad input", "[compare]")
{
    const auto project = bomExampleProject();
    ComparisonOptions options;
    options.workloads = {"llama-70b-serve"};
    auto comparison = compareProject(project, PartLookup {}, options);
    CHECK(comparison.rows.size() == 2);
    CHECK(comparison.baselineIndex == 0);

    options.workloads = {"nope"};
    CHECK_THROWS_WITH(compareProject(project, PartLookup {}, options, "p.json"),
        Catch::Contains("no workload named \"nope\""));
    options = {};
    options.baselineWorkload = "llama-70b-serve";
    options.baselineConfiguration = "nope";
    CHECK_THROWS_AS(compareProject(project, PartLookup {}, options), InputError);

    auto empty = project;
    empty.configurations.clear();
    CHECK_THROWS_WITH(
        compareProject(empty, PartLookup {}, {}, "p.json"), Catch::Contains("no configurations"));
}

TEST_CASE("baseline names may contain slashes", "[compare]")
{
    auto project = bomExampleProject();
    project.configurations[0].name = "HGX/4 nodes";
    const auto [w, c] = parsePairName(project, "llama-8b-pretrain/HGX/4 nodes");
    CHECK(w == "llama-8b-pretrain");
    CHECK(c == "HGX/4 nodes");
    CHECK_THROWS_AS(parsePairName(project, "llama-8b-pretrain"), InputError);
    CHECK_THROWS_AS(parsePairName(project, "x/y"), InputError);
}

TEST_CASE("comparison formats: JSON, CSV and text agree", "[compare]")
{
    const auto comparison = compareProject(pricedExampleProject(), PartLookup {}, {});
    const auto json = comparisonToJson(comparison);
    REQUIRE(json["rows"].size() == 4);
    CHECK(json["baseline"]["workload"] == "llama-8b-pretrain");
    CHECK(json["rows"][0]["baseline"] == true);
    CHECK(json["rows"][0]["deltas"]["capex_usd"]["absolute"] == 0.0);
    CHECK(json["metrics"].size() == kComparisonMetricCount);

    const auto records = parseCsv(comparisonToCsv(comparison));
    REQUIRE(records.size() == 5);
    CHECK(records[0][0] == "workload");
    CHECK(records[0].size() == 10 + 3 * kComparisonMetricCount + 3);
    CHECK(records[0][records[0].size() - 3] == "capex_complete");
    CHECK(records[0][records[0].size() - 2] == "unpriced_parts");
    for (const auto& r : records)
        CHECK(r.size() == records[0].size());
    CHECK(records[1][2] == "true");

    const auto text = comparisonToText(comparison);
    CHECK_THAT(text, Catch::Contains("baseline configuration 4x HGX H100"));
    CHECK_THAT(text, Catch::Contains("2 workloads x 2 configurations"));
    CHECK_THAT(text, Catch::Contains("%)"));
}

TEST_CASE("compareResults keeps every number finite", "[compare]")
{
    const auto project = bomExampleProject();
    auto results = analyzeProject(project, PartLookup {});
    results[0].performance.trainingDays = std::nan("");
    results[1].performance.trainingDays = std::numeric_limits<double>::infinity();
    const auto comparison = compareResults(results, 0);
    for (const auto& row : comparison.rows) {
        for (double v : row.values)
            CHECK(std::isfinite(v));
        for (const auto& d : row.deltas) {
            CHECK(std::isfinite(d.absolute));
            if (d.percent)
                CHECK(std::isfinite(*d.percent));
        }
    }
    CHECK_THROWS_AS(compareResults(results, 99), std::out_of_range);
}

TEST_CASE("a cost with an unpriced part is a lower bound and its change unknown",
          "[compare][cost]")
{
    // The BOM example's PSU has no price: every capex and TCO is a lower
    // bound, so no change between them is known (a sum with unknown terms is
    // unknown), and the formats say so instead of printing a saving.
    const auto comparison = compareProject(bomExampleProject(), PartLookup {}, {});
    REQUIRE(comparison.rows.size() == 4);
    const auto& other = comparison.rows[1];
    REQUIRE_FALSE(other.isBaseline);
    CHECK(other.unpricedParts == 1);
    CHECK_FALSE(other.isComplete(ComparisonMetric::CapexUsd));
    CHECK(other.isComplete(ComparisonMetric::ClusterW));
    CHECK_FALSE(other.delta(ComparisonMetric::CapexUsd).known);
    CHECK_FALSE(other.delta(ComparisonMetric::TcoUsd).known);
    CHECK_FALSE(other.delta(ComparisonMetric::CapexUsd).percent.has_value());
    CHECK(other.delta(ComparisonMetric::ClusterW).known);

    const auto json = comparisonToJson(comparison);
    CHECK(json["rows"][1]["capex_complete"] == false);
    CHECK(json["rows"][1]["unpriced_parts"] == 1);
    CHECK(json["rows"][1]["deltas"]["capex_usd"]["known"] == false);
    CHECK(json["rows"][1]["deltas"]["capex_usd"]["absolute"].is_null());
    CHECK(json["rows"][1]["deltas"]["cluster_w"]["known"] == true);

    const auto records = parseCsv(comparisonToCsv(comparison));
    const auto column = [&](const std::string& name) {
        const auto& header = records[0];
        return static_cast<std::size_t>(
            std::find(header.begin(), header.end(), name) - header.begin());
    };
    CHECK(records[2][column("capex_usd_delta")].empty());
    CHECK(records[2][column("capex_usd_delta_pct")].empty());
    CHECK(records[2][column("capex_complete")] == "false");
    CHECK(records[2][column("unpriced_parts")] == "1");

    const auto text = comparisonToText(comparison);
    CHECK_THAT(text, Catch::Contains("\u2265 $"));
    CHECK_THAT(text, Catch::Contains("(1 part unpriced)"));
    CHECK_THAT(text, Catch::Contains("change unknown"));

    // Priced, the same pair has a known change.
    const auto priced = compareProject(pricedExampleProject(), PartLookup {}, {});
    CHECK(priced.rows[1].delta(ComparisonMetric::CapexUsd).known);
    CHECK(priced.rows[1].unpricedParts == 0);
}

TEST_CASE("comparison: serving rows carry the demand figures, others leave them out",
    "[compare][serving]")
{
    // The shipped chat example (examples/llama-serving-sla.infrafit.json:
    // 50 requests/s, p99 TTFT 2 s / TPOT 100 ms) on its two configurations,
    // with a variant at four times the traffic and the BOM example's
    // training workload for contrast.
    const auto catalog = readCatalogFile(std::string(INFRAFIT_SOURCE_DIR)
                                         + "/catalog/data/default-catalog.json");
    const PartLookup lookup = lookupIn(catalog.parts);
    Project project = readProjectFile(
        std::string(INFRAFIT_SOURCE_DIR) + "/examples/llama-serving-sla.infrafit.json");
    Workload busy = project.workloads.at(0);
    busy.name = "four times the traffic";
    busy.serving.requestRatePerS = *busy.serving.requestRatePerS * 4;
    project.workloads.push_back(busy);
    Workload training = bomExampleProject().workloads.at(0);
    project.workloads.push_back(training);
    const auto comparison = compareProject(project, lookup, {});
    REQUIRE(comparison.rows.size() == 3 * project.configurations.size());

    for (const auto& row : comparison.rows) {
        INFO(row.workloadName << " / " << row.configurationName);
        // Each serving row's figures equal its own analyze run's.
        const auto results
            = analyzeProject(project, lookup, row.workloadName, row.configurationName);
        REQUIRE(results.size() == 1);
        const auto& result = results.front();
        if (row.workloadName == training.name) {
            CHECK_FALSE(row.serving);
            for (auto m : allComparisonMetrics())
                if (isServingMetric(m))
                    CHECK_FALSE(row.isAvailable(m));
            CHECK(row.isAvailable(ComparisonMetric::TrainingDays) == row.headline.fits);
            continue;
        }
        REQUIRE(result.serving);
        CHECK(row.serving);
        CHECK(row.meetsSla == result.serving->meetsSla);
        CHECK(row.value(ComparisonMetric::ReplicasNeeded) == result.serving->replicasNeeded);
        CHECK(row.value(ComparisonMetric::TtftP99Ms) == Approx(result.serving->ttftMs.p99));
        CHECK(row.value(ComparisonMetric::UsdPerMillionOutputTokens)
            == Approx(result.serving->costPerMillionOutputTokensUsd));
        CHECK_FALSE(row.isAvailable(ComparisonMetric::TrainingDays));
        CHECK(row.isAvailable(ComparisonMetric::ReplicasNeeded) == row.carriesDemand);
    }
    // Four times the demand needs at least as many replicas of the same
    // hardware; the replicas of the same plan carry it at about the same
    // cost per token (the sized cluster runs at a similar load).
    for (const auto& configuration : comparison.configurations) {
        const auto* base = comparison.find(project.workloads[0].name, configuration);
        const auto* four = comparison.find(busy.name, configuration);
        REQUIRE(base);
        REQUIRE(four);
        if (!base->carriesDemand)
            continue;
        REQUIRE(four->carriesDemand);
        CHECK(four->value(ComparisonMetric::ReplicasNeeded)
            >= base->value(ComparisonMetric::ReplicasNeeded));
        CHECK(four->value(ComparisonMetric::ReplicasNeeded)
            <= 4 * base->value(ComparisonMetric::ReplicasNeeded) + 1);
    }

    const auto json = comparisonToJson(comparison);
    for (const auto& row : json["rows"]) {
        const bool servingRow = row["workload"] != training.name;
        CHECK(row["meets_sla"].is_null() == !servingRow);
        CHECK(row["values"]["replicas_needed"].is_null() == !servingRow);
    }
    const auto text = comparisonToText(comparison);
    CHECK_THAT(text, Catch::Contains("Serving demand"));
    CHECK_THAT(text, Catch::Contains("SLA;"));
    const auto records = parseCsv(comparisonToCsv(comparison));
    CHECK(records[0].back() == "meets_sla");
}
