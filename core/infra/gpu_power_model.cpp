// SPDX-License-Identifier: Apache-2.0
#include "core/infra/gpu_power_model.h"

#include "core/parts/gpu_family.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace infrafit {
namespace {

double gpuPowerFinite(double v, double fallback)
{
    return std::isfinite(v) ? v : fallback;
}

// Power-versus-activity curves per family, fractions of tdp_w
// (docs/power-model.md §1 gives every figure with its source):
// - Hopper: idle ~70 W of 700 W (nvidia-smi on an idle H100 SXM); decode on
//   an H200 draws 137–300 W of 700 W (Ma, Afzal, Eitzinger, Wellein 2026,
//   "The Illusion of Power Capping in LLM Decode", abstract), 0.40 taken for
//   batched decode; GEMM-bound training phases near the limit: an 8×H100
//   HGX node peaked at 8.4 kW of a rated 10.2 kW with GPUs near full load
//   (Latif et al. 2024, arXiv 2412.08602, abstract), 0.93 of tdp_w per GPU
//   reproduces that with the node's other parts (docs/power-model.md §4).
//   Min limit 200 W (nvidia-smi -q "Min Power Limit" of H100 SXM5).
// - Ampere: A100 SXM idles ~50 W of 400 W; training and prefill near TDP,
//   token phase lower (Patel et al. 2023, POLCA, arXiv 2308.12908 §3);
//   min limit 100 W (nvidia-smi -q of A100 SXM4).
// - Blackwell: higher baseline draw than H100 (Shafique et al. 2025,
//   "System-level profiling of NVIDIA GPU clusters", abstract); estimate.
// - Communication share: collectives and bubbles draw well below compute
//   phases (Choukse et al. 2025, "Power stabilization for AI training
//   datacenters", arXiv 2508.14318 §2); 0.25–0.30 is an estimate.
// - Busy floor under a power limit (Ampere only): iteration times of
//   GPT-3 XL, BLOOM-3B, T5-3B and BERT-huge pipeline training on 4× A100
//   80GB PCIe at limits of 300 to 175 W (ml-energy/zeus, branch kronos,
//   sosp24_data/zeus/csv/A100/zeus_global.csv, the Perseus artifact of
//   Chung et al., SOSP 2024) fit a floor of 0.38 × tdp_w (mean |error| 2.7 %);
//   the A40 runs of the same artifact are its out-of-sample check
//   (docs/validation.md, "Power limit"). Other families keep the idle power.
constexpr std::array<GpuPowerCurve, 5> gpuPowerCurves {{
    {"hopper", 0.10, 0.25, 0.40, 0.93, 200.0 / 700.0,
        "Hopper: idle ~70 W/700 W; decode 137-300 W (Ma et al. 2026); node 8.4 kW of 10.2 kW "
        "in training (Latif et al. 2024)",
        0},
    {"ampere", 0.13, 0.30, 0.45, 0.95, 0.25,
        "Ampere: idle ~50 W/400 W; training near TDP, decode lower (Patel et al. 2023, POLCA §3); "
        "compute under a power limit: busy floor 0.38 of tdp_w fitted on measured A100 PCIe "
        "training (Perseus artifact, Chung et al. SOSP 2024)",
        0.38},
    {"blackwell", 0.14, 0.25, 0.40, 0.93, 0.30,
        "Blackwell: higher idle than Hopper (Shafique et al. 2025); otherwise as Hopper "
        "(estimate)",
        0},
    {"cdna", 0.15, 0.30, 0.45, 0.95, 0.30, "AMD CDNA: generic curve (estimate)", 0},
    {"generic", 0.15, 0.30, 0.45, 0.95, 0.30, "generic curve (estimate)", 0},
}};
static_assert(gpuPowerCurves[0].family == "hopper" && gpuPowerCurves[1].family == "ampere"
              && gpuPowerCurves[2].family == "blackwell" && gpuPowerCurves[3].family == "cdna"
              && gpuPowerCurves[4].family == "generic");

} // namespace

const GpuPowerCurve& gpuPowerCurve(const Gpu& gpu)
{
    // The family as the speed model reads it (gpuFamily()), so a GPU named
    // only "H100" without an architecture gets Hopper's speed and power.
    switch (gpuFamily(gpu)) {
    case GpuFamily::Hopper: return gpuPowerCurves[0];
    case GpuFamily::Ampere: return gpuPowerCurves[1];
    case GpuFamily::Blackwell: return gpuPowerCurves[2];
    case GpuFamily::AmdCdna: return gpuPowerCurves[3];
    case GpuFamily::Ada:
    case GpuFamily::Unknown: break;
    }
    return gpuPowerCurves.back();
}

double gpuMaxPowerLimitW(const Gpu& gpu)
{
    return std::max(0.0, gpuPowerFinite(gpu.tdpW, 0));
}

double gpuMinPowerLimitW(const Gpu& gpu)
{
    return gpuMaxPowerLimitW(gpu) * gpuPowerCurve(gpu).minLimitFraction;
}

