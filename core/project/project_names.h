// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/project/project.h"

#include <string>

namespace infrafit {

/// For a message about an unknown name: `; the project has "A", "B"` (or
/// `; the project has none`), so a mistyped --config or --workload shows
/// what would have worked.
std::string knownConfigurationNames(const Project& project);
std::string knownWorkloadNames(const Project& project);

} // namespace infrafit
