// SPDX-License-Identifier: Apache-2.0
#include "core/pipeline/analyze.h"
#include "core/analysis/training_memory.h"
#include "test_hardware.h"

#include <catch2/catch.hpp>

#include <cmath>

using namespace infrafit;
using namespace infrafit::testing;

namespace {
bool allFinite(const AnalysisResult& r)
{
    const auto& p = r.performance;
    for (double v : {p.stepTimeS, p.mfu, p.hfu, p.tokensPerS, p.trainingDays, p.ttftS, p.tpotS,
                     p.outputTokensPerS, r.memory.totalBytes(),
                     r.interconnect.communicationFraction})
        if (!std::isfinite(v))
            return false;
    return true;
}
} // namespace

TEST_CASE("Property: total equals the sum of its lines, for every stage", "[analysis][property]")
{
    Parallelism plan;
    plan.tensor = 4;
    plan.pipeline = 4;
    plan.zeroStage = 1;
    const auto r = analyzeWithPlan(presetTraining("llama-3.1-70b", plan), h100Cluster(4), plan);
    REQUIRE(r.analyzed);
    REQUIRE(r.stages.size() == 4);
    for (const auto& s : r.stages) {
        const auto& m = s.memory;
        CHECK(m.totalBytes()
              == m.weightsBytes + m.gradientsBytes + m.optimizerBytes + m.activationsBytes
                     + m.kvCacheBytes + m.frameworkBytes + m.commBuffersBytes
                     + m.allocatorMarginBytes);
        CHECK(m.totalBytes() <= r.memory.totalBytes());
    }
    // First stage (embedding, p micro-batches in flight) is the most loaded here.
    CHECK(r.mostLoadedStage == 0);
}

TEST_CASE("Property: more data parallelism with ZeRO-3 never raises memory per GPU",
          "[analysis][property][zero]")
{
    double previous = 1e300;
    for (int nodes : {1, 2, 4, 8, 16}) {
        Parallelism plan;
        plan.tensor = 8;
        plan.zeroStage = 3;
        auto w = presetTraining("llama-3.1-70b", plan, 4096, 1024);
        const auto r = analyzeWithPlan(w, h100Cluster(nodes), plan);
        REQUIRE(r.analyzed);
        INFO("nodes " << nodes);
        CHECK(r.memory.totalBytes() <= previous);
        previous = r.memory.totalBytes();
    }
}

TEST_CASE("Property: longer sequences never lower activations", "[analysis][property]")
{
    for (auto rc : {Recompute::None, Recompute::Selective, Recompute::Full}) {
        for (bool flash : {false, true}) {
            double previous = 0;
            for (int seq : {512, 1024, 2048, 4096, 8192, 16384}) {
                Parallelism plan;
                plan.tensor = 8;
                plan.recompute = rc;
                plan.sequenceParallel = true;
                auto w = presetTraining("mixtral-8x7b", plan, seq, 64);
                w.flashAttention = flash;
                const auto r = analyzeWithPlan(w, h100Cluster(1), plan);
                REQUIRE(r.analyzed);
                CHECK(r.memory.activationsBytes >= previous);
                previous = r.memory.activationsBytes;
            }
        }
    }
}

TEST_CASE("Llama-3.1-8B on 8 x H100: plausible step time and MFU", "[analysis]")
{
    Parallelism plan;
    plan.tensor = 1;
    plan.zeroStage = 1;
    plan.recompute = Recompute::Selective;
    auto w = presetTraining("llama-3.1-8b", plan, 8192, 128);
    w.trainingTokens = 1e12;
    const auto r = analyzeWithPlan(w, h100Cluster(1), plan);
    REQUIRE(r.analyzed);
    CHECK(allFinite(r));
    CHECK(r.parameters.total == Approx(8.03e9).epsilon(0.005));
    // MFU must come out honest: below the GEMM plateau (attention and
    // element-wise work run slower than large GEMMs), above 25 %.
    CHECK(r.performance.mfu < r.computeEfficiency);
    CHECK(r.performance.mfu > 0.25);
    CHECK(r.performance.hfu >= r.performance.mfu);
    CHECK(r.performance.trainingDays > 0);
    CHECK(r.memory.frameworkBytes >= 1073741824.0);
    CHECK(r.memory.allocatorMarginBytes > 0);
}

TEST_CASE("Llama-3.1-70B full training does not fit on one 8-GPU node without sharding",
          "[analysis]")
{
    Parallelism plan;
    plan.tensor = 8;
    auto w = presetTraining("llama-3.1-70b", plan);
    const auto r = analyze(w, h100Cluster(1));
    CHECK_FALSE(r.fits);
    CHECK(r.bindingLimit == BindingLimit::GpuMemory);
    bool found = false;
    for (const auto& f : r.findings)
        found = found || (f.code == "memory.exceeds_capacity" && f.severity == Severity::Error);
    CHECK(found);
}

