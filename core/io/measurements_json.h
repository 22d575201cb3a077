// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/input_error.h"
#include "core/project/measurement.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace infrafit {

/// One element of a project's `measurements[]` (docs/user-guide.md
/// "Measured runs"). Appends every problem under `pointer`; nullopt if any.
/// The workload and configuration names are checked when the runs are
/// used (calibrate), not here: a project whose workload was renamed still
/// loads.
std::optional<Measurement> measurementFromJson(const nlohmann::json& json,
    const std::string& pointer, std::vector<Problem>& problems);
nlohmann::json measurementToJson(const Measurement& measurement);

/// The project's `calibration` object (docs/user-guide.md "Calibration
/// profile"); nullopt and problems when it is not valid.
std::optional<CalibrationProfile> calibrationProfileFromJson(const nlohmann::json& json,
    const std::string& pointer, std::vector<Problem>& problems);
nlohmann::json calibrationProfileToJson(const CalibrationProfile& profile);

/// A run's metrics summary as stored in `measurements[].metrics`.
nlohmann::json measurementMetricsToJson(const MeasurementMetrics& metrics);

/// The key of the measured figure ("step_time_s", "tokens_per_s",
/// "output_tokens_per_s") and its value; {"", 0} when none is set.
std::pair<std::string, double> measurementFigure(const Measurement& measurement);

} // namespace infrafit
