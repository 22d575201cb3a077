// SPDX-License-Identifier: Apache-2.0
// Analysis speed (issue 3 targets): one workload × configuration < 20 µs;
// analyze of a 20 × 20 project < 200 ms wall time.
#include "core/pipeline/analyze.h"
#include "core/pipeline/evaluate.h"
#include "core/pipeline/analyze_project.h"
#include "core/io/model_presets.h"

#include <benchmark/benchmark.h>

using namespace infrafit;

namespace {

Gpu h100()
{
    Gpu g;
    g.id = "bench-h100";
    g.model = "H100 SXM5 80GB";
    g.architecture = "Hopper";
    g.memoryGb = 80;
    g.memoryBandwidthGbs = 3350;
    g.bf16Tflops = 989;
    g.fp8Tflops = 1979;
    g.gpuLinkGbs = 900;
    g.pcieGen = 5;
    return g;
}

Chassis hgx()
{
    Chassis c;
    c.id = "bench-hgx";
    c.maxGpus = 8;
    c.gpuFabric = GpuFabric::NvSwitch;
    return c;
}

Nic cx7()
{
    Nic n;
    n.id = "bench-cx7";
    n.portSpeedGbps = 400;
    return n;
}

ResolvedConfiguration cluster(int nodes)
{
    ResolvedConfiguration r;
    r.config.name = "n" + std::to_string(nodes);
    r.config.gpusPerNode = 8;
    r.config.nodes = nodes;
    r.config.nicsPerNode = 8;
    r.gpu = h100();
    r.chassis = hgx();
    r.nic = cx7();
    return r;
}

Workload training(const char* preset, bool withPlan)
{
    Workload w;
    w.name = preset;
    w.model = *findModelPreset(preset);
    w.sequenceLength = 4096;
    w.globalBatchSize = 1024;
    if (withPlan) {
        Parallelism p;
        p.tensor = 8;
        p.pipeline = 4;
        p.zeroStage = 1;
        p.sequenceParallel = true;
        p.recompute = Recompute::Selective;
        w.parallelism = p;
    }
    return w;
}

void BM_AnalyzeOneTraining(benchmark::State& state)
{
    const auto w = training("llama-3.1-70b", true);
    const auto c = cluster(16);
    for (auto _ : state)
        benchmark::DoNotOptimize(analyze(w, c));
}
BENCHMARK(BM_AnalyzeOneTraining);

void BM_AnalyzeOneInference(benchmark::State& state)
{
    Workload w;
    w.kind = WorkloadKind::Inference;
    w.model = *findModelPreset("llama-3.1-70b");
    w.concurrentRequests = 64;
    Parallelism p;
    p.tensor = 8;
    w.parallelism = p;
    const auto c = cluster(1);
    for (auto _ : state)
        benchmark::DoNotOptimize(analyze(w, c));
}
BENCHMARK(BM_AnalyzeOneInference);

void BM_AnalyzeOneWithPlanChooser(benchmark::State& state)
{
    const auto w = training("llama-3.1-70b", false);
    const auto c = cluster(16);
    for (auto _ : state)
        benchmark::DoNotOptimize(analyze(w, c));
}
BENCHMARK(BM_AnalyzeOneWithPlanChooser)->Unit(benchmark::kMicrosecond);

// Issue 4: the whole evaluation (workload analysis + infrastructure checks +
// storage and host balance) of one pair with an explicit plan.
void BM_EvaluateOneTraining(benchmark::State& state)
{
    const auto w = training("llama-3.1-70b", true);
    const auto c = cluster(16);
    for (auto _ : state)
        benchmark::DoNotOptimize(evaluate(w, c));
}
BENCHMARK(BM_EvaluateOneTraining);

// 20 workloads (10 presets × explicit plan / chosen) × 20 configurations.
void BM_AnalyzeProject20x20(benchmark::State& state)
{
    Project project;
    project.parts = {Part{h100()}, Part{hgx()}, Part{cx7()}};
    const char* presets[] = {"llama-2-7b",   "llama-2-13b",   "llama-2-70b",    "llama-3.1-8b",
                             "llama-3.1-70b", "llama-3.1-405b", "mistral-7b", "mixtral-8x7b",
                             "gpt-3-175b",    "deepseek-v3"};
    for (int i = 0; i < 20; ++i) {
        Workload w = training(presets[i % 10], i < 10);
        w.name = "w" + std::to_string(i);
        if (i < 10)
            w.parallelism->pipeline = 1;
        project.workloads.push_back(w);
    }
    for (int i = 0; i < 20; ++i) {
        Configuration c;
        c.name = "c" + std::to_string(i);
        c.gpuId = "bench-h100";
        c.chassisId = "bench-hgx";
        c.nicId = "bench-cx7";
        c.nicsPerNode = 8;
        c.gpusPerNode = 8;
        c.nodes = 1 << (i % 6);
        project.configurations.push_back(c);
    }
    const PartLookup none = [](std::string_view) -> std::optional<Part> { return std::nullopt; };
    for (auto _ : state)
        benchmark::DoNotOptimize(analyzeProject(project, none));
}
BENCHMARK(BM_AnalyzeProject20x20)->Unit(benchmark::kMillisecond);

} // namespace