TEST_CASE("Plan chooser finds a fitting plan and reports it", "[analysis][chooser]")
{
    auto w = presetTraining("llama-3.1-70b", {}, 4096, 512);
    w.parallelism.reset();
    const auto r = analyze(w, h100Cluster(4));
    REQUIRE(r.analyzed);
    CHECK(r.parallelismChosen);
    CHECK(r.fits);
    CHECK(r.parallelism.tensor * r.parallelism.pipeline * r.parallelism.data == 32);
}

TEST_CASE("Plan-vs-hardware problems are error findings, not crashes", "[analysis][bad]")
{
    Parallelism plan;
    plan.tensor = 8;
    plan.pipeline = 4;
    auto w = presetTraining("llama-3.1-8b", plan);
    auto r = analyzeWithPlan(w, h100Cluster(1), plan); // needs 32 GPUs, has 8
    CHECK_FALSE(r.analyzed);
    REQUIRE_FALSE(r.findings.empty());
    CHECK(r.findings[0].code == "parallelism.gpu_count_mismatch");

    auto config = h100Cluster(1);
    config.gpu.fp8Tflops.reset();
    w.precision = Precision::Fp8;
    plan.pipeline = 1;
    r = analyzeWithPlan(w, config, plan);
    REQUIRE_FALSE(r.findings.empty());
    CHECK(r.findings[0].code == "precision.unsupported");

    auto noNic = h100Cluster(2);
    noNic.nic.reset();
    w.precision = Precision::Bf16;
    r = analyzeWithPlan(w, noNic, plan);
    CHECK(r.findings[0].code == "interconnect.no_nic");
}

TEST_CASE("MoE memory uses total parameters, compute uses active", "[analysis][moe]")
{
    Parallelism plan;
    plan.tensor = 8;
    plan.zeroStage = 3;
    auto w = presetTraining("mixtral-8x7b", plan, 4096, 64);
    const auto r = analyzeWithPlan(w, h100Cluster(1), plan);
    REQUIRE(r.analyzed);
    // ZeRO-3 over d = 1 shards nothing: weights ≈ total params × 2 B / 8.
    CHECK(r.memory.weightsBytes == Approx(r.parameters.total * 2 / 8).epsilon(0.01));
    const double perToken = r.performance.modelFlopsPerStep / (64.0 * 4096);
    CHECK(perToken < 6.5 * r.parameters.active * 1.3);
    CHECK(perToken > 6 * r.parameters.active * 0.9);
}

TEST_CASE("Inference: Llama-3.1-70B bf16 on 8 x H100, TP8", "[analysis][inference]")
{
    Workload w;
    w.name = "serve";
    w.kind = WorkloadKind::Inference;
    w.model = *findModelPreset("llama-3.1-70b");
    w.promptTokens = 2048;
    w.outputTokens = 256;
    w.concurrentRequests = 32;
    Parallelism plan;
    plan.tensor = 8;
    w.parallelism = plan;
    const auto r = analyze(w, h100Cluster(1));
    REQUIRE(r.analyzed);
    CHECK(allFinite(r));
    CHECK(r.fits);
    // Weights ≈ 141 GB / 8 per GPU.
    CHECK(r.memory.weightsBytes == Approx(70.6e9 * 2 / 8).epsilon(0.01));
    // KV: 32 requests × 2304 tokens × 40 KiB per GPU.
    CHECK(r.memory.kvCacheBytes == Approx(32.0 * 2304 * 327680 / 8));
    // Decode is bandwidth-bound at batch 32: TPOT ≥ weights / HBM bandwidth.
    CHECK_FALSE(r.performance.decodeComputeBound);
    CHECK(r.performance.tpotS > 17.6e9 / 3.35e12);
    CHECK(r.performance.tpotS < 0.05);
    CHECK(r.performance.ttftS > 0);
    // Continuous batching: each step decodes 32 tokens and prefills the
    // prompts of 32/255 new requests, whose first tokens it also samples.
    CHECK(r.performance.outputTokensPerS == Approx((32 + 32 / 255.0) / r.performance.tpotS));
    CHECK(r.inference.maxConcurrentRequests >= 32);
    // Roofline crossover near F/BW ≈ 295 for 16-bit weights
    // (docs/reference/models.md §2.14), derated.
    CHECK(r.performance.rooflineCrossoverBatch > 100);
    CHECK(r.performance.rooflineCrossoverBatch < 400);
}

TEST_CASE("Inference overload: too many requests → does not fit, inverse answers finite",
          "[analysis][inference]")
{
    Workload w;
    w.kind = WorkloadKind::Inference;
    w.model = *findModelPreset("llama-2-13b");
    w.promptTokens = 4000;
    w.outputTokens = 96;
    w.concurrentRequests = 10000;
    Parallelism plan;
    plan.data = 1;
    w.parallelism = plan;
    const auto r = analyze(w, h100Cluster(1));
    CHECK_FALSE(r.fits);
    CHECK(allFinite(r));
    CHECK(r.inference.maxConcurrentRequests > 0);
    CHECK(r.inference.maxConcurrentRequests < 10000);
}
