// SPDX-License-Identifier: Apache-2.0
// Serving step speed (issue 16): the request-level simulator times every
// engine step with servingStepTimeS, so one step must cost well under a
// microsecond; one whole inference analysis stays under 5 µs.
#include "core/analysis/serving_step.h"
#include "core/io/model_presets.h"

#include <benchmark/benchmark.h>

using namespace infrafit;

namespace {

void BM_ServingStepTime(benchmark::State& state)
{
    Workload w;
    w.kind = WorkloadKind::Inference;
    w.model = *findModelPreset("llama-3.1-70b");
    ResolvedConfiguration c;
    c.config.gpusPerNode = 8;
    c.config.nodes = 1;
    c.gpu.id = "bench-h100";
    c.gpu.architecture = "Hopper";
    c.gpu.memoryGb = 80;
    c.gpu.memoryBandwidthGbs = 3350;
    c.gpu.bf16Tflops = 989;
    c.gpu.gpuLinkGbs = 900;
    c.chassis.gpuFabric = GpuFabric::NvSwitch;
    Parallelism plan;
    plan.tensor = 8;
    const ServingStepModel model = *servingStepModel(w, c, plan);
    int decode = 1;
    for (auto _ : state) {
        benchmark::DoNotOptimize(servingStepTimeS(model, 512, decode, 2048.0));
        decode = decode % 256 + 1;
    }
}
BENCHMARK(BM_ServingStepTime);

// The same step with the GEMMs at the flat plateau (no shape table): what
// the per-step shape evaluation costs.
void BM_ServingStepTimeFlatGemm(benchmark::State& state)
{
    Workload w;
    w.kind = WorkloadKind::Inference;
    w.model = *findModelPreset("llama-3.1-70b");
    ResolvedConfiguration c;
    c.config.gpusPerNode = 8;
    c.config.nodes = 1;
    c.gpu.id = "bench-h100";
    c.gpu.architecture = "Hopper";
    c.gpu.memoryGb = 80;
    c.gpu.memoryBandwidthGbs = 3350;
    c.gpu.bf16Tflops = 989;
    c.gpu.gpuLinkGbs = 900;
    c.chassis.gpuFabric = GpuFabric::NvSwitch;
    Parallelism plan;
    plan.tensor = 8;
    ServingStepModel model = *servingStepModel(w, c, plan);
    model.denseGemms = {};
    model.headGemm = {};
    int decode = 1;
    for (auto _ : state) {
        benchmark::DoNotOptimize(servingStepTimeS(model, 512, decode, 2048.0));
        decode = decode % 256 + 1;
    }
}
BENCHMARK(BM_ServingStepTimeFlatGemm);

} // namespace
