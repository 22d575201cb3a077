// SPDX-License-Identifier: Apache-2.0
#include "core/pipeline/analyze.h"
#include "core/analysis/serving_step_time.h"
#include "core/analysis/serving_analysis.h"
#include "core/serving/capacity.h"
#include "../analysis/test_hardware.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

using namespace infrafit;
using namespace infrafit::testing;

namespace {

/// The shipped example: Llama 3.1 8B chat, 50 requests/s, 2,048-token
/// prompts, 256-token answers, p99 TTFT 2 s and TPOT 100 ms, one replica per
/// H100 (tensor 1).
Workload chatAt(double ratePerS)
{
    Workload w;
    w.name = "chat";
    w.kind = WorkloadKind::Inference;
    w.model = *findModelPreset("llama-3.1-8b");
    w.precision = Precision::Bf16;
    w.promptTokens = 2048;
    w.outputTokens = 256;
    Parallelism plan;
    plan.tensor = 1;
    w.parallelism = plan;
    w.serving.requestRatePerS = ratePerS;
    w.serving.sla = ServiceLevel{2000, 100, 99};
    return w;
}

struct Served {
    AnalysisResult analysis;
    std::optional<ServingReport> serving;
    Findings findings;
};

Served serve(const Workload& w, const ResolvedConfiguration& config)
{
    Served s;
    s.analysis = analyze(w, config);
    s.serving = analyzeServing(w, config, s.analysis, nullptr, s.findings);
    return s;
}

bool hasFinding(const Findings& findings, const std::string& code)
{
    return std::any_of(findings.begin(), findings.end(),
                       [&](const Finding& f) { return f.code == code; });
}

} // namespace

TEST_CASE("Serving step time: a lone decode step reads every weight once",
          "[serving][analysis]")
{
    // Llama 3.1 8B in bf16: 8.03e9 parameters × 2 B = 16.06 GB per step;
    // at 3,350 GB/s × the memory efficiency that is ~5 ms on one H100
    // (kipply, "Transformer Inference Arithmetic": decode is bound by
    // reading the weights at small batch), plus the fixed per-step costs.
    const auto config = h100Cluster(1);
    const Workload w = chatAt(1);
    const AnalysisResult a = analyze(w, config);
    REQUIRE(a.analyzed);
    const ServingStepTime model(w, config, a);
    REQUIRE(model.isUsable());
    const ServingEfficiency& e = model.model().efficiency;
    const double weightS = a.memory.weightsBytes / (3350e9 * e.memory);
    const double fixedS = e.stepOverheadS + w.model.layers * e.decodeLayerOverheadS;
    const double lone = model.stepTimeS(0, 1, 0);
    CHECK(lone >= weightS);
    CHECK(lone <= (weightS + fixedS) * 1.05);
    // A 2,048-token prefill chunk is compute-bound: 2 FLOPs per matmul
    // parameter per token at the GEMM efficiency, more than the weight read.
    CHECK(model.stepTimeS(2048, 0, 1024) > model.stepTimeS(0, 1, 1024));
    // More decoding sequences at a long context read more KV.
    CHECK(model.stepTimeS(0, 64, 4096) > model.stepTimeS(0, 64, 1024));
    // The simulator's split call agrees with the mean-context call for a
    // decode-only step.
    StepComposition decode;
    decode.decodeTokens = 64;
    decode.decodeContextTokens = 1024;
    decode.meanContextTokens = 1024;
    decode.logitTokens = 64;
    CHECK(model.compositionStepTimeS(decode) == Approx(model.stepTimeS(0, 64, 1024)));
}

