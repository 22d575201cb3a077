// SPDX-License-Identifier: Apache-2.0
#include "core/output/portfolio_json.h"

#include "core/io/project_json.h"
#include "core/output/recommendation_json.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace infrafit {
namespace {

double portfolioFinite(double value) { return std::isfinite(value) ? value : 0.0; }

std::string portfolioPercent(double fraction)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.0f %%", portfolioFinite(fraction) * 100);
    return buffer;
}

std::string portfolioOccupantName(const PortfolioPlan& plan, const PortfolioOccupant& o)
{
    std::string name = plan.entries[static_cast<std::size_t>(o.entry)].demand.workload;
    if (plan.entries[static_cast<std::size_t>(o.entry)].demand.replicas > 1)
        name += "#" + std::to_string(o.replica + 1);
    if (!o.profile.empty())
        name += " (" + o.profile
                + (o.startSlot >= 0 ? " @" + std::to_string(o.startSlot) : std::string()) + ")";
    return name;
}

} // namespace

nlohmann::json portfolioPlanToJson(const PortfolioPlan& plan)
{
    nlohmann::json j = nlohmann::json::object();
    j["configuration"] = plan.configuration;
    j["gpu"] = plan.gpuModel;
    j["nodes"] = plan.nodes;
    j["gpus_per_node"] = plan.gpusPerNode;
    j["fits"] = plan.fits;
    j["concurrent"] = plan.concurrent;
    j["time_shared"] = plan.timeShared;
    j["utilisation"] = portfolioFinite(plan.utilisation);
    j["allocated_gpus"] = plan.allocatedGpus;
    auto& workloads = j["workloads"] = nlohmann::json::array();
    for (const auto& entry : plan.entries) {
        const auto& d = entry.demand;
        nlohmann::json w = nlohmann::json::object();
        w["name"] = d.workload;
        w["placement"] = std::string(enumName(d.placement));
        w["schedule"] = std::string(enumName(d.schedule));
        w["time_share"] = d.timeShare ? nlohmann::json(portfolioFinite(*d.timeShare)) : nlohmann::json();
        w["time_fraction"] = portfolioFinite(entry.timeFraction);
        w["replicas"] = d.replicas;
        w["gpus_per_replica"] = d.placement == SharingPlacement::Slice ? 0 : d.gpusPerReplica;
        w["profile"] = d.profile ? nlohmann::json(d.profile->name) : nlohmann::json();
        w["memory_per_gpu_bytes"] = portfolioFinite(d.memoryBytesPerGpu);
        w["placed"] = entry.placed;
        auto& gpus = w["gpus"] = nlohmann::json::array();
        for (int g : entry.gpus) {
            const auto& gpu = plan.gpus[static_cast<std::size_t>(g)];
            gpus.push_back({{"node", gpu.node}, {"gpu", gpu.gpu}});
        }
        workloads.push_back(std::move(w));
    }
    auto& gpus = j["gpus"] = nlohmann::json::array();
    for (const auto& gpu : plan.gpus) {
        nlohmann::json g = nlohmann::json::object();
        g["node"] = gpu.node;
        g["gpu"] = gpu.gpu;
        g["partition_mode"] = gpu.partitionMode;
        g["utilisation"] = portfolioFinite(gpu.utilisation);
        auto& occupants = g["occupants"] = nlohmann::json::array();
        for (const auto& o : gpu.occupants)
            occupants.push_back(
                {{"workload", plan.entries[static_cast<std::size_t>(o.entry)].demand.workload},
                 {"replica", o.replica},
                 {"profile", o.profile},
                 {"start_slot", o.startSlot >= 0 ? nlohmann::json(o.startSlot) : nlohmann::json()},
                 {"slots", o.slotCount},
                 {"compute_fraction", portfolioFinite(o.computeFraction)},
                 {"time_fraction", portfolioFinite(o.timeFraction)}});
        gpus.push_back(std::move(g));
    }
    j["findings"] = findingsToJson(plan.findings);
    return j;
}

