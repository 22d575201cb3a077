// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/finding.h"
#include "core/infra/infrastructure.h"
#include "core/search/search_constraints.h"
#include "core/search/serving_candidate.h"
#include "core/serving/capacity.h"
#include "core/workload/workload.h"

#include <cstdint>
#include <string>
#include <vector>

namespace infrafit {

struct RecommendedCandidate;

/// A latency in words: "850 ms" below a second, "2.9 s" above.
std::string servingLatencyText(double ms);

/// Why a run misses the SLA and by how much, at `load` ("0.05 req/s"):
/// "p99 TTFT 2.9 s at 0.05 req/s exceeds the 2 s SLA by 45 %", each limit
/// missed; or the requests that never fit the KV cache.
std::string slaMissText(
    const SimulationResult& run, const ServiceLevel& sla, const std::string& load);

/// Latencies, SLA headroom and per-user / per-GPU output rates of a
/// candidate from the demand's run on `replicas` replicas over `gpus` GPUs.
void fillServingFigures(ServingCandidate& figures, const SimulationResult& run,
    const ServingScenario& scenario, const ServingDemand& demand, int replicas, int gpus);

/// The constraints a sized cluster breaks, in words with by how much
/// ("exceeds the budget of $1.00M by 23 %"); empty when none.
std::string clusterProblems(
    const InfrastructureReport& infra, const SearchConstraints& constraints, double costUsd);

/// The SLA limit with the least headroom, as text.
std::string servingTightest(const ServingCandidate& figures, const ServiceLevel& sla);

/// Error finding "recommend.infeasible" when no cluster holds the demand,
/// with the first rejections as examples.
void addServingInfeasibleFinding(
    Findings& findings, const std::vector<RejectedCandidate>& rejected, std::int64_t pairs);

/// Each ranked candidate's reasons: rank and cluster cost, how the replica
/// count follows from the capacity, latencies against the SLA, Pareto
/// status; for the winner how much more the runner-up costs. With
/// `countComplete` false the search stopped early and `feasibleCount` (node
/// builds with a feasible cluster; each is ranked once, with its cheapest
/// replica plan) is the number found, so the rank says "at least" and no
/// cluster is called the only feasible one.
void addServingReasons(std::vector<RecommendedCandidate>& ranked, const Workload& workload,
    std::int64_t feasibleCount, bool countComplete = true);

} // namespace infrafit
