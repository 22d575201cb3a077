// SPDX-License-Identifier: Apache-2.0
// Plan space and plan search: pruned == brute force, 1 vs 2 threads,
// cancellation, representative stages, analyze() uses the search.
#include "core/pipeline/analyze.h"
#include "core/analysis/training_memory.h"
#include "core/pipeline/plan_search.h"
#include "core/workload/workload_validation.h"
#include "core/analysis/test_hardware.h"

#include <catch2/catch.hpp>

using namespace infrafit;

namespace {

Workload gpt3()
{
    Workload w = testing::presetTraining("gpt-3-175b", {}, 2048, 1536);
    w.parallelism.reset();
    return w;
}

} // namespace

TEST_CASE("every plan point passes the plan rules", "[search]")
{
    const Workload w = testing::presetTraining("llama-2-7b", {}, 4096, 64);
    const PlanSpace space = enumeratePlans(w, 8, 2);
    REQUIRE(space.points.size() > 100);
    for (const auto& p : space.points) {
        CHECK(planRuleViolation(space.variants[std::size_t(p.variant)], p.plan).empty());
        CHECK(p.plan.tensor * p.plan.pipeline * p.plan.data == 16);
    }
}

TEST_CASE("representative stages give the same memory and step time as all stages", "[search]")
{
    struct Case {
        const char* key;
        bool embeddingUnit, lossUnit; // Megatron's account_for_*_in_pipeline_split
    };
    for (const Case& c : {Case{"llama-2-70b", false, false}, Case{"mixtral-8x7b", false, false},
                          Case{"deepseek-v3", false, false}, Case{"gpt-3-175b", false, false},
                          Case{"llama-3.1-405b", true, true}, Case{"gpt-3-175b", true, false},
                          Case{"deepseek-v3", false, true}}) {
        const char* key = c.key;
        Workload w = testing::presetTraining(key, {}, 2048, 512);
        w.parallelism.reset();
        w.embeddingInPipelineSplit = c.embeddingUnit;
        w.lossInPipelineSplit = c.lossUnit;
        const auto config = testing::h100Cluster(16);
        const PlanSpace space = enumeratePlans(w, 8, 16);
        for (std::size_t i = 0; i < space.points.size(); i += 37) {
            const auto& pt = space.points[i];
            const Workload& v = space.variants[std::size_t(pt.variant)];
            const auto full = analyzeWithPlan(v, config, pt.plan, true);
            const auto lean = analyzeWithPlan(v, config, pt.plan, false);
            INFO(key << " point " << i << " split " << c.embeddingUnit << c.lossUnit);
            CHECK(full.memory.totalBytes() == lean.memory.totalBytes());
            CHECK(full.mostLoadedStage == lean.mostLoadedStage);
            CHECK(full.performance.stepTimeS == lean.performance.stepTimeS);
            CHECK(full.fits == lean.fits);
        }
    }
}

TEST_CASE("pruned plan search returns the brute-force winner", "[search]")
{
    for (const char* key : {"llama-2-13b", "mixtral-8x7b"}) {
        Workload w = testing::presetTraining(key, {}, 4096, 128);
        w.parallelism.reset();
        for (int nodes : {1, 2, 4}) {
            const auto config = testing::h100Cluster(nodes);
            const PlanSpace space = enumeratePlans(w, 8, nodes);
            PlanSearchOptions fast, brute;
            brute.prune = false;
            SearchControl one;
            one.threads = 1;
            const auto a = searchPlans(space, config, fast, one);
            const auto b = searchPlans(space, config, brute, one);
            INFO(key << " on " << nodes << " nodes");
            CHECK(a.bestIndex == b.bestIndex);
            CHECK(a.leastMemoryIndex == b.leastMemoryIndex);
            CHECK(a.evaluated + a.skipped >= b.evaluated);
            CHECK(a.evaluated < b.evaluated);
        }
    }
}

TEST_CASE("inference plan search: pruned equals brute force within latency targets", "[search]")
{
    Workload w;
    w.name = "serve";
    w.kind = WorkloadKind::Inference;
    w.model = *findModelPreset("llama-2-70b");
    w.promptTokens = 1024;
    w.outputTokens = 256;
    const auto config = testing::h100Cluster(2);
    const PlanSpace space = enumeratePlans(w, 8, 2);
    PlanSearchOptions fast;
    fast.goal = PlanGoal::MostThroughput;
    fast.tpotTargetS = 0.05;
    fast.ttftTargetS = 2.0;
    PlanSearchOptions brute = fast;
    brute.prune = false;
    const auto a = searchPlans(space, config, fast);
    const auto b = searchPlans(space, config, brute);
    REQUIRE(b.bestIndex >= 0);
    CHECK(a.bestIndex == b.bestIndex);
    CHECK(a.best.tpotS <= 0.05);
}

TEST_CASE("plan search is identical with 1 and 2 threads", "[search]")
{
    const Workload w = gpt3();
    const auto config = testing::h100Cluster(128);
    const PlanSpace space = enumeratePlans(w, 8, 128);
    SearchControl one, two;
    one.threads = 1;
    two.threads = 2;
    const auto a = searchPlans(space, config, {}, one);
    const auto b = searchPlans(space, config, {}, two);
    REQUIRE(a.bestIndex >= 0);
    CHECK(a.bestIndex == b.bestIndex);
    CHECK(a.evaluated == b.evaluated);
    CHECK(a.best.stepTimeS == b.best.stepTimeS);
}

TEST_CASE("a stop request cancels the plan search", "[search]")
{
    const Workload w = gpt3();
    const auto config = testing::h100Cluster(128);
    const PlanSpace space = enumeratePlans(w, 8, 128);
    std::stop_source source;
    source.request_stop();
    SearchControl control;
    control.stop = source.get_token();
    const auto r = searchPlans(space, config, {}, control);
    CHECK(r.cancelled);
    CHECK(r.evaluated == 0);
}

