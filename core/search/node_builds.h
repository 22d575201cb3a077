// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/finding.h"
#include "core/config/resolved_configuration.h"
#include "core/infra/infrastructure_inputs.h"
#include "core/search/parts_snapshot.h"
#include "core/search/search_constraints.h"
#include "core/search/serving_candidate.h"
#include "core/workload/workload.h"

#include <vector>

namespace infrafit {

/// One node design: indices into a PartsSnapshot (-1 = not used) and the
/// counts per node. `multiNode` builds carry NICs and are tried at node
/// counts > 1; the others (no NIC) only as a single node.
struct NodeBuild {
    int gpu = -1, chassis = -1, cpu = -1, nvme = -1, nic = -1, psu = -1, cooling = -1;
    int gpusPerNode = 0, cpusPerNode = 0, nvmePerNode = 0, nicsPerNode = 0, psusPerNode = 0;
    bool multiNode = false;
    /// GPU power limit, watts; 0 = none (the GPU's tdp_w). Builds with a
    /// limit come from SearchConstraints::gpuPowerLimitFractions.
    double gpuPowerLimitW = 0;
};

/// The configuration space: node builds and the node counts to try, plus
/// findings for parts ruled out as a whole (with the reason).
struct ConfigSpace {
    std::vector<NodeBuild> builds;
    std::vector<int> nodeCounts;
    Findings findings;
    /// Chassis, NICs and complete systems left out because they do not
    /// meet the project's requirements (or the catalog does not say), with
    /// the requirements they miss: never a silent drop.
    std::vector<RejectedCandidate> rejected;
};

/// Enumerates node builds. GPU × chassis that accepts its form factor and
/// TDP (complete systems such as DGX only with their own GPU) × GPUs per
/// node (the chassis maximum and half of it) × NIC (none for one node; for
/// several, each distinct NIC speed and protocol, one per GPU or one per
/// two GPUs). The parts that do not change the plan's speed are chosen per
/// build: the cheapest CPU that passes the compatibility and PCIe checks
/// (one per socket); for each PSU model the fewest units that carry the
/// node's maximum DC load with the required redundancy, keeping the model
/// with the lowest price plus conversion-loss energy over the cost horizon;
/// the available cooling with the lowest PUE that carries a full rack.
/// Pruned exactly: GPUs without a figure for the precision or whose
/// model-state lower bound (states / most GPUs allowed + CUDA context)
/// exceeds their memory; builds whose node draws more than the rack allows
/// or whose PSUs cannot carry it in the chassis' slots.
ConfigSpace enumerateNodeBuilds(const Workload& workload, const PartsSnapshot& parts,
                                const SearchConstraints& constraints,
                                const InfrastructureInputs& infraInputs);

/// The fewest nodes a build can be bought in: 1, or its chassis'
/// `node_multiple` (a GB200 NVL72 rack's 18 trays).
int smallestNodeCount(const PartsSnapshot& parts, const NodeBuild& build);

/// The resolved configuration of a build at `nodes` nodes, named after it.
ResolvedConfiguration resolveBuild(const PartsSnapshot& parts, const NodeBuild& build, int nodes,
                                   const SearchConstraints& constraints);

/// A lower bound of per-GPU memory for any plan on `gpus` GPUs: model
/// states (training) or weights (inference) spread evenly over every GPU,
/// plus the CUDA context. No plan needs less (activations, KV cache and
/// buffers only add).
double memoryLowerBoundBytes(const Workload& workload, long long gpus);

} // namespace infrafit
