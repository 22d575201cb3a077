// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/workload/workload.h"

#include <optional>
#include <string>
#include <vector>

namespace infrafit {

/// Latency percentiles a serving engine reported, milliseconds.
struct LatencyPercentilesMs {
    std::optional<double> p50;
    std::optional<double> p99;
};

/// Metrics of a measured run's window, summarised (what a dcgm-exporter
/// scrape of that window showed), so the project keeps them without the
/// metric files.
struct MeasurementMetrics {
    int gpus = 0;
    double windowS = 0;
    std::optional<double> powerMeanW;    ///< per GPU
    std::optional<double> powerP95W;
    std::optional<double> tensorActiveMean; ///< 0..1
    std::optional<double> memoryUsedMaxBytes;
};

/// One run the user measured on their own cluster, as stored in the project
/// file's `measurements[]` (docs/user-guide.md "Measured runs"): the
/// workload and configuration by name, optionally the parallel plan it ran
/// with, and exactly one speed figure; serving runs may add latency
/// percentiles. Exactly one of the three figures is set.
struct Measurement {
    std::string name;
    std::string workload;
    std::string configuration;
    std::optional<Parallelism> parallelism; ///< the plan run; absent = the workload's
    std::optional<double> stepTimeS;
    std::optional<double> tokensPerS;
    std::optional<double> outputTokensPerS;
    LatencyPercentilesMs ttftMs;
    LatencyPercentilesMs tpotMs;
    std::string metricsFile;                 ///< where its metrics were saved, as given
    std::optional<MeasurementMetrics> metrics;
};

/// One efficiency of a calibration profile (see EfficiencyCalibration).
struct ProfileEfficiency {
    std::string gpuId;
    bool training = true;
    double prior = 0;
    double fitted = 0;
    double logSpread = 0;
    int runs = 0;
    std::optional<double> leaveOneOutError; ///< median |error| over the runs
};

/// Board power fitted to dcgm-exporter samples of one GPU model: linear in
/// tensor-pipe activity, P = idle + (full − idle) · activity.
struct ProfilePower {
    std::string model;   ///< the exporter's `modelName`
    std::string gpuId;   ///< the project's GPU id it applies to, when known
    double idleW = 0;    ///< at zero tensor activity
    double fullW = 0;    ///< at full tensor activity
    double priorIdleW = 0;
    double priorFullW = 0;
    double rmsErrorW = 0;
    long long samples = 0;
    /// The physical range the fit was held in (docs/power-model.md §8):
    /// no line point above `maxW` (the GPU's rated maximum, or the power
    /// limit when one is set) and no idle below `idleFloorW`; 0 = not known
    /// (a profile written before the bounds).
    double maxW = 0;
    double idleFloorW = 0;
    /// Which bound held the least-squares optimum, empty when none did:
    /// "max" (full tensor power at `maxW`), "idle_floor" (idle at
    /// `idleFloorW`), "flat" (power no lower at full activity than idle),
    /// joined by "+" when more than one did.
    std::string bound;
};

/// A named set of fitted figures (`calibration` in the project file,
/// docs/user-guide.md "Calibration profile"). The analysis and the
/// recommendation use its efficiencies for their GPUs and name the profile
/// in their assumptions.
struct CalibrationProfile {
    std::string name;
    std::string date;  ///< ISO 8601 day the fit was made
    int runs = 0;      ///< measured runs it was fitted on
    std::vector<ProfileEfficiency> efficiencies;
    std::vector<ProfilePower> power;
    std::optional<double> nodeGpuIdleW;    ///< a node's GPUs together, idle
    std::optional<double> nodeGpuTypicalW; ///< and on average over the window
};

} // namespace infrafit
