// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/calibration/efficiency_fit.h"
#include "core/project/project.h"
#include "core/project/resolve_configuration.h"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <vector>

namespace infrafit {

/// Reads a measured-runs file (docs/user-guide.md "Calibrating to your own
/// runs"): `{"runs": [{"name", "workload", "configuration", and one of
/// "step_time_s", "tokens_per_s", "output_tokens_per_s"}]}`, the workload
/// and configuration named as in `project`. Every problem is collected into
/// one InputError(file, …) naming the JSON pointer.
std::vector<MeasuredRun> measuredRunsFromJson(const nlohmann::json& document, const Project& project,
    const PartLookup& catalog, const std::string& file);

/// The runs of a measured-runs file as project measurements (the same keys
/// as a project's `measurements[]`; `name` may be left out). Throws
/// InputError(file, …) listing every problem.
std::vector<Measurement> measurementsFromRunsJson(const nlohmann::json& document, const std::string& file);

/// The measurements resolved against `project` (workload, configuration,
/// the run's own plan) for the fit; problems name `pointerBase`/i
/// ("/runs" for a runs file, "/measurements" for a project's). Throws
/// InputError(file, …) listing every problem.
std::vector<MeasuredRun> measuredRunsFor(const std::vector<Measurement>& measurements,
    const Project& project, const PartLookup& catalog, const std::string& file,
    const std::string& pointerBase);

/// The fit as JSON: `efficiencies[]` and `runs[]` (names in the user guide).
nlohmann::json calibrationToJson(const CalibrationResult& result);

/// The fit as a text report: one line per GPU model, one table row per run.
std::string calibrationToText(const CalibrationResult& result);

} // namespace infrafit
