// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/calibration/efficiency_fit.h"
#include "core/calibration/power_fit.h"
#include "core/project/measurement.h"

#include <nlohmann/json_fwd.hpp>

#include <optional>
#include <string>

namespace infrafit {

/// The named profile a calibration gives the project (docs/user-guide.md
/// "Calibration profile"): the efficiencies fitted on at least one run,
/// the power fits and the node figures. `runs` counts the measured runs.
CalibrationProfile makeCalibrationProfile(const std::string& name, const std::string& date,
    const std::optional<CalibrationResult>& efficiency, const std::optional<PowerCalibration>& power,
    int runs);

/// The power fit as JSON (`power[]`, `node_gpu_idle_w`, `node_gpu_typical_w`,
/// `notes[]`; names in the user guide) and as text.
nlohmann::json powerCalibrationToJson(const PowerCalibration& power);
std::string powerCalibrationToText(const PowerCalibration& power);

} // namespace infrafit
