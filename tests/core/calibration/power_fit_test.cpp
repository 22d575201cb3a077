// SPDX-License-Identifier: Apache-2.0
// GPU power fitted to dcgm-exporter samples (issue 19 item 2) on a
// synthetic cluster whose true power curve is set: scrapes generated from
// that curve with noise, read by the importer, must give it back within
// 3 %; with few samples the published curve (the prior) holds the fit.
#include "core/bom/bom_test_support.h"

#include "core/calibration/power_fit.h"
#include "core/infra/gpu_power_model.h"
#include "core/project/resolve_configuration.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <random>
#include <sstream>

using namespace infrafit;
using namespace infrafit::test;

namespace {

/// `scrapes` dcgm-exporter scrapes (Prometheus text, with millisecond time
/// stamps 15 s apart) of `hosts` hosts × 8 GPUs whose power is
/// idle + (full − idle) · tensor activity, × (1 + noise).
std::string syntheticScrapes(int scrapes, int hosts, double idleW, double fullW, double noise,
    unsigned seed)
{
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> activity(0.0, 0.9);
    std::normal_distribution<double> scatter(0.0, noise);
    std::ostringstream out;
    out << "# HELP DCGM_FI_DEV_POWER_USAGE Power draw (in W).\n"
           "# TYPE DCGM_FI_DEV_POWER_USAGE gauge\n";
    for (int s = 0; s < scrapes; ++s) {
        const long long ms = 1764900000000LL + 15000LL * s;
        for (int h = 0; h < hosts; ++h)
            for (int g = 0; g < 8; ++g) {
                const std::string labels = "{gpu=\"" + std::to_string(g) + "\",UUID=\"GPU-" + std::to_string(h)
                    + "-" + std::to_string(g) + "\",modelName=\"NVIDIA H100 80GB HBM3\",Hostname=\"node-"
                    + std::to_string(h) + "\"}";
                const double a = activity(rng);
                const double p = (idleW + (fullW - idleW) * a) * (1 + scatter(rng));
                out << "DCGM_FI_PROF_PIPE_TENSOR_ACTIVE" << labels << " " << a << " " << ms << "\n";
                out << "DCGM_FI_DEV_POWER_USAGE" << labels << " " << p << " " << ms << "\n";
            }
    }
    return out.str();
}

Gpu exampleH100()
{
    const Project project = bomExampleProject();
    return resolveConfiguration(project, 0, PartLookup {}).gpu;
}

} // namespace

TEST_CASE("power fit: synthetic scrapes give back the true power curve within 3 %", "[calibration]")
{
    // True curve away from the Hopper prior (70 W idle, 651 W full of 700 W).
    const double idle = 95, full = 590;
    MetricsImporter importer;
    importer.addPrometheusText(syntheticScrapes(60, 2, idle, full, 0.03, 11), "synthetic.prom");
    const auto metrics = importer.finish();
    REQUIRE(metrics.gpus.size() == 16u);
    const auto result = calibratePower(metrics, {exampleH100()});
    REQUIRE(result.power.size() == 1);
    const auto& fit = result.power[0];
    CHECK(fit.model == "NVIDIA H100 80GB HBM3");
    CHECK(fit.gpuId == "ex-h100-sxm");
    CHECK(fit.samples == 60 * 16);
    CHECK(fit.priorIdleW == Approx(70));
    CHECK(fit.priorFullW == Approx(651));
    CHECK(fit.idleW == Approx(idle).epsilon(0.03));
    CHECK(fit.fullW == Approx(full).epsilon(0.03));
    // The scatter left is the noise put in (3 % of ~340 W on average).
    CHECK(fit.rmsErrorW < 20);
    // Node figures: 8 GPUs, each between idle and full.
    REQUIRE(result.nodeGpuIdleW);
    REQUIRE(result.nodeGpuTypicalW);
    CHECK(*result.nodeGpuIdleW < *result.nodeGpuTypicalW);
    CHECK(*result.nodeGpuTypicalW == Approx(8 * (idle + (full - idle) * 0.45)).epsilon(0.05));
}

