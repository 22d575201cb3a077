// SPDX-License-Identifier: Apache-2.0
#include "core/calibration/efficiency_fit.h"

#include "core/calibration/measured_figure.h"
#include "core/pipeline/evaluate.h"
#include "core/analysis/hardware_rates.h"
#include "core/analysis/serving_step.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace infrafit {
namespace {

constexpr double kCalMinEfficiency = 0.02;
constexpr double kCalMaxEfficiency = 1.0;

/// Larger is faster for every figure: step time is inverted.
double calSpeed(MeasuredFigure figure, double value)
{
    return figure == MeasuredFigure::StepTimeS ? (value > 0 ? 1.0 / value : 0.0) : value;
}

/// A run served at least this share of its demand kept up with it.
constexpr double kCalKeptUpShare = 0.98;

struct CalImplied {
    double efficiency = 0;
    bool reachable = false;
    bool keptUp = false;
};

/// The efficiency at which the run's predicted speed equals its measured
/// speed; bisection on log efficiency (speed is non-decreasing in it). A
/// served run that carried its whole demand says only that the efficiency
/// is high enough to keep up: it is not fitted.
CalImplied calImpliedEfficiency(const MeasuredRun& run, const InfrastructureInputs& in)
{
    const double target = calSpeed(run.figure, run.measured);
    // Only an open loop has a demand apart from the speed: a closed loop's
    // users wait for their answers, so what it serves measures the speed.
    if (isServedFigure(run.workload, run.figure) && run.workload.serving.requestRatePerS) {
        Workload w = run.workload;
        w.efficiency = kCalMaxEfficiency;
        const double demand = demandFigure(w, evaluate(w, run.config, in));
        if (demand > 0 && run.measured >= kCalKeptUpShare * demand)
            return {kCalMaxEfficiency, false, true};
    }
    const auto speedAt = [&](double e) {
        return calSpeed(run.figure, predictedFigure(run, e, in));
    };
    double lo = std::log(kCalMinEfficiency);
    double hi = std::log(kCalMaxEfficiency);
    if (speedAt(std::exp(hi)) < target)
        return {kCalMaxEfficiency, false, false};
    if (speedAt(std::exp(lo)) > target)
        return {kCalMinEfficiency, false, false};
    for (int i = 0; i < 40; ++i) {
        const double mid = 0.5 * (lo + hi);
        (speedAt(std::exp(mid)) < target ? lo : hi) = mid;
    }
    return {std::exp(0.5 * (lo + hi)), true, false};
}

double calPosterior(double prior, const std::vector<double>& implied, const CalibrationPriors& p)
{
    const double priorWeight = 1.0 / (p.defaultSpread * p.defaultSpread);
    const double runWeight = 1.0 / (p.runSpread * p.runSpread);
    double sum = priorWeight * std::log(prior);
    double weight = priorWeight;
    for (double e : implied) {
        sum += runWeight * std::log(e);
        weight += runWeight;
    }
    return std::exp(sum / weight);
}

double calError(double predicted, double measured)
{
    return measured > 0 ? predicted / measured - 1.0 : 0.0;
}

} // namespace

double predictedFigure(const MeasuredRun& run, double efficiency, const InfrastructureInputs& inputs)
{
    Workload w = run.workload;
    w.efficiency = efficiency;
    return figureOf(run.figure, w, evaluate(w, run.config, inputs));
}

CalibrationResult calibrateEfficiency(const std::vector<MeasuredRun>& runs,
    const InfrastructureInputs& inputs, const CalibrationPriors& priors)
{
    CalibrationResult result;
    // (gpu id, training) → run indexes: each knob is fitted on its own runs.
    std::map<std::pair<std::string, bool>, std::vector<std::size_t>> byGpu;
    std::map<std::pair<std::string, bool>, double> priorOf;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const auto& run = runs[i];
        RunFit fit;
        fit.name = run.name;
        fit.gpuId = run.config.gpu.id;
        fit.figure = run.figure;
        fit.measured = run.measured;
        // The knob the workload's `efficiency` sets: large-GEMM efficiency
        // of training, or the serving step's GEMM efficiency.
        const double prior = run.workload.efficiency.value_or(
            run.workload.kind == WorkloadKind::Training
                ? defaultEfficiency(run.config.gpu, run.workload.precision).trainCompute
                : defaultServingEfficiency(run.config.gpu, run.workload.precision).gemmCompute);
        const std::pair<std::string, bool> key {fit.gpuId, run.workload.kind == WorkloadKind::Training};
        priorOf.try_emplace(key, prior);
        fit.predictedBefore = predictedFigure(run, prior, inputs);
        fit.errorBefore = calError(fit.predictedBefore, fit.measured);
        const auto implied = calImpliedEfficiency(run, inputs);
        fit.impliedEfficiency = implied.efficiency;
        fit.reachable = implied.reachable;
        fit.keptUpWithDemand = implied.keptUp;
        byGpu[key].push_back(i);
        result.runs.push_back(std::move(fit));
    }
    for (const auto& [key, indexes] : byGpu) {
        EfficiencyFit e;
        e.gpuId = key.first;
        e.training = key.second;
        e.prior = priorOf[key];
        std::vector<double> implied;
        for (auto i : indexes)
            if (result.runs[i].reachable)
                implied.push_back(result.runs[i].impliedEfficiency);
        e.runs = static_cast<int>(implied.size());
        e.fitted = calPosterior(e.prior, implied, priors);
        e.spread = 1.0
            / std::sqrt(1.0 / (priors.defaultSpread * priors.defaultSpread)
                + static_cast<double>(implied.size()) / (priors.runSpread * priors.runSpread));
        std::vector<double> looErrors;
        for (auto i : indexes) {
            auto& fit = result.runs[i];
            fit.predictedAfter = predictedFigure(runs[i], e.fitted, inputs);
            fit.errorAfter = calError(fit.predictedAfter, fit.measured);
            if (indexes.size() < 2)
                continue;
            std::vector<double> others;
            for (auto j : indexes)
                if (j != i && result.runs[j].reachable)
                    others.push_back(result.runs[j].impliedEfficiency);
            const double without = calPosterior(e.prior, others, priors);
            fit.leaveOneOutError = calError(predictedFigure(runs[i], without, inputs), fit.measured);
            looErrors.push_back(std::fabs(*fit.leaveOneOutError));
        }
        if (!looErrors.empty()) {
            std::sort(looErrors.begin(), looErrors.end());
            const std::size_t n = looErrors.size();
            e.leaveOneOutMedianAbsError
                = n % 2 ? looErrors[n / 2] : 0.5 * (looErrors[n / 2 - 1] + looErrors[n / 2]);
        }
        result.efficiencies.push_back(e);
    }
    return result;
}

} // namespace infrafit
