// SPDX-License-Identifier: Apache-2.0
// Serving simulator speed (issue 17 target): 10,000 requests on one replica
// in under 20 ms on one core, so the capacity search fits inside the
// recommendation search.
#include "core/serving/capacity.h"
#include "core/serving/replica_simulator.h"

#include <benchmark/benchmark.h>

using namespace infrafit;

namespace {

/// A chat-like replica: Llama-3.1-8B-sized step law on one H100-class GPU
/// (8 ms of weight reads per step, 70 µs per prefill token, 3 µs per
/// decoding sequence), 2,048-token prompts (mean; p90 4,000) and 256-token
/// answers (mean; p90 500), at 70 % of the replica's saturated throughput.
ServingScenario chatScenario(int requests)
{
    ServingScenario s;
    s.engine.kvCapacityTokens = 450'000;
    s.engine.maxBatch = 256;
    s.engine.stepTokenBudget = 2048;
    LengthDistribution prompt;
    prompt.meanTokens = 2048;
    prompt.p90Tokens = 4000;
    LengthDistribution output;
    output.meanTokens = 256;
    output.p90Tokens = 500;
    s.prompts = LengthSampler(prompt, 1);
    s.outputs = LengthSampler(output, 1);
    s.sla = {2000, 100, 99};
    s.requests = requests;
    return s;
}

const FunctionStepTime chatStep([](int prefill, int decode, double context) {
    return 0.008 + 70e-6 * prefill + 3e-6 * decode + 1e-9 * decode * context;
});

void BM_SimulateReplica(benchmark::State& state)
{
    const ServingScenario s = chatScenario(static_cast<int>(state.range(0)));
    const double saturated = simulateAtRate(s, chatStep, 0.0).throughputRequestsPerS;
    const auto requests = makeRequests(s.prompts, s.outputs, s.arrival, s.arrivalCv,
                                       0.7 * saturated, s.requests, s.seed);
    long long steps = 0;
    for (auto _ : state) {
        const SimulationResult r = simulateReplica(s.engine, chatStep, requests);
        steps = r.steps;
        benchmark::DoNotOptimize(r.ttftS.p99);
    }
    state.counters["steps"] = static_cast<double>(steps);
    state.counters["requests_per_s"] =
        benchmark::Counter(static_cast<double>(state.range(0)), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_SimulateReplica)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);

void BM_FindCapacity(benchmark::State& state)
{
    const ServingScenario s = chatScenario(2000);
    for (auto _ : state)
        benchmark::DoNotOptimize(findCapacity(s, chatStep).maxRatePerS);
}
BENCHMARK(BM_FindCapacity)->Unit(benchmark::kMillisecond);

} // namespace
