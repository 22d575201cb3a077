// SPDX-License-Identifier: Apache-2.0
#include "core/portfolio/portfolio_packing.h"

#include "core/parts/partition_placement.h"
#include "core/portfolio/portfolio_schedule.h"

#include <algorithm>
#include <map>
#include <numeric>

namespace infrafit {
namespace {

/// What the packer tracks per GPU besides the plan's occupants.
struct PackingGpuState {
    TimeLoad time;                    ///< whole-GPU occupants
    int computeUsed = 0;              ///< partitions: slices taken
    int memoryUsed = 0;
    std::map<std::string, int> profileCount;
    bool partitioned = false;
    /// MIG instances in the order of the GPU's occupants.
    std::vector<PartitionProfile> instances;
};

struct PackingState {
    const PortfolioCluster& cluster;
    bool allowTimeSharing;
    std::vector<PortfolioGpu> gpus;
    std::vector<PackingGpuState> state;

    [[nodiscard]] int index(int node, int gpu) const { return node * cluster.gpusPerNode + gpu; }

    [[nodiscard]] bool wholeFree(int g, const PortfolioDemand& d) const
    {
        const auto& s = state[static_cast<std::size_t>(g)];
        if (s.partitioned)
            return false;
        if (s.time.occupants == 0)
            return true;
        return allowTimeSharing && s.time.admits(d.schedule, d.timeShare);
    }

    void takeWhole(int g, int entry, int replica, const PortfolioDemand& d)
    {
        auto& s = state[static_cast<std::size_t>(g)];
        s.time.add(d.schedule, d.timeShare);
        gpus[static_cast<std::size_t>(g)].occupants.push_back(
            {entry, replica, {}, 1.0, scheduleTimeFraction(d.schedule, d.timeShare)});
    }

    [[nodiscard]] bool sliceFits(int g, const PartitionProfile& p) const
    {
        const auto& s = state[static_cast<std::size_t>(g)];
        if (s.time.occupants > 0)
            return false;
        if (p.wholeGpu && s.partitioned
            && gpus[static_cast<std::size_t>(g)].partitionMode != p.name)
            return false;
        if (!p.wholeGpu && s.partitioned && gpus[static_cast<std::size_t>(g)].partitionMode != "mig")
            return false;
        const auto count = s.profileCount.find(p.name);
        const int used = count == s.profileCount.end() ? 0 : count->second;
        if (used >= p.maxInstances || s.computeUsed + p.computeSlices > p.computeSlicesTotal
            || s.memoryUsed + p.memorySlices > p.memorySlicesTotal)
            return false;
        if (p.wholeGpu)
            return true;
        // The count is not enough: each MIG profile starts only at the
        // guide's positions (docs/reference/partitioning.md §1.1).
        auto instances = s.instances;
        instances.push_back(p);
        return placePartitions(instances).has_value();
    }

