// SPDX-License-Identifier: Apache-2.0
#include "core/search/serving_recommend.h"

#include "core/pipeline/analyze.h"
#include "core/pipeline/evaluate.h"
#include "core/analysis/hardware_rates.h"
#include "core/analysis/serving_step_time.h"
#include "core/analysis/serving_analysis.h"
#include "core/base/finding_text.h"
#include "core/search/candidate_reasons.h"
#include "core/search/node_builds.h"
#include "core/base/parallel_for.h"
#include "core/serving/capacity.h"
#include "core/search/pareto.h"
#include "core/search/serving_reasons.h"
#include "core/search/serving_replica.h"
#include "core/parts/system_parts.h"
#include "core/analysis/power_activity.h"
#include "core/workload/workload_validation.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <queue>
#include <tuple>

namespace infrafit {
namespace {

using infra::num;

/// Items whose capacities are computed together (in parallel) before they
/// are costed; fixed so the pruning, and so the result, does not depend
/// on the thread count.
constexpr std::size_t servingBatchItems = 8;

using ServingCacheKey
    = std::tuple<int, int, int, double, int, double, double, double, int, int, int, int>;

/// One (node build, replica plan) pair.
struct ServingItem {
    std::size_t build = 0;
    ServingReplicaPlan plan;
    std::size_t key = 0; ///< into the capacity cache
    double boundUsdPerHour = 0; ///< TCO/h of the cluster sized at saturation
    bool boundPriced = true;
    int index = 0; ///< enumeration order (ties)
};

struct ServingCosted {
    std::size_t item = 0;
    ServingCandidate figures;
    std::unique_ptr<InfrastructureReport> infra;
    bool priced = true;
};

struct ServingClusterCost {
    std::unique_ptr<InfrastructureReport> infra;
    double costUsd = 0; ///< on the budget's basis
};

double servingDemandLoad(const ServingDemand& d)
{
    return d.requestRatePerS ? *d.requestRatePerS : double(d.users.value_or(0));
}

std::string servingHardwareText(const PartsSnapshot& parts, const NodeBuild& b)
{
    return parts.gpus[std::size_t(b.gpu)].id + " x" + std::to_string(b.gpusPerNode) + " / "
        + parts.chassis[std::size_t(b.chassis)].id;
}

/// Ranking: fully priced first, then cheaper per hour, then more SLA
/// headroom, then enumeration order.
bool servingBetter(
    const ServingCosted& a, const ServingCosted& b, const std::vector<ServingItem>& items)
{
    if (a.priced != b.priced)
        return a.priced;
    if (a.figures.clusterUsdPerHour != b.figures.clusterUsdPerHour)
        return a.figures.clusterUsdPerHour < b.figures.clusterUsdPerHour;
    if (a.figures.slaHeadroom != b.figures.slaHeadroom)
        return a.figures.slaHeadroom > b.figures.slaHeadroom;
    return items[a.item].index < items[b.item].index;
}

/// A replica stays inside its GPU fabric (servingReplicaPlans: one node,
/// or the NVLink rack that joins nodes), so a serving cluster sends no
/// traffic between GPUs over NICs: it needs the front-end network only,
/// not a back-end (GPU) fabric with its NICs, switches and optics.
/// Multi-node builds drop their back-end NICs (complete systems keep the
/// NICs they ship with) and the copies this makes are merged.
ConfigSpace servingNodeBuilds(ConfigSpace space, const PartsSnapshot& parts)
{
    std::vector<NodeBuild> kept;
    for (NodeBuild b : space.builds) {
        if (b.multiNode && !isCompleteSystem(parts.chassis[std::size_t(b.chassis)])) {
            b.nic = -1;
            b.nicsPerNode = 0;
        }
        const auto same = [&b](const NodeBuild& o) {
            return std::tie(o.gpu, o.chassis, o.cpu, o.nvme, o.nic, o.psu, o.cooling,
                       o.gpusPerNode, o.cpusPerNode, o.nvmePerNode, o.nicsPerNode, o.psusPerNode,
                       o.multiNode, o.gpuPowerLimitW)
                == std::tie(b.gpu, b.chassis, b.cpu, b.nvme, b.nic, b.psu, b.cooling,
                    b.gpusPerNode, b.cpusPerNode, b.nvmePerNode, b.nicsPerNode, b.psusPerNode,
                    b.multiNode, b.gpuPowerLimitW);
        };
        if (std::none_of(kept.begin(), kept.end(), same))
            kept.push_back(b);
    }
    space.builds = std::move(kept);
    return space;
}

} // namespace

bool isServingDemandSearch(const Workload& w)
{
    return w.kind == WorkloadKind::Inference && w.serving.isDemand() && w.serving.sla.has_value();
}

Workload servingSearchWorkload(const Workload& workload, const SearchConstraints& c)
{
    Workload w = workload;
    if (w.kind != WorkloadKind::Inference)
        return w;
    if (c.requestRatePerS) {
        w.serving.requestRatePerS = *c.requestRatePerS;
        w.serving.users.reset();
    }
    if (!w.serving.sla && c.ttftTargetS && c.tpotTargetS)
        w.serving.sla = ServiceLevel {*c.ttftTargetS * 1e3, *c.tpotTargetS * 1e3, 99};
    else if (w.serving.sla) {
        if (c.ttftTargetS)
            w.serving.sla->ttftMs = *c.ttftTargetS * 1e3;
        if (c.tpotTargetS)
            w.serving.sla->tpotMs = *c.tpotTargetS * 1e3;
    }
    return w;
}

std::vector<ServingReplicaPlan> servingReplicaPlans(const Workload& w, int fabricGpus)
{
    std::vector<ServingReplicaPlan> plans;
    const int gpn = std::max(1, fabricGpus);
    std::vector<int> batches {std::max(1, w.maxBatch)};
    if (w.maxBatch / 4 >= 8)
        batches.push_back(w.maxBatch / 4);
    std::vector<int> chunks;
    if (w.serving.prefillChunkTokens)
        chunks.push_back(*w.serving.prefillChunkTokens);
    else
        chunks = {2048, 512};
    for (int t = 1; t <= std::min(8, gpn); ++t) {
        if (gpn % t != 0)
            continue;
        for (int p = 1; t * p <= gpn && p <= std::max(1, w.model.layers); ++p) {
            // Pipeline stages only once tensor parallelism is at its
            // largest: without micro-batches they add hops, not speed.
            if (gpn % (t * p) != 0 || (p > 1 && t != std::min(8, gpn)))
                continue;
            Parallelism plan;
            plan.tensor = t;
            plan.pipeline = p;
            plan.data = gpn / (t * p);
            plan.sequenceParallel = t > 1;
            if (!planRuleViolation(w, plan).empty())
                continue;
            for (int b : batches)
                for (int c : chunks)
                    plans.push_back({t, p, b, c});
        }
    }
    return plans;
}

Recommendation recommendServing(const RecommendRequest& req, const SearchControl& control)
{
    Recommendation out;
    const Workload w = servingSearchWorkload(req.workload, req.constraints);
    const ServingDemand& d = w.serving;
    const SearchConstraints& c = req.constraints;
    const ConfigSpace space
        = servingNodeBuilds(enumerateNodeBuilds(w, req.parts, c, req.infrastructure), req.parts);
    out.findings = space.findings;
    out.rejected = space.rejected;
    const double load = servingDemandLoad(d);

    // Items and the capacity cache keys (GPU, link rates, replica plan).
    std::vector<ServingItem> items;
    std::vector<std::unique_ptr<ReplicaCapacity>> cache;
    std::vector<std::pair<std::size_t, ServingReplicaPlan>> cacheSource; // (build, plan)
    std::map<ServingCacheKey, std::size_t> keyIndex;
    std::map<int, std::vector<ServingReplicaPlan>> plansByReach;
    for (std::size_t b = 0; b < space.builds.size(); ++b) {
        const NodeBuild& nb = space.builds[b];
        const LinkRates r
            = linkRates(resolveBuild(req.parts, nb, smallestNodeCount(req.parts, nb), c));
        // Replicas may span the nodes one GPU fabric joins (r.gpusPerNode).
        auto [pit, newReach] = plansByReach.try_emplace(r.gpusPerNode);
        if (newReach)
            pit->second = servingReplicaPlans(w, r.gpusPerNode);
        for (const ServingReplicaPlan& plan : pit->second) {
            // A replica stays inside its GPU fabric (the node, or an NVLink
            // rack): the links between nodes matter only to the hops
            // between pipeline stages.
            // One GPU per replica uses no link at all.
            const bool hops = plan.pipeline > 1;
            const bool links = plan.gpus() > 1;
            const ServingCacheKey key {nb.gpu, links ? nb.gpusPerNode : 0,
                links ? r.gpusPerNode : 0,
                links ? r.intraNodeBytesPerS : 0.0, links ? int(r.intraNodeLevel) : 0,
                links ? r.intraLatencyS : 0.0, hops ? r.interLatencyS : 0.0,
                hops ? r.interNodeBytesPerS : 0.0, plan.tensor, plan.pipeline, plan.maxBatch,
                plan.chunkTokens};
            auto [it, added] = keyIndex.try_emplace(key, cache.size());
            if (added) {
                cache.push_back(std::make_unique<ReplicaCapacity>());
                cacheSource.emplace_back(b, plan);
            }
            items.push_back({b, plan, it->second, 0, true, int(items.size())});
        }
    }
    out.configurationsConsidered = std::int64_t(items.size());
    out.planSearches = std::int64_t(cache.size());

    // Phase 1: analyse every replica plan (no simulation yet).
    const bool phase1 = parallelFor(
        cache.size(),
        [&] {
            SearchControl p = control;
            if (control.progress)
                p.progress = [&control](double f) { control.progress(0.2 * f); };
            return p;
        }(),
        [&](std::size_t k) {
            const auto& [b, plan] = cacheSource[k];
            prepareReplica(*cache[k], w, plan,
                           resolveBuild(req.parts, space.builds[b],
                                        smallestNodeCount(req.parts, space.builds[b]), c));
        },
        1);
    if (!phase1) {
        out.cancelled = true;
        return out;
    }

    // Cluster cost per (build, nodes, replica plan): the infrastructure
    // checks of the cluster, its energy from the replica analysis' own GPU
    // activity (prefill compute-bound, decode memory-bound, exposed
    // tensor-parallel communication; docs/power-model.md §3), as analyze
    // costs the cluster it shows. Replicas stay inside their GPU fabric, so
    // no plan sends GPU traffic over the NICs.
    std::map<std::tuple<std::size_t, int, std::size_t>, ServingClusterCost> costs;
    const auto clusterCost = [&](const ServingItem& it, int nodes) -> const ServingClusterCost& {
        auto [pos, added] = costs.try_emplace({it.build, nodes, it.key});
        if (added) {
            const NodeBuild& nb = space.builds[it.build];
            const ResolvedConfiguration rc = resolveBuild(req.parts, nb, nodes, c);
            AnalysisResult brief;
            brief.analyzed = true;
            brief.kind = w.kind;
            brief.parallelism.data = nodes * nb.gpusPerNode;
            const double outTokens = d.requestRatePerS ? load * w.outputTokens : 0.0;
            brief.performance.outputTokensPerS = outTokens;
            brief.performance.tokensPerS
                = d.requestRatePerS ? load * (w.outputTokens + w.promptTokens) : 0.0;
            InfrastructureInputs base = req.infrastructure;
            const ReplicaCapacity& replica = *cache[it.key];
            if (!base.gpuActivity)
                base.gpuActivity = gpuActivityFor(replica.variant, replica.analysis);
            const auto inputs = infrastructureInputsFor(w, brief, rc, base);
            pos->second.infra
                = std::make_unique<InfrastructureReport>(checkInfrastructure(rc, inputs));
            pos->second.costUsd = c.budgetBasis == BudgetBasis::Tco
                ? pos->second.infra->cost.tcoUsd
                : pos->second.infra->cost.capexUsd;
        }
        return pos->second;
    };
    const auto nodesFor = [&](const ServingItem& it, int replicas) {
        const NodeBuild& nb = space.builds[it.build];
        const int nodes = replicasFor(double(replicas) * it.plan.gpus(), nb.gpusPerNode);
        // A chassis sold in whole multiples (GB200 NVL72: 18 trays) is
        // bought, and paid for, whole.
        const int multiple = smallestNodeCount(req.parts, nb);
        return (nodes + multiple - 1) / multiple * multiple;
    };
    const auto withinNodeLimits = [&](const ServingItem& it, int nodes) {
        const NodeBuild& nb = space.builds[it.build];
        return nodes >= 1 && nodes <= c.maxNodes
            && (!c.maxGpus || 1LL * nodes * nb.gpusPerNode <= *c.maxGpus);
    };

    // Best-first search with bounds refined lazily. Level 0: the cluster
    // for one replica (plus spares); level 1 (open loop): the cluster sized
    // at the saturated throughput, which caps the capacity; then the exact
    // capacity sizes the cluster. TCO per hour grows with the node count,
    // so each bound is at most the cost it stands for.
    struct Entry {
        double bound = 0;
        bool priced = true;
        int level = 0;
        std::size_t item = 0;
        bool operator>(const Entry& o) const
        {
            return bound > o.bound || (bound == o.bound && item > o.item);
        }
    };
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> heap;
    std::vector<char> rejectedKey(cache.size(), 0);
    const auto reject = [&](const std::string& hardware, const ServingReplicaPlan& plan,
                            const std::string& reason) {
        if (out.rejected.size() < 200)
            out.rejected.push_back({hardware, plan, reason});
    };
    const auto rejectKey = [&](const ServingItem& it) {
        if (rejectedKey[it.key])
            return;
        rejectedKey[it.key] = 1;
        reject(
            servingHardwareText(req.parts, space.builds[it.build]), it.plan, cache[it.key]->reason);
    };
    // The bound of an item whose cluster needs `replicas`; false when it
    // cannot be built within the node limits.
    const auto boundFor = [&](const ServingItem& it, int replicas, Entry& e) {
        const int nodes = nodesFor(it, replicas);
        const bool multi = space.builds[it.build].multiNode;
        // A build with NICs stands for clusters of several nodes, one
        // without for a single node; the bound takes the smallest it may use.
        if (!withinNodeLimits(it, nodes) || (nodes > 1 && !multi))
            return false;
        const ServingClusterCost& cc = clusterCost(it, std::max(nodes, multi ? 2 : 1));
        e.bound = cc.infra->cost.usdPerHour;
        e.priced = cc.infra->cost.priceComplete;
        return true;
    };
    for (std::size_t i = 0; i < items.size(); ++i) {
        const ServingItem& it = items[i];
        if (!cache[it.key]->usable) {
            rejectKey(it);
            continue;
        }
        Entry e;
        e.item = i;
        if (boundFor(it, 1 + d.spareReplicas, e))
            heap.push(e);
    }

    const std::size_t top = std::size_t(std::max(1, req.top));
    std::vector<ServingCosted> costed;
    std::map<std::size_t, std::size_t> bestOfBuild; // build → index in costed
    std::vector<double> pricedCosts; // best per build, sorted
    const auto threshold = [&] {
        return pricedCosts.size() >= top ? pricedCosts[top - 1]
                                         : std::numeric_limits<double>::infinity();
    };
    const auto pruned = [&](const Entry& e) {
        if (!req.prune)
            return false;
        const auto best = bestOfBuild.find(items[e.item].build);
        if (best != bestOfBuild.end() && costed[best->second].priced == e.priced
            && e.bound > costed[best->second].figures.clusterUsdPerHour)
            return true; // its build already has a cheaper cluster
        return pricedCosts.size() >= top && (!e.priced || e.bound > threshold());
    };
    std::map<std::pair<std::size_t, int>, SimulationResult> demandRuns;
    SearchControl inner = control;
    inner.progress = nullptr;
    const double total = double(std::max<std::size_t>(1, heap.size()));
    std::size_t finished = 0;
    while (!heap.empty()) {
        std::vector<Entry> batch;
        while (!heap.empty() && batch.size() < servingBatchItems) {
            const Entry e = heap.top();
            heap.pop();
            if (pruned(e)) {
                ++finished;
                out.feasibleCountComplete = false;
                continue;
            }
            batch.push_back(e);
        }
        if (batch.empty())
            break;
        // Refine: saturated runs for level 0 (open loop), capacities for level 1.
        std::vector<std::size_t> keys;
        for (const Entry& e : batch) {
            const std::size_t k = items[e.item].key;
            const bool needsCapacity = e.level == 1 || !d.requestRatePerS;
            const bool done = needsCapacity ? cache[k]->capacityDone : cache[k]->saturatedPerS > 0;
            if (!done && std::find(keys.begin(), keys.end(), k) == keys.end())
                keys.push_back(k);
        }
        std::vector<char> wantCapacity(keys.size(), 0);
        for (std::size_t j = 0; j < keys.size(); ++j)
            for (const Entry& e : batch)
                if (items[e.item].key == keys[j] && (e.level == 1 || !d.requestRatePerS))
                    wantCapacity[j] = 1;
        if (!parallelFor(
                keys.size(), inner,
                [&](std::size_t j) {
                    ReplicaCapacity& r = *cache[keys[j]];
                    if (wantCapacity[j])
                        findReplicaCapacity(r, d);
                    else
                        r.saturatedPerS = saturatedRate(r);
                },
                1)) {
            out.cancelled = true;
            break;
        }
        // Level 0 → 1 goes back on the heap; capacities size their clusters.
        std::vector<std::pair<std::size_t, int>> runs;
        std::vector<std::size_t> sized; // items with a capacity and within limits
        for (const Entry& e : batch) {
            const ServingItem& it = items[e.item];
            const ReplicaCapacity& r = *cache[it.key];
            if (e.level == 0 && d.requestRatePerS) {
                Entry next = e;
                next.level = 1;
                const int replicas = replicasFor(load, r.saturatedPerS) + d.spareReplicas;
                if (r.saturatedPerS > 0 && boundFor(it, replicas, next))
                    heap.push(next);
                else
                    ++finished;
                continue;
            }
            ++finished;
            if (r.capacity <= 0) {
                rejectKey(it);
                continue;
            }
            const int replicas = replicasFor(load, r.capacity) + d.spareReplicas;
            const int nodes = nodesFor(it, replicas);
            if (!withinNodeLimits(it, nodes)) {
                reject(servingHardwareText(req.parts, space.builds[it.build]), it.plan,
                    "needs " + num(replicas) + " replicas on " + num(nodes)
                        + " nodes, above the limit of " + num(c.maxNodes) + " nodes"
                        + (c.maxGpus ? " or " + num(*c.maxGpus) + " GPUs" : ""));
                continue;
            }
            if ((nodes > 1) != space.builds[it.build].multiNode)
                continue; // its twin build (with or without NICs) stands for it
            sized.push_back(e.item);
            const int inCluster = nodes * space.builds[it.build].gpusPerNode / it.plan.gpus();
            const std::pair<std::size_t, int> run {it.key, inCluster};
            if (!demandRuns.count(run) && std::find(runs.begin(), runs.end(), run) == runs.end())
                runs.push_back(run);
        }
        std::vector<SimulationResult> results(runs.size());
        if (!parallelFor(
                runs.size(), inner,
                [&](std::size_t j) {
                    results[j] = runAtDemand(*cache[runs[j].first], d, runs[j].second);
                },
                1)) {
            out.cancelled = true;
            break;
        }
        for (std::size_t j = 0; j < runs.size(); ++j)
            demandRuns.emplace(runs[j], std::move(results[j]));
        for (std::size_t i : sized) {
            const ServingItem& it = items[i];
            const ReplicaCapacity& r = *cache[it.key];
            const NodeBuild& nb = space.builds[it.build];
            ServingCandidate f;
            f.replica = it.plan;
            f.closedLoop = !d.requestRatePerS;
            f.capacityPerReplica = r.capacity;
            f.replicasNeeded = replicasFor(load, r.capacity) + d.spareReplicas;
            f.nodesNeeded = nodesFor(it, f.replicasNeeded);
            const int inCluster = f.nodesNeeded * nb.gpusPerNode / it.plan.gpus();
            const SimulationResult& run = demandRuns.at({it.key, inCluster});
            fillServingFigures(f, run, r.scenario, d, inCluster, f.nodesNeeded * nb.gpusPerNode);
            const ServingClusterCost& cc = clusterCost(it, f.nodesNeeded);
            f.clusterUsdPerHour = cc.infra->cost.usdPerHour;
            // The same ratio as analyze's serving section: cluster TCO per
            // hour over the output tokens it serves in an hour.
            f.costPerMillionOutputTokensUsd
                = infra::safeDiv(f.clusterUsdPerHour,
                      f.outputTokensPerSPerGpu * f.nodesNeeded * nb.gpusPerNode * 3600.0)
                * 1e6;
            const std::string failed = clusterProblems(*cc.infra, c, cc.costUsd);
            if (!failed.empty()) {
                reject(servingHardwareText(req.parts, nb), it.plan,
                    "the " + num(f.nodesNeeded) + "-node cluster " + failed);
                continue;
            }
            ++out.feasibleConfigurations;
            const bool priced = cc.infra->cost.priceComplete;
            ServingCosted entry {i, f, std::make_unique<InfrastructureReport>(*cc.infra), priced};
            auto [pos, added] = bestOfBuild.try_emplace(it.build, costed.size());
            if (added) {
                costed.push_back(std::move(entry));
            } else {
                ServingCosted& old = costed[pos->second];
                if (!servingBetter(entry, old, items))
                    continue;
                if (old.priced)
                    pricedCosts.erase(std::find(
                        pricedCosts.begin(), pricedCosts.end(), old.figures.clusterUsdPerHour));
                old = std::move(entry);
            }
            if (priced)
                pricedCosts.insert(
                    std::upper_bound(pricedCosts.begin(), pricedCosts.end(), f.clusterUsdPerHour),
                    f.clusterUsdPerHour);
        }
        if (control.progress)
            control.progress(0.2 + 0.7 * std::min(1.0, double(finished) / total));
    }
    if (!out.cancelled && !heap.empty()) {
        out.feasibleCountComplete = false;
        while (!heap.empty()) // left: pruned
            heap.pop();
    }
    out.planEvaluations = 0;
    for (const auto& r : cache)
        out.planEvaluations += r->capacityDone ? 1 : 0;

    // Rank: priced first, then cluster cost per hour, then enumeration order.
    std::sort(costed.begin(), costed.end(),
        [&](const ServingCosted& a, const ServingCosted& b) { return servingBetter(a, b, items); });
    if (costed.empty()) {
        if (!out.cancelled)
            addServingInfeasibleFinding(out.findings, out.rejected, std::int64_t(items.size()));
        return out;
    }

    // Pareto front: cluster cost per hour against SLA headroom, over the
    // priced candidates (all when none is priced).
    const bool anyPriced = costed.front().priced;
    std::vector<ParetoPoint> points;
    for (const auto& e : costed) {
        if (anyPriced && !e.priced)
            break;
        points.push_back({e.figures.clusterUsdPerHour, -e.figures.slaHeadroom, 0});
    }
    const auto onFront = paretoFront(points);

    const std::size_t shown = std::min(costed.size(), top);
    // The full evaluations (analysis, infrastructure and analyze's own
    // capacity search) of the shown clusters run in parallel, each into its slot.
    out.candidates.resize(shown);
    SearchControl evaluation = control;
    evaluation.progress = nullptr;
    evaluation.stop = {}; // the search is done: finish what it found
    parallelFor(
        shown, evaluation,
        [&](std::size_t k) {
            const ServingCosted& e = costed[k];
            const ServingItem& it = items[e.item];
            const NodeBuild& nb = space.builds[it.build];
            const ReplicaCapacity& r = *cache[it.key];
            RecommendedCandidate rc;
            rc.config = resolveBuild(req.parts, nb, e.figures.nodesNeeded, c);
            const int inCluster = e.figures.nodesNeeded * nb.gpusPerNode / it.plan.gpus();
            const int batch
                = r.variant.concurrentRequests / std::max(1, r.variant.parallelism->data);
            Workload chosen = servingVariant(w, it.plan, inCluster, batch);
            rc.parallelism = *chosen.parallelism;
            rc.concurrentRequests = chosen.concurrentRequests;
            rc.analysis = evaluate(chosen, rc.config, req.infrastructure, req.parts.softwareTable());
            rc.analysis.parallelismChosen = true;
            // The search costed the cluster with this replica's own GPU
            // activity, so its figure is the analysed cluster's.
            const ServingCandidate& figures = e.figures;
            rc.score = figures.clusterUsdPerHour;
            rc.pareto = k < onFront.size() && onFront[k];
            rc.priceComplete = e.priced;
            rc.tightestConstraint = servingTightest(e.figures, r.scenario.sla);
            rc.serving = figures;
            out.candidates[k] = std::move(rc);
        },
        1);
    for (std::size_t k = 0; k < onFront.size(); ++k) {
        if (!onFront[k])
            continue;
        const ServingCandidate& f = costed[k].figures;
        FrontPoint p;
        p.costUsd = f.clusterUsdPerHour;

        p.outputTokensPerS = f.outputTokensPerSPerGpu;
        p.tpotS = f.tpotMs.at(d.sla->percentile) / 1e3;
        p.slaHeadroom = f.slaHeadroom;
        p.candidate = k < shown ? int(k) : -1;
        out.front.push_back(p);
    }
    addServingReasons(out.candidates, w, std::int64_t(costed.size()), out.feasibleCountComplete);
    if (control.progress)
        control.progress(1.0);
    return out;
}

} // namespace infrafit
