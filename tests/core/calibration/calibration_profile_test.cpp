// SPDX-License-Identifier: Apache-2.0
// A project's measured runs and calibration profile (issue 19): stored and
// read back, an old project without them still loads, bad entries are
// refused with their JSON pointers, and a calibrated project's analysis
// and recommendation use the fitted efficiency and name the profile.
#include "core/bom/bom_test_support.h"
#include "core/search/search_test_support.h"

#include "core/pipeline/analyze_project.h"
#include "core/calibration/calibration_profile_builder.h"
#include "core/base/input_error.h"
#include "core/project/calibration_profile.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace infrafit;
using namespace infrafit::test;

namespace {

CalibrationProfile profileFor(const std::string& gpuId, double fitted)
{
    CalibrationProfile p;
    p.name = "prod-h100";
    p.date = "2026-12-01";
    p.runs = 4;
    p.efficiencies.push_back({gpuId, true, 0.5, fitted, 0.05, 4, 0.06});
    p.power.push_back({"NVIDIA H100 80GB HBM3", gpuId, 80, 640, 70, 651, 12.5, 5000, 700, 35, ""});
    p.nodeGpuIdleW = 650;
    p.nodeGpuTypicalW = 4800;
    return p;
}

bool containsText(const std::vector<std::string>& lines, const std::string& text)
{
    return std::any_of(lines.begin(), lines.end(),
        [&](const std::string& l) { return l.find(text) != std::string::npos; });
}

} // namespace

TEST_CASE("project: measurements and the calibration profile round-trip", "[calibration][project]")
{
    Project project = bomExampleProject();
    CHECK(project.measurements.empty()); // an old project loads without them
    CHECK_FALSE(project.calibration);
    Measurement m;
    m.name = "serve week 1";
    m.workload = "llama-70b-serve";
    m.configuration = "2x HGX H100";
    m.outputTokensPerS = 5200;
    m.ttftMs = {350.0, 1200.0};
    m.tpotMs = {28.0, 61.0};
    m.metricsFile = "metrics/week1.prom";
    m.metrics = MeasurementMetrics {16, 3600, 420.0, 610.0, 0.31, 7.1e10};
    Parallelism plan;
    plan.tensor = 8;
    m.parallelism = plan;
    project.measurements.push_back(m);
    project.calibration = profileFor("ex-h100-sxm", 0.31);
    const auto json = projectToJson(project);
    std::vector<Problem> ignored;
    const Project back = projectFromJson(json, "x.infrafit.json", &ignored);
    CHECK(ignored.empty()); // every member the writer wrote is read
    REQUIRE(back.measurements.size() == 1);
    const auto& b = back.measurements[0];
    CHECK(b.name == m.name);
    CHECK(b.configuration == m.configuration);
    CHECK(*b.outputTokensPerS == 5200);
    CHECK(*b.ttftMs.p99 == 1200);
    CHECK(*b.tpotMs.p50 == 28);
    REQUIRE(b.parallelism);
    CHECK(b.parallelism->tensor == 8);
    REQUIRE(b.metrics);
    CHECK(*b.metrics->tensorActiveMean == Approx(0.31));
    REQUIRE(back.calibration);
    CHECK(back.calibration->name == "prod-h100");
    REQUIRE(back.calibration->efficiencies.size() == 1);
    CHECK(back.calibration->efficiencies[0].fitted == Approx(0.31));
    CHECK(*back.calibration->efficiencies[0].leaveOneOutError == Approx(0.06));
    REQUIRE(back.calibration->power.size() == 1);
    CHECK(back.calibration->power[0].fullW == Approx(640));
    CHECK(projectToJson(back) == json);
    // Reading attaches the profile to every workload.
    for (const auto& w : back.workloads) {
        REQUIRE(w.calibration.size() == 1);
        CHECK(w.calibration[0].profile == "prod-h100");
    }
}

TEST_CASE("project: bad measurements and profiles name their JSON pointers", "[calibration][project]")
{
    auto json = projectToJson(bomExampleProject());
    json["measurements"] = nlohmann::json::array(
        {{{"name", "a"}, {"workload", "llama-8b-pretrain"}, {"configuration", "4x HGX H100"},
             {"step_time_s", 1.0}, {"tokens_per_s", 5.0}},
            {{"name", "b"}, {"workload", "llama-8b-pretrain"}, {"configuration", "4x HGX H100"},
                {"step_time_s", -1.0}, {"ttft_ms", {{"p50", 9.0}, {"p99", 3.0}}}}});
    json["calibration"] = {{"name", "p"},
        {"efficiencies", {{{"gpu", "ex-h100-sxm"}, {"fitted", 1.7}, {"workload_kind", "both"}}}}};
    try {
        (void)projectFromJson(json, "bad.infrafit.json");
        FAIL("expected InputError");
    } catch (const InputError& e) {
        const std::string what = e.what();
        CHECK_THAT(what, Catch::Contains("/measurements/0"));
        CHECK_THAT(what, Catch::Contains("exactly one of step_time_s"));
        CHECK_THAT(what, Catch::Contains("/measurements/1/step_time_s"));
        CHECK_THAT(what, Catch::Contains("/measurements/1/ttft_ms/p99"));
        CHECK_THAT(what, Catch::Contains("/calibration/efficiencies/0/fitted"));
        CHECK_THAT(what, Catch::Contains("/calibration/efficiencies/0/workload_kind"));
    }
}

