// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/config/resolved_configuration.h"
#include "core/metrics/metrics_import.h"
#include "core/parts/gpu.h"
#include "core/project/measurement.h"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace infrafit {

/// How far the published curve and one sample are trusted: the prior's
/// spread as a share of each prior value, and one power sample's scatter
/// around the line as a share of the GPU's rated power (dcgm-exporter's
/// power is NVML's board power averaged over ~1 s; kernels change faster,
/// so a sample scatters by a few per cent of TDP).
struct PowerFitPriors {
    double priorShare = 0.25;
    double sampleShare = 0.05;
};

/// Fits board power as a line in tensor-pipe activity,
///   P(a) = idle + (full − idle) · a,
/// the activity-based form of GPU power models (Kandiah et al., AccelWattch,
/// MICRO 2021, §3: power = constant part + activity × energy per access),
/// to (activity, watts) samples by least squares with normal priors on
/// `idle` and `full` (ridge / maximum a posteriori; Bishop, *Pattern
/// Recognition and Machine Learning*, §3.3.1): the published curve
/// (core/infra/gpu_power_model.h: idle and compute-bound power of the
/// family, × tdp_w) where there is little data, the samples where there
/// are many. `gpu` gives the prior and the sample scatter.
///
/// The fit is held inside what the board can draw (docs/power-model.md §8):
///   idle floor ≤ idle ≤ full ≤ max,
/// max being the GPU's rated maximum (tdp_w) or `powerLimitW` when set
/// (clamped to the settable range), the idle floor half the published idle
/// power. When the unconstrained optimum lies outside, the fit is the best
/// point of the boundary (the objective is a convex quadratic, so that is
/// the constrained optimum) and `bound` says which bound held it.
ProfilePower fitGpuPower(const std::vector<std::pair<double, double>>& samples, const Gpu& gpu,
    const PowerFitPriors& priors = {}, std::optional<double> powerLimitW = std::nullopt);

/// Lowest zero-activity power the fit accepts: half the published idle
/// power of the family (docs/power-model.md §8; an *estimate*).
double gpuIdleFloorW(const Gpu& gpu);

/// (tensor activity, power) pairs of every GPU of `metrics` whose model is
/// `model` (empty = all), paired by time stamp.
std::vector<std::pair<double, double>> powerActivitySamples(const MetricsImport& metrics,
    const std::string& model);

/// The project GPU a dcgm-exporter `modelName` names: the only one when
/// there is one, else the one whose model name shares most words with it
/// ("NVIDIA H100 80GB HBM3" ↔ "H100 SXM5 80GB"); nullopt when none shares a
/// word.
std::optional<Gpu> gpuForModelName(const std::string& modelName, const std::vector<Gpu>& gpus);

/// The power fit of every GPU model in `metrics` matched to one of `gpus`,
/// and the node GPU power idle (smallest host sum of its GPUs' power) and
/// typical (mean host sum), averaged over the hosts.
struct PowerCalibration {
    std::vector<ProfilePower> power;
    std::optional<double> nodeGpuIdleW;
    std::optional<double> nodeGpuTypicalW;
    std::vector<std::string> notes; ///< models left out and why
};
/// The power limit each GPU of `configs` runs at, by GPU id: the highest
/// `gpu_power_limit_w` of the configurations that use it, when every one
/// of them sets one (a configuration without one runs at the rated
/// maximum, so the rated maximum bounds the fit).
std::map<std::string, double> gpuPowerLimitsOf(const std::vector<ResolvedConfiguration>& configs);

/// `powerLimitsW`: the power limit the measured GPUs ran at, by project GPU
/// id (from the configurations that set `gpu_power_limit_w`); a GPU
/// without one is bounded by its rated maximum.
PowerCalibration calibratePower(const MetricsImport& metrics, const std::vector<Gpu>& gpus,
    const PowerFitPriors& priors = {}, const std::map<std::string, double>& powerLimitsW = {});

} // namespace infrafit
