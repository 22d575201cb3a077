// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/project/project.h"
#include "core/project/resolve_configuration.h"

#include <nlohmann/json.hpp>

#include <iosfwd>
#include <string>

namespace infrafit::cli {

/// The project in `document` (projectFromJson, with part ids checked against
/// `catalog`). Each member InfraFit does not read, a misspelled key most
/// often, goes to `err` as "FILE: POINTER: unknown field, ignored": the
/// command still runs, but not on what the user may think they wrote.
Project loadProject(const nlohmann::json& document, const std::string& file,
                    const PartLookup& catalog, std::ostream& err);

/// Reads and parses `file`, then loadProject without a catalog.
Project loadProject(const std::string& file, std::ostream& err);

} // namespace infrafit::cli
