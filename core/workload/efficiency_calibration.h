// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <optional>
#include <string>

namespace infrafit {

/// A compute efficiency fitted to the user's own measured runs for one GPU
/// model and workload kind, carried by a workload so the analysis and the
/// recommendation use it for that GPU (docs/user-guide.md "Calibration
/// profile"). Filled from the project's `calibration` profile when the
/// project is read (applyCalibrationProfile); never written with the
/// workload. A workload's own `efficiency` still wins over it.
struct EfficiencyCalibration {
    std::string profile;    ///< the profile's name, for assumptions and findings
    std::string gpuId;
    bool training = true;   ///< training GEMM efficiency, else the serving step's
    double efficiency = 0;  ///< fitted value, (0, 1]
    int runs = 0;
    std::optional<double> leaveOneOutError; ///< median |error|, ≥ 2 runs
};

} // namespace infrafit