std::string portfolioPlanToText(const PortfolioPlan& plan)
{
    std::string text = "Portfolio on " + plan.configuration + " (" + std::to_string(plan.nodes)
                       + " x " + std::to_string(plan.gpusPerNode) + " " + plan.gpuModel + ")\n";
    text += std::string("Fits: ")
            + (!plan.fits ? "no" : plan.concurrent ? "yes, all at once" : "yes, time-shared")
            + "; utilisation " + portfolioPercent(plan.utilisation) + "; GPUs in use "
            + std::to_string(plan.allocatedGpus) + " of "
            + std::to_string(plan.nodes * plan.gpusPerNode) + "\n\n";
    for (const auto& entry : plan.entries) {
        const auto& d = entry.demand;
        text += "  " + d.workload + ": " + std::string(enumName(d.placement)) + ", "
                + (d.timeShare ? portfolioPercent(*d.timeShare) + " of the time"
                               : std::string(enumName(d.schedule)));
        if (d.profile)
            text += ", " + std::to_string(d.replicas) + " x " + d.profile->name;
        else if (d.problem.empty())
            text += ", " + std::to_string(d.replicas) + " x " + std::to_string(d.gpusPerReplica)
                    + " GPU(s)";
        text += entry.placed ? "\n" : " - NOT PLACED\n";
    }
    text += "\n";
    // The GPUs of each node, found in one pass (a scan of every GPU per node
    // took minutes at 100,000 nodes), and a run of idle nodes said once.
    std::vector<std::vector<const PortfolioGpu*>> byNode(
        static_cast<std::size_t>(std::max(plan.nodes, 0)));
    for (const auto& gpu : plan.gpus)
        if (gpu.node >= 0 && gpu.node < plan.nodes)
            byNode[static_cast<std::size_t>(gpu.node)].push_back(&gpu);
    const auto idle = [&](int node) {
        const auto& gpus = byNode[static_cast<std::size_t>(node)];
        return std::all_of(gpus.begin(), gpus.end(),
                           [](const PortfolioGpu* g) { return g->occupants.empty(); });
    };
    for (int node = 0; node < plan.nodes; ++node) {
        if (idle(node)) {
            int last = node;
            while (last + 1 < plan.nodes && idle(last + 1))
                ++last;
            if (last > node) {
                text += "  nodes " + std::to_string(node) + "-" + std::to_string(last)
                        + ": idle\n";
                node = last;
                continue;
            }
        }
        text += "  node " + std::to_string(node) + ":";
        for (const PortfolioGpu* gpu : byNode[static_cast<std::size_t>(node)]) {
            std::string names;
            for (const auto& o : gpu->occupants)
                names += (names.empty() ? "" : " + ") + portfolioOccupantName(plan, o);
            text += " [" + std::to_string(gpu->gpu) + ": " + (names.empty() ? "idle" : names) + "]";
        }
        text += "\n";
    }
    if (!plan.findings.empty())
        text += "\n";
    for (const auto& f : plan.findings)
        text += "  " + std::string(enumName(f.severity)) + " " + f.code + ": " + f.message + "\n";
    return text;
}

nlohmann::json portfolioRecommendationToJson(const PortfolioRecommendation& recommendation)
{
    nlohmann::json j = nlohmann::json::object();
    auto& candidates = j["candidates"] = nlohmann::json::array();
    for (const auto& c : recommendation.candidates)
        candidates.push_back({{"configuration", configurationToJson(c.config.config)},
                              {"usd_per_hour", portfolioFinite(c.usdPerHour)},
                              {"capex_usd", portfolioFinite(c.capexUsd)},
                              {"price_complete", c.priceComplete},
                              {"plan", portfolioPlanToJson(c.plan)}});
    j["infeasible"] = recommendation.infeasible;
    j["findings"] = findingsToJson(recommendation.findings);
    j["builds_considered"] = recommendation.buildsConsidered;
    j["packings"] = recommendation.packings;
    return j;
}

std::string portfolioRecommendationToText(const PortfolioRecommendation& recommendation)
{
    std::string text;
    int rank = 1;
    for (const auto& c : recommendation.candidates) {
        char cost[64];
        std::snprintf(cost, sizeof cost, "%.2f USD/h, capex %.0f USD%s",
                      portfolioFinite(c.usdPerHour), portfolioFinite(c.capexUsd),
                      c.priceComplete ? "" : " (some parts unpriced)");
        text += "#" + std::to_string(rank++) + " " + c.config.config.name + ": "
                + std::to_string(c.config.config.nodes) + " x " + c.config.chassis.model + " with "
                + std::to_string(c.config.config.gpusPerNode) + " x " + c.config.gpu.model + ", "
                + cost + "\n";
        text += portfolioPlanToText(c.plan) + "\n";
    }
    if (!recommendation.infeasible.empty()) {
        text += "Not carrying the portfolio:\n";
        for (const auto& reason : recommendation.infeasible)
            text += "  " + reason + "\n";
    }
    for (const auto& f : recommendation.findings)
        if (f.severity == Severity::Error)
            text += std::string(enumName(f.severity)) + " " + f.code + ": " + f.message + "\n";
    return text;
}

} // namespace infrafit
