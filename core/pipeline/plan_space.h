// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/workload/workload.h"

#include <cstdint>
#include <vector>

namespace infrafit {

/// One point of a plan space: a parallel plan and the workload variant it
/// runs (index into PlanSpace::variants: the micro-batch size for training,
/// the concurrent requests for inference).
struct PlanPoint {
    Parallelism plan;
    std::int32_t variant = 0;
};

/// What the plan space may vary besides the parallel plan.
struct PlanSpaceOptions {
    /// Training: try every micro-batch size dividing global/data (up to
    /// maxMicroBatch); false keeps the workload's micro_batch_size.
    bool varyMicroBatch = true;
    int maxMicroBatch = 32;
    /// Inference: try concurrent requests per replica 1, 2, 4, … up to
    /// maxBatchPerReplica; false keeps the workload's concurrent_requests
    /// and uses every GPU (replicas = GPUs / (tensor · pipeline)).
    bool varyBatch = true;
    int maxBatchPerReplica = 256;
    /// Largest tensor-parallel group: within the GPU-link domain (a node,
    /// or tensorDomainGpus), and at most 8 (Narayanan et al. 2021,
    /// takeaway 1: TP beyond a node's NVLink domain costs more than it
    /// saves).
    int maxTensor = 8;
    /// GPUs one tensor group may span: the GPU fabric's reach
    /// (LinkRates::gpusPerNode, e.g. 72 in a GB200 NVL72 rack of 4-GPU
    /// trays, where collectives run on NVLink across trays). 0 or less than
    /// `gpusPerNode` = the node. Tensor sizes are its divisors up to
    /// maxTensor, within the cluster's GPUs.
    int tensorDomainGpus = 0;
    /// Largest virtual-stage count per pipeline rank (interleaved 1F1B).
    /// No cap by default: every even split down to chunks of one layer,
    /// which Megatron-Core accepts (`num_layers_per_virtual_pipeline_stage`
    /// = 1) and which Calculon's GPT-3 175B optimum uses (48 chunks over two
    /// stages). A cap of 8 hid plans the model rates faster (the GPT-3 175B
    /// example's choice has 12 chunks; docs/validation.md, "Plan choice").
    int maxVirtualStages = 1024;
};

/// Every plan of a workload on `gpusPerNode` × `nodes` GPUs, in a fixed
/// order (the order breaks ties, so searches that skip points still agree
/// with a search that evaluates all). Training: tensor | the tensor domain
/// (gpusPerNode or the fabric's reach, ≤ maxTensor, dividing the heads),
/// pipeline ≤ layers with tensor · pipeline | GPUs (uneven stages allowed;
/// the remainder goes to the first stages), data = the rest, interleaving
/// v | layers/pipeline (even only), micro-batch | global/data, expert |
/// gcd(data, experts) for MoE, sequence parallelism on before off,
/// recompute none → selective → full, ZeRO 0–3 (0 only when data = 1; no
/// ZeRO-2 with pipeline stages). Inference: tensor × pipeline × replicas ×
/// batch per replica. Every point passes planRuleViolation().
struct PlanSpace {
    std::vector<Workload> variants;
    std::vector<PlanPoint> points;
};

PlanSpace enumeratePlans(const Workload& workload, int gpusPerNode, int nodes,
                         const PlanSpaceOptions& options = {});

} // namespace infrafit