double effectivePowerLimitW(const Gpu& gpu, std::optional<double> limitW)
{
    const double maxW = gpuMaxPowerLimitW(gpu);
    if (!limitW || !std::isfinite(*limitW))
        return maxW;
    return std::clamp(*limitW, gpuMinPowerLimitW(gpu), maxW);
}

double cappedClockFraction(double limitW, double phaseW, double idleW)
{
    // Weste & Harris §5.1: P_dyn = α·C·V²·f; with V following f in the DVFS
    // range, P − P_idle ≈ k·f² (docs/power-model.md §2).
    if (!std::isfinite(limitW) || !std::isfinite(phaseW) || !std::isfinite(idleW))
        return 1.0;
    if (limitW >= phaseW || phaseW <= idleW)
        return 1.0;
    const double ratio = std::max(0.0, limitW - idleW) / (phaseW - idleW);
    // A limit at or below idle would stop the clock; the driver's minimum
    // limit keeps it above that, and the floor keeps times finite.
    return std::clamp(std::sqrt(ratio), 0.05, 1.0);
}

double computeThroughputUnderLimit(const Gpu& gpu, std::optional<double> limitW)
{
    const double tdp = gpuMaxPowerLimitW(gpu);
    const auto& c = gpuPowerCurve(gpu);
    const double floorW = std::max(c.idleFraction, c.computeFloorFraction) * tdp;
    return cappedClockFraction(
        effectivePowerLimitW(gpu, limitW), c.computeBoundFraction * tdp, floorW);
}

double memoryThroughputUnderLimit(const Gpu& gpu, std::optional<double> limitW)
{
    const double tdp = gpuMaxPowerLimitW(gpu);
    const auto& c = gpuPowerCurve(gpu);
    return cappedClockFraction(
        effectivePowerLimitW(gpu, limitW), c.memoryBoundFraction * tdp, c.idleFraction * tdp);
}

GpuActivity normalisedActivity(GpuActivity a)
{
    const auto part = [](double v) { return std::isfinite(v) && v > 0 ? v : 0.0; };
    a.computeBound = part(a.computeBound);
    a.memoryBound = part(a.memoryBound);
    a.communication = part(a.communication);
    a.idle = part(a.idle);
    const double sum = a.computeBound + a.memoryBound + a.communication + a.idle;
    if (!(sum > 0) || !std::isfinite(sum)) {
        a.computeBound = a.memoryBound = a.communication = 0;
        a.idle = 1;
        return a;
    }
    a.computeBound /= sum;
    a.memoryBound /= sum;
    a.communication /= sum;
    a.idle /= sum;
    return a;
}

double gpuIdleW(const Gpu& gpu, std::optional<double> limitW, const GpuPowerCalibration* fit)
{
    return std::min(gpuStatePowerW(gpu, fit).idle, effectivePowerLimitW(gpu, limitW));
}

double computePowerShare(double intensity)
{
    // AccelWattch §3 (linear activity model): a constant part plus a part
    // proportional to tensor-pipe activity; the constant fitted
    // (docs/power-model.md §1, docs/validation.md "Power").
    const double e = std::clamp(std::isfinite(intensity) ? intensity : 1.0, 0.0, 1.0);
    return gpuComputeFloorShare + (1 - gpuComputeFloorShare) * e;
}

GpuStatePowerW gpuStatePowerW(const Gpu& gpu, const GpuPowerCalibration* fit)
{
    const double tdp = gpuMaxPowerLimitW(gpu);
    const auto& c = gpuPowerCurve(gpu);
    GpuStatePowerW w {c.idleFraction * tdp, c.communicationFraction * tdp,
                      c.memoryBoundFraction * tdp, c.computeBoundFraction * tdp};
    if (!fit || !fit->usable())
        return w;
    // docs/power-model.md §8: the fit measures the two ends of the curve
    // (its priors are exactly c.idle and c.computeBound × tdp_w); the
    // states between keep their published share of the way from one to
    // the other: P = idle' + (f − f_idle)/(f_compute − f_idle) · (full' − idle').
    const double span = c.computeBoundFraction - c.idleFraction;
    const auto between = [&](double fraction) {
        const double share = span > 0 ? (fraction - c.idleFraction) / span : 0;
        return fit->idleW + share * (fit->fullW - fit->idleW);
    };
    w = {fit->idleW, between(c.communicationFraction), between(c.memoryBoundFraction), fit->fullW};
    return w;
}

double gpuAverageW(const Gpu& gpu, std::optional<double> limitW, const GpuActivity& activity,
    const GpuPowerCalibration* fit)
{
    // Time-weighted mean of the state powers, each clipped at the limit
    // (the power controller holds the board at the limit; docs/power-model.md §3).
    const double limit = effectivePowerLimitW(gpu, limitW);
    const GpuStatePowerW s = gpuStatePowerW(gpu, fit);
    const GpuActivity a = normalisedActivity(activity);
    const auto at = [&](double watts) { return std::min(watts, limit); };
    const double computeW
        = s.idle + (s.computeBound - s.idle) * computePowerShare(a.computeIntensity);
    return a.computeBound * at(computeW) + a.memoryBound * at(s.memoryBound)
        + a.communication * at(s.communication) + a.idle * at(s.idle);
}

} // namespace infrafit
