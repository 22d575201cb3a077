// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/analysis/hardware_rates.h"

#include <initializer_list>

namespace infrafit {

/// Time of a ring all-reduce of `bytes` over `n` GPUs at bus bandwidth
/// `bytesPerS` and per-hop latency `latencyS`: 2(n−1)/n · S/B + 2(n−1)·α
/// (Patarasuk & Yuan 2009; nccl-tests PERFORMANCE.md busbw factor). 0 for n ≤ 1.
double ringAllReduceS(double bytes, int n, double bytesPerS, double latencyS);

/// Reduce-scatter or all-gather: (n−1)/n · S/B + (n−1)·α (nccl-tests PERFORMANCE.md).
double ringGatherS(double bytes, int n, double bytesPerS, double latencyS);

/// Members of a group of `size` GPUs with rank stride `stride` that sit in
/// one node of `gpusPerNode` GPUs (Megatron rank order tensor → context →
/// data/expert → pipeline: consecutive ranks share a node).
int membersPerNode(int stride, int size, int gpusPerNode);

/// Time of an all-reduce of `bytes` (the full buffer each GPU holds) over
/// a group of `size` GPUs with rank stride `stride`, as NCCL runs it:
/// - inside one node: ring, 2(n−1)/n·S/B + 2(n−1)·α (Patarasuk & Yuan
///   2009), or with NVLS (NVLink SHARP) S/B + 2α (the switch reduces);
/// - across nodes, with k = membersPerNode() GPUs per node over N nodes:
///   the node's k members split the buffer over their own NICs (NCCL runs
///   one channel per rail), so each GPU's NIC share carries 2(n−1)/n·S/k
///   and every node's NICs together carry the data about once — what
///   nccl-tests shows on 8-NIC nodes (bus bandwidth close to the node's NIC
///   total; NCCL PERFORMANCE.md defines busbw). NCCL pipelines chunks
///   through NVLink and the NICs, so the slower level sets the bandwidth
///   term; a fixed cost adds per level: 2(k−1)·α inside, and between
///   nodes the one nccl-tests measures on H100 clusters of 4–1,024 nodes,
///   a + b·log2 N (training_constants.h; it grows with N like NCCL's
///   double binary tree, Sanders et al. 2009, at ~9× a step latency).
/// One call is one collective: a caller that issues several (buckets,
/// one per layer) calls it per collective, so each pays the fixed cost.
double allReduceS(double bytes, int size, int stride, const LinkRates& rates);

/// All-gather (or reduce-scatter) of a `bytes` buffer (the gathered size):
/// as allReduceS() with (n−1)/n instead of 2(n−1)/n. Between nodes NCCL
/// runs it as a ring, so its fixed cost grows with the ranks: NCCL's ring
/// model scaled to measurement (training_constants.h); with one member per
/// node the faster of that ring and PAT (NCCL 2.23+, logarithmic hops at
/// 0.75 of the bandwidth).
double allGatherS(double bytes, int size, int stride, const LinkRates& rates);

/// One link level's traffic on the most-loaded GPU against what the link
/// carries, one direction, bytes/s.
struct LevelDemand {
    bool present = false;          ///< the configuration has this level or traffic uses it
    double bytes = 0;              ///< per GPU per training step (per decode step serving)
    double demandBytesPerS = 0;    ///< bytes / window (see LinkDemands)
    double availableBytesPerS = 0; ///< LinkRates' derated bus bandwidth
};

/// Interconnect demand against bandwidth per level: the GPU link inside a
/// node (NVLink/xGMI; absent on a PCIe-only chassis), the GPU's PCIe host
/// link and the NIC fabric between nodes. Demand is the rate at which the
/// level's traffic would move within `windowS`, the compute time it can hide
/// behind (training: the step's compute; serving: one decode step's
/// compute or memory time) — the bus bandwidth the level needs for
/// communication not to lengthen the step. Demand above available means the
/// level is where communication shows up in the step time.
struct LinkDemands {
    double windowS = 0;
    LevelDemand gpuLink, pcie, nic;
};

/// Bytes a parallel dimension moves per GPU on a link level.
struct LevelTraffic {
    LinkLevel level = LinkLevel::None;
    double bytes = 0;
};

/// Sums `traffic` per level against `rates`. Traffic on the NICs also
/// crosses the GPU's PCIe link to its NIC (GPUDirect RDMA: NVIDIA DGX H100
/// user guide, "network connections" — each GPU reaches its ConnectX-7
/// through a PCIe switch), so it counts on both. Demand = bytes / windowS
/// (0 when windowS <= 0).
LinkDemands linkDemands(std::initializer_list<LevelTraffic> traffic, double windowS,
                        const LinkRates& rates);

/// Traffic and time of each parallel dimension for one training step on
/// the most-loaded GPU, and where each runs.
struct CommunicationResult {
    double tpBytes = 0, tpTimeS = 0;
    /// Pipeline p2p: its whole time and the part not hidden behind compute
    /// (with an interleaved schedule Megatron overlaps it: pp_comm_overlap).
    double ppBytes = 0, ppTimeS = 0, ppExposedS = 0;
    double dpBytes = 0, dpTimeS = 0, dpExposedS = 0;
    double epBytes = 0, epTimeS = 0;
    LinkLevel tpLevel = LinkLevel::None, ppLevel = LinkLevel::None;
    LinkLevel dpLevel = LinkLevel::None, epLevel = LinkLevel::None;
    double exposedTimeS = 0;          ///< tp + ep + pp + exposed dp
    /// Of the exposed times above, the slowdown of compute that overlaps
    /// collectives (overlapCost()): GPU time at compute power, not
    /// waiting (power_activity.cpp).
    double overlapSlowdownS = 0;
    double communicationFraction = 0; ///< exposed / step time
    bool sufficient = true;
    LinkDemands levels;               ///< demand against bandwidth per link level
};

/// The link level a group of `size` GPUs with rank stride `stride` uses:
/// inside a node when stride·size <= gpus per node (Megatron rank order
/// tensor → data/expert → pipeline, Narayanan et al. 2021 §3.1).
LinkLevel groupLevel(int stride, int size, int gpusPerNode, const LinkRates& rates);

/// Whether a plan sends GPU traffic between nodes over the NICs: a group
/// that talks spans more than the GPUs one GPU fabric joins (`fabricGpus`,
/// LinkRates::gpusPerNode: the node, or a GB200 NVL72 rack). The group is
/// the whole plan for training (gradients synchronise every replica), one
/// replica's tensor × pipeline GPUs for inference (replicas never talk).
bool planCrossesNodes(WorkloadKind kind, const Parallelism& plan, int nodes, int fabricGpus);

} // namespace infrafit
