// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/config/resolved_configuration.h"
#include "core/project/project.h"

#include <functional>
#include <vector>
#include <optional>
#include <string_view>

namespace infrafit {

/// Looks a part up by id in a catalog; nullopt when absent.
using PartLookup = std::function<std::optional<Part>(std::string_view id)>;

/// Resolves configuration `index` of `project`: each id is looked up first
/// among the project's inline parts, then in `catalog` (may be empty).
/// Throws InputError(file, problems) listing every unknown id, wrong-kind id
/// ("/configurations/N/gpu": "… is a chassis, not a gpu"), missing gpu or
/// chassis, non-positive counts, and ids used with a zero count.
ResolvedConfiguration resolveConfiguration(const Project& project, std::size_t index,
                                           const PartLookup& catalog,
                                           const std::string& file = {});

/// Resolves the configurations at `indexes` (in that order), collecting the
/// problems of all of them into one InputError(file, problems).
std::vector<ResolvedConfiguration> resolveConfigurations(const Project& project,
                                                         const std::vector<std::size_t>& indexes,
                                                         const PartLookup& catalog,
                                                         const std::string& file = {});

} // namespace infrafit
