// SPDX-License-Identifier: Apache-2.0
// Throughput and cost per token against the GPU power limit
// (docs/power-model.md §2): the sweep keeps the analysed plan, runs from the
// GPU's minimum limit to tdp_w, and a lower limit never speeds a plan up nor
// raises the cluster's average power.
#include "core/pipeline/evaluate.h"
#include "core/pipeline/power_cap_sweep.h"
#include "core/infra/gpu_power_model.h"

#include "test_hardware.h"

#include <catch2/catch.hpp>

using namespace infrafit;

TEST_CASE("power cap sweep: throughput and power rise with the limit", "[power][cap]")
{
    auto rc = testing::h100Cluster(1);
    rc.gpu.tdpW = 700;
    Parallelism plan;
    plan.tensor = 8;
    auto w = testing::presetTraining("llama-2-13b", plan, 4096, 64);
    w.trainingTokens = 1e9;
    const InfrastructureInputs in;
    const auto analysed = evaluate(w, rc, in);
    REQUIRE(speedAvailable(analysed));
    const auto sweep = sweepGpuPowerLimit(w, rc, in, analysed, 5);
    REQUIRE(sweep.points.size() == 5);
    CHECK(sweep.points.front().limitW == Approx(gpuMinPowerLimitW(rc.gpu)));
    CHECK(sweep.points.back().limitW == Approx(700));
    CHECK(sweep.configuredLimitW == Approx(700));
    // At tdp_w the sweep reproduces the analysis itself.
    CHECK(sweep.points.back().tokensPerS == Approx(analysed.performance.tokensPerS));
    for (std::size_t i = 1; i < sweep.points.size(); ++i) {
        CHECK(sweep.points[i].tokensPerS >= sweep.points[i - 1].tokensPerS);
        CHECK(sweep.points[i].clusterWallW >= sweep.points[i - 1].clusterWallW);
    }
    // A 200 W limit on a compute-bound plan costs speed.
    CHECK(sweep.points.front().tokensPerS < 0.9 * sweep.points.back().tokensPerS);
}

TEST_CASE("power cap sweep is empty for a plan that does not run", "[power][cap]")
{
    auto rc = testing::h100Cluster(1);
    rc.gpu.tdpW = 700;
    AnalysisResult notAnalysed;
    const auto w = testing::presetTraining("llama-2-13b", Parallelism{});
    CHECK(sweepGpuPowerLimit(w, rc, InfrastructureInputs{}, notAnalysed).points.empty());
}
