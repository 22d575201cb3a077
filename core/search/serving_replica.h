// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/analysis/analysis_result.h"
#include "core/analysis/serving_step_time.h"
#include "core/config/resolved_configuration.h"
#include "core/search/serving_candidate.h"
#include "core/serving/capacity.h"
#include "core/workload/workload.h"

#include <memory>
#include <string>

namespace infrafit {

/// Capacity of one replica plan on one GPU and link set, shared by every
/// node build that has them.
struct ReplicaCapacity {
    Workload variant; ///< plan, max_batch, chunk; concurrency per replica
    ResolvedConfiguration node; ///< one node of the first build with this key
    AnalysisResult analysis; ///< of `variant` on `node`
    ServingScenario scenario;
    std::unique_ptr<ServingStepTime> model;
    bool usable = false; ///< analysed and one request fits the KV cache
    double saturatedPerS = 0; ///< open loop: requests/s with every request queued
    bool capacityDone = false;
    double capacity = 0; ///< requests/s or users under the SLA (0: none)
    std::string reason; ///< why no load meets the SLA
};

/// ⌈a / b⌉ for counts of replicas and nodes; 0 when b is not positive.
int servingCeilDiv(double a, double b);

/// The variant a replica plan runs: its plan on `replicas` replicas and a
/// per-replica concurrency of `batch`.
Workload servingVariant(
    const Workload& workload, const ServingReplicaPlan& plan, int replicas, int batch);

/// Analyses the replica plan on `node` (the build's smallest cluster: one
/// node, or a whole NVLink rack) and builds its scenario and step
/// model (the same as analyze's serving section); no simulation.
void prepareReplica(ReplicaCapacity& replica, const Workload& workload,
    const ServingReplicaPlan& plan, const ResolvedConfiguration& node);

/// The replica's capacity under the SLA (and the reason when none).
void findReplicaCapacity(ReplicaCapacity& replica, const ServingDemand& demand);

/// Requests/s the replica completes with every request queued at t = 0.
double saturatedRate(const ReplicaCapacity& replica);

/// The demand's run on `replicas` replicas (what the cluster's users see).
SimulationResult runAtDemand(
    const ReplicaCapacity& replica, const ServingDemand& demand, int replicas);

} // namespace infrafit
