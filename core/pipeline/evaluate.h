// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/analysis/analysis_result.h"
#include "core/config/resolved_configuration.h"
#include "core/infra/infrastructure_inputs.h"
#include "core/software/software_compat.h"
#include "core/workload/workload.h"

namespace infrafit {

/// The infrastructure inputs a workload's analysis implies: its precision,
/// the tokens/s it achieves (for cost per token), and whether its plan
/// sends traffic between nodes. Fields already set in `base` are kept.
InfrastructureInputs infrastructureInputsFor(const Workload& workload,
                                             const AnalysisResult& analysis,
                                             const ResolvedConfiguration& config,
                                             InfrastructureInputs base = {});

/// The whole evaluation of one workload on one configuration, as
/// `infrafit-cli analyze` reports it: the workload analysis (memory, speed,
/// communication; analyze()) plus the infrastructure checks (power, thermal,
/// PCIe, fabric, compatibility, cost; checkInfrastructure()) and the storage
/// and host balance (checkpoints, data feed, model load, CPU cores and host
/// memory per GPU; checkStorageAndHost()), and for a workload with a serving
/// demand the capacity under its SLA (analyzeServing()), with all findings
/// merged, and the software checks (checkSoftware(), core/software) against
/// `software` (nullptr: the shipped table, defaultSoftwareTable()).
/// Pure; never throws for a validated workload.
AnalysisResult evaluate(const Workload& workload, const ResolvedConfiguration& config,
                        const InfrastructureInputs& base = {},
                        const SoftwareTable* software = nullptr);

} // namespace infrafit
