// SPDX-License-Identifier: Apache-2.0
#include "core/portfolio/portfolio_recommend.h"

#include "core/infra/infrastructure.h"
#include "core/portfolio/portfolio_demand.h"
#include "core/portfolio/portfolio_packing.h"
#include "core/search/node_builds.h"

#include <algorithm>
#include <map>

namespace infrafit {
namespace {

/// The workload the node builds are enumerated for: the first training
/// workload on whole GPUs or nodes, else the first on whole GPUs or nodes,
/// else the first.
const Workload& recommendReferenceWorkload(const std::vector<Workload>& workloads)
{
    for (const auto& w : workloads)
        if (w.placement != SharingPlacement::Slice && w.kind == WorkloadKind::Training)
            return w;
    for (const auto& w : workloads)
        if (w.placement != SharingPlacement::Slice)
            return w;
    return workloads.front();
}

/// Why a whole build cannot carry the portfolio, before any sizing: a
/// slice asked of a GPU without partition profiles.
std::string recommendQuickProblem(const std::vector<Workload>& workloads, const Gpu& gpu)
{
    for (const auto& w : workloads)
        if (w.placement == SharingPlacement::Slice && gpu.partitionProfiles.empty())
            return w.name + ": the " + gpu.model + " lists no partition profiles";
    return {};
}

} // namespace

PortfolioRecommendation recommendPortfolio(const PortfolioRecommendRequest& request,
                                           const SearchControl& control)
{
    PortfolioRecommendation out;
    if (request.workloads.empty())
        return out;
    const auto& reference = recommendReferenceWorkload(request.workloads);
    const ConfigSpace space = enumerateNodeBuilds(reference, request.parts, request.constraints,
                                                  request.infrastructure);
    out.findings = space.findings;
    const int maxNodes = space.nodeCounts.empty() ? 1 : space.nodeCounts.back();

    // Demands depend on the GPU and the node size only: sized once per pair.
    std::map<std::pair<int, int>, std::vector<PortfolioDemand>> demandCache;
    std::map<std::string, std::string> reasons; // GPU model -> why not
    std::map<std::string, bool> gpuCarries;
    for (std::size_t b = 0; b < space.builds.size(); ++b) {
        if (control.stop.stop_requested()) {
            out.cancelled = true;
            break;
        }
        if (control.progress)
            control.progress(static_cast<double>(b) / static_cast<double>(space.builds.size()));
        const NodeBuild& build = space.builds[b];
        const Gpu& gpu = request.parts.gpus[static_cast<std::size_t>(build.gpu)];
        ++out.buildsConsidered;
        gpuCarries.emplace(gpu.model, false);
        if (auto problem = recommendQuickProblem(request.workloads, gpu); !problem.empty()) {
            reasons.emplace(gpu.model, problem);
            continue;
        }
        const int buildMaxNodes = build.multiNode ? maxNodes : 1;
        const auto key = std::make_pair(build.gpu, build.gpusPerNode * 1000 + buildMaxNodes);
        auto cached = demandCache.find(key);
        if (cached == demandCache.end()) {
            const auto sizing = resolveBuild(request.parts, build, buildMaxNodes, request.constraints);
            std::vector<PortfolioDemand> demands;
            for (const auto& w : request.workloads)
                demands.push_back(portfolioDemand(w, sizing, request.parts.softwareTable()));
            cached = demandCache.emplace(key, std::move(demands)).first;
        }
        const auto& demands = cached->second;
        if (auto bad = std::find_if(demands.begin(), demands.end(),
                                    [](const PortfolioDemand& d) { return !d.problem.empty(); });
            bad != demands.end()) {
            reasons.emplace(gpu.model, bad->workload + ": " + bad->problem);
            continue;
        }
        bool placed = false;
        for (int nodes : space.nodeCounts) {
            if (nodes > buildMaxNodes)
                break;
            const auto config = resolveBuild(request.parts, build, nodes, request.constraints);
            ++out.packings;
            PortfolioPlan plan = packPortfolio(
                demands, {config.config.name, gpu.model, nodes, build.gpusPerNode});
            if (!plan.fits)
                continue;
            const auto infra = checkInfrastructure(config, request.infrastructure);
            if (!infra.ok) {
                // More nodes only add power and racks.
                const auto error = std::find_if(
                    infra.findings.begin(), infra.findings.end(),
                    [](const Finding& f) { return f.severity == Severity::Error; });
                reasons.emplace(gpu.model, "at " + std::to_string(nodes) + " node(s): "
                                               + (error != infra.findings.end()
                                                      ? error->message
                                                      : std::string("infrastructure checks fail")));
                placed = true;
                break;
            }
            PortfolioCandidate candidate;
            candidate.config = config;
            candidate.plan = std::move(plan);
            candidate.usdPerHour = infra.cost.usdPerHour;
            candidate.capexUsd = infra.cost.capexUsd;
            candidate.priceComplete = infra.cost.unpricedParts == 0;
            out.candidates.push_back(std::move(candidate));
            placed = true;
            gpuCarries[gpu.model] = true;
            break;
        }
        if (!placed)
            reasons.emplace(gpu.model, "the portfolio does not fit on up to "
                                           + std::to_string(buildMaxNodes) + " node(s) of "
                                           + std::to_string(build.gpusPerNode) + " GPUs");
    }
    std::stable_sort(out.candidates.begin(), out.candidates.end(),
                     [](const PortfolioCandidate& a, const PortfolioCandidate& b) {
                         if (a.priceComplete != b.priceComplete)
                             return a.priceComplete;
                         return a.usdPerHour < b.usdPerHour;
                     });
    // Builds that differ only in parts the packing does not see (NIC, PSU) share a name:
    // keep the cheapest of each.
    std::vector<PortfolioCandidate> distinct;
    for (auto& candidate : out.candidates)
        if (std::none_of(distinct.begin(), distinct.end(), [&](const PortfolioCandidate& kept) {
                return kept.config.config.name == candidate.config.config.name;
            }))
            distinct.push_back(std::move(candidate));
    out.candidates = std::move(distinct);
    if (out.candidates.size() > static_cast<std::size_t>(std::max(1, request.top)))
        out.candidates.resize(static_cast<std::size_t>(std::max(1, request.top)));
    for (const auto& [model, carries] : gpuCarries)
        if (!carries)
            if (auto it = reasons.find(model); it != reasons.end())
                out.infeasible.push_back(model + ": " + it->second);
    if (out.candidates.empty())
        out.findings.push_back({Severity::Error, "portfolio.no_configuration",
                                "No configuration of the catalog carries the whole portfolio",
                                "See the reasons per GPU; relax a placement or allow more nodes."});
    return out;
}

} // namespace infrafit
