// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/serving/simulation_result.h"

#include <string>

namespace infrafit {

/// How one replica of a serving recommendation is run: its tensor and
/// pipeline groups (inside one GPU fabric: a node or an NVLink rack) and
/// the engine limits the search varied (vLLM max_num_seqs and
/// max_num_batched_tokens).
struct ServingReplicaPlan {
    int tensor = 1;
    int pipeline = 1;
    int maxBatch = 256;
    int chunkTokens = 2048;

    [[nodiscard]] int gpus() const { return tensor * pipeline; }
};

/// What the serving recommendation found for one candidate
/// (docs/user-guide.md "Serving capacity planning"): the cluster the demand
/// needs with this node build and replica plan, its cost per hour, and the
/// latencies the demand sees on it. Plain value; every number is finite.
struct ServingCandidate {
    ServingReplicaPlan replica;
    double capacityPerReplica = 0; ///< requests/s (open loop) or users (closed loop) under the SLA
    bool closedLoop = false;
    int replicasNeeded = 0; ///< spare included
    int nodesNeeded = 0;
    double clusterUsdPerHour = 0; ///< TCO per hour of nodesNeeded nodes
    double costPerMillionOutputTokensUsd = 0;
    Percentiles ttftMs; ///< at the demand on replicasNeeded replicas
    Percentiles tpotMs;
    /// Least relative slack of the SLA percentile of TTFT and TPOT at the
    /// demand: min(1 − TTFT/limit, 1 − TPOT/limit); 0.25 = 25 % to spare.
    double slaHeadroom = 0;
    double outputTokensPerSPerUser = 0; ///< 1000 / mean TPOT (ms)
    double outputTokensPerSPerGpu = 0; ///< demand's output tokens/s over the cluster's GPUs
};

/// A (node build, replica plan) the serving search ruled out, with why in
/// words and by how much ("p99 TTFT 2.9 s at 1 req/s exceeds the 2 s SLA by
/// 45 %").
struct RejectedCandidate {
    std::string hardware; ///< "GPU x per node / chassis"
    ServingReplicaPlan replica;
    std::string reason;
};

} // namespace infrafit
