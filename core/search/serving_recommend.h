// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/search/recommend.h"

#include <vector>

namespace infrafit {

/// An inference workload with a demand (`request_rate_per_s`, or `users`)
/// and an `sla`: recommend() sizes clusters for it by simulation.
bool isServingDemandSearch(const Workload& workload);

/// The workload a serving search sizes for: the constraints' request rate
/// (`--request-rate`) replaces the workload's demand, and the TTFT / TPOT
/// targets (`--ttft-ms`, `--tpot-ms`) replace the SLA's limits (p99 when
/// the workload has no `sla` and both targets are given).
Workload servingSearchWorkload(const Workload& workload, const SearchConstraints& constraints);

/// The replica plans the serving search tries where one GPU fabric joins
/// `fabricGpus` GPUs (LinkRates::gpusPerNode: the node, or a GB200 NVL72
/// rack's 72 over NVLink), in a fixed order:
/// tensor t dividing the reach (t ≤ 8, Narayanan et al. 2021 takeaway 1),
/// pipeline p > 1 only at the largest such t, with t·p dividing the reach
/// (a replica stays inside its GPU fabric, so replicas share no NIC links;
/// stages without micro-batches add hops, not speed), each passing
/// planRuleViolation(); the workload's max_batch and a quarter of it (at
/// least 8: a smaller batch trades throughput for TPOT); its
/// prefill_chunk_tokens, or 2,048 and 512 when it leaves the budget open
/// (a smaller chunk shortens the steps decoders wait on, Sarathi-Serve,
/// Agrawal et al. OSDI 2024 §4.3, at the cost of TTFT).
std::vector<ServingReplicaPlan> servingReplicaPlans(const Workload& workload, int fabricGpus);

/// Serving recommendation for a workload with a demand and an SLA
/// (isServingDemandSearch()). Every (node build, replica plan) gets the
/// capacity of one replica under the SLA from the request-level simulator
/// (findCapacity / findUserCapacity, the same scenario as `analyze`'s
/// serving section, cached per GPU, link rates and replica plan), the
/// replicas the demand needs (spare included) and so the nodes; its cost
/// is the TCO per hour of that whole cluster, and candidates rank by it,
/// cheapest first (fully priced before those with a missing price). A
/// replica plan that does not fit, or misses the SLA even at an idle
/// load, and clusters that break a constraint (nodes, GPUs, budget,
/// racks, power) are listed in `rejected` with the reason and by how much.
///
/// Pruning (request.prune) is exact: a replica's capacity is at most its
/// saturated throughput (findCapacity bisects below it), so the cluster
/// sized at that throughput costs no more than the real one (TCO per hour
/// grows with the node count); pairs whose bound exceeds the `top`-th
/// cheapest cluster found are skipped. The Pareto front (cost per hour
/// against SLA headroom) is over the candidates evaluated. Deterministic
/// for any `control.threads`.
Recommendation recommendServing(const RecommendRequest& request, const SearchControl& control = {});

} // namespace infrafit
