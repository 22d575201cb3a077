// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/analysis/analysis_result.h"
#include "core/project/project.h"
#include "core/project/resolve_configuration.h"
#include "core/software/software_compat.h"

#include <string>
#include <string_view>
#include <vector>

namespace infrafit {

/// Entry point for `infrafit-cli analyze` and the GUI.
///
/// Analyses every (workload, configuration) pair of `project`, workloads in
/// file order outer, configurations inner; each pair is evaluate()d
/// (workload analysis plus infrastructure checks). `workloadFilter` /
/// `configFilter`: empty = all, else the exact name. Configurations are
/// resolved with resolveConfiguration (inline parts override `catalog`).
///
/// Throws InputError(file, …) when a filter names nothing ("--workload":
/// "no workload named …") or a configuration cannot be resolved (unknown or
/// wrong-kind part id, with its JSON pointer): the CLI exits 2. Everything
/// else — a plan that does not fit, an unsupported precision — is a finding
/// inside the result (exit 0).
/// `software`: the catalog's software compatibility table (nullptr: the
/// shipped one).
std::vector<AnalysisResult> analyzeProject(const Project& project, const PartLookup& catalog,
                                           std::string_view workloadFilter = {},
                                           std::string_view configFilter = {},
                                           const std::string& file = {},
                                           const SoftwareTable* software = nullptr);

} // namespace infrafit
