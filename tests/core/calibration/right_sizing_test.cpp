// SPDX-License-Identifier: Apache-2.0
// Right-sizing a measured run (issue 19 item 3): "the same measured
// workload needs N GPUs of this kind, or M of that one", through the
// analysis and its plan search, with the calibration profile in effect.
#include "core/bom/bom_test_support.h"

#include "core/calibration/right_sizing.h"
#include "core/pipeline/analyze.h"
#include "core/project/resolve_configuration.h"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <cmath>

using namespace infrafit;
using namespace infrafit::test;

namespace {

struct SizingSetup {
    Project project = bomExampleProject();
    ResolvedConfiguration h100 = resolveConfiguration(project, 0, PartLookup {}); // 4x HGX H100
    Workload workload = project.workloads[0];                                    // llama-8b-pretrain

    /// The run as the model predicts it on its own cluster and plan: the
    /// measured tokens/s equal the analysis there.
    MeasuredRun exactRun() const
    {
        MeasuredRun run;
        run.name = "week 1";
        run.workload = workload;
        run.config = h100;
        run.figure = MeasuredFigure::TokensPerS;
        run.measured = analyze(workload, h100).performance.tokensPerS;
        return run;
    }
    /// A GPU like the H100 at half its tensor throughput, as a slower kind.
    ResolvedConfiguration halfSpeed() const
    {
        ResolvedConfiguration slow = h100;
        slow.config.name = "4x half-speed";
        slow.gpu.id = "half-speed-gpu";
        slow.gpu.model = "Half-speed GPU";
        for (auto* t : {&slow.gpu.bf16Tflops, &slow.gpu.fp16Tflops, &slow.gpu.fp8Tflops,
                 &slow.gpu.tf32Tflops})
            if (*t)
                **t *= 0.5;
        return slow;
    }
};

double tokensAt(const Workload& w, ResolvedConfiguration c, int nodes)
{
    Workload sized = w;
    sized.parallelism.reset();
    c.config.nodes = nodes;
    const auto r = analyze(sized, c);
    return r.analyzed && r.fits ? r.performance.tokensPerS : 0;
}

} // namespace

TEST_CASE("right-sizing: N GPUs of this kind or M of a slower one", "[calibration]")
{
    SizingSetup s;
    REQUIRE(s.h100.config.nodes == 4);
    const auto run = s.exactRun();
    REQUIRE(run.measured > 0);
    const auto sizing = rightSizeRun(run, {s.h100, s.halfSpeed()}, 64);
    CHECK(sizing.measuredGpus == 32);
    CHECK(std::fabs(sizing.runError) < 1e-9); // measured = the analysis there
    REQUIRE(sizing.tokensPerS);
    CHECK(*sizing.tokensPerS == Approx(run.measured));
    REQUIRE(sizing.options.size() == 2);
    const auto& same = sizing.options[0];
    const auto& slow = sizing.options[1];
    CHECK(same.measuredOn);
    CHECK_FALSE(slow.measuredOn);
    REQUIRE(same.nodes);
    REQUIRE(slow.nodes);
    // The plan search at 4 nodes is at least as fast as the run's plan, so
    // no more than the measured 4 nodes; one node fewer is too slow.
    CHECK(*same.nodes <= 4);
    CHECK(same.gpus == *same.nodes * 8);
    CHECK(same.predicted >= run.measured);
    if (*same.nodes > 1)
        CHECK(tokensAt(run.workload, s.h100, *same.nodes - 1) < run.measured);
    // Half the tensor throughput: more GPUs for the same speed.
    CHECK(*slow.nodes > *same.nodes);
    CHECK(slow.predicted >= run.measured);
    CHECK(tokensAt(run.workload, s.halfSpeed(), *slow.nodes - 1) < run.measured);
    CHECK_FALSE(same.calibrated);

    const auto j = rightSizingToJson(sizing);
    CHECK(j["figure"] == "tokens_per_s");
    CHECK(j["options"][1]["gpus"] == slow.gpus);
    CHECK(j["options"][0]["measured_on"] == true);
    const auto text = rightSizingToText({sizing});
    CHECK(text.find("Right-sizing run 'week 1'") != std::string::npos);
    CHECK(text.find("--min-tokens-per-s " + std::to_string(std::llround(run.measured)) + "\n")
        != std::string::npos);
}

TEST_CASE("right-sizing: the profile's fitted efficiency changes the answer", "[calibration]")
{
    SizingSetup s;
    const auto run = s.exactRun();
    const auto plain = rightSizeRuns({run}, CalibrationProfile {}, {s.h100}, 64);
    // A profile saying this GPU reaches 60 % of the default efficiency in
    // training: the same speed needs more nodes.
    CalibrationProfile profile;
    profile.name = "slow-cluster";
    const double defaultEfficiency = analyze(run.workload, s.h100).computeEfficiency;
    profile.efficiencies.push_back(
        {s.h100.gpu.id, true, defaultEfficiency, 0.6 * defaultEfficiency, 0.05, 3, 0.04});
    const auto calibrated = rightSizeRuns({run}, profile, {s.h100}, 64);
    REQUIRE(plain[0].options[0].nodes);
    REQUIRE(calibrated[0].options[0].nodes);
    CHECK(calibrated[0].options[0].calibrated);
    CHECK(*calibrated[0].options[0].nodes > *plain[0].options[0].nodes);
}

TEST_CASE("right-sizing: a speed out of reach is reported, not invented", "[calibration]")
{
    SizingSetup s;
    auto run = s.exactRun();
    run.measured *= 1000; // a thousand times faster than 4 nodes
    const auto sizing = rightSizeRun(run, {s.h100}, 8);
    REQUIRE(sizing.options.size() == 1);
    CHECK_FALSE(sizing.options[0].nodes);
    CHECK(sizing.options[0].gpus == 0);
    CHECK(rightSizingToJson(sizing)["options"][0]["nodes"].is_null());
    CHECK(rightSizingToText({sizing}).find("> 8") != std::string::npos);
    // A run without a usable figure sizes nothing.
    run.measured = 0;
    CHECK(rightSizeRun(run, {s.h100}, 8).options.empty());
}
