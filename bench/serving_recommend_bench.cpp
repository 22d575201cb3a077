// SPDX-License-Identifier: Apache-2.0
// Serving recommendation speed (issue 17 item 4 target: under 2 s on 2
// cores): the shipped Llama 3.1 8B chat example (50 requests/s, 2,048/256
// tokens, p99 TTFT 2 s, TPOT 100 ms) over the default catalog, with the
// request simulator sizing every candidate it does not prune.
#include "catalog/default_catalog.h"
#include "core/io/project_json.h"
#include "core/search/recommend.h"

#include <benchmark/benchmark.h>

#include <string>

using namespace infrafit;

namespace {

void BM_RecommendServingChatExample(benchmark::State& state)
{
    RecommendRequest r;
    const Project p = readProjectFile(std::string(INFRAFIT_BENCH_SOURCE_DIR)
                                      + "/examples/llama-serving-sla.infrafit.json");
    r.workload = p.workloads.at(0);
    r.workload.parallelism.reset();
    r.parts = snapshotOf(catalog::defaultCatalogParts());
    SearchControl control;
    control.threads = int(state.range(0));
    std::int64_t capacities = 0, pairs = 0;
    for (auto _ : state) {
        const auto rec = recommend(r, control);
        capacities = rec.planEvaluations;
        pairs = rec.configurationsConsidered;
        benchmark::DoNotOptimize(rec.candidates.data());
    }
    state.counters["build_x_replica_plans"] = double(pairs);
    state.counters["capacity_searches"] = double(capacities);
}
BENCHMARK(BM_RecommendServingChatExample)
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(3);

} // namespace
