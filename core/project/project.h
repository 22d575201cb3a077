// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/config/configuration.h"
#include "core/parts/part.h"
#include "core/project/requirements.h"
#include "core/project/measurement.h"
#include "core/workload/workload.h"

#include <optional>
#include <string>
#include <vector>

namespace infrafit {

/// The project's `portfolio`: workloads of several teams sharing one
/// configuration (docs/user-guide.md "Portfolio"). Each workload's schedule
/// and placement are its own `portfolio.*` fields. Names are checked on load:
/// each names a workload of the project, `configuration` (empty = the first)
/// a configuration.
struct PortfolioSpec {
    std::string configuration;
    std::vector<std::string> workloads;
};

/// A project file's contents (docs/user-guide.md "Project file"): inline parts that
/// override catalog parts with the same id, workloads and configurations.
/// Plain value; readProjectJson() guarantees names are unique per list and
/// every workload is valid.
struct Project {
    std::string name;
    std::vector<Part> parts;
    std::vector<Workload> workloads;
    std::vector<Configuration> configurations;
    /// Manageability and security every configuration must meet (issue 20).
    ProjectRequirements requirements;
    /// Runs measured on the user's cluster (docs/user-guide.md "Measured runs").
    std::vector<Measurement> measurements;
    /// The fitted profile in effect; its efficiencies are attached to every
    /// workload (applyCalibrationProfile) when the project is read.
    std::optional<CalibrationProfile> calibration;
    std::optional<PortfolioSpec> portfolio;
};

} // namespace infrafit
