// SPDX-License-Identifier: Apache-2.0
// Calibrating on a serving run with a demand (CLI probe W2/W3): the measured
// output tokens/s of a cluster under a request rate is compared with what
// the configuration serves at that rate, not with the throughput of the
// workload's fixed concurrent_requests (which made a run that carried its
// 50 req/s look 99 % slow and right-sized it to 90 nodes).
#include "core/calibration/efficiency_fit.h"
#include "core/calibration/measured_figure.h"
#include "core/calibration/measured_runs_json.h"
#include "core/calibration/right_sizing.h"
#include "core/io/catalog_json.h"
#include "core/io/project_json.h"
#include "core/pipeline/evaluate.h"
#include "core/project/resolve_configuration.h"

#include <catch2/catch.hpp>

using namespace infrafit;

namespace {

struct ServedSetup {
    Project project = readProjectFile(std::string(INFRAFIT_SOURCE_DIR)
                                      + "/examples/llama-serving-sla.infrafit.json");
    CatalogDocument catalog = readCatalogFile(std::string(INFRAFIT_SOURCE_DIR)
                                              + "/catalog/data/default-catalog.json");
    PartLookup lookup = [this](std::string_view id) -> std::optional<Part> {
        for (const auto& part : catalog.parts)
            if (infoOf(part).id == id)
                return part;
        return std::nullopt;
    };
    ResolvedConfiguration dgx = resolveConfiguration(project, 0, lookup); // 1x DGX H100
    Workload workload = project.workloads.at(0); // 50 requests/s, 256 output tokens

    MeasuredRun run(double measured) const
    {
        MeasuredRun r;
        r.name = "prod";
        r.workload = workload;
        r.config = dgx;
        r.figure = MeasuredFigure::OutputTokensPerS;
        r.measured = measured;
        return r;
    }
};

} // namespace

TEST_CASE("a served figure is the demand while the cluster keeps up, its capacity beyond",
          "[calibration][serving]")
{
    ServedSetup s;
    REQUIRE(isServedFigure(s.workload, MeasuredFigure::OutputTokensPerS));
    CHECK_FALSE(isServedFigure(s.workload, MeasuredFigure::TokensPerS));
    const auto r = evaluate(s.workload, s.dgx);
    REQUIRE(r.serving);
    const auto& serving = *r.serving;
    REQUIRE(serving.replicasInConfiguration * serving.saturatedRequestsPerS > 50);
    // 50 req/s x 256 output tokens: the example's DGX keeps up.
    CHECK(figureOf(MeasuredFigure::OutputTokensPerS, s.workload, r) == Approx(50.0 * 256));
    CHECK(demandFigure(s.workload, r) == Approx(50.0 * 256));
    // Beyond its capacity it serves the capacity: replicas x saturated rate.
    Workload heavy = s.workload;
    heavy.serving.requestRatePerS = 1e4;
    const auto saturated = evaluate(heavy, s.dgx);
    REQUIRE(saturated.serving);
    CHECK(figureOf(MeasuredFigure::OutputTokensPerS, heavy, saturated)
          == Approx(saturated.serving->replicasInConfiguration
                    * saturated.serving->saturatedRequestsPerS * 256));
    CHECK(figureOf(MeasuredFigure::OutputTokensPerS, heavy, saturated) < 1e4 * 256);
}

TEST_CASE("a serving run that carried its demand matches the analysis and is not fitted",
          "[calibration][serving]")
{
    ServedSetup s;
    const auto result = calibrateEfficiency({s.run(50.0 * 256)}, {}, {});
    REQUIRE(result.runs.size() == 1);
    const auto& fit = result.runs[0];
    CHECK(fit.predictedBefore == Approx(50.0 * 256));
    CHECK(std::fabs(fit.errorBefore) < 1e-9);
    CHECK(fit.keptUpWithDemand);
    CHECK_FALSE(fit.reachable); // a bound, not a fit: the efficiency stays the prior
    REQUIRE(result.efficiencies.size() == 1);
    CHECK(result.efficiencies[0].runs == 0);
    CHECK(result.efficiencies[0].fitted == Approx(result.efficiencies[0].prior));

    // Right-sizing: the measured DGX carries it on its one node, with the
    // run's own plan (8 replicas of one GPU), as the analysis said.
    const auto sizing = rightSizeRun(s.run(50.0 * 256), {s.dgx}, 64);
    REQUIRE(sizing.options.size() == 1);
    REQUIRE(sizing.options[0].nodes);
    CHECK(*sizing.options[0].nodes == 1);
    CHECK(sizing.options[0].predicted == Approx(50.0 * 256));
    CHECK(std::fabs(sizing.runError) < 1e-9);
}

TEST_CASE("a serving run below its demand is the capacity and fits the efficiency",
          "[calibration][serving]")
{
    ServedSetup s;
    // A demand far past capacity: the measured figure is what it could do.
    s.workload.serving.requestRatePerS = 1e4;
    const double predicted = figureOf(MeasuredFigure::OutputTokensPerS, s.workload,
                                      evaluate(s.workload, s.dgx));
    REQUIRE(predicted > 0);
    const auto result = calibrateEfficiency({s.run(0.9 * predicted)}, {}, {});
    const auto& fit = result.runs.at(0);
    CHECK_FALSE(fit.keptUpWithDemand);
    CHECK(fit.predictedBefore == Approx(predicted));
    REQUIRE(fit.reachable);
    // The efficiency that reproduces the run alone does reproduce it.
    CHECK(fit.impliedEfficiency < result.efficiencies.at(0).prior);
    CHECK(predictedFigure(s.run(0.9 * predicted), fit.impliedEfficiency, {})
          == Approx(0.9 * predicted).epsilon(0.01));
}

TEST_CASE("a closed-loop serving run is always fitted: its users wait, so it measures speed",
          "[calibration][serving]")
{
    ServedSetup s;
    s.workload.serving.requestRatePerS.reset();
    s.workload.serving.users = 64;
    s.workload.serving.thinkTimeS = 1.0;
    REQUIRE(isServedFigure(s.workload, MeasuredFigure::OutputTokensPerS));
    const double predicted = figureOf(MeasuredFigure::OutputTokensPerS, s.workload,
                                      evaluate(s.workload, s.dgx));
    REQUIRE(predicted > 0);
    const auto result = calibrateEfficiency({s.run(0.9 * predicted)}, {}, {});
    const auto& fit = result.runs.at(0);
    CHECK_FALSE(fit.keptUpWithDemand); // what the users got is not a demand met
    CHECK(fit.predictedBefore == Approx(predicted));
    REQUIRE(fit.reachable);
    CHECK(fit.impliedEfficiency < result.efficiencies.at(0).prior);
}

TEST_CASE("an error past a million percent is said so, not printed in 80 digits",
          "[calibration]")
{
    // CLI probe C5: a measured 1e-300 tok/s printed "+779,762,846,950,…,506 %".
    ServedSetup s;
    s.workload.serving.requestRatePerS = 1e4;
    const auto result = calibrateEfficiency({s.run(1e-300)}, {}, {});
    const std::string text = calibrationToText(result);
    CHECK(text.find("> +1,000,000 %") != std::string::npos);
    CHECK(text.find("000,000,000,000") == std::string::npos);
}
