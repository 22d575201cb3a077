// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/input_error.h"
#include "core/workload/workload.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace infrafit {

/// Reads one workload object (docs/user-guide.md "Project file", `workloads[i]`), then
/// validateWorkload(). Appends problems under `pointer`; nullopt if any.
std::optional<Workload> workloadFromJson(const nlohmann::json& json, const std::string& pointer,
                                         std::vector<Problem>& problems);

nlohmann::json workloadToJson(const Workload& workload);
nlohmann::json parallelismToJson(const Parallelism& parallelism);
/// One `parallelism` object (a workload's, or a measured run's plan).
std::optional<Parallelism> parallelismFromJson(
    const nlohmann::json& json, const std::string& pointer, std::vector<Problem>& problems);

} // namespace infrafit
