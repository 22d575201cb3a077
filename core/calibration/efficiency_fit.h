// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/config/resolved_configuration.h"
#include "core/infra/infrastructure_inputs.h"
#include "core/workload/workload.h"

#include <optional>
#include <string>
#include <vector>

namespace infrafit {

/// Which speed figure a measured run reports.
enum class MeasuredFigure { StepTimeS, TokensPerS, OutputTokensPerS };

/// One run the user measured on their own cluster: the workload and
/// configuration as the project describes them and the figure seen.
struct MeasuredRun {
    std::string name;
    Workload workload;
    ResolvedConfiguration config;
    MeasuredFigure figure = MeasuredFigure::StepTimeS;
    double measured = 0;
};

/// How far the published default and one run are trusted, as spreads of
/// the logarithm (0.25 ≈ ±25 %). The default's spread is the scatter of
/// the published runs around the fitted efficiencies (docs/validation.md:
/// out-of-sample training errors up to ~23 %); a run's is the scatter of
/// one measured step time around the model (variation between runs plus
/// what the model leaves out, ~10 %).
struct CalibrationPriors {
    double defaultSpread = 0.25;
    double runSpread = 0.10;
};

/// One run before and after the fit.
struct RunFit {
    std::string name;
    std::string gpuId;
    MeasuredFigure figure = MeasuredFigure::StepTimeS;
    double measured = 0;
    double predictedBefore = 0;       ///< at the default (or the workload's own) efficiency
    double predictedAfter = 0;        ///< at the fitted efficiency
    double errorBefore = 0;           ///< predicted ÷ measured − 1
    double errorAfter = 0;
    double impliedEfficiency = 0;     ///< the efficiency that reproduces this run alone
    bool reachable = true;            ///< false: no efficiency in (0, 1] reproduces it
    /// A served figure (isServedFigure) that carried its workload's whole
    /// demand: any efficiency high enough to keep up reproduces it, so the
    /// run is not fitted (`reachable` false) and says only that.
    bool keptUpWithDemand = false;
    std::optional<double> leaveOneOutError; ///< fitted without this run, error on it
};

/// The compute efficiency fitted for one GPU model.
struct EfficiencyFit {
    std::string gpuId;
    /// Training GEMM efficiency, else the serving step's: the two knobs are
    /// fitted apart (one GPU may have runs of both kinds).
    bool training = true;
    double prior = 0;      ///< the default the analysis would use
    double fitted = 0;     ///< posterior mean (geometric)
    double spread = 0;     ///< posterior spread of its logarithm
    int runs = 0;
    std::optional<double> leaveOneOutMedianAbsError; ///< over this GPU's runs (≥ 2 runs)
};

struct CalibrationResult {
    std::vector<EfficiencyFit> efficiencies;
    std::vector<RunFit> runs;
};

/// Fits the compute efficiency per GPU model to measured runs: each run's
/// implied efficiency (the value at which the analysis reproduces it,
/// found by bisection, since speed rises with efficiency) is combined with
/// the published default as a normal prior on the logarithm (conjugate
/// normal update; Gelman et al., *Bayesian Data Analysis*, 3rd ed., §2.5):
///   log ê = (log e0 / s0² + Σ log eᵢ / s²) / (1 / s0² + n / s²).
/// One run moves the estimate most of the way (with the default spreads,
/// 86 %); ten runs pin it down. Leave-one-out errors show whether the fit
/// generalises to the runs it did not see.
CalibrationResult calibrateEfficiency(const std::vector<MeasuredRun>& runs,
    const InfrastructureInputs& inputs = {}, const CalibrationPriors& priors = {});

/// The analysis' figure for a run at efficiency `efficiency` (0 when the
/// plan does not run).
double predictedFigure(const MeasuredRun& run, double efficiency, const InfrastructureInputs& inputs);

} // namespace infrafit
