// SPDX-License-Identifier: Apache-2.0
#include "core/search/serving_replica.h"

#include "core/pipeline/analyze.h"
#include "core/analysis/serving_analysis.h"
#include "core/base/finding_text.h"
#include "core/search/serving_reasons.h"
#include "core/serving/capacity.h"

#include <algorithm>
#include <cmath>

namespace infrafit {

/// The variant a replica plan runs: its plan on `replicas` replicas and a
/// per-replica concurrency of `batch` (what the step model's fixed terms
/// are taken at, and what fits the KV cache).
Workload servingVariant(const Workload& w, const ServingReplicaPlan& plan, int replicas, int batch)
{
    Workload v = w;
    v.maxBatch = plan.maxBatch;
    v.serving.prefillChunkTokens = plan.chunkTokens;
    Parallelism p;
    p.tensor = plan.tensor;
    p.pipeline = plan.pipeline;
    p.data = std::max(1, replicas);
    p.sequenceParallel = plan.tensor > 1;
    v.parallelism = p;
    v.concurrentRequests = std::max(1, batch) * std::max(1, replicas);
    return v;
}

void prepareReplica(ReplicaCapacity& r, const Workload& w, const ServingReplicaPlan& plan,
    const ResolvedConfiguration& node)
{
    const int replicas = std::max(1, node.config.gpusPerNode / plan.gpus());
    r.node = node;
    r.variant = servingVariant(w, plan, replicas, 1);
    AnalysisResult first = analyzeWithPlan(r.variant, node, *r.variant.parallelism, false);
    // The steady batch: as many whole requests as the KV slots hold, at most max_batch.
    const double perRequest = double(w.promptTokens) + w.outputTokens;
    const int batch = int(std::clamp(
        std::floor(first.inference.maxKvTokensPerGpu / perRequest), 1.0, double(plan.maxBatch)));
    r.variant = servingVariant(w, plan, replicas, batch);
    r.analysis = batch == 1 ? std::move(first)
                            : analyzeWithPlan(r.variant, node, *r.variant.parallelism, false);
    r.scenario = servingScenarioFor(r.variant, r.analysis);
    r.model = std::make_unique<ServingStepTime>(r.variant, node, r.analysis);
    r.usable = r.analysis.analyzed && r.model->isUsable()
        && r.analysis.inference.maxKvTokensPerGpu >= perRequest;
    if (!r.analysis.analyzed)
        r.reason = "the plan cannot be analysed on this GPU (precision or model limits)";
    else if (!r.usable)
        r.reason = "does not fit: weights and workspace leave room for "
            + infra::num(std::max(0.0, r.analysis.inference.maxKvTokensPerGpu))
            + " KV-cache tokens per GPU, one request needs " + infra::num(perRequest);
}

void findReplicaCapacity(ReplicaCapacity& r, const ServingDemand& d)
{
    r.capacityDone = true;
    if (!r.usable)
        return;
    const ServiceLevel& sla = r.scenario.sla;
    if (d.requestRatePerS) {
        const CapacityAnswer cap = findCapacity(r.scenario, *r.model);
        r.capacity = cap.maxRatePerS;
        r.saturatedPerS = cap.saturatedRatePerS;
        if (r.capacity <= 0)
            r.reason
                = slaMissText(cap.lightest, sla, infra::num(cap.lightestRatePerS, 3) + " req/s");
    } else {
        const UserCapacityAnswer cap = findUserCapacity(r.scenario, *r.model, d.thinkTimeS);
        r.capacity = cap.maxUsers;
        if (r.capacity <= 0)
            r.reason
                = slaMissText(simulateUsers(r.scenario, *r.model, 1, d.thinkTimeS), sla, "1 user");
    }
}

double saturatedRate(const ReplicaCapacity& r)
{
    return simulateAtRate(r.scenario, *r.model, 0.0).throughputRequestsPerS;
}

/// The demand's run on `replicas` replicas of `r` (what the cluster's users see).
SimulationResult runAtDemand(const ReplicaCapacity& r, const ServingDemand& d, int replicas)
{
    if (d.requestRatePerS)
        return simulateCluster(r.scenario, *r.model, *d.requestRatePerS, replicas);
    return simulateUsers(
        r.scenario, *r.model, replicasFor(d.users.value_or(1), replicas), d.thinkTimeS);
}

} // namespace infrafit
