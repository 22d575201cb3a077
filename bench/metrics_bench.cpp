// SPDX-License-Identifier: Apache-2.0
// Reading dcgm-exporter metrics (issue 19: one million samples under 2 s):
// a scrape in the exporter's label layout, 1,000,000 samples with
// millisecond timestamps, parsed from a stream and summarised.
#include "core/metrics/metrics_import.h"
#include "core/metrics/utilisation.h"

#include <benchmark/benchmark.h>

#include <sys/resource.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
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

namespace {

/// Issue 19's 1 GB malformed scrape: the damaged fixture
/// (tests/fixtures/metrics/malformed.prom: truncated lines, unknown
/// metrics, counter resets, missing labels, NaN samples) repeated to
/// 1 GB in a temporary file, then read from disk. Reports the time, the
/// notes kept (capped at 200, the rest counted) and the peak resident
/// memory, which shows the file is streamed, not held. A bench, not a
/// test: writing and reading 1 GB takes tens of seconds on the 2-core CI
/// machine, longer under the sanitizers.
void BM_ImportMalformedGigabyte(benchmark::State& state)
{
    std::ifstream fixture(std::string(INFRAFIT_BENCH_SOURCE_DIR)
        + "/tests/fixtures/metrics/malformed.prom");
    const std::string block((std::istreambuf_iterator<char>(fixture)), std::istreambuf_iterator<char>());
    if (block.empty()) {
        state.SkipWithError("malformed.prom not found");
        return;
    }
    const auto path = std::filesystem::temp_directory_path()
        / ("infrafit-bench-malformed-" + std::to_string(::getpid()) + ".prom");
    const std::uintmax_t target = 1'000'000'000u;
    {
        std::ofstream out(path, std::ios::binary);
        std::string chunk;
        while (chunk.size() < 8'000'000u)
            chunk += block;
        for (std::uintmax_t written = 0; written < target; written += chunk.size())
            out.write(chunk.data(), static_cast<std::streamsize>(chunk.size()));
    }
    for (auto _ : state) {
        infrafit::MetricsImporter importer;
        importer.addFile(path.string());
        const auto metrics = importer.finish();
        benchmark::DoNotOptimize(metrics.gpus.size());
        state.counters["samples"] = static_cast<double>(metrics.samples);
        state.counters["skipped"] = static_cast<double>(metrics.skippedSamples);
        state.counters["notes_kept"] = static_cast<double>(metrics.notes.size());
        state.counters["notes_left_off"] = static_cast<double>(metrics.notesLeftOff);
    }
    state.counters["MB"] = static_cast<double>(std::filesystem::file_size(path)) / 1e6;
    rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    state.counters["peak_rss_MB"] = static_cast<double>(usage.ru_maxrss) / 1024.0;
    std::filesystem::remove(path);
}
BENCHMARK(BM_ImportMalformedGigabyte)->Unit(benchmark::kMillisecond)->Iterations(1);

} // namespace
