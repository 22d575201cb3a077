// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/input_error.h"
#include "core/project/project.h"
#include "core/project/resolve_configuration.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace infrafit {

/// Reads a project document (`{"format": "infrafit-project", "version": 1,
/// …}`, docs/user-guide.md "Project file"). `file` names the source in messages. Collects every
/// problem — type errors, unknown enum values, zero/negative sizes, model
/// rules, plan rules (heads vs tensor, pipeline vs layers, batch vs
/// micro × data), duplicate names, bad inline parts — and throws one
/// InputError(file, problems) listing them with JSON pointers.
///
/// `ignored`, when given, receives a warning ("unknown field, ignored") for
/// each member of the document that InfraFit does not read: a misspelled key
/// ("promt_tokens"), a key of another program or a newer version, a field an
/// inline part's kind does not have. Such a member changes nothing, so the
/// user must hear of it; saving the project drops it.
Project projectFromJson(const nlohmann::json& document, const std::string& file,
                        std::vector<Problem>* ignored = nullptr);

/// projectFromJson; when that refuses the file, every configuration's part
/// ids are also resolved against the project's inline parts and `catalog`
/// (resolveConfiguration), so one InputError lists the schema problems and
/// the unknown or wrong-kind part ids together: a refused file reports all
/// its problems at once. A file without schema problems is returned as
/// projectFromJson returns it (the command resolves what it uses).
Project projectFromJson(const nlohmann::json& document, const std::string& file,
                        const PartLookup& catalog, std::vector<Problem>* ignored = nullptr);

/// Reads and parses `path` (size and depth limits of readTextFile /
/// parseJsonDocument), then projectFromJson.
Project readProjectFile(const std::string& path, std::vector<Problem>* ignored = nullptr);

/// Reads and parses `path` as readProjectFile does, without reading the
/// project out of it (for projectFromJson with a catalog).
nlohmann::json readProjectDocument(const std::string& path);

/// One configuration object as it appears in a project file.
nlohmann::json configurationToJson(const Configuration& configuration);

/// Writes the document; projectFromJson(projectToJson(p)) == p field by field.
nlohmann::json projectToJson(const Project& project);

/// Atomic save (temporary file + rename) of projectToJson, 2-space indented.
void writeProjectFile(const Project& project, const std::string& path);

} // namespace infrafit
