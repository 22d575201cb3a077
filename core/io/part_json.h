// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/input_error.h"
#include "core/parts/part.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace infrafit {

/// Reads one part object (docs/user-guide.md "Catalog file"). Type errors, unknown kinds and
/// invalid values are appended to `problems` with pointers under `pointer`
/// (e.g. "/parts/17/tdp_w"); returns nullopt when the part cannot be used.
/// Keys the program does not know are reported to `warnings` when given
/// (a newer InfraFit may have written them) and otherwise ignored.
std::optional<Part> partFromJson(const nlohmann::json& json, const std::string& pointer,
                                 std::vector<Problem>& problems,
                                 std::vector<Problem>* warnings = nullptr);

/// Writes a part as a JSON object with `kind` and every field that has a
/// value (keys sorted, so output is deterministic). Whole numbers are
/// written as integers; empty optional text and lists are left out.
nlohmann::json partToJson(const Part& part);

} // namespace infrafit
