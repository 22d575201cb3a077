// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/calibration/efficiency_fit.h"
#include "core/config/resolved_configuration.h"
#include "core/project/measurement.h"

#include <nlohmann/json_fwd.hpp>

#include <optional>
#include <string>
#include <vector>

namespace infrafit {

/// How many nodes of one kind the measured workload needs to go as fast as
/// it went (docs/user-guide.md "Right-sizing").
struct RightSizeOption {
    std::string configuration; ///< the project configuration (node kind)
    std::string gpuId;
    std::string gpuModel;
    int gpusPerNode = 0;
    std::optional<int> nodes;  ///< fewest nodes that match the run; absent = none up to the cap
    int gpus = 0;              ///< nodes × gpusPerNode (0 when not reached)
    double predicted = 0;      ///< the run's figure at that size
    bool calibrated = false;   ///< the calibration profile's efficiency was used for this GPU
    bool measuredOn = false;   ///< the configuration the run was measured on
};

/// The answer for one measured run: "the same workload needs N GPUs of this
/// kind, or M of that one".
struct RightSizing {
    std::string run;
    std::string workload;
    std::string configuration; ///< where it was measured
    MeasuredFigure figure = MeasuredFigure::StepTimeS;
    double measured = 0;
    int measuredGpus = 0;      ///< GPUs of the measured configuration
    /// The analysis on the measured configuration and plan against the
    /// measurement (predicted ÷ measured − 1; speed for step time, so
    /// positive = the model is optimistic); 0 when the plan does not run.
    double runError = 0;
    /// Training: the measured speed as tokens/s, for `recommend
    /// --min-tokens-per-s` (catalog builds beyond the project's).
    std::optional<double> tokensPerS;
    int maxNodes = 0;
    std::vector<RightSizeOption> options;
};

/// Sizes `run`'s workload on every configuration of `configs` by the
/// analysis (core/pipeline: the plan search picks the plan at each node
/// count, the workload's calibration profile gives each GPU its fitted
/// efficiency where it has one): the fewest nodes, up to `maxNodes`,
/// whose predicted speed is at least the measured one. Speed grows with
/// nodes, so the count is found by doubling and then bisection.
RightSizing rightSizeRun(const MeasuredRun& run, const std::vector<ResolvedConfiguration>& configs,
    int maxNodes = 512);

/// rightSizeRun for every run with `profile` in effect (its efficiencies
/// and power fits attached to each run's workload, as when the project
/// is read).
std::vector<RightSizing> rightSizeRuns(std::vector<MeasuredRun> runs,
    const CalibrationProfile& profile, const std::vector<ResolvedConfiguration>& configs,
    int maxNodes = 512);

/// As JSON (`right_sizing[]` entries; names in the user guide) and text.
nlohmann::json rightSizingToJson(const RightSizing& sizing);
std::string rightSizingToText(const std::vector<RightSizing>& sizings);

} // namespace infrafit
