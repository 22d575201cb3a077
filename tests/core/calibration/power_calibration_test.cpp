// SPDX-License-Identifier: Apache-2.0
// The calibration profile's GPU power fit in the power model (issue 19
// item 2, docs/power-model.md §8): a calibrated project's idle and average
// power follow the fitted curve, and its analysis, BOM and recommendation
// name the profile and the fit error in their assumptions.
#include "core/bom/bom_test_support.h"
#include "core/search/search_test_support.h"

#include "core/infra/gpu_power_model.h"
#include "core/pipeline/analyze_project.h"
#include "core/project/resolve_configuration.h"
#include "core/project/calibration_profile.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace infrafit;
using namespace infrafit::test;

namespace {

/// A profile whose H100 power fit lies well above the Hopper curve's ends
/// (70 W idle, 651 W full of 700 W), as a hot, busy cluster might show.
CalibrationProfile hotProfile(const std::string& gpuId)
{
    CalibrationProfile p;
    p.name = "prod-h100";
    p.date = "2026-12-05";
    p.runs = 0;
    p.power.push_back({"NVIDIA H100 80GB HBM3", gpuId, 140, 690, 70, 651, 18.5, 4096, 700, 35, ""});
    return p;
}

bool namesProfile(const Assumptions& assumptions, std::string_view key)
{
    return std::any_of(assumptions.begin(), assumptions.end(), [&](const Assumption& a) {
        return a.key == key && a.source.find("calibration profile 'prod-h100' power fit") != std::string::npos
            && a.source.find("RMS error 18.5 W over 4096 samples") != std::string::npos;
    });
}

double assumed(const Assumptions& assumptions, std::string_view key)
{
    for (const auto& a : assumptions)
        if (a.key == key)
            return a.value;
    return -1;
}

} // namespace

TEST_CASE("power model: a fit replaces the curve's ends, the states between keep their place",
    "[calibration][power]")
{
    const Gpu gpu = resolveConfiguration(bomExampleProject(), 0, PartLookup {}).gpu;
    GpuPowerCalibration fit {"p", gpu.id, 140, 690, 18.5, 4096, ""};
    const auto published = gpuStatePowerW(gpu);
    const auto fitted = gpuStatePowerW(gpu, &fit);
    CHECK(published.idle == Approx(70));
    CHECK(published.computeBound == Approx(651));
    CHECK(fitted.idle == Approx(140));
    CHECK(fitted.computeBound == Approx(690));
    // Hopper memory-bound 0.40 of 700 W = 280 W lies (280 − 70)/(651 − 70)
    // = 0.3614 of the way from idle to full; the fit keeps that share:
    // 140 + 0.3614 × 550 = 338.8 W.
    CHECK(fitted.memoryBound == Approx(140 + (280.0 - 70) / (651 - 70) * 550).epsilon(1e-9));
    CHECK(fitted.memoryBound == Approx(338.8).epsilon(0.001));
    // Average of a half-idle, half-full-GEMM split: (140 + 690)/2 = 415 W.
    GpuActivity half;
    half.computeBound = 0.5;
    half.idle = 0.5;
    CHECK(gpuAverageW(gpu, std::nullopt, half, &fit) == Approx(415));
    CHECK(gpuAverageW(gpu, std::nullopt, half) == Approx((70 + 651) / 2.0));
    // A limit still clips each state.
    CHECK(gpuAverageW(gpu, 400.0, half, &fit) == Approx((140 + 400) / 2.0));
    CHECK(gpuIdleW(gpu, std::nullopt, &fit) == Approx(140));
    // An unusable fit (idle above full) leaves the published curve.
    GpuPowerCalibration bad {"p", gpu.id, 700, 100, 0, 0, ""};
    CHECK(gpuStatePowerW(gpu, &bad).idle == Approx(70));
}

