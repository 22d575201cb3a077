// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/analysis/analysis_result.h"
#include "core/config/resolved_configuration.h"
#include "core/workload/workload.h"

namespace infrafit {

/// Analyses one workload on one configuration: memory per GPU (every
/// pipeline stage; most-loaded reported), speed, communication, findings.
/// Without `workload.parallelism` the simple plan chooser picks one
/// (choosePlan). Pure function; never throws for a validated workload and a
/// resolved configuration: plan-vs-hardware problems become error findings.
AnalysisResult analyze(const Workload& workload, const ResolvedConfiguration& config);

/// Analyses with an explicit plan (data = 0 → derived from the GPU count).
/// Cheap (a few µs): the chooser calls it for each candidate; findings
/// text is only built when `withFindings`.
AnalysisResult analyzeWithPlan(const Workload& workload, const ResolvedConfiguration& config,
                               const Parallelism& plan, bool withFindings = true);

/// Simple plan chooser (issue 3 item 6): tensor ∈ {1,2,4,8} within a node,
/// pipeline over layers (divisors up to the layer count), data for the
/// rest; for training the lowest ZeRO stage and lightest recompute that
/// fit. Returns the fastest plan that fits, else the one using least memory.
Parallelism choosePlan(const Workload& workload, const ResolvedConfiguration& config);

/// Share of vendor capacity kept back for the driver, ECC/row-remap reserve
/// and page tables in training (inference uses gpu_memory_utilization).
inline constexpr double hbmReserveFraction = 0.02;
/// Exposed communication above this share of step time is "insufficient".
inline constexpr double maxCommunicationFraction = 0.25;

} // namespace infrafit
