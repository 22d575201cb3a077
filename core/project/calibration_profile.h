// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/project/project.h"

namespace infrafit {

/// Attaches the efficiencies of `project.calibration` to every workload
/// (Workload::calibration), replacing what was attached before; with no
/// profile, clears them. Called when a project is read and whenever its
/// profile changes.
void applyCalibrationProfile(Project& project);

} // namespace infrafit
