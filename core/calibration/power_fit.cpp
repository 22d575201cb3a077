// SPDX-License-Identifier: Apache-2.0
#include "core/calibration/power_fit.h"

#include "core/infra/gpu_power_model.h"
#include "core/metrics/utilisation.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <set>

namespace infrafit {
namespace {

std::vector<std::string> powerFitWords(const std::string& text)
{
    std::vector<std::string> words;
    std::string word;
    for (char c : text + " ") {
        if (std::isalnum(static_cast<unsigned char>(c))) {
            word += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        } else if (!word.empty()) {
            if (word.size() >= 2 && word != "nvidia" && word != "amd")
                words.push_back(word);
            word.clear();
        }
    }
    return words;
}

} // namespace

double gpuIdleFloorW(const Gpu& gpu)
{
    // docs/power-model.md §8: half the published idle power (estimate).
    return 0.5 * gpuPowerCurve(gpu).idleFraction * gpuMaxPowerLimitW(gpu);
}

namespace {

/// The penalised least-squares objective in (idle, full), up to a
/// constant: xᵀMx − 2rᵀx with M = [[m00, m01], [m01, m11]].
struct PowerObjective {
    double m00 = 0, m01 = 0, m11 = 0, r0 = 0, r1 = 0;
    [[nodiscard]] double at(double idle, double full) const
    {
        return m00 * idle * idle + 2 * m01 * idle * full + m11 * full * full - 2 * r0 * idle
            - 2 * r1 * full;
    }
};

bool usableSample(double a, double p)
{
    return std::isfinite(a) && std::isfinite(p) && a >= 0 && a <= 1 && p >= 0;
}

/// Minimum of the convex quadratic over floor ≤ idle ≤ full ≤ cap: the
/// free optimum when it is inside, else the best point of the three edges
/// (idle = floor, full = cap, idle = full), each a one-dimensional convex
/// quadratic minimised and clamped to its segment. Returns the point and
/// which bound holds it.
struct BoundedPower {
    double idle = 0;
    double full = 0;
    std::string bound;
};
BoundedPower minimiseInside(const PowerObjective& o, double freeIdle, double freeFull,
    double floorW, double capW)
{
    const double slack = 1e-9 * std::max(1.0, capW);
    if (freeIdle >= floorW - slack && freeFull <= capW + slack && freeIdle <= freeFull + slack)
        return {freeIdle, freeFull, ""};
    const auto clampTo = [](double v, double lo, double hi) { return std::clamp(v, lo, std::max(lo, hi)); };
    const auto solve = [](double numerator, double denominator, double fallback) {
        return denominator > 0 && std::isfinite(numerator / denominator) ? numerator / denominator
                                                                         : fallback;
    };
    std::vector<BoundedPower> candidates;
    // idle = floorW, full in [floorW, capW].
    candidates.push_back({floorW, clampTo(solve(o.r1 - o.m01 * floorW, o.m11, capW), floorW, capW), "idle_floor"});
    // full = capW, idle in [floorW, capW].
    candidates.push_back({clampTo(solve(o.r0 - o.m01 * capW, o.m00, floorW), floorW, capW), capW, "max"});
    // idle = full = x in [floorW, capW].
    const double x = clampTo(solve(o.r0 + o.r1, o.m00 + 2 * o.m01 + o.m11, floorW), floorW, capW);
    candidates.push_back({x, x, "flat"});
    auto best = std::min_element(candidates.begin(), candidates.end(),
        [&](const BoundedPower& a, const BoundedPower& b) { return o.at(a.idle, a.full) < o.at(b.idle, b.full); });
    BoundedPower out = *best;
    // Name every bound the chosen point sits on (a corner holds two).
    std::string bound;
    const auto note = [&](bool on, const char* name) {
        if (on)
            bound += (bound.empty() ? "" : "+") + std::string(name);
    };
    note(out.full >= capW - slack, "max");
    note(out.idle <= floorW + slack, "idle_floor");
    note(out.full - out.idle <= slack, "flat");
    out.bound = bound.empty() ? best->bound : bound;
    return out;
}

} // namespace

ProfilePower fitGpuPower(const std::vector<std::pair<double, double>>& samples, const Gpu& gpu,
    const PowerFitPriors& priors, std::optional<double> powerLimitW)
{
    ProfilePower fit;
    fit.gpuId = gpu.id;
    const double tdp = gpuMaxPowerLimitW(gpu);
    const auto& curve = gpuPowerCurve(gpu);
    // Priors: the published curve's idle and compute-bound power
    // (docs/power-model.md §1).
    fit.priorIdleW = curve.idleFraction * tdp;
    fit.priorFullW = curve.computeBoundFraction * tdp;
    // Bounds (docs/power-model.md §8): the board never draws more than its
    // limit (NVML holds it there), never less at zero activity than the
    // idle floor.
    fit.maxW = effectivePowerLimitW(gpu, powerLimitW);
    fit.idleFloorW = std::min(gpuIdleFloorW(gpu), fit.maxW);
    const double sigma = std::max(1e-6, priors.sampleShare * tdp);
    const double tauIdle = std::max(1e-6, priors.priorShare * fit.priorIdleW);
    const double tauFull = std::max(1e-6, priors.priorShare * fit.priorFullW);
    // Normal equations of the penalised least squares in (idle, full) with
    // regressors (1 − a, a) (Bishop §3.3.1).
    PowerObjective o;
    o.m00 = 1 / (tauIdle * tauIdle);
    o.m11 = 1 / (tauFull * tauFull);
    o.r0 = fit.priorIdleW * o.m00;
    o.r1 = fit.priorFullW * o.m11;
    const double w = 1 / (sigma * sigma);
    long long n = 0;
    for (const auto& [a, p] : samples) {
        if (!usableSample(a, p))
            continue;
        const double u = 1 - a;
        o.m00 += w * u * u;
        o.m01 += w * u * a;
        o.m11 += w * a * a;
        o.r0 += w * u * p;
        o.r1 += w * a * p;
        ++n;
    }
    const double det = o.m00 * o.m11 - o.m01 * o.m01;
    double idle = fit.priorIdleW, full = fit.priorFullW;
    if (det > 0 && std::isfinite(det)) {
        idle = (o.r0 * o.m11 - o.r1 * o.m01) / det;
        full = (o.r1 * o.m00 - o.r0 * o.m01) / det;
    }
    const auto held = minimiseInside(o, idle, full, fit.idleFloorW, fit.maxW);
    fit.idleW = held.idle;
    fit.fullW = held.full;
    fit.bound = held.bound;
    fit.samples = n;
    double squares = 0;
    for (const auto& [a, p] : samples) {
        if (!usableSample(a, p))
            continue;
        const double e = p - (fit.idleW + (fit.fullW - fit.idleW) * a);
        squares += e * e;
    }
    fit.rmsErrorW = n > 0 ? std::sqrt(squares / static_cast<double>(n)) : 0;
    return fit;
}

std::vector<std::pair<double, double>> powerActivitySamples(const MetricsImport& metrics,
    const std::string& model)
{
    std::vector<std::pair<double, double>> out;
    for (const auto& g : metrics.gpus) {
        if (!model.empty() && g.model != model)
            continue;
        const auto& power = g.of(GpuQuantity::PowerW);
        const auto& tensor = g.of(GpuQuantity::TensorActive);
        // Merge join of two time-sorted series: samples of one scrape
        // share its time stamp (half a second apart at most counts as one).
        std::size_t i = 0, j = 0;
        while (i < power.size() && j < tensor.size()) {
            const double dt = power[i].t - tensor[j].t;
            if (std::fabs(dt) <= 0.5) {
                out.emplace_back(tensor[j].v, power[i].v);
                ++i;
                ++j;
            } else if (dt < 0) {
                ++i;
            } else {
                ++j;
            }
        }
    }
    return out;
}

std::optional<Gpu> gpuForModelName(const std::string& modelName, const std::vector<Gpu>& gpus)
{
    if (gpus.empty())
        return std::nullopt;
    std::set<std::string> ids;
    for (const auto& g : gpus)
        ids.insert(g.id);
    if (ids.size() == 1)
        return gpus.front();
    const auto words = powerFitWords(modelName);
    int best = 0;
    std::optional<Gpu> found;
    for (const auto& g : gpus) {
        int score = 0;
        for (const auto& word : powerFitWords(g.vendor + " " + g.model))
            score += std::count(words.begin(), words.end(), word) > 0 ? 1 : 0;
        if (score > best) {
            best = score;
            found = g;
        }
    }
    return found;
}

std::map<std::string, double> gpuPowerLimitsOf(const std::vector<ResolvedConfiguration>& configs)
{
    std::map<std::string, double> limits;
    std::set<std::string> unlimited;
    for (const auto& rc : configs) {
        const auto& limit = rc.config.gpuPowerLimitW;
        if (!limit || !std::isfinite(*limit) || *limit <= 0) {
            unlimited.insert(rc.gpu.id);
            continue;
        }
        auto [it, added] = limits.emplace(rc.gpu.id, *limit);
        if (!added)
            it->second = std::max(it->second, *limit);
    }
    for (const auto& id : unlimited)
        limits.erase(id);
    return limits;
}

PowerCalibration calibratePower(const MetricsImport& metrics, const std::vector<Gpu>& gpus,
    const PowerFitPriors& priors, const std::map<std::string, double>& powerLimitsW)
{
    PowerCalibration result;
    std::vector<std::string> models;
    for (const auto& g : metrics.gpus)
        if (std::find(models.begin(), models.end(), g.model) == models.end())
            models.push_back(g.model);
    for (const auto& model : models) {
        const auto gpu = gpuForModelName(model, gpus);
        const std::string shown = model.empty() ? std::string("(no modelName label)") : model;
        if (!gpu) {
            result.notes.push_back(shown + ": no GPU of the project matches; power not fitted");
            continue;
        }
        const auto samples = powerActivitySamples(metrics, model);
        if (samples.empty()) {
            result.notes.push_back(shown + ": no power sample with a tensor activity sample at "
                                           "the same time; power not fitted");
            continue;
        }
        const auto limit = powerLimitsW.find(gpu->id);
        ProfilePower fit = fitGpuPower(samples, *gpu, priors,
            limit == powerLimitsW.end() ? std::nullopt : std::optional<double>(limit->second));
        fit.model = model;
        if (!fit.bound.empty())
            result.notes.push_back(shown + ": the least-squares line left what the board can draw ("
                + std::to_string(static_cast<long long>(std::lround(fit.idleFloorW))) + "-"
                + std::to_string(static_cast<long long>(std::lround(fit.maxW)))
                + " W); held at the bound \"" + fit.bound + "\"");
        result.power.push_back(std::move(fit));
    }
    const auto report = utilisationOf(metrics);
    double idle = 0, typical = 0;
    int hosts = 0;
    for (const auto& h : report.hosts) {
        if (!h.gpuPowerW)
            continue;
        idle += h.gpuPowerW->min;
        typical += h.gpuPowerW->mean;
        ++hosts;
    }
    if (hosts > 0) {
        result.nodeGpuIdleW = idle / hosts;
        result.nodeGpuTypicalW = typical / hosts;
    }
    return result;
}

} // namespace infrafit