TEST_CASE("analyze without parallelism is at least as fast as the simple chooser", "[search]")
{
    for (const char* key : {"llama-2-70b", "gpt-3-175b", "mixtral-8x7b"}) {
        Workload w = testing::presetTraining(key, {}, 2048, 512);
        w.parallelism.reset();
        const auto config = testing::h100Cluster(8);
        const auto searched = analyze(w, config);
        const auto chosen = analyzeWithPlan(w, config, choosePlan(w, config), false);
        INFO(key);
        CHECK(searched.parallelismChosen);
        if (chosen.fits) {
            REQUIRE(searched.fits);
            CHECK(searched.performance.stepTimeS <= chosen.performance.stepTimeS * (1 + 1e-12));
        }
    }
}

TEST_CASE("the plan search interleaves down to chunks of one layer", "[search]")
{
    // Megatron-Core accepts any even split of a stage's layers into chunks,
    // down to one layer each (`num_layers_per_virtual_pipeline_stage` = 1);
    // Calculon's GPT-3 175B optimum (Isaev et al., SC'23; its own search,
    // docs/validation.md "Plan choice") runs 48 chunks over two stages.
    const Workload w = gpt3();
    const PlanSpace space = enumeratePlans(w, 8, 128);
    bool oneLayerChunks[97] = {};
    for (const auto& pt : space.points) {
        REQUIRE(pt.plan.pipeline <= 96);
        if (pt.plan.virtualStages > 1) // the search interleaves even splits only
            CHECK(96 % (pt.plan.pipeline * pt.plan.virtualStages) == 0);
        if (pt.plan.pipeline * pt.plan.virtualStages == 96)
            oneLayerChunks[pt.plan.pipeline] = true;
    }
    for (int p : {2, 4, 8, 16})
        CHECK(oneLayerChunks[p]);

    // On a 1,024-GPU H100 cluster the winner is at least as fast as the
    // best plan of the old space (at most 8 chunks), and here strictly
    // faster: the cap hid plans with more chunks.
    const auto config = testing::h100Cluster(128);
    PlanSpaceOptions capped;
    capped.maxVirtualStages = 8;
    const PlanSpace old = enumeratePlans(w, 8, 128, capped);
    REQUIRE(old.points.size() < space.points.size());
    const auto now = searchPlans(space, config, {});
    const auto before = searchPlans(old, config, {});
    REQUIRE(now.bestIndex >= 0);
    REQUIRE(before.bestIndex >= 0);
    CHECK(now.best.stepTimeS <= before.best.stepTimeS);
    const Parallelism& chosen = space.points[std::size_t(now.bestIndex)].plan;
    INFO("chosen tensor " << chosen.tensor << " pipeline " << chosen.pipeline << " chunks "
                          << chosen.virtualStages);
    CHECK(now.best.stepTimeS < before.best.stepTimeS);
    CHECK(chosen.virtualStages > 8);
}

TEST_CASE("tensor groups may span trays inside an NVLink rack domain", "[search]")
{
    // A GB200 NVL72 rack joins its 18 trays of 4 GPUs with NVLink switch
    // trays (NVIDIA DGX GB200 user guide), so a tensor group of 8 runs its
    // all-reduces on NVLink; the analysis times it so (LinkRates::gpusPerNode
    // is the fabric's reach), and the plan search now offers it.
    const Workload w = testing::presetTraining("llama-3.1-405b", {}, 8192, 288);
    const auto largestTensor = [](const PlanSpace& space) {
        int most = 0;
        for (const auto& pt : space.points)
            most = std::max(most, pt.plan.tensor);
        return most;
    };
    PlanSpaceOptions rack;
    rack.tensorDomainGpus = 72;
    CHECK(largestTensor(enumeratePlans(w, 4, 18, rack)) == 8);
    CHECK(largestTensor(enumeratePlans(w, 4, 18)) == 4);
    // Within the cluster: two trays hold no tensor group of 16.
    rack.maxTensor = 16;
    CHECK(largestTensor(enumeratePlans(w, 4, 2, rack)) == 8);

    // analyze() searches the rack's space: its choice is at least as fast as
    // the best plan of tensor <= 4, and the choice's TP traffic stays on NVLink.
    Workload open = w;
    open.parallelism.reset();
    const auto inRack = testing::gb200Trays(18, true);
    const auto chosen = analyze(open, inRack);
    REQUIRE(chosen.fits);
    PlanSpaceOptions asAnalyze; // analyze() keeps the workload's micro-batch
    asAnalyze.varyMicroBatch = false;
    asAnalyze.varyBatch = false;
    const PlanSpace trayOnly = enumeratePlans(open, 4, 18, asAnalyze);
    const auto best = searchPlans(trayOnly, inRack, {});
    REQUIRE(best.bestIndex >= 0);
    CHECK(chosen.performance.stepTimeS <= best.best.stepTimeS * (1 + 1e-12));
    CHECK(chosen.interconnect.tpLevel != LinkLevel::Nic);
    // For Llama 3.1 405B at 8K tokens the rack's tensor group of 8 wins
    // (about a fifth off the step of the best tray-sized plan).
    CHECK(chosen.parallelism.tensor == 8);
    CHECK(chosen.performance.stepTimeS < 0.9 * best.best.stepTimeS);
    // Without the rack domain the trays are separate nodes: tensor stays <= 4.
    const auto separate = analyze(open, testing::gb200Trays(18, false));
    CHECK(separate.parallelism.tensor <= 4);
}