TEST_CASE("power fit: the published curve holds the fit when samples are few", "[calibration]")
{
    const Gpu gpu = exampleH100();
    // Without samples: the prior itself.
    const auto none = fitGpuPower({}, gpu);
    CHECK(none.idleW == Approx(none.priorIdleW));
    CHECK(none.fullW == Approx(none.priorFullW));
    // One sample at full activity 100 W below the prior moves the full
    // power part of the way only: weights 1/(0.05·700)² for the sample and
    // 1/(0.25·651)² for the prior give a share of 0.956 of the gap. (Below:
    // 100 W above would pass the 700 W tdp_w, where the bound holds it.)
    const auto one = fitGpuPower({{1.0, none.priorFullW - 100}}, gpu);
    CHECK(one.fullW == Approx(none.priorFullW - 100 * 0.956).epsilon(0.002));
    CHECK(one.bound.empty());
    CHECK(one.idleW == Approx(none.priorIdleW));
    // Samples that are not numbers or out of range are left out.
    const auto bad = fitGpuPower({{std::nan(""), 300}, {2.0, 300}, {0.5, -1}}, gpu);
    CHECK(bad.samples == 0);
    CHECK(std::isfinite(bad.idleW));
}

TEST_CASE("power fit: metric model names find the project's GPU", "[calibration]")
{
    Gpu h100;
    h100.id = "h100";
    h100.vendor = "NVIDIA";
    h100.model = "H100 SXM5 80GB";
    Gpu a100;
    a100.id = "a100";
    a100.vendor = "NVIDIA";
    a100.model = "A100 SXM4 80GB";
    CHECK(gpuForModelName("NVIDIA H100 80GB HBM3", {a100, h100})->id == "h100");
    CHECK(gpuForModelName("NVIDIA A100-SXM4-80GB", {a100, h100})->id == "a100");
    CHECK_FALSE(gpuForModelName("AMD Instinct MI300X", {a100, h100}));
    CHECK(gpuForModelName("anything", {h100})->id == "h100");
}

TEST_CASE("power fit: a least-squares line above the rated maximum is held at it", "[calibration]")
{
    // Samples from a line whose full-activity end (1,000 W) lies above the
    // H100's 700 W tdp_w: many of them, so the prior cannot pull it back.
    // The unbounded fit would follow them to ~1,000 W; the board cannot
    // draw that (NVML holds it at its limit), so the fit stops at 700 W.
    const Gpu gpu = exampleH100();
    REQUIRE(gpuMaxPowerLimitW(gpu) == Approx(700));
    std::vector<std::pair<double, double>> samples;
    for (int i = 0; i <= 200; ++i) {
        const double a = i / 200.0;
        samples.emplace_back(a, 100 + 900 * a);
    }
    const auto fit = fitGpuPower(samples, gpu);
    CHECK(fit.maxW == Approx(700));
    CHECK(fit.fullW <= 700 + 1e-9);
    CHECK(fit.fullW == Approx(700));
    CHECK(fit.bound == "max");
    CHECK(fit.idleW >= fit.idleFloorW);
    CHECK(fit.idleW < fit.fullW);
    // The idle end moves up to keep the line near the samples it can reach.
    CHECK(fit.idleW > 100);

    // A configured power limit bounds it lower still.
    const auto limited = fitGpuPower(samples, gpu, {}, 500.0);
    CHECK(limited.maxW == Approx(500));
    CHECK(limited.fullW == Approx(500));
    CHECK(limited.bound == "max");

    // Samples inside the physical range fit freely: no bound named.
    std::vector<std::pair<double, double>> inside;
    for (int i = 0; i <= 200; ++i)
        inside.emplace_back(i / 200.0, 90 + 500 * (i / 200.0));
    const auto free = fitGpuPower(inside, gpu);
    CHECK(free.bound.empty());
    CHECK(free.fullW == Approx(590).epsilon(0.01));
}

