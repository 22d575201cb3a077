// SPDX-License-Identifier: Apache-2.0
// Plan and recommendation search speed (issue 5): plan evaluations per
// second, the GPT-3 175B / 1,024 A100-80GB / global batch 1,536 plan space,
// and a 70B fine-tune over the default catalog up to 64 nodes.
#include "catalog/default_catalog.h"
#include "core/io/model_presets.h"
#include "core/pipeline/plan_search.h"
#include "core/search/recommend.h"

#include <benchmark/benchmark.h>

using namespace infrafit;

namespace {

PartsSnapshot catalogSnapshot()
{
    static const PartsSnapshot parts = snapshotOf(catalog::defaultCatalogParts());
    return parts;
}

ResolvedConfiguration a100Cluster(int nodes)
{
    const PartsSnapshot parts = catalogSnapshot();
    ResolvedConfiguration c;
    for (const auto& g : parts.gpus)
        if (g.id == "nvidia-a100-sxm4-80gb")
            c.gpu = g;
    for (const auto& h : parts.chassis)
        if (h.id == "supermicro-sys-821ge-tnhr")
            c.chassis = h;
    for (const auto& n : parts.nics)
        if (n.id == "nvidia-connectx-7-ndr-osfp")
            c.nic = n;
    c.config.gpusPerNode = 8;
    c.config.nodes = nodes;
    c.config.nicsPerNode = 8;
    return c;
}

Workload gpt3()
{
    Workload w;
    w.name = "gpt3";
    w.model = *findModelPreset("gpt-3-175b");
    w.sequenceLength = 2048;
    w.globalBatchSize = 1536;
    w.trainingTokens = 3e11;
    return w;
}

void runPlanSpace(benchmark::State& state, bool prune)
{
    const Workload w = gpt3();
    const auto config = a100Cluster(128);
    const PlanSpace space = enumeratePlans(w, 8, 128);
    PlanSearchOptions options;
    options.prune = prune;
    SearchControl control;
    control.threads = int(state.range(0));
    std::int64_t evaluated = 0;
    for (auto _ : state) {
        const auto r = searchPlans(space, config, options, control);
        evaluated += r.evaluated;
        benchmark::DoNotOptimize(r.bestIndex);
    }
    state.counters["plans_in_space"] = double(space.points.size());
    state.counters["plan_evals_per_s"] =
        benchmark::Counter(double(evaluated), benchmark::Counter::kIsRate);
}

/// Every point of the GPT-3 space evaluated (no pruning): raw evaluations/s.
void BM_Gpt3PlanSpaceAllPoints(benchmark::State& state) { runPlanSpace(state, false); }
BENCHMARK(BM_Gpt3PlanSpaceAllPoints)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

/// The search as used (exact pruning): wall time of the reference search.
void BM_Gpt3PlanSearch(benchmark::State& state) { runPlanSpace(state, true); }
BENCHMARK(BM_Gpt3PlanSearch)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_Recommend70bFineTune(benchmark::State& state)
{
    RecommendRequest r;
    r.workload.name = "ft70b";
    r.workload.model = *findModelPreset("llama-2-70b");
    r.workload.sequenceLength = 4096;
    r.workload.globalBatchSize = 256;
    r.workload.trainingTokens = 2e9;
    r.parts = catalogSnapshot();
    r.constraints.maxNodes = 64;
    SearchControl control;
    control.threads = int(state.range(0));
    std::int64_t evaluated = 0, configs = 0;
    for (auto _ : state) {
        const auto rec = recommend(r, control);
        evaluated += rec.planEvaluations;
        configs = rec.configurationsConsidered;
        benchmark::DoNotOptimize(rec.candidates.data());
    }
    state.counters["configurations"] = double(configs);
    state.counters["plan_evals_per_s"] =
        benchmark::Counter(double(evaluated), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Recommend70bFineTune)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(2);

} // namespace
