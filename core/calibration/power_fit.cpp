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

ProfilePower fitGpuPower(const std::vector<std::pair<double, double>>& samples, const Gpu& gpu,
    const PowerFitPriors& priors)
{
    ProfilePower fit;
    fit.gpuId = gpu.id;
    const double tdp = gpuMaxPowerLimitW(gpu);
    const auto& curve = gpuPowerCurve(gpu);
    // Priors: the published curve's idle and compute-bound power
    // (docs/power-model.md §1).
    fit.priorIdleW = curve.idleFraction * tdp;
    fit.priorFullW = curve.computeBoundFraction * tdp;
    const double sigma = std::max(1e-6, priors.sampleShare * tdp);
    const double tauIdle = std::max(1e-6, priors.priorShare * fit.priorIdleW);
    const double tauFull = std::max(1e-6, priors.priorShare * fit.priorFullW);
    // Normal equations of the penalised least squares in (idle, full) with
    // regressors (1 − a, a) (Bishop §3.3.1).
    double m00 = 1 / (tauIdle * tauIdle), m01 = 0, m11 = 1 / (tauFull * tauFull);
    double r0 = fit.priorIdleW * m00, r1 = fit.priorFullW * m11;
    const double w = 1 / (sigma * sigma);
    long long n = 0;
    for (const auto& [a, p] : samples) {
        if (!std::isfinite(a) || !std::isfinite(p) || a < 0 || a > 1 || p < 0)
            continue;
        const double u = 1 - a;
        m00 += w * u * u;
        m01 += w * u * a;
        m11 += w * a * a;
        r0 += w * u * p;
        r1 += w * a * p;
        ++n;
    }
    const double det = m00 * m11 - m01 * m01;
    if (!(det > 0) || !std::isfinite(det)) {
        fit.idleW = fit.priorIdleW;
        fit.fullW = fit.priorFullW;
    } else {
        fit.idleW = (r0 * m11 - r1 * m01) / det;
        fit.fullW = (r1 * m00 - r0 * m01) / det;
    }
    fit.samples = n;
    double squares = 0;
    for (const auto& [a, p] : samples) {
        if (!std::isfinite(a) || !std::isfinite(p) || a < 0 || a > 1 || p < 0)
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

PowerCalibration calibratePower(const MetricsImport& metrics, const std::vector<Gpu>& gpus,
    const PowerFitPriors& priors)
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
        ProfilePower fit = fitGpuPower(samples, *gpu, priors);
        fit.model = model;
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
