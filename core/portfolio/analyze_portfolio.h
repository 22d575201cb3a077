// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/portfolio/portfolio_plan.h"
#include "core/project/resolve_configuration.h"
#include "core/software/software_compat.h"

#include <span>

namespace infrafit {

/// The workloads of `names`, in that order (names not in `project` are
/// skipped; the project reader refuses them).
std::vector<Workload> portfolioWorkloads(const Project& project,
                                         std::span<const std::string> names);

/// Sizes each workload on `config` (portfolioDemand) and packs them
/// (packPortfolio); `software`: the catalog's software rows (nullptr: the
/// shipped table). Pure.
PortfolioPlan planPortfolio(std::span<const Workload> workloads,
                            const ResolvedConfiguration& config,
                            const SoftwareTable* software = nullptr);

/// The project's portfolio packed onto its configuration (the one it names,
/// else the first). Throws InputError naming `file` when the project has no
/// portfolio or no configuration, or the configuration cannot be resolved.
PortfolioPlan analyzePortfolio(const Project& project, const PartLookup& catalog,
                               const std::string& file = {},
                               const SoftwareTable* software = nullptr);

} // namespace infrafit
