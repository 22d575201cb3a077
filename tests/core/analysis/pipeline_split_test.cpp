// SPDX-License-Identifier: Apache-2.0
// Megatron-Core's account_for_embedding_in_pipeline_split and
// account_for_loss_in_pipeline_split: the pipeline is split as if the
// embedding and the loss were layers (megatron/core/transformer/
// transformer_block.py, get_num_layers_to_build), as Megatron-Bridge's
// Llama 3.1 405B recipes run it (recipes/llama/h100/llama3.py,
// llama31_405b_pretrain_256gpu_h100_bf16_config).
#include "core/analysis/training_memory.h"
#include "core/model/parameter_count.h"
#include "core/io/workload_json.h"
#include "core/pipeline/analyze.h"
#include "core/pipeline/plan_space.h"
#include "core/workload/workload_validation.h"
#include "test_hardware.h"

#include <catch2/catch.hpp>

#include <numeric>

using namespace infrafit;
using namespace infrafit::testing;

namespace {

Parallelism pipelinePlan(int tensor, int pipeline, int virtualStages)
{
    Parallelism plan;
    plan.tensor = tensor;
    plan.pipeline = pipeline;
    plan.virtualStages = virtualStages;
    plan.sequenceParallel = true;
    return plan;
}

Workload split405b(Parallelism plan, bool embedding, bool loss)
{
    Workload w = presetTraining("llama-3.1-405b", plan, 8192, 1536);
    w.embeddingInPipelineSplit = embedding;
    w.lossInPipelineSplit = loss;
    return w;
}

} // namespace

TEST_CASE("Megatron-Core's split counts the embedding and the loss as layers: 405B over 16 "
          "stages",
          "[analysis][pipeline][split]")
{
    // Megatron-Core get_num_layers_to_build: (126 + 2) / 16 = 8 units per
    // stage; the first builds 8 − 1 (embedding), the last 8 − 1 (loss).
    const ModelSpec m = *findModelPreset("llama-3.1-405b");
    REQUIRE(m.layers == 126);
    const PipelineSplit both{true, true};
    CHECK(layersOnStage(m, 16, 0, both) == 7);
    for (int stage = 1; stage < 15; ++stage)
        CHECK(layersOnStage(m, 16, stage, both) == 8);
    CHECK(layersOnStage(m, 16, 15, both) == 7);
    // Without it the remainder goes to the first stages: 14 × 8, then 2 × 7.
    CHECK(layersOnStage(m, 16, 0) == 8);
    CHECK(layersOnStage(m, 16, 13) == 8);
    CHECK(layersOnStage(m, 16, 14) == 7);
    // The H100 recipe's 8 stages: 128 / 8 = 16, first and last 15.
    CHECK(layersOnStage(m, 8, 0, both) == 15);
    CHECK(layersOnStage(m, 8, 3, both) == 16);
    CHECK(layersOnStage(m, 8, 7, both) == 15);
    CHECK(mostLayersOnStage(m, 8, both) == 16);
    // Every layer is on exactly one stage, and the parameters follow.
    const ParameterCount c = countParameters(m);
    for (PipelineSplit split : {PipelineSplit{}, PipelineSplit{true, false},
                                PipelineSplit{false, true}, both}) {
        for (int p : {2, 3, 8, 16, 43}) {
            int layers = 0;
            double params = 0;
            for (int stage = 0; stage < p; ++stage) {
                layers += layersOnStage(m, p, stage, split);
                params += stageParams(m, c, 1, p, 1, stage, split).total();
            }
            INFO("pipeline " << p << " embedding " << split.embedding << " loss " << split.loss);
            CHECK(layers == 126);
            CHECK(params == Approx(c.total).epsilon(1e-9));
        }
    }
}

TEST_CASE("The split's units must divide over the chunks, as Megatron-Core asserts",
          "[analysis][pipeline][split]")
{
    // 126 layers over 16 × 8 chunks: refused as plain layers (a chunk would be
    // empty), taken with the embedding and the loss as the 127th and 128th unit
    // (Megatron-Bridge's 405B NVFP4 recipe on GB200, TP 4 PP 16 VP 8).
    const Parallelism nvfp4 = pipelinePlan(4, 16, 8);
    CHECK_FALSE(planRuleViolation(split405b(nvfp4, false, false), nvfp4).empty());
    CHECK(planRuleViolation(split405b(nvfp4, true, true), nvfp4).empty());
    const std::string oneUnit = planRuleViolation(split405b(nvfp4, true, false), nvfp4);
    CHECK(oneUnit.find("(127)") != std::string::npos);
    CHECK(oneUnit.find("account_for_embedding_in_pipeline_split") != std::string::npos);
    // Five stages do not divide 128 units; without the flags 126 layers may
    // be split unevenly.
    const Parallelism five = pipelinePlan(8, 5, 1);
    CHECK_FALSE(planRuleViolation(split405b(five, true, true), five).empty());
    CHECK(planRuleViolation(split405b(five, false, false), five).empty());
    // One stage is both first and last: nothing to split, nothing refused.
    const Parallelism one = pipelinePlan(8, 1, 1);
    CHECK(planRuleViolation(split405b(one, true, true), one).empty());
    CHECK(layersOnStage(*findModelPreset("llama-3.1-405b"), 1, 0, PipelineSplit{true, true})
          == 126);
}

