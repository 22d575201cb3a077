// SPDX-License-Identifier: Apache-2.0
#include "core/pipeline/analyze.h"
#include "test_hardware.h"

#include <catch2/catch.hpp>

#include <cmath>

using namespace infrafit;
using namespace infrafit::testing;

TEST_CASE("QLoRA (Dettmers et al. 2023 §3): 70B base in NF4 + double quant, adapters only "
          "carry optimizer state",
          "[analysis][lora]")
{
    Parallelism plan;
    plan.data = 1;
    auto w = presetTraining("llama-2-70b", plan, 512, 16);
    w.fineTune = FineTune::Qlora;
    w.loraRank = 64;
    w.parallelism = plan;
    auto config = h100Cluster(1);
    config.config.gpusPerNode = 1;
    const auto r = analyzeWithPlan(w, config, plan);
    REQUIRE(r.analyzed);
    // NF4 (4 bit) + 0.127 bit/param of constants; r = 64 adapters on every
    // linear layer are ~0.83 B parameters at 16 B each (fp32 weight, grad, m, v).
    const double adapters = 80 * 64.0 * (51200 + 3 * (8192 + 28672));
    CHECK(r.memory.weightsBytes
          == Approx(r.parameters.total * 4.127 / 8 + adapters * 4).epsilon(0.005));
    CHECK(r.memory.optimizerBytes == Approx(adapters * 8));
    CHECK(r.memory.weightsBytes < 40e9);

    w.fineTune = FineTune::Lora;
    const auto lora = analyzeWithPlan(w, config, plan);
    CHECK(lora.memory.weightsBytes > 2 * r.memory.weightsBytes);
    CHECK_FALSE(lora.fits); // 138 GB of bf16 weights cannot fit one 80 GB GPU
}

TEST_CASE("No NaN or infinity at the edges of the input space", "[analysis][bad]")
{
    ModelSpec tiny;
    tiny.layers = 1;
    tiny.hiddenSize = 8;
    tiny.attentionHeads = 1;
    tiny.kvHeads = 1;
    tiny.ffnHiddenSize = 1;
    tiny.vocabSize = 1;
    for (auto kind : {WorkloadKind::Training, WorkloadKind::Inference}) {
        for (const ModelSpec& m : {tiny, *findModelPreset("deepseek-v3")}) {
            Workload w;
            w.kind = kind;
            w.model = m;
            w.sequenceLength = 1;
            w.promptTokens = 1;
            w.outputTokens = 1;
            w.globalBatchSize = 1;
            const auto r = analyze(w, h100Cluster(1));
            for (double v : {r.memory.totalBytes(), r.performance.stepTimeS, r.performance.mfu,
                             r.performance.tpotS, r.performance.ttftS,
                             r.interconnect.communicationFraction,
                             r.inference.maxConcurrentRequests})
                CHECK(std::isfinite(v));
        }
    }
}
