// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/project/project.h"

namespace infrafit {

/// Attaches the efficiencies and GPU power fits of `project.calibration` to
/// every workload (Workload::calibration, Workload::powerCalibration), replacing what was attached before; with no
/// profile, clears them. Called when a project is read and whenever its
/// profile changes.
void applyCalibrationProfile(Project& project);

/// What applyCalibrationProfile attaches to each workload, from `profile`:
/// its efficiencies and its power fits that name a GPU id.
std::vector<EfficiencyCalibration> efficiencyCalibrationsOf(const CalibrationProfile& profile);
std::vector<GpuPowerCalibration> powerCalibrationsOf(const CalibrationProfile& profile);

} // namespace infrafit
