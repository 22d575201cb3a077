// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/analysis/analyze_plan.h"

namespace infrafit {

/// Analyses one workload on one configuration: memory per GPU (every
/// pipeline stage; most-loaded reported), speed, communication, findings.
/// Without `workload.parallelism` the simple plan chooser picks one
/// (choosePlan). Pure function; never throws for a validated workload and a
/// resolved configuration: plan-vs-hardware problems become error findings.
AnalysisResult analyze(const Workload& workload, const ResolvedConfiguration& config);

/// Simple plan chooser (issue 3 item 6): tensor ∈ {1,2,4,8} within a node,
/// pipeline over layers (divisors up to the layer count), data for the
/// rest; for training the lowest ZeRO stage and lightest recompute that
/// fit. Returns the fastest plan that fits, else the one using least memory.
/// analyze() now uses the plan search (core/pipeline/plan_search.h); this
/// stays as the baseline the search is tested against.
Parallelism choosePlan(const Workload& workload, const ResolvedConfiguration& config);

} // namespace infrafit
