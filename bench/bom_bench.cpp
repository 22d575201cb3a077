// SPDX-License-Identifier: Apache-2.0
// Bill of materials and what-if comparison (issue 7). Targets: the BOM of a
// 1,000-node configuration in every format under 1 s each; a comparison of
// 20 workloads x 20 configurations under 300 ms. Uses the test fixture
// tests/fixtures/projects/bom-example.infrafit.json (inline parts only).
#include "core/bom/build_bom.h"
#include "core/compare/comparison.h"
#include "core/compare/variations.h"
#include "core/output/bom_export.h"
#include "core/io/project_json.h"

#include <benchmark/benchmark.h>

#include <filesystem>
#include <string>

namespace {

using namespace infrafit;
namespace fs = std::filesystem;

Project exampleProject()
{
    const fs::path source(__FILE__);
    return readProjectFile(
        (source.parent_path().parent_path() / "tests/fixtures/projects/bom-example.infrafit.json")
            .string());
}

Project thousandNodeProject()
{
    Project project = exampleProject();
    addConfigurationVariants(project,
        deriveConfigurations(project.configurations[0], ConfigurationField::Nodes, {"1000"}));
    return project;
}

BillOfMaterials thousandNodeBom()
{
    BomContext context;
    context.date = "2026-12-02";
    return buildProjectBom(thousandNodeProject(), PartLookup {}, "4x HGX H100 [nodes=1000]",
        "llama-8b-pretrain", context);
}

void BM_BuildBom1000Nodes(benchmark::State& state)
{
    const Project project = thousandNodeProject();
    BomContext context;
    context.date = "2026-12-02";
    for (auto _ : state)
        benchmark::DoNotOptimize(buildProjectBom(
            project, PartLookup {}, "4x HGX H100 [nodes=1000]", "llama-8b-pretrain", context));
}
BENCHMARK(BM_BuildBom1000Nodes)->Unit(benchmark::kMillisecond);

/// Render and write atomically, as `infrafit-cli bom` does.
void BM_ExportBom1000Nodes(benchmark::State& state)
{
    const auto format = static_cast<BomFormat>(state.range(0));
    const BillOfMaterials bom = thousandNodeBom();
    const auto path
        = (fs::temp_directory_path() / ("infrafit-bom-bench." + std::string(enumName(format))))
              .string();
    for (auto _ : state)
        exportBom(bom, format, path);
    state.SetLabel(
        std::string(enumName(format)) + ", " + std::to_string(fs::file_size(path)) + " bytes");
    fs::remove(path);
}
BENCHMARK(BM_ExportBom1000Nodes)->DenseRange(0, 4)->Unit(benchmark::kMillisecond);

/// 20 workloads (10 training sequence lengths, 10 inference concurrencies)
/// x 20 configurations (1..20 nodes): 400 pairs evaluated and compared.
void BM_Compare20x20(benchmark::State& state)
{
    Project base = exampleProject();
    Project project;
    project.name = base.name;
    project.parts = base.parts;
    project.workloads = deriveWorkloads(base.workloads[0], WorkloadField::SequenceLength,
        {"1024", "2048", "3072", "4096", "5120", "6144", "7168", "8192", "12288", "16384"});
    const auto serving = deriveWorkloads(base.workloads[1], WorkloadField::ConcurrentRequests,
        {"8", "16", "24", "32", "48", "64", "96", "128", "192", "256"});
    project.workloads.insert(project.workloads.end(), serving.begin(), serving.end());
    std::vector<std::string> nodes;
    for (int n = 1; n <= 20; ++n)
        nodes.push_back(std::to_string(n));
    project.configurations
        = deriveConfigurations(base.configurations[0], ConfigurationField::Nodes, nodes);
    for (auto _ : state)
        benchmark::DoNotOptimize(compareProject(project, PartLookup {}, {}));
    state.SetLabel(
        std::to_string(project.workloads.size() * project.configurations.size()) + " pairs");
}
BENCHMARK(BM_Compare20x20)->Unit(benchmark::kMillisecond);

} // namespace
