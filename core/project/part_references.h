// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/project/project.h"
#include "core/project/resolve_configuration.h"

#include <string>
#include <vector>

namespace infrafit {

/// Every part id the project's configurations name (chassis, GPU, CPU,
/// NVMe, NIC, PSU, cooling), each once, in first-use order.
std::vector<std::string> usedPartIds(const Project& project);

/// The project as it should be saved so that it opens anywhere: every part
/// its configurations use that is not already inline and that the built-in
/// catalog does not hold with exactly the same fields (a part the user
/// added or changed) is embedded in `parts`, looked up in `catalog` (the
/// user's catalog). Parts already inline stay; unknown ids are left as they
/// are (the analysis reports them). Pure: no I/O.
Project withEmbeddedParts(const Project& project, const PartLookup& catalog,
                          const std::vector<Part>& builtIn);

/// How many configurations of the project name part `id` (in any role).
int configurationsUsing(const Project& project, const std::string& id);

/// The project with every configuration's reference to `oldId` changed to
/// `newId` (after the part was renamed in the catalog), and an inline part
/// with `oldId` renamed too.
Project withPartRenamed(Project project, const std::string& oldId, const std::string& newId);

} // namespace infrafit
