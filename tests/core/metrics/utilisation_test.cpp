// SPDX-License-Identifier: Apache-2.0
// Utilisation of a measured cluster (issue 19 item 3): statistics per GPU
// and host, idle GPUs, unused memory, XID errors and PSU headroom, on the
// dcgm-exporter fixtures and on synthetic series with known answers.
#include "core/metrics/utilisation.h"
#include "core/output/utilisation_report.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <random>

using namespace infrafit;

namespace {

std::size_t countCode(const Findings& findings, const std::string& code)
{
    return static_cast<std::size_t>(std::count_if(findings.begin(), findings.end(),
        [&](const Finding& f) { return f.code == code; }));
}

MetricsImport fixtureCluster()
{
    MetricsImporter importer;
    const std::string dir = std::string(INFRAFIT_FIXTURES_DIR) + "/metrics/";
    importer.addFile(dir + "dcgm-exporter-gpu-node-01.prom");
    importer.addFile(dir + "dcgm-exporter-gpu-node-02.prom");
    return importer.finish();
}

} // namespace

TEST_CASE("utilisation: nearest-rank p95 and counter resets", "[metrics]")
{
    // Nearest rank (NIST/SEMATECH e-Handbook §7.2.6.2): of 1..20 the 95th
    // percentile is the 19th value, ceil(0.95 × 20) = 19.
    std::vector<TimedValue> v;
    for (int i = 20; i >= 1; --i)
        v.push_back({static_cast<double>(i), static_cast<double>(i)});
    const auto s = seriesStats(v);
    REQUIRE(s);
    CHECK(s->p95 == 19);
    CHECK(s->mean == Approx(10.5).epsilon(1e-12));
    CHECK(s->min == 1);
    CHECK(s->max == 20);
    CHECK_FALSE(seriesStats({}));
    // Samples near the largest double: the mean is theirs, not an
    // overflowed sum printed as 0 (CLI probe W10).
    const auto huge = seriesStats({{0, 1e308}, {1, 1e308}, {2, 1e308}, {3, 1.5e308}, {4, -1e308}});
    REQUIRE(huge);
    CHECK(std::isfinite(huge->mean));
    CHECK(huge->mean == Approx(0.7e308).epsilon(1e-9)); // (1 + 1 + 1 + 1.5 - 1) / 5
    // 1 → 10 (+9), reset to 3 (+3 since 0), → 5 (+2): Prometheus' increase().
    CHECK(counterIncrease({{0, 1}, {1, 10}, {2, 3}, {3, 5}}) == 14);
    CHECK(counterIncrease({{0, 7}}) == 0);
}

TEST_CASE("utilisation: the fixture cluster's idle GPU and unused memory", "[metrics]")
{
    const auto metrics = fixtureCluster();
    const auto report = utilisationOf(metrics);
    REQUIRE(report.gpus.size() == 16);
    REQUIRE(report.hosts.size() == 2);
    // gpu-node-02's GPU 7 runs nothing; its GPU 6 holds 20,000 of 81,559 MiB.
    CHECK(countCode(report.findings, "utilisation.idle_gpu") == 1);
    CHECK(countCode(report.findings, "utilisation.memory_unused") == 2); // GPU 6 and idle GPU 7
    CHECK(countCode(report.findings, "utilisation.xid_errors") == 0);
    const auto idle = std::find_if(report.gpus.begin(), report.gpus.end(),
        [](const GpuUtilisation& g) { return g.idle; });
    REQUIRE(idle != report.gpus.end());
    CHECK(idle->host == "gpu-node-02");
    CHECK(idle->gpu == "7");
    REQUIRE(idle->memoryTotalBytes);
    CHECK(*idle->memoryTotalBytes == 81559.0 * 1024 * 1024);
    CHECK(report.hosts[1].idleGpus == 1);
    // A host's GPU power is the sum of its GPUs' at each scrape.
    const auto& host = report.hosts[0];
    REQUIRE(host.gpuPowerW);
    double sumOfMeans = 0;
    for (const auto& g : report.gpus)
        if (g.host == host.host)
            sumOfMeans += g.powerW->mean;
    CHECK(host.gpuPowerW->mean == Approx(sumOfMeans));

    // The JSON carries DESIGN.md's names; a metric without samples is null.
    const auto j = utilisationToJson(report, metrics);
    REQUIRE(j["gpus"].size() == 16);
    for (const auto& g : j["gpus"]) {
        CHECK(g["power_w"]["mean"].is_number());
        CHECK(g["power_w"]["p95"].is_number());
        CHECK(g["tensor_active"]["mean"].is_number());
        CHECK(g["tensor_active"]["mean"].get<double>() <= 1.0);
        CHECK(g["memory_used_bytes"]["max"].is_number());
        CHECK(g["sm_active"]["mean"].is_null()); // the default counters have no SM_ACTIVE
    }
    CHECK(j["import"]["unknown_metrics"].contains("DCGM_FI_DEV_MEM_CLOCK"));
    const auto text = utilisationToText(report, metrics);
    CHECK_THAT(text, Catch::Contains("16 GPUs on 2 hosts"));
    CHECK_THAT(text, Catch::Contains("utilisation.idle_gpu"));
}

