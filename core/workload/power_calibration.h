// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <string>

namespace infrafit {

/// A GPU's board power fitted to the user's own dcgm-exporter metrics
/// (P = idle + (full − idle) · tensor activity), carried by a workload so
/// the power model uses it for that GPU instead of the published curve
/// (docs/power-model.md §8, docs/user-guide.md "Calibration profile").
/// Filled from the project's `calibration` profile when the project is
/// read (applyCalibrationProfile); never written with the workload.
struct GpuPowerCalibration {
    std::string profile; ///< the profile's name, for assumptions and findings
    std::string gpuId;
    double idleW = 0;    ///< at zero tensor activity
    double fullW = 0;    ///< at full tensor activity
    double rmsErrorW = 0;
    long long samples = 0;
    std::string bound;   ///< which physical bound held the fit, empty = none

    /// Usable: finite, positive, idle not above full.
    [[nodiscard]] bool usable() const;
};

/// "calibration profile 'prod-h100' power fit (idle 82 W, full tensor
/// activity 655 W; RMS error 14.2 W over 1,536 samples)".
std::string powerCalibrationText(const GpuPowerCalibration& calibration);

} // namespace infrafit
