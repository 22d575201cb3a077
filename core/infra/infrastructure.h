// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/finding.h"
#include "core/config/resolved_configuration.h"
#include "core/infra/compatibility.h"
#include "core/infra/cost.h"
#include "core/infra/fabric.h"
#include "core/infra/infrastructure_inputs.h"
#include "core/infra/pcie.h"
#include "core/infra/power.h"
#include "core/infra/thermal.h"

namespace infrafit {

/// Everything the infrastructure checks found for one configuration:
/// figures per area, the assumptions in effect and all findings (severity,
/// stable code, sentence with numbers, suggestion). `ok` is false when any
/// finding is an error. A plain value; produced by checkInfrastructure().
struct InfrastructureReport {
    PowerReport power;
    ThermalReport thermal;
    PcieReport pcie;
    FabricReport fabric;
    CompatibilityReport compatibility;
    CostReport cost;
    Assumptions assumptions;
    Findings findings;
    bool ok = true;
};

/// Checks bad input and returns a copy of `in` with each invalid value
/// replaced by its default; every replacement and every invalid count or
/// part field of `rc` adds an error finding naming the field ("config.nodes",
/// "rack.power_limit_kw", "cooling.type", "inputs.utilisation", ...).
InfrastructureInputs sanitizeInfrastructureInputs(const ResolvedConfiguration& rc,
                                                  const InfrastructureInputs& in,
                                                  Findings& findings);

/// The assumptions in effect for a report (values after defaults).
Assumptions describeAssumptions(const ResolvedConfiguration& rc, const InfrastructureInputs& in,
                                const InfrastructureReport& report);

/// Fabric, PCIe, power, rack, thermal, compatibility and cost checks of one
/// configuration. Pure: no I/O, same inputs give the same report; never
/// returns NaN or infinity, whatever the input.
InfrastructureReport checkInfrastructure(const ResolvedConfiguration& rc,
                                         const InfrastructureInputs& in);

} // namespace infrafit
