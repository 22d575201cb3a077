// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/finding.h"
#include "core/config/resolved_configuration.h"
#include "core/project/requirements.h"

#include <string>
#include <vector>

namespace infrafit {

/// The project's manageability and security requirements against one
/// configuration: one row per (requirement, part) — chassis requirements
/// against the chassis, NIC requirements against the NIC (unmet when the
/// configuration has none). A part meets a requirement only when its
/// catalog value says so; an absent value is Unknown (docs/user-guide.md
/// "Requirements"). Redfish versions compare by dotted numbers.
std::vector<ComplianceRow> checkRequirements(const ProjectRequirements& requirements,
                                             const ResolvedConfiguration& config);

/// Findings for the rows: error `requirement.unmet` per unmet row, warning
/// `requirement.unknown` per row the catalog cannot answer.
Findings requirementFindings(const std::vector<ComplianceRow>& rows);

/// Why a chassis cannot be chosen under the requirements (unmet or unknown
/// chassis requirements, "tpm: not stated"), empty when it can.
std::vector<std::string> chassisRequirementGaps(const ProjectRequirements& requirements,
                                                const Chassis& chassis);
/// The same for a NIC.
std::vector<std::string> nicRequirementGaps(const ProjectRequirements& requirements,
                                            const Nic& nic);
/// True when the requirements ask anything of the NICs.
bool requiresNicFeatures(const ProjectRequirements& requirements);

} // namespace infrafit