TEST_CASE("calibrated project: the analysis uses the fitted efficiency and names the profile",
    "[calibration]")
{
    Project plain = bomExampleProject();
    Project calibrated = plain;
    calibrated.calibration = profileFor("ex-h100-sxm", 0.25);
    applyCalibrationProfile(calibrated);
    const auto before = analyzeProject(plain, PartLookup {}, "llama-8b-pretrain", "4x HGX H100");
    const auto after = analyzeProject(calibrated, PartLookup {}, "llama-8b-pretrain", "4x HGX H100");
    REQUIRE(before.size() == 1);
    REQUIRE(after.size() == 1);
    CHECK(after[0].computeEfficiency == Approx(0.25));
    CHECK(before[0].computeEfficiency != Approx(0.25));
    // Lower efficiency than the default: slower steps.
    CHECK(after[0].performance.stepTimeS > before[0].performance.stepTimeS);
    CHECK(containsText(after[0].assumptions,
        "calibration profile 'prod-h100' (4 runs, leave-one-out error 6 %)"));
    CHECK_FALSE(containsText(before[0].assumptions, "calibration profile"));
    CHECK(std::any_of(after[0].findings.begin(), after[0].findings.end(),
        [](const Finding& f) { return f.code == "calibration.profile"; }));
    // A training fit leaves the serving workload at its default.
    const auto serve = analyzeProject(calibrated, PartLookup {}, "llama-70b-serve", "2x HGX H100");
    REQUIRE(serve.size() == 1);
    CHECK_FALSE(containsText(serve[0].assumptions, "calibration profile"));
    // The workload's own efficiency wins over the profile.
    calibrated.workloads[0].efficiency = 0.4;
    const auto own = analyzeProject(calibrated, PartLookup {}, "llama-8b-pretrain", "4x HGX H100");
    CHECK(own[0].computeEfficiency == Approx(0.4));
    CHECK(containsText(own[0].assumptions, "workload override"));
}

TEST_CASE("calibrated project: the recommendation uses the fitted efficiency for that GPU",
    "[calibration][search]")
{
    RecommendRequest r = testing::twoNodeFineTuneRequest();
    const auto plain = recommend(r);
    r.workload.calibration.push_back({"prod-h100", "nvidia-h100-sxm5-80gb", true, 0.22, 6, 0.04});
    const auto calibrated = recommend(r);
    int h100 = 0;
    for (const auto& c : calibrated.candidates) {
        INFO(c.config.config.name);
        if (c.config.gpu.id == "nvidia-h100-sxm5-80gb") {
            ++h100;
            // The fitted value, lowered only by a power cap's clock.
            CHECK(c.analysis.computeEfficiency <= 0.22 + 1e-9);
            if (!c.config.config.gpuPowerLimitW)
                CHECK(c.analysis.computeEfficiency == Approx(0.22));
            CHECK(containsText(c.analysis.assumptions, "calibration profile 'prod-h100'"));
        } else {
            CHECK_FALSE(containsText(c.analysis.assumptions, "calibration profile"));
        }
    }
    CHECK(h100 > 0);
    // The H100's best training time grows with the lower fitted efficiency.
    const auto bestDays = [](const Recommendation& rec) {
        double best = 1e300;
        for (const auto& c : rec.candidates)
            if (c.config.gpu.id == "nvidia-h100-sxm5-80gb")
                best = std::min(best, c.analysis.performance.trainingDays);
        return best;
    };
    CHECK(bestDays(calibrated) > bestDays(plain));
}

TEST_CASE("calibration profile: only efficiencies fitted on runs are kept", "[calibration]")
{
    CalibrationResult fit;
    fit.efficiencies.push_back({"a", true, 0.5, 0.4, 0.08, 3, 0.05});
    fit.efficiencies.push_back({"b", true, 0.5, 0.5, 0.25, 0, std::nullopt});
    const auto p = makeCalibrationProfile("x", "2026-12-05", fit, std::nullopt, 3);
    REQUIRE(p.efficiencies.size() == 1);
    CHECK(p.efficiencies[0].gpuId == "a");
    CHECK(p.efficiencies[0].fitted == Approx(0.4));
    CHECK(p.runs == 3);
}
