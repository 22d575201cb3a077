// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/analysis/analysis_result.h"
#include "core/serving/capacity.h"
#include "core/config/resolved_configuration.h"
#include "core/infra/infrastructure.h"
#include "core/serving/serving_report.h"
#include "core/workload/workload.h"

#include <optional>

namespace infrafit {

/// Requests per simulation in the capacity search: enough for a stable p99
/// (20 requests above it) while ~30 simulations stay well under a second.
inline constexpr int servingSimulatedRequests = 2000;

/// The simulation scenario of one replica of the analysed plan: its KV
/// slots, engine limits (max_batch, prefill_chunk_tokens, 2,048 when
/// absent), request lengths, arrivals and SLA (none: zero limits). Shared by
/// analyzeServing() and the serving recommendation, so both size alike.
ServingScenario servingScenarioFor(const Workload& workload, const AnalysisResult& analysis);

/// The capacity answer (core/serving) for an inference workload with a
/// serving demand, or a fixed `concurrent_requests` with an `sla` (a closed
/// loop without think time): the highest load one replica of the analysed
/// plan holds under the SLA, the replicas and nodes the demand needs, the
/// latencies at the configuration's operating point, and cost and energy
/// per million tokens from the TCO per hour and the power model at the
/// simulated utilisation (docs/reference/hardware.md §2.2, P(u) = P_idle + u (P_max −
/// P_idle), on wall power). Adds "serving.*" findings. Needs the
/// infrastructure report for cost and power (absent: those stay 0).
/// nullopt for training, for a workload without demand, when the analysis
/// failed or when the plan does not fit in GPU memory. Pure; deterministic
/// (fixed seed).
std::optional<ServingReport> analyzeServing(const Workload& workload,
                                            const ResolvedConfiguration& config,
                                            const AnalysisResult& analysis,
                                            const InfrastructureReport* infrastructure,
                                            Findings& findings);

} // namespace infrafit
