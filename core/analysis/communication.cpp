// SPDX-License-Identifier: Apache-2.0
#include "core/analysis/communication.h"

#include "core/analysis/training_constants.h"

#include <algorithm>
#include <cmath>

namespace infrafit {

double ringAllReduceS(double bytes, int n, double bytesPerS, double latencyS)
{
    if (n <= 1 || bytes <= 0)
        return 0;
    if (bytesPerS <= 0)
        return 1e30; // no link: the caller reports it as an error finding
    return 2.0 * (n - 1) / n * bytes / bytesPerS + 2.0 * (n - 1) * latencyS;
}

double ringGatherS(double bytes, int n, double bytesPerS, double latencyS)
{
    if (n <= 1 || bytes <= 0)
        return 0;
    if (bytesPerS <= 0)
        return 1e30;
    return double(n - 1) / n * bytes / bytesPerS + (n - 1) * latencyS;
}

int membersPerNode(int stride, int size, int gpusPerNode)
{
    if (size <= 1)
        return 1;
    stride = std::max(1, stride);
    if (stride >= gpusPerNode)
        return 1;
    return std::clamp(gpusPerNode / stride, 1, size);
}

namespace {

struct Hierarchy {
    int perNode = 1; ///< k
    int nodes = 1;   ///< N
};

Hierarchy hierarchyOf(int size, int stride, const LinkRates& r)
{
    Hierarchy h;
    h.perNode = membersPerNode(stride, size, std::max(1, r.gpusPerNode));
    h.nodes = (size + h.perNode - 1) / h.perNode;
    return h;
}

/// Fixed cost of one all-reduce between `nodes` nodes, measured
/// (training_constants.h: nccl-tests sweeps at 4–1,024 H100 nodes).
double interFixedS(int nodes)
{
    if (nodes <= 1)
        return 0;
    return trainingModel.networkCollectiveBaseS
           + trainingModel.networkCollectivePerDoublingS * std::log2(double(nodes));
}

/// Fixed cost of one ring all-gather or reduce-scatter of `size` ranks
/// between `nodes` nodes: NCCL's ring model, scaled to what is measured
/// (training_constants.h).
double ringGatherFixedS(int size, int nodes, const LinkRates& r)
{
    const auto& k = trainingModel;
    const double intraStep = std::max(r.intraNodeLevel == LinkLevel::GpuLink ? k.ringNvlinkStepS
                                                                            : k.ringPcieStepS,
                                      k.ringNetOverheadStepS);
    const double steps = k.ringBaseS + double(size - nodes) * intraStep
                         + double(nodes - 1) * k.ringNetworkStepS;
    return k.measuredOverNcclModel * steps;
}

/// Fixed cost of one PAT all-gather or reduce-scatter (one member per node),
/// NCCL's model scaled as the ring's (training_constants.h).
double patGatherFixedS(int size, int nodes)
{
    const auto& k = trainingModel;
    const double steps = k.patBaseS + std::floor(std::log2(double(nodes))) * k.patPerLevelS
                         + size * k.patPerRankS;
    return k.measuredOverNcclModel * steps;
}

/// Bandwidth terms of a collective across nodes that moves `share` bytes
/// through each GPU (2(n−1)/n·S for an all-reduce, (n−1)/n·S for a gather):
/// chunks flow through both levels at once (NCCL pipelines them), so the
/// slower level sets the pace. Each GPU's NVLink carries the share, each
/// GPU's NIC share/k (the node's k members split the buffer over their own
/// NICs, NCCL one channel per rail). No NIC: 1e30, which the caller reports
/// as an error finding.
struct CrossNodeTerms {
    double nic = 0;
    double link = 0;
    double slower() const { return std::max(nic, link); }
};

CrossNodeTerms crossNodeTerms(double share, const Hierarchy& h, const LinkRates& r)
{
    CrossNodeTerms t;
    t.nic = r.interNodeBytesPerS > 0 ? share / h.perNode / r.interNodeBytesPerS : 1e30;
    t.link = h.perNode > 1 && r.intraNodeBytesPerS > 0 ? share / r.intraNodeBytesPerS : 0;
    return t;
}

} // namespace

double allReduceS(double bytes, int size, int stride, const LinkRates& r)
{
    if (size <= 1 || bytes <= 0)
        return 0;
    const Hierarchy h = hierarchyOf(size, stride, r);
    if (h.nodes <= 1) {
        if (r.nvls && r.intraNodeBytesPerS > 0)
            return bytes / r.intraNodeBytesPerS + 2.0 * r.intraLatencyS;
        return ringAllReduceS(bytes, size, r.intraNodeBytesPerS, r.intraLatencyS);
    }
    // Fixed cost: 2(k−1)·α inside the node plus the measured tree-shaped one
    // between nodes.
    const CrossNodeTerms t = crossNodeTerms(2.0 * (size - 1) / size * bytes, h, r);
    return t.slower() + 2.0 * (h.perNode - 1) * r.intraLatencyS + interFixedS(h.nodes);
}

double allGatherS(double bytes, int size, int stride, const LinkRates& r)
{
    if (size <= 1 || bytes <= 0)
        return 0;
    const Hierarchy h = hierarchyOf(size, stride, r);
    if (h.nodes <= 1)
        return ringGatherS(bytes, size, r.intraNodeBytesPerS, r.intraLatencyS);
    // NCCL's ring; with one member per node PAT where that is faster, at
    // its share of the ring's bandwidth.
    const CrossNodeTerms t = crossNodeTerms(double(size - 1) / size * bytes, h, r);
    const double ring = t.slower() + ringGatherFixedS(size, h.nodes, r);
    if (h.perNode > 1)
        return ring;
    return std::min(ring, t.nic / trainingModel.patBandwidthShare + patGatherFixedS(size, h.nodes));
}

LinkDemands linkDemands(std::initializer_list<LevelTraffic> traffic, double windowS,
                        const LinkRates& rates)
{
    LinkDemands d;
    d.windowS = windowS > 0 ? windowS : 0;
    d.gpuLink.present = rates.intraNodeLevel == LinkLevel::GpuLink;
    d.gpuLink.availableBytesPerS = d.gpuLink.present ? rates.intraNodeBytesPerS : 0;
    d.pcie.present = true;
    d.pcie.availableBytesPerS = rates.hostLinkBytesPerS;
    d.nic.availableBytesPerS = rates.interNodeBytesPerS;
    d.nic.present = rates.interNodeBytesPerS > 0;
    for (const LevelTraffic& t : traffic) {
        switch (t.level) {
        case LinkLevel::GpuLink: d.gpuLink.bytes += t.bytes; break;
        case LinkLevel::Pcie: d.pcie.bytes += t.bytes; break;
        case LinkLevel::Nic:
            d.nic.bytes += t.bytes;
            d.pcie.bytes += t.bytes; // GPU -> PCIe switch -> NIC
            d.nic.present = d.nic.present || t.bytes > 0;
            break;
        case LinkLevel::None: break;
        }
    }
    for (LevelDemand* level : {&d.gpuLink, &d.pcie, &d.nic}) {
        level->present = level->present || level->bytes > 0;
        level->demandBytesPerS = d.windowS > 0 ? level->bytes / d.windowS : 0;
    }
    return d;
}

LinkLevel groupLevel(int stride, int size, int gpusPerNode, const LinkRates& rates)
{
    if (size <= 1)
        return LinkLevel::None;
    if (static_cast<long long>(stride) * size <= gpusPerNode)
        return rates.intraNodeLevel;
    return LinkLevel::Nic;
}

bool planCrossesNodes(WorkloadKind kind, const Parallelism& plan, int nodes, int fabricGpus)
{
    long long talking
        = static_cast<long long>(std::max(1, plan.tensor)) * std::max(1, plan.pipeline);
    if (kind == WorkloadKind::Training)
        talking *= static_cast<long long>(std::max(1, plan.context)) * std::max(1, plan.data);
    return nodes > 1 && talking > std::max(1, fabricGpus);
}

} // namespace infrafit