TEST_CASE("utilisation: synthetic cluster with known power and activity", "[metrics]")
{
    // 4 hosts × 8 GPUs, 15 s scrapes for an hour; each GPU's true mean power
    // and tensor activity are set, samples carry ±10 % uniform noise.
    std::mt19937 rng(2026);
    std::uniform_real_distribution<double> noise(-0.1, 0.1);
    std::string text;
    std::vector<double> truePower;
    for (int h = 0; h < 4; ++h)
        for (int g = 0; g < 8; ++g)
            truePower.push_back(h == 3 && g == 0 ? 70.0 : 300.0 + 40.0 * g + 10.0 * h);
    for (int k = 0; k < 240; ++k)
        for (int h = 0; h < 4; ++h)
            for (int g = 0; g < 8; ++g) {
                const double p = truePower[static_cast<std::size_t>(h * 8 + g)];
                const double active = p < 100 ? 0.0 : 0.6;
                const std::string labels = "{gpu=\"" + std::to_string(g) + "\",hostname=\"h"
                    + std::to_string(h) + "\",modelName=\"NVIDIA H100 80GB HBM3\"}";
                const std::string t = " " + std::to_string(1764806400000LL + 15000LL * k);
                text += "DCGM_FI_DEV_POWER_USAGE" + labels + " "
                    + std::to_string(p * (1 + noise(rng))) + t + "\n";
                text += "DCGM_FI_PROF_SM_ACTIVE" + labels + " "
                    + std::to_string(active * (1 + noise(rng))) + t + "\n";
            }
    MetricsImporter importer;
    importer.addPrometheusText(text, "synthetic.prom");
    const auto metrics = importer.finish();
    REQUIRE(metrics.samples == 240 * 32 * 2);
    CHECK(metrics.timestamped);
    const auto report = utilisationOf(metrics, {}, HostCapacity {4 * 3300.0, 1500.0});
    REQUIRE(report.gpus.size() == 32);
    for (std::size_t i = 0; i < 32; ++i) {
        INFO(report.gpus[i].host << " GPU " << report.gpus[i].gpu);
        // The mean of 240 samples with ±10 % uniform noise: σ ≈ 0.37 %, 2 % is > 5σ.
        CHECK(report.gpus[i].powerW->mean == Approx(truePower[i]).epsilon(0.02));
        // Uniform ±10 %: the 95th percentile is near +9 %.
        CHECK(report.gpus[i].powerW->p95 == Approx(truePower[i] * 1.09).epsilon(0.02));
        CHECK(report.gpus[i].idle == (truePower[i] < 100));
    }
    CHECK(report.windowEndS - report.windowStartS == Approx(239 * 15.0));
    // Host 3 peaks near 8 × 440 W of GPUs + 1.5 kW, far under 13.2 kW usable.
    CHECK(countCode(report.findings, "utilisation.psu_headroom") == 4);
    REQUIRE(report.hosts[3].estimatedPeakW);
    CHECK(*report.hosts[3].estimatedPeakW < 0.5 * 4 * 3300.0);
    const auto none = utilisationOf(metrics, {}, HostCapacity {8 * 400.0, 1500.0});
    CHECK(countCode(none.findings, "utilisation.psu_headroom") == 0);
}

TEST_CASE("utilisation JSON: a host sum past the largest double is null, not 0 W", "[metrics]")
{
    // Two GPUs of one host at 1e308 W each (CLI probe W10): each GPU's
    // statistics are numbers, the host's sum is not one and says so.
    MetricsImporter importer;
    importer.addPrometheusText("DCGM_FI_DEV_POWER_USAGE{gpu=\"0\",Hostname=\"h\"} 1e308\n"
                               "DCGM_FI_DEV_POWER_USAGE{gpu=\"1\",Hostname=\"h\"} 1e308\n",
                               "huge.prom");
    const auto metrics = importer.finish();
    const auto j = utilisationToJson(utilisationOf(metrics), metrics);
    REQUIRE(j["gpus"].size() == 2);
    CHECK(j["gpus"][0]["power_w"]["mean"].get<double>() == Approx(1e308));
    REQUIRE(j["hosts"].size() == 1);
    CHECK(j["hosts"][0]["gpu_power_w"]["samples"] == 1);
    CHECK(j["hosts"][0]["gpu_power_w"]["mean"].is_null());
    CHECK(j["hosts"][0]["gpu_power_w"]["max"].is_null());
}
