// SPDX-License-Identifier: Apache-2.0
// Portfolio recommendation speed (issue 20 item 3 target: under 3 s): the shipped shared-cluster
// example's four workloads (70B fine-tune on nodes weekdays, 8B serving on GPUs always, two
// notebooks on MIG slices) over the default catalog, plus packing the example onto its own
// configuration.
#include "catalog/default_catalog.h"
#include "core/io/default_software.h"
#include "core/io/project_json.h"
#include "core/portfolio/analyze_portfolio.h"
#include "core/portfolio/portfolio_recommend.h"
#include "core/project/resolve_configuration.h"

#include <benchmark/benchmark.h>

#include <string>

using namespace infrafit;

namespace {

Project portfolioBenchProject()
{
    return readProjectFile(std::string(INFRAFIT_BENCH_SOURCE_DIR)
                           + "/examples/shared-cluster-portfolio.infrafit.json");
}

void BM_RecommendPortfolioDefaultCatalog(benchmark::State& state)
{
    const Project project = portfolioBenchProject();
    PortfolioRecommendRequest request;
    request.workloads = portfolioWorkloads(project, project.portfolio->workloads);
    // A new catalog's software rows are the shipped ones.
    request.parts = snapshotOf(catalog::defaultCatalogParts(), defaultSoftwareTable());
    std::int64_t builds = 0, packings = 0;
    for (auto _ : state) {
        const auto rec = recommendPortfolio(request);
        builds = rec.buildsConsidered;
        packings = rec.packings;
        benchmark::DoNotOptimize(rec.candidates.data());
    }
    state.counters["builds"] = double(builds);
    state.counters["packings"] = double(packings);
}
BENCHMARK(BM_RecommendPortfolioDefaultCatalog)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(3);

void BM_PackPortfolioExample(benchmark::State& state)
{
    const Project project = portfolioBenchProject();
    const auto parts = catalog::defaultCatalogParts();
    const PartLookup lookup = [&parts](std::string_view id) -> std::optional<Part> {
        for (const auto& p : parts)
            if (infoOf(p).id == id)
                return p;
        return std::nullopt;
    };
    for (auto _ : state) {
        const auto plan = analyzePortfolio(project, lookup);
        benchmark::DoNotOptimize(plan.utilisation);
    }
}
BENCHMARK(BM_PackPortfolioExample)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(3);

} // namespace
