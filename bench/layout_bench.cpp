// SPDX-License-Identifier: Apache-2.0
// Rack layout of 1,024 nodes (the GPT-3 example's HGX A100 configuration
// scaled up): placement, power distribution to PDU outlets and phases, and
// the cabling plan (~40,000 cables); target under 200 ms (issue 18).
#include "core/infra/infrastructure.h"
#include "core/io/catalog_json.h"
#include "core/output/layout_json.h"
#include "core/io/project_json.h"
#include "core/output/untrusted_input.h"
#include "core/layout/plan_layout.h"

#include <benchmark/benchmark.h>
#include <nlohmann/json.hpp>

namespace {

using namespace infrafit;

LayoutRequest layoutBenchRequest(int nodes)
{
    const auto catalog = readCatalogFile(
        std::string(INFRAFIT_BENCH_SOURCE_DIR) + "/catalog/data/default-catalog.json");
    Project project = readProjectFile(
        std::string(INFRAFIT_BENCH_SOURCE_DIR) + "/examples/gpt3-175b-pretrain.infrafit.json");
    project.configurations.at(0).nodes = nodes;
    const ResolvedConfiguration rc = resolveConfiguration(project, 0, lookupIn(catalog.parts));
    const InfrastructureReport infra = checkInfrastructure(rc, {});
    return layoutRequestFor(rc, infra, defaultLayoutInputs(infra.fabric));
}

void BM_PlanLayout(benchmark::State& state)
{
    const LayoutRequest request = layoutBenchRequest(static_cast<int>(state.range(0)));
    std::size_t cables = 0;
    for (auto _ : state) {
        RackLayout layout = planLayout(request);
        cables = layout.cables.size();
        benchmark::DoNotOptimize(layout);
    }
    state.counters["cables"] = static_cast<double>(cables);
}
BENCHMARK(BM_PlanLayout)->Arg(128)->Arg(1024)->Unit(benchmark::kMillisecond);

void BM_LayoutJson(benchmark::State& state)
{
    const RackLayout layout = planLayout(layoutBenchRequest(static_cast<int>(state.range(0))));
    for (auto _ : state) {
        auto text = layoutToJson(layout).dump();
        benchmark::DoNotOptimize(text);
    }
}
BENCHMARK(BM_LayoutJson)->Arg(1024)->Unit(benchmark::kMillisecond);

} // namespace