TEST_CASE("Serving capacity: the shipped example sizes a cluster for 50 requests/s",
          "[serving][analysis]")
{
    const auto config = h100Cluster(1);
    const Served s = serve(chatAt(50), config);
    REQUIRE(s.serving);
    const ServingReport& r = *s.serving;
    CHECK(r.gpusPerReplica == 1);
    CHECK(r.replicasInConfiguration == 8);
    REQUIRE(r.capacityRequestsPerS > 0);
    CHECK(r.capacityRequestsPerS <= r.saturatedRequestsPerS);
    CHECK(r.replicasNeeded == static_cast<int>(std::ceil(50 / r.capacityRequestsPerS)));
    CHECK(r.nodesNeeded == (r.replicasNeeded + 7) / 8);
    CHECK(r.meetsSla == (r.replicasNeeded <= 8 && r.ttftMs.p99 <= 2000 && r.tpotMs.p99 <= 100));
    CHECK(hasFinding(s.findings, r.meetsSla ? "serving.capacity" : "serving.below_demand"));
    for (double v : {r.capacityRequestsPerS, r.ttftMs.p99, r.tpotMs.p99, r.e2eMs.p99,
                     r.goodputRequestsPerS, r.gpuUtilization, r.meanKvOccupancy})
        CHECK(std::isfinite(v));
    CHECK(r.gpuUtilization > 0);
    CHECK(r.gpuUtilization <= 1);
    REQUIRE(r.curve.size() == 10);
    CHECK(r.curve.front().ttftMs.p99 <= r.curve.back().ttftMs.p99);

    SECTION("the capacity run meets the SLA and is what the bisection reports")
    {
        ServingScenario scenario;
        scenario.engine.kvCapacityTokens = std::llround(s.analysis.inference.maxKvTokensPerGpu);
        scenario.prompts = LengthSampler(std::nullopt, 2048);
        scenario.outputs = LengthSampler(std::nullopt, 256);
        scenario.sla = ServiceLevel{2000, 100, 99};
        scenario.requests = servingSimulatedRequests;
        const ServingStepTime model(chatAt(50), config, s.analysis);
        CHECK(meetsSla(simulateAtRate(scenario, model, r.capacityRequestsPerS), scenario.sla));
    }
    SECTION("an N+1 spare adds one replica")
    {
        Workload spare = chatAt(50);
        spare.serving.spareReplicas = 1;
        const Served t = serve(spare, config);
        REQUIRE(t.serving);
        CHECK(t.serving->replicasNeeded == r.replicasNeeded + 1);
    }
    SECTION("twice the demand needs at least as many replicas")
    {
        const Served t = serve(chatAt(100), config);
        REQUIRE(t.serving);
        CHECK(t.serving->replicasNeeded >= r.replicasNeeded);
        CHECK(t.serving->capacityRequestsPerS == r.capacityRequestsPerS);
    }
    SECTION("a tighter TTFT never raises the capacity")
    {
        Workload strict = chatAt(50);
        strict.serving.sla->ttftMs = 400;
        const Served t = serve(strict, config);
        REQUIRE(t.serving);
        CHECK(t.serving->capacityRequestsPerS <= r.capacityRequestsPerS);
    }
}

TEST_CASE("Serving capacity: an SLA no replica can meet is an error with the figures",
          "[serving][analysis]")
{
    Workload w = chatAt(50);
    w.serving.sla->tpotMs = 1; // one decode step reads 16 GB: ~6 ms at best
    const Served s = serve(w, h100Cluster(1));
    REQUIRE(s.serving);
    CHECK(s.serving->replicasNeeded == 0);
    CHECK(s.serving->capacityRequestsPerS == 0);
    CHECK_FALSE(s.serving->meetsSla);
    CHECK(hasFinding(s.findings, "serving.sla_unreachable"));
}

TEST_CASE("Serving capacity: only for inference workloads with a demand and an SLA",
          "[serving][analysis]")
{
    Workload w = chatAt(50);
    w.serving = ServingDemand{};
    w.concurrentRequests = 32;
    CHECK_FALSE(serve(w, h100Cluster(1)).serving);

    SECTION("an old fixed concurrency with an SLA is a closed loop")
    {
        w.serving.sla = ServiceLevel{2000, 100, 99};
        const Served s = serve(w, h100Cluster(1));
        REQUIRE(s.serving);
        CHECK(s.serving->closedLoop);
        CHECK(s.serving->demandUsers == 32);
        CHECK(s.serving->capacityUsers >= 1);
        CHECK(s.serving->replicasNeeded
              == (32 + s.serving->capacityUsers - 1) / s.serving->capacityUsers);
    }
}