TEST_CASE("calibrated project: the analysis uses the power fit and names the profile and its error",
    "[calibration][power]")
{
    Project plain = bomExampleProject();
    Project calibrated = plain;
    calibrated.calibration = hotProfile("ex-h100-sxm");
    applyCalibrationProfile(calibrated);
    REQUIRE(calibrated.workloads[0].powerCalibration.size() == 1);
    const auto before = analyzeProject(plain, PartLookup {}, "llama-8b-pretrain", "4x HGX H100");
    const auto after = analyzeProject(calibrated, PartLookup {}, "llama-8b-pretrain", "4x HGX H100");
    REQUIRE(before.size() == 1);
    REQUIRE(after.size() == 1);
    REQUIRE(before[0].infrastructure);
    REQUIRE(after[0].infrastructure);
    const auto& p0 = before[0].infrastructure->power.node;
    const auto& p1 = after[0].infrastructure->power.node;
    const double gpus = 8;
    // Idle follows the fit exactly; average rises with it; the rated
    // maximum (sizing) is the tdp_w in both.
    CHECK(p0.gpus.idleW == Approx(gpus * 70));
    CHECK(p1.gpus.idleW == Approx(gpus * 140));
    CHECK(p1.gpus.typicalW > p0.gpus.typicalW);
    const Gpu gpu = resolveConfiguration(plain, 0, PartLookup {}).gpu; // "4x HGX H100"
    CHECK(p1.gpus.typicalW
        == Approx(gpus * gpuAverageW(gpu, std::nullopt, p1.gpuActivity,
                             &calibrated.workloads[0].powerCalibration[0])));
    CHECK(p1.gpus.maxW == Approx(p0.gpus.maxW));
    // The assumptions carry the fitted fractions, the profile and the error.
    const auto& a = after[0].infrastructure->assumptions;
    CHECK(namesProfile(a, "gpu_idle_fraction"));
    CHECK(namesProfile(a, "gpu_compute_bound_fraction"));
    CHECK(namesProfile(a, "gpu_power_fit_rms_error_w"));
    CHECK(assumed(a, "gpu_idle_fraction") == Approx(140.0 / 700));
    CHECK(assumed(a, "gpu_compute_bound_fraction") == Approx(690.0 / 700));
    CHECK(assumed(a, "gpu_power_fit_rms_error_w") == Approx(18.5));
    CHECK_FALSE(namesProfile(before[0].infrastructure->assumptions, "gpu_idle_fraction"));
    CHECK(std::any_of(after[0].findings.begin(), after[0].findings.end(),
        [](const Finding& f) { return f.code == "calibration.power"; }));
    // A fit for another GPU leaves this one on the published curve.
    calibrated.calibration = hotProfile("some-other-gpu");
    applyCalibrationProfile(calibrated);
    const auto other = analyzeProject(calibrated, PartLookup {}, "llama-8b-pretrain", "4x HGX H100");
    CHECK(other[0].infrastructure->power.node.gpus.idleW == Approx(gpus * 70));
}

TEST_CASE("calibrated project: the BOM names the power profile and prices its energy",
    "[calibration][power]")
{
    Project calibrated = bomExampleProject();
    calibrated.calibration = hotProfile("ex-h100-sxm");
    applyCalibrationProfile(calibrated);
    const auto plain = bomExample();
    const auto bom = buildProjectBom(
        calibrated, PartLookup {}, "4x HGX H100", "llama-8b-pretrain", goldenContext());
    CHECK(namesProfile(bom.summary.assumptions, "gpu_idle_fraction"));
    CHECK(namesProfile(bom.summary.assumptions, "gpu_power_fit_rms_error_w"));
    CHECK_FALSE(namesProfile(plain.summary.assumptions, "gpu_idle_fraction"));
}

TEST_CASE("calibrated project: the recommendation uses the power fit for that GPU",
    "[calibration][power][search]")
{
    RecommendRequest r = testing::twoNodeFineTuneRequest();
    const auto plain = recommend(r);
    r.workload.powerCalibration.push_back(
        {"prod-h100", "nvidia-h100-sxm5-80gb", 200, 700, 18.5, 4096, ""});
    const auto calibrated = recommend(r);
    const auto typicalOf = [](const Recommendation& rec, const std::string& name) {
        for (const auto& c : rec.candidates)
            if (c.config.config.name == name && c.analysis.infrastructure)
                return c.analysis.infrastructure->power.node.gpus.typicalW;
        return -1.0;
    };
    int h100 = 0;
    for (const auto& c : calibrated.candidates) {
        INFO(c.config.config.name);
        REQUIRE(c.analysis.infrastructure);
        const auto& a = c.analysis.infrastructure->assumptions;
        if (c.config.gpu.id == "nvidia-h100-sxm5-80gb") {
            ++h100;
            CHECK(namesProfile(a, "gpu_idle_fraction"));
            const double before = typicalOf(plain, c.config.config.name);
            if (before > 0)
                CHECK(c.analysis.infrastructure->power.node.gpus.typicalW > before);
        } else {
            CHECK_FALSE(namesProfile(a, "gpu_idle_fraction"));
        }
    }
    CHECK(h100 > 0);
}
