// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/input_error.h"
#include "core/model/model_spec.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace infrafit {

/// Reads a `model` object (docs/user-guide.md "Project file"). `"preset": "llama-3.1-8b"`
/// starts from a shipped preset; other members override it. Problems (type,
/// range, unknown enum, unknown preset, model rules from validateModel) are
/// appended with pointers under `pointer`; returns nullopt if any was found.
std::optional<ModelSpec> modelFromJson(const nlohmann::json& json, const std::string& pointer,
                                       std::vector<Problem>& problems);

/// Writes every architecture field (optional dimensions only when set).
nlohmann::json modelToJson(const ModelSpec& model);

} // namespace infrafit