TEST_CASE("power fit: idle below the floor and a falling line are held too", "[calibration]")
{
    const Gpu gpu = exampleH100();
    // Floor: half the Hopper idle share (0.10 × 700 W) = 35 W.
    CHECK(gpuIdleFloorW(gpu) == Approx(35));
    std::vector<std::pair<double, double>> low, falling;
    for (int i = 0; i <= 200; ++i) {
        const double a = i / 200.0;
        low.emplace_back(a, 0 + 600 * a);      // zero watts at zero activity
        falling.emplace_back(a, 400 - 200 * a); // less power at more activity
    }
    const auto atFloor = fitGpuPower(low, gpu);
    CHECK(atFloor.idleW == Approx(35));
    CHECK(atFloor.bound == "idle_floor");
    const auto flat = fitGpuPower(falling, gpu);
    CHECK(flat.bound == "flat");
    CHECK(flat.fullW == Approx(flat.idleW));
    CHECK(flat.idleW == Approx(300).epsilon(0.03)); // about the samples' mean
}

TEST_CASE("power fit: configurations give each GPU its power limit", "[calibration]")
{
    const Project project = bomExampleProject();
    auto a = resolveConfiguration(project, 0, PartLookup {});
    auto b = a;
    a.config.gpuPowerLimitW = 500;
    b.config.gpuPowerLimitW = 600;
    CHECK(gpuPowerLimitsOf({a, b}).at(a.gpu.id) == Approx(600));
    // One configuration without a limit: the rated maximum bounds the fit.
    b.config.gpuPowerLimitW.reset();
    CHECK(gpuPowerLimitsOf({a, b}).empty());
}

TEST_CASE("power fit: the fixture cluster's fit stays inside the board's range", "[calibration]")
{
    MetricsImporter importer;
    importer.addFile(std::string(INFRAFIT_FIXTURES_DIR) + "/metrics/dcgm-exporter-gpu-node-01.prom");
    importer.addFile(std::string(INFRAFIT_FIXTURES_DIR) + "/metrics/dcgm-exporter-gpu-node-02.prom");
    const auto result = calibratePower(importer.finish(), {exampleH100()});
    REQUIRE(result.power.size() == 1);
    const auto& fit = result.power[0];
    CHECK(fit.fullW <= 700 + 1e-9);
    CHECK(fit.idleW >= fit.idleFloorW);
    CHECK(fit.idleW <= fit.fullW);
}

TEST_CASE("power fit: one scrape moves the published curve, ten pin the true one down",
    "[calibration]")
{
    // True curve away from the Hopper prior (70 W / 651 W): 110 W / 560 W.
    const double idle = 110, full = 560;
    const auto fitOf = [&](int scrapes, int hosts) {
        MetricsImporter importer;
        importer.addPrometheusText(syntheticScrapes(scrapes, hosts, idle, full, 0.03, 5), "s.prom");
        const auto result = calibratePower(importer.finish(), {exampleH100()});
        REQUIRE(result.power.size() == 1);
        return result.power[0];
    };
    // One scrape of two hosts (16 samples) already moves both ends a good
    // part of the way: the idle prior is the tighter (25 % of 70 W against
    // a 35 W sample scatter), so it moves less.
    const auto one = fitOf(1, 2);
    CHECK(std::fabs(one.idleW - idle) < 0.75 * std::fabs(one.priorIdleW - idle));
    CHECK(std::fabs(one.fullW - full) < 0.5 * std::fabs(one.priorFullW - full));
    // Ten scrapes of eight hosts (640 samples) pin it within 3 %.
    const auto ten = fitOf(10, 8);
    CHECK(ten.samples == 640);
    CHECK(ten.idleW == Approx(idle).epsilon(0.03));
    CHECK(ten.fullW == Approx(full).epsilon(0.03));
    CHECK(ten.bound.empty());
}
