// SPDX-License-Identifier: Apache-2.0
// Serving step speed (issue 16): the request-level simulator times every
// engine step with servingStepTimeS, so one step must cost well under a
// microsecond; one whole inference analysis stays under 5 µs.
#include "core/analysis/serving_step.h"
#include "core/io/model_presets.h"

#include <benchmark/benchmark.h>

using namespace infrafit;

namespace {

/// Llama 3.1 70B on an 8-GPU H100-class node, tensor 8.
ServingStepModel llama70bTp8()
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
    return *servingStepModel(w, c, plan);
}

/// A 512-token prefill chunk with 1 to 256 decoders, round robin.
void timeSteps(benchmark::State& state, const ServingStepModel& model)
{
    int decode = 1;
    for (auto _ : state) {
        benchmark::DoNotOptimize(servingStepTimeS(model, 512, decode, 2048.0));
        decode = decode % 256 + 1;
    }
}

void BM_ServingStepTime(benchmark::State& state)
{
    timeSteps(state, llama70bTp8());
}
BENCHMARK(BM_ServingStepTime);

// The same step with the GEMMs at the flat plateau (no shape table): what
// the per-step shape evaluation costs.
void BM_ServingStepTimeFlatGemm(benchmark::State& state)
{
    ServingStepModel model = llama70bTp8();
    model.denseGemms = {};
    model.headGemm = {};
    timeSteps(state, model);
}
BENCHMARK(BM_ServingStepTimeFlatGemm);

} // namespace
