// SPDX-License-Identifier: Apache-2.0
#include "core/search/recommend.h"

#include "core/pipeline/evaluate.h"
#include "core/search/candidate_reasons.h"
#include "core/search/node_builds.h"
#include "core/base/parallel_for.h"
#include "core/search/pareto.h"
#include "core/pipeline/plan_search.h"
#include "core/analysis/training_memory.h"
#include "core/search/serving_recommend.h"

#include <algorithm>
#include <map>
#include <memory>
#include <numeric>
#include <tuple>

namespace infrafit {
namespace {

/// Progress of one phase mapped into [from, to] of the whole search.
SearchControl phaseControl(const SearchControl& control, double from, double to)
{
    SearchControl c = control;
    if (control.progress)
        c.progress = [&control, from, to](double f) { control.progress(from + (to - from) * f); };
    return c;
}

using SearchKey = std::tuple<int, int, int, double, double, double, double, int, double, int,
                             bool, double, double>;

struct Evaluated {
    bool searched = false;       ///< a plan search ran (not cancelled)
    std::int64_t planIndex = -1;
    Headline figures;
    std::unique_ptr<InfrastructureReport> infra;
    ScoreBreakdown breakdown;
    double costUsd = 0;          ///< capex or TCO (the budget basis)
    std::uint32_t failed = 0;    ///< ConstraintBit set
};

bool priceComplete(const InfrastructureReport& r) { return r.cost.priceComplete; }

} // namespace

Recommendation recommend(const RecommendRequest& req, const SearchControl& control)
{
    if (isServingDemandSearch(servingSearchWorkload(req.workload, req.constraints)))
        return recommendServing(req, control);
    Recommendation out;
    const Workload& w = req.workload;
    const SearchConstraints& c = req.constraints;
    const bool training = w.kind == WorkloadKind::Training;
    ConfigSpace space = enumerateNodeBuilds(w, req.parts, c, req.infrastructure);
    out.findings = space.findings;
    out.rejected = space.rejected;

    // Candidates: (build, node count) within the node and GPU limits.
    struct Cand {
        std::size_t build;
        int nodes;
        int search = -1;
    };
    std::vector<Cand> cands;
    for (std::size_t b = 0; b < space.builds.size(); ++b) {
        const NodeBuild& nb = space.builds[b];
        for (int n : nodeCountsInMultiples(space.nodeCounts, smallestNodeCount(req.parts, nb), c)) {
            if (nb.multiNode != (n > 1))
                continue;
            if (c.maxGpus && 1LL * n * nb.gpusPerNode > *c.maxGpus)
                continue;
            cands.push_back({b, n});
        }
    }
    out.configurationsConsidered = std::int64_t(cands.size());

    // Distinct plan searches: the plan's figures depend on the GPU, GPUs
    // per node, node count and link rates only (analyzeWithPlan reads no
    // other part; with anything offloaded also the host link, which the
    // CPUs' PCIe lanes can bound, and with the optimizer offloaded the CPUs'
    // memory bandwidth), so builds that share them share one search.
    PlanSpaceOptions spaceOptions;
    // Plan spaces by (GPUs per node, nodes, the GPU fabric's reach).
    std::map<std::tuple<int, int, int>, std::size_t> spaceIndex;
    std::vector<PlanSpace> spaces;
    std::map<SearchKey, int> keyIndex;
    struct SearchJob {
        std::size_t cand;
        std::size_t space;
    };
    std::vector<SearchJob> jobs;
    const bool hostStepMatters = optimizerOffloaded(w);
    const bool hostLinkMatters
        = hostStepMatters || (training && w.activationOffloadLayers > 0);
    for (std::size_t i = 0; i < cands.size(); ++i) {
        const NodeBuild& nb = space.builds[cands[i].build];
        const auto rc = resolveBuild(req.parts, nb, cands[i].nodes, c);
        const LinkRates r = linkRates(rc);
        const SearchKey key{nb.gpu, nb.gpusPerNode, cands[i].nodes, r.intraNodeBytesPerS,
                            r.interNodeBytesPerS, r.intraLatencyS, r.interLatencyS,
                            int(r.intraNodeLevel), nb.gpuPowerLimitW, r.gpusPerNode, r.nvls,
                            hostLinkMatters ? r.hostMemoryBytesPerS : 0.0,
                            hostStepMatters ? r.hostDramBytesPerS : 0.0};
        auto [it, added] = keyIndex.try_emplace(key, int(jobs.size()));
        if (added) {
            const auto sk = std::tuple(nb.gpusPerNode, cands[i].nodes, r.gpusPerNode);
            auto [sit, newSpace] = spaceIndex.try_emplace(sk, spaces.size());
            if (newSpace) {
                PlanSpaceOptions options = spaceOptions;
                options.tensorDomainGpus = r.gpusPerNode;
                spaces.push_back(enumeratePlans(w, nb.gpusPerNode, cands[i].nodes, options));
            }
            jobs.push_back({i, sit->second});
        }
        cands[i].search = it->second;
    }
    out.planSearches = std::int64_t(jobs.size());

    PlanSearchOptions planOptions;
    planOptions.goal = training ? PlanGoal::FastestStep : PlanGoal::MostThroughput;
    planOptions.ttftTargetS = c.ttftTargetS;
    planOptions.tpotTargetS = c.tpotTargetS;
    planOptions.prune = req.prune;
    std::vector<PlanSearchResult> searched(jobs.size());
    std::vector<char> searchDone(jobs.size(), 0);
    SearchControl inner;
    inner.threads = 1;
    inner.stop = control.stop;
    const bool phaseA = parallelFor(
        jobs.size(), phaseControl(control, 0.0, 0.7),
        [&](std::size_t j) {
            const auto rc = resolveBuild(req.parts, space.builds[cands[jobs[j].cand].build],
                                         cands[jobs[j].cand].nodes, c);
            searched[j] = searchPlans(spaces[jobs[j].space], rc, planOptions, inner);
            searchDone[j] = searched[j].cancelled ? 0 : 1;
        },
        1);

    // Evaluate each candidate's infrastructure with its best plan.
    std::vector<Evaluated> evals(cands.size());
    const bool phaseB = phaseA && parallelFor(
        cands.size(), phaseControl(control, 0.7, 0.95),
        [&](std::size_t i) {
            Evaluated& e = evals[i];
            const SearchJob& job = jobs[std::size_t(cands[i].search)];
            if (!searchDone[std::size_t(cands[i].search)])
                return;
            e.searched = true;
            const PlanSearchResult& ps = searched[std::size_t(cands[i].search)];
            if (ps.bestIndex < 0) {
                e.failed |= ps.anyFits ? (training ? 0u : bitOf(ConstraintBit::Latency))
                                       : bitOf(ConstraintBit::Memory);
                if (!e.failed)
                    e.failed = bitOf(ConstraintBit::Memory);
                return;
            }
            e.planIndex = ps.bestIndex;
            e.figures = ps.best;
            const PlanSpace& ps2 = spaces[job.space];
            const PlanPoint& point = ps2.points[std::size_t(ps.bestIndex)];
            const Workload& variant = ps2.variants[std::size_t(point.variant)];
            const auto rc = resolveBuild(req.parts, space.builds[cands[i].build], cands[i].nodes, c);
            AnalysisResult brief;
            brief.analyzed = true;
            brief.kind = w.kind;
            brief.parallelism = point.plan;
            brief.performance.tokensPerS = e.figures.tokensPerS;
            brief.performance.outputTokensPerS = e.figures.outputTokensPerS;
            const auto inputs = infrastructureInputsFor(variant, brief, rc, req.infrastructure);
            e.infra = std::make_unique<InfrastructureReport>(checkInfrastructure(rc, inputs));
            e.breakdown = balancedScore(variant, rc, e.figures, *e.infra);
            e.costUsd = c.budgetBasis == BudgetBasis::Tco ? e.infra->cost.tcoUsd
                                                          : e.infra->cost.capexUsd;
            e.failed = failedConstraints(w, c, rc, e.figures, *e.infra, e.costUsd);
        },
        4);
    out.cancelled = !phaseB;
    for (const auto& r : searched)
        out.planEvaluations += r.evaluated;

    // Rank the feasible candidates.
    std::vector<std::size_t> feasible;
    for (std::size_t i = 0; i < cands.size(); ++i)
        if (evals[i].searched && evals[i].failed == 0)
            feasible.push_back(i);
    out.feasibleConfigurations = std::int64_t(feasible.size());
    std::sort(feasible.begin(), feasible.end(), [&](std::size_t a, std::size_t b) {
        const bool pa = priceComplete(*evals[a].infra), pb = priceComplete(*evals[b].infra);
        if (pa != pb)
            return pa;
        const double sa = evals[a].breakdown.score(), sb = evals[b].breakdown.score();
        return sa < sb || (sa == sb && a < b);
    });
    if (feasible.empty()) {
        if (!out.cancelled)
            addInfeasibleFindings(out.findings, c, w, [&] {
                std::vector<std::uint32_t> masks;
                for (const auto& e : evals)
                    if (e.searched)
                        masks.push_back(e.failed);
                return masks;
            }());
        return out;
    }
    // Pareto front over the feasible candidates whose cost is known (all of
    // them when none is fully priced): a part without a price makes its
    // configuration look cheaper than it is. Priced candidates sort first.
    const bool anyPriced = priceComplete(*evals[feasible.front()].infra);
    std::vector<std::size_t> eligible; // positions in `feasible`
    std::vector<ParetoPoint> points;
    for (std::size_t k = 0; k < feasible.size(); ++k) {
        const std::size_t i = feasible[k];
        if (anyPriced && !priceComplete(*evals[i].infra))
            break;
        const auto& f = evals[i].figures;
        eligible.push_back(k);
        if (training)
            points.push_back({evals[i].costUsd, w.trainingTokens > 0 ? f.trainingDays : f.stepTimeS, 0});
        else
            points.push_back({evals[i].costUsd, -f.outputTokensPerS, f.tpotS});
    }
    const auto onFront = paretoFront(points);
    std::vector<bool> front(feasible.size(), false);
    for (std::size_t j = 0; j < eligible.size(); ++j)
        front[eligible[j]] = onFront[j];

    // Full evaluation (analysis + infrastructure, as `analyze` reports it) of the top N.
    const std::size_t top = std::min<std::size_t>(feasible.size(), std::size_t(std::max(1, req.top)));
    for (std::size_t k = 0; k < top; ++k) {
        const std::size_t i = feasible[k];
        const Evaluated& e = evals[i];
        const SearchJob& job = jobs[std::size_t(cands[i].search)];
        const PlanSpace& ps = spaces[job.space];
        const PlanPoint& point = ps.points[std::size_t(e.planIndex)];
        RecommendedCandidate rc;
        rc.config = resolveBuild(req.parts, space.builds[cands[i].build], cands[i].nodes, c);
        Workload chosen = ps.variants[std::size_t(point.variant)];
        chosen.parallelism = point.plan;
        rc.parallelism = point.plan;
        rc.microBatchSize = chosen.microBatchSize;
        rc.concurrentRequests = chosen.concurrentRequests;
        rc.analysis = evaluate(chosen, rc.config, req.infrastructure, req.parts.softwareTable());
        rc.analysis.parallelismChosen = true;
        rc.breakdown = e.breakdown;
        rc.score = e.breakdown.score();
        rc.pareto = front[k]; // points are in ranked order
        rc.priceComplete = priceComplete(*e.infra);
        rc.tightestConstraint = tightestConstraint(w, c, rc.config, e.figures, *e.infra, e.costUsd);
        out.candidates.push_back(std::move(rc));
    }
    for (std::size_t k = 0; k < feasible.size(); ++k) {
        if (!front[k])
            continue;
        const Headline& f = evals[feasible[k]].figures;
        out.front.push_back({evals[feasible[k]].costUsd, f.trainingDays, f.stepTimeS,
                             f.outputTokensPerS, f.tpotS, 0.0, k < top ? int(k) : -1});
    }
    std::stable_sort(out.front.begin(), out.front.end(),
                     [](const FrontPoint& a, const FrontPoint& b) { return a.costUsd < b.costUsd; });
    addReasons(out.candidates, w, c, std::int64_t(feasible.size()));
    return out;
}

} // namespace infrafit
