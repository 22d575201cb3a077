// SPDX-License-Identifier: Apache-2.0
// Reading dcgm-exporter metrics (issue 19: one million samples under 2 s):
// a scrape in the exporter's label layout, 1,000,000 samples with
// millisecond timestamps, parsed from a stream and summarised.
#include "core/metrics/metrics_import.h"
#include "core/metrics/utilisation.h"

#include <benchmark/benchmark.h>

#include <sstream>
#include <string>

namespace {

const std::string& millionSampleScrape()
{
    static const std::string text = [] {
        std::string t;
        t.reserve(260u * 1'000'000u);
        const char* names[] = {"DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_PROF_PIPE_TENSOR_ACTIVE",
            "DCGM_FI_PROF_SM_ACTIVE", "DCGM_FI_DEV_FB_USED"};
        long long ms = 1764806400000LL;
        for (int k = 0; k < 1'000'000 / (4 * 64); ++k, ms += 15000)
            for (int host = 0; host < 8; ++host)
                for (int gpu = 0; gpu < 8; ++gpu)
                    for (const char* name : names) {
                        t += name;
                        t += "{gpu=\"" + std::to_string(gpu)
                            + "\",UUID=\"GPU-6a1b2c3d-1f2e-3d4c-5b6a-7f8e9d0c1b2a\","
                              "pci_bus_id=\"00000000:18:00.0\",device=\"nvidia"
                            + std::to_string(gpu)
                            + "\",modelName=\"NVIDIA H100 80GB HBM3\",hostname=\"gpu-node-"
                            + std::to_string(host) + "\",DCGM_FI_DRIVER_VERSION=\"550.90.07\"} "
                            + std::to_string(300 + gpu * 11 + k % 7) + " " + std::to_string(ms)
                            + "\n";
                    }
        return t;
    }();
    return text;
}

void BM_ImportMillionSamples(benchmark::State& state)
{
    const std::string& text = millionSampleScrape();
    for (auto _ : state) {
        std::istringstream in(text);
        infrafit::MetricsImporter importer;
        importer.addPrometheusText(in, "bench.prom");
        const auto metrics = importer.finish();
        const auto report = infrafit::utilisationOf(metrics);
        benchmark::DoNotOptimize(report.gpus.size());
        state.counters["samples"] = static_cast<double>(metrics.samples);
    }
    state.counters["MB"] = static_cast<double>(text.size()) / 1e6;
}
BENCHMARK(BM_ImportMillionSamples)->Unit(benchmark::kMillisecond)->Iterations(3);

} // namespace