TEST_CASE("Counting the embedding as a layer takes one layer off the first stage's memory",
          "[analysis][pipeline][split][memory]")
{
    // The 405B FP8 recipe on 256 GB200 (TP 4 PP 16 VP 4): the first stage
    // holds the most in-flight micro-batches, so it is the most loaded, and
    // with the split it holds 7 layers instead of 8.
    Parallelism plan = pipelinePlan(4, 16, 4);
    plan.data = 4;
    plan.zeroStage = 1;
    Workload even = split405b(plan, false, false);
    even.precision = Precision::Fp8;
    even.fp32GradBuffer = false;
    Workload megatron = even;
    megatron.embeddingInPipelineSplit = true;
    megatron.lossInPipelineSplit = true;
    const auto config = gb200Trays(64, true);
    const auto a = analyzeWithPlan(even, config, plan, true);
    const auto b = analyzeWithPlan(megatron, config, plan, true);
    REQUIRE(a.analyzed);
    REQUIRE(b.analyzed);
    REQUIRE(b.stages.size() == 16);
    CHECK(a.stages[0].layers == 8);
    CHECK(b.stages[0].layers == 7);
    CHECK(b.stages[15].layers == 7);
    const int total = std::accumulate(b.stages.begin(), b.stages.end(), 0,
                                      [](int n, const auto& s) { return n + s.layers; });
    CHECK(total == 126);
    // The report says how the layers were split.
    bool stated = false;
    for (const auto& line : b.assumptions)
        stated = stated
                 || line.find("the embedding and the loss as a layer each (Megatron-Core "
                              "account_for_*_in_pipeline_split): first stage 7 layers, last 7, "
                              "at most 8")
                        != std::string::npos;
    CHECK(stated);
    for (const auto& line : a.assumptions)
        CHECK(line.find("pipeline split counts") == std::string::npos);
    // The first stage saves one layer: its weights, gradients and sharded
    // optimizer states (those of stage 1, which holds layers only, over 8)
    // and its activations for every micro-batch in flight there.
    const auto states = [](const MemoryLines& l) {
        return l.weightsBytes + l.gradientsBytes + l.optimizerBytes;
    };
    const MemoryLines& a0 = a.stages[0].memory;
    const MemoryLines& b0 = b.stages[0].memory;
    CHECK(states(a0) - states(b0) == Approx(states(b.stages[1].memory) / 8).epsilon(1e-9));
    ActivationSplit evenActivations;
    (void)trainingStageMemory(makeTrainingSetup(even, countParameters(even.model), plan), 0,
                              &evenActivations);
    CHECK(a0.activationsBytes - b0.activationsBytes
          == Approx(evenActivations.layers / 8).epsilon(1e-9));
    // About 25 GB here: ~1.1 GB of activations per layer and micro-batch
    // (34·s·h/t bytes, Korthikanti et al. 2022 Table 2 with sequence
    // parallelism and FlashAttention) times ~20 micro-batches in flight.
    CHECK(a0.totalBytes() - b0.totalBytes() > 20.0 * (1LL << 30));
    // Stage 1 is untouched: same layers, same memory.
    CHECK(b.stages[1].memory.totalBytes() == Approx(a.stages[1].memory.totalBytes()));
    // The slowest stage still holds 8 layers, so the step time moves by
    // less than 0.1 %: only the data-parallel collectives of the largest
    // stage (the first, with the embedding) shrink by one layer.
    CHECK(b.performance.stepTimeS == Approx(a.performance.stepTimeS).epsilon(1e-3));
    CHECK(b.performance.stepTimeS <= a.performance.stepTimeS);
}

TEST_CASE("The split fields round-trip through the project file and steer the plan search",
          "[analysis][pipeline][split][io]")
{
    const nlohmann::json j = {{"name", "405b"},
                              {"kind", "training"},
                              {"model", {{"preset", "llama-3.1-405b"}}},
                              {"sequence_length", 8192},
                              {"global_batch_size", 1536},
                              {"account_for_embedding_in_pipeline_split", true},
                              {"account_for_loss_in_pipeline_split", true}};
    std::vector<Problem> problems;
    const auto w = workloadFromJson(j, "/workloads/0", problems);
    REQUIRE(problems.empty());
    REQUIRE(w);
    CHECK(w->embeddingInPipelineSplit);
    CHECK(w->lossInPipelineSplit);
    const nlohmann::json back = workloadToJson(*w);
    CHECK(back.at("account_for_embedding_in_pipeline_split") == true);
    CHECK(back.at("account_for_loss_in_pipeline_split") == true);
    // Absent stays absent (the default is Megatron's: off).
    Workload plain = *w;
    plain.embeddingInPipelineSplit = plain.lossInPipelineSplit = false;
    CHECK_FALSE(workloadToJson(plain).contains("account_for_loss_in_pipeline_split"));

    // The search interleaves only what the split allows: with both flags
    // every pipeline size divides 128, and 16 stages × 8 chunks is offered.
    Workload searched = *w;
    searched.parallelism.reset();
    const PlanSpace space = enumeratePlans(searched, 8, 32);
    bool sixteenByEight = false;
    for (const auto& pt : space.points) {
        CHECK(128 % pt.plan.pipeline == 0);
        CHECK(planRuleViolation(space.variants[std::size_t(pt.variant)], pt.plan).empty());
        sixteenByEight = sixteenByEight || (pt.plan.pipeline == 16 && pt.plan.virtualStages == 8);
    }
    CHECK(sixteenByEight);
}