    void takeSlice(int g, int entry, int replica, const PortfolioDemand& d)
    {
        const auto& p = *d.profile;
        auto& s = state[static_cast<std::size_t>(g)];
        auto& gpu = gpus[static_cast<std::size_t>(g)];
        s.partitioned = true;
        gpu.partitionMode = p.wholeGpu ? p.name : "mig";
        s.computeUsed += p.computeSlices;
        s.memoryUsed += p.memorySlices;
        ++s.profileCount[p.name];
        gpu.occupants.push_back({entry, replica, p.name,
                                 static_cast<double>(p.computeSlices) / p.computeSlicesTotal,
                                 scheduleTimeFraction(d.schedule, d.timeShare)});
        if (p.wholeGpu)
            return;
        // Every instance's start again: a new one may move the others
        // (a 4g taken after a 3g puts the 3g at slot 4).
        s.instances.push_back(p);
        const auto starts = placePartitions(s.instances);
        for (std::size_t i = 0; starts && i < starts->size(); ++i) {
            gpu.occupants[i].startSlot = (*starts)[i];
            gpu.occupants[i].slotCount = s.instances[i].memorySlices;
        }
    }
};

/// Whole nodes: every GPU of each node must be free for this schedule.
bool packingPlaceNodes(PackingState& st, int entry, const PortfolioDemand& d, std::vector<int>& used)
{
    const int gpn = st.cluster.gpusPerNode;
    for (int replica = 0; replica < d.replicas; ++replica) {
        int found = 0;
        for (int node = 0; node < st.cluster.nodes && found < d.nodesPerReplica; ++node) {
            bool free = true;
            for (int g = 0; g < gpn && free; ++g)
                free = st.wholeFree(st.index(node, g), d);
            if (!free)
                continue;
            for (int g = 0; g < gpn; ++g) {
                st.takeWhole(st.index(node, g), entry, replica, d);
                used.push_back(st.index(node, g));
            }
            ++found;
        }
        if (found < d.nodesPerReplica)
            return false;
    }
    return true;
}

/// Whole GPUs: a replica that fits one node goes to the node with the fewest
/// free GPUs that still hold it (keeps whole nodes free); a larger one takes
/// free GPUs in node order.
bool packingPlaceGpus(PackingState& st, int entry, const PortfolioDemand& d, std::vector<int>& used)
{
    const int gpn = st.cluster.gpusPerNode;
    for (int replica = 0; replica < d.replicas; ++replica) {
        std::vector<int> chosen;
        if (d.gpusPerReplica <= gpn) {
            int bestNode = -1, bestFree = gpn + 1;
            for (int node = 0; node < st.cluster.nodes; ++node) {
                int free = 0;
                for (int g = 0; g < gpn; ++g)
                    free += st.wholeFree(st.index(node, g), d) ? 1 : 0;
                if (free >= d.gpusPerReplica && free < bestFree) {
                    bestNode = node;
                    bestFree = free;
                }
            }
            if (bestNode >= 0)
                for (int g = 0; g < gpn && static_cast<int>(chosen.size()) < d.gpusPerReplica; ++g)
                    if (st.wholeFree(st.index(bestNode, g), d))
                        chosen.push_back(st.index(bestNode, g));
        } else {
            for (int g = 0; g < st.cluster.nodes * gpn
                            && static_cast<int>(chosen.size()) < d.gpusPerReplica;
                 ++g)
                if (st.wholeFree(g, d))
                    chosen.push_back(g);
        }
        if (static_cast<int>(chosen.size()) < d.gpusPerReplica)
            return false;
        for (int g : chosen) {
            st.takeWhole(g, entry, replica, d);
            used.push_back(g);
        }
    }
    return true;
}

/// Partitions: the first GPU already partitioned that has room, else the
/// first GPU with nothing on it.
bool packingPlaceSlices(PackingState& st, int entry, const PortfolioDemand& d, std::vector<int>& used)
{
    const int total = st.cluster.nodes * st.cluster.gpusPerNode;
    for (int replica = 0; replica < d.replicas; ++replica) {
        int chosen = -1;
        for (int pass = 0; pass < 2 && chosen < 0; ++pass)
            for (int g = 0; g < total && chosen < 0; ++g) {
                const bool partitioned = st.state[static_cast<std::size_t>(g)].partitioned;
                if ((pass == 0) == partitioned && st.sliceFits(g, *d.profile))
                    chosen = g;
            }
        if (chosen < 0)
            return false;
        st.takeSlice(chosen, entry, replica, d);
        used.push_back(chosen);
    }
    return true;
}

/// Placement order: nodes, then GPUs (most GPUs first), then partitions
/// (most memory first); the portfolio's order among equals.
std::vector<int> packingOrder(std::span<const PortfolioDemand> demands)
{
    std::vector<int> order(demands.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        const auto& x = demands[static_cast<std::size_t>(a)];
        const auto& y = demands[static_cast<std::size_t>(b)];
        if (x.placement != y.placement)
            return x.placement < y.placement;
        if (x.placement == SharingPlacement::Slice)
            return x.profile && y.profile && x.profile->memoryGb > y.profile->memoryGb;
        return x.gpusPerReplica * x.replicas > y.gpusPerReplica * y.replicas;
    });
    return order;
}

PortfolioPlan packingAttempt(std::span<const PortfolioDemand> demands,
                             const PortfolioCluster& cluster, bool allowTimeSharing)
{
    PackingState st{cluster, allowTimeSharing, {}, {}};
    const int total = cluster.nodes * cluster.gpusPerNode;
    st.gpus.resize(static_cast<std::size_t>(total));
    st.state.resize(static_cast<std::size_t>(total));
    for (int g = 0; g < total; ++g) {
        st.gpus[static_cast<std::size_t>(g)].node = g / cluster.gpusPerNode;
        st.gpus[static_cast<std::size_t>(g)].gpu = g % cluster.gpusPerNode;
    }
    PortfolioPlan plan;
    plan.configuration = cluster.configuration;
    plan.gpuModel = cluster.gpuModel;
    plan.nodes = cluster.nodes;
    plan.gpusPerNode = cluster.gpusPerNode;
    plan.entries.resize(demands.size());
    plan.fits = true;
    for (int i : packingOrder(demands)) {
        const auto& d = demands[static_cast<std::size_t>(i)];
        auto& entry = plan.entries[static_cast<std::size_t>(i)];
        entry.demand = d;
        entry.timeFraction = scheduleTimeFraction(d.schedule, d.timeShare);
        if (!d.problem.empty()) {
            plan.fits = false;
            continue;
        }
        // Place on a copy: a workload that does not fit leaves nothing behind.
        PackingState trial = st;
        std::vector<int> used;
        bool ok = false;
        switch (d.placement) {
        case SharingPlacement::Nodes: ok = packingPlaceNodes(trial, i, d, used); break;
        case SharingPlacement::Gpus: ok = packingPlaceGpus(trial, i, d, used); break;
        case SharingPlacement::Slice:
            ok = d.profile && packingPlaceSlices(trial, i, d, used);
            break;
        }
        if (!ok) {
            plan.fits = false;
            continue;
        }
        st.gpus = std::move(trial.gpus);
        st.state = std::move(trial.state);
        entry.placed = true;
        entry.gpus = std::move(used);
    }
    double sum = 0;
    for (std::size_t g = 0; g < st.gpus.size(); ++g) {
        auto& gpu = st.gpus[g];
        double busy = 0;
        for (const auto& o : gpu.occupants)
            busy += o.computeFraction * o.timeFraction;
        gpu.utilisation = std::clamp(busy, 0.0, 1.0);
        sum += gpu.utilisation;
        if (!gpu.occupants.empty())
            ++plan.allocatedGpus;
        if (st.state[g].time.occupants > 1)
            plan.timeShared = true;
    }
    plan.utilisation = total > 0 ? sum / total : 0;
    plan.gpus = std::move(st.gpus);
    plan.concurrent = plan.fits && !plan.timeShared;
    return plan;
}

/// A schedule as a finding says it ("office hours", not the file's "office_hours").
std::string packingScheduleLabel(const PortfolioDemand& d)
{
    if (d.timeShare)
        return std::to_string(static_cast<int>(*d.timeShare * 100 + 0.5)) + " % of the time";
    std::string label(enumName(d.schedule));
    std::replace(label.begin(), label.end(), '_', ' ');
    return label;
}

std::string packingGpuName(const PortfolioGpu& gpu)
{
    return "node " + std::to_string(gpu.node) + " GPU " + std::to_string(gpu.gpu);
}

void packingFindings(PortfolioPlan& plan)
{
    for (const auto& entry : plan.entries) {
        const auto& d = entry.demand;
        if (!d.problem.empty()) {
            plan.findings.push_back({Severity::Error, "portfolio.cannot_place", d.workload + ": " + d.problem,
                                     "Choose another placement or a GPU that supports it."});
        } else if (!entry.placed) {
            std::string need;
            if (d.placement == SharingPlacement::Slice && d.profile)
                need = std::to_string(d.replicas) + " x " + d.profile->name + " partition(s)";
            else
                need = std::to_string(d.replicas * d.gpusPerReplica) + " GPU(s)";
            plan.findings.push_back(
                {Severity::Error, "portfolio.does_not_fit",
                 d.workload + " needs " + need + " (" + packingScheduleLabel(d) + ") but "
                     + plan.configuration + " has no room left for it ("
                     + std::to_string(plan.nodes * plan.gpusPerNode) + " GPUs in all)",
                 "Add nodes, move a workload to a schedule that does not overlap, or use "
                 "smaller placements."});
        }
    }
    if (plan.fits && plan.timeShared) {
        std::string shared;
        int count = 0;
        for (const auto& gpu : plan.gpus) {
            int whole = 0;
            for (const auto& o : gpu.occupants)
                whole += o.profile.empty() ? 1 : 0;
            if (whole > 1) {
                if (count < 4)
                    shared += (count ? ", " : "") + packingGpuName(gpu);
                ++count;
            }
        }
        plan.findings.push_back(
            {Severity::Warning, "portfolio.time_shared",
             "The portfolio fits only by time-sharing " + std::to_string(count) + " GPU(s) ("
                 + shared + (count > 4 ? ", ..." : "")
                 + ") between workloads whose schedules do not overlap",
             "Keep the schedules apart, or add GPUs to run everything at once."});
    } else if (plan.fits) {
        plan.findings.push_back({Severity::Info, "portfolio.fits_at_once",
                                 "Every workload of the portfolio runs at the same time on "
                                     + std::to_string(plan.allocatedGpus) + " of "
                                     + std::to_string(plan.nodes * plan.gpusPerNode) + " GPUs",
                                 {}});
    }
}

} // namespace

PortfolioPlan packPortfolio(std::span<const PortfolioDemand> demands, const PortfolioCluster& cluster)
{
    PortfolioPlan plan = packingAttempt(demands, cluster, false);
    if (!plan.fits) {
        PortfolioPlan shared = packingAttempt(demands, cluster, true);
        const auto placed = [](const PortfolioPlan& p) {
            return std::count_if(p.entries.begin(), p.entries.end(),
                                 [](const PortfolioEntry& e) { return e.placed; });
        };
        if (shared.fits || placed(shared) > placed(plan))
            plan = std::move(shared);
    }
    packingFindings(plan);
    return plan;
}

} // namespace infrafit
