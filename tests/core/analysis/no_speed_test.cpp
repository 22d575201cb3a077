// SPDX-License-Identifier: Apache-2.0
// Issue 23 item 7: a plan that does not fit in GPU memory cannot run, so
// no output gives it a speed (text "—, does not fit", JSON null), nor a
// cost per token derived from one.
#include "core/pipeline/analyze.h"
#include "core/pipeline/analyze_project.h"
#include "core/output/analysis_report.h"
#include "core/pipeline/evaluate.h"

#include "test_hardware.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace infrafit;
using namespace infrafit::testing;

namespace {

/// Llama 3.1 405B trained with Adam in bf16 on one 8 × H100 node: its model
/// states alone are 16 bytes per parameter (Rajbhandari et al. 2020, ZeRO
/// §3: 2 weights + 2 gradients + 12 fp32 optimizer), ~6.5 TB, against
/// 8 × 80 GB = 640 GB of HBM; no plan on this node fits.
Workload noSpeedTooLargeTraining()
{
    Workload w = presetTraining("llama-3.1-405b", Parallelism {8, 1, 1}, 4096, 8);
    w.trainingTokens = 1e12;
    return w;
}

} // namespace

TEST_CASE("a training plan that does not fit has no speed figures", "[analysis][fits]")
{
    const AnalysisResult r = analyze(noSpeedTooLargeTraining(), h100Cluster(1));
    REQUIRE(r.analyzed);
    REQUIRE_FALSE(r.fits);
    CHECK_FALSE(speedAvailable(r));
    const bool said = std::any_of(r.findings.begin(), r.findings.end(),
        [](const Finding& f) { return f.code == "speed.not_available"; });
    CHECK(said);
    // Memory figures stay: they say why it does not fit.
    CHECK(r.memory.totalBytes() > r.usableBytes);

    const auto json = analysisResultsToJson({r});
    const auto& performance = json.at("results").at(0).at("performance");
    for (const char* key : {"step_time_s", "mfu", "tokens_per_s", "training_days"}) {
        INFO(key);
        REQUIRE(performance.contains(key)); // the contract keeps its keys
        CHECK(performance.at(key).is_null());
    }
    const std::string text = analysisResultsToText({r});
    CHECK_THAT(text, Catch::Contains("Speed: —, does not fit in GPU memory"));
    CHECK_THAT(text, !Catch::Contains("tokens/s, MFU"));
}

TEST_CASE("a serving plan that does not fit has no TTFT, TPOT or tokens/s", "[analysis][fits]")
{
    // Llama 3.1 405B in bf16 needs 2 bytes per parameter for its weights
    // alone, ~811 GB (Llama Team 2024, "The Llama 3 Herd of Models", Table
    // 3: 405 B parameters), more than one 8 × 80 GB node holds.
    Workload w;
    w.name = "llama-405b-serve";
    w.kind = WorkloadKind::Inference;
    w.model = *findModelPreset("llama-3.1-405b");
    w.precision = Precision::Bf16;
    w.parallelism = Parallelism {8, 1, 1};
    const AnalysisResult r = analyze(w, h100Cluster(1));
    REQUIRE(r.analyzed);
    REQUIRE_FALSE(r.fits);
    CHECK_FALSE(speedAvailable(r));
    const auto json = analysisResultsToJson({r});
    const auto& performance = json.at("results").at(0).at("performance");
    for (const char* key : {"ttft_s", "tpot_s", "output_tokens_per_s", "prefill_time_s"}) {
        INFO(key);
        REQUIRE(performance.contains(key));
        CHECK(performance.at(key).is_null());
    }
    CHECK_THAT(analysisResultsToText({r}), Catch::Contains("Speed: —, does not fit"));
}

TEST_CASE("a plan that does not fit has no cost per token", "[analysis][fits][cost]")
{
    const AnalysisResult r = evaluate(noSpeedTooLargeTraining(), h100Cluster(1));
    REQUIRE_FALSE(r.fits);
    REQUIRE(r.infrastructure);
    CHECK_FALSE(r.infrastructure->cost.perMillionTokens().has_value());
    CHECK_THAT(analysisResultsToText({r}), !Catch::Contains("per million tokens"));
}

TEST_CASE("a plan that fits keeps its speed figures", "[analysis][fits]")
{
    Workload w = presetTraining("llama-3.1-8b", Parallelism {8, 1, 1}, 4096, 64);
    w.trainingTokens = 1e9;
    const AnalysisResult r = analyze(w, h100Cluster(1));
    REQUIRE(r.fits);
    CHECK(speedAvailable(r));
    CHECK(r.performance.stepTimeS > 0);
    const auto json = analysisResultsToJson({r});
    CHECK(json.at("results").at(0).at("performance").at("step_time_s").is_number());
}
