// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/input_error.h"
#include "core/software/software_compat.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace infrafit {

/// Reads the software compatibility table: a JSON array of rows
/// (docs/user-guide.md "Software compatibility"). Every problem (missing
/// source or date, an unknown stack, framework, feature or precision, a
/// version text without a number, a repeated architecture) is appended to
/// `problems` with its JSON pointer below `pointer`; rows with a problem are
/// left out.
SoftwareTable softwareTableFromJson(const nlohmann::json& json, const std::string& pointer,
                                    std::vector<Problem>& problems);

/// One row; nullopt (with problems appended) when it is refused.
std::optional<SoftwareCompat> softwareCompatFromJson(const nlohmann::json& json,
                                                     const std::string& pointer,
                                                     std::vector<Problem>& problems);

nlohmann::json softwareCompatToJson(const SoftwareCompat& row);
nlohmann::json softwareTableToJson(const SoftwareTable& table);

/// Frameworks as stored in the catalog database's `frameworks` column.
nlohmann::json frameworkFeaturesToJson(const std::vector<FrameworkFeature>& features);
std::vector<FrameworkFeature> frameworkFeaturesFromJson(const nlohmann::json& json,
                                                        const std::string& pointer,
                                                        std::vector<Problem>& problems);

} // namespace infrafit
