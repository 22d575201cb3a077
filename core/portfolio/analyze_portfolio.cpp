// SPDX-License-Identifier: Apache-2.0
#include "core/portfolio/analyze_portfolio.h"

#include "core/base/input_error.h"
#include "core/portfolio/portfolio_demand.h"
#include "core/portfolio/portfolio_packing.h"

#include <algorithm>

namespace infrafit {

std::vector<Workload> portfolioWorkloads(const Project& project,
                                         std::span<const std::string> names)
{
    std::vector<Workload> workloads;
    for (const auto& name : names) {
        const auto it = std::find_if(project.workloads.begin(), project.workloads.end(),
                                     [&](const Workload& w) { return w.name == name; });
        if (it != project.workloads.end())
            workloads.push_back(*it);
    }
    return workloads;
}

PortfolioPlan planPortfolio(std::span<const Workload> workloads,
                            const ResolvedConfiguration& config, const SoftwareTable* software)
{
    std::vector<PortfolioDemand> demands;
    demands.reserve(workloads.size());
    for (const auto& workload : workloads)
        demands.push_back(portfolioDemand(workload, config, software));
    const PortfolioCluster cluster{config.config.name, config.gpu.model, config.config.nodes,
                                   config.config.gpusPerNode};
    return packPortfolio(demands, cluster);
}

PortfolioPlan analyzePortfolio(const Project& project, const PartLookup& catalog,
                               const std::string& file, const SoftwareTable* software)
{
    if (!project.portfolio)
        throw InputError(file, "/portfolio", "the project has no portfolio");
    if (project.configurations.empty())
        throw InputError(file, "/configurations", "the portfolio needs a configuration");
    std::size_t index = 0;
    const auto& wanted = project.portfolio->configuration;
    if (!wanted.empty()) {
        const auto it = std::find_if(project.configurations.begin(), project.configurations.end(),
                                     [&](const Configuration& c) { return c.name == wanted; });
        if (it == project.configurations.end())
            throw InputError(file, "/portfolio/configuration",
                             "names no configuration of this project (\"" + wanted + "\")");
        index = static_cast<std::size_t>(it - project.configurations.begin());
    }
    const auto config = resolveConfiguration(project, index, catalog, file);
    const auto workloads = portfolioWorkloads(project, project.portfolio->workloads);
    return planPortfolio(workloads, config, software);
}

} // namespace infrafit
