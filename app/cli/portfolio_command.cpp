// SPDX-License-Identifier: Apache-2.0
// infrafit-cli portfolio PROJECT [--config NAME] [--recommend [--top N] [--max-nodes N]
//                                [--threads N]] [--format json|text] [--db FILE]
#include "app/cli/arguments.h"
#include "app/cli/cli.h"
#include "app/cli/commands.h"
#include "app/cli/load_project.h"
#include "app/cli/open_catalog.h"

#include "catalog/catalog_store.h"
#include "core/base/input_error.h"
#include "core/output/portfolio_json.h"
#include "core/io/project_json.h"
#include "core/project/project_names.h"
#include "core/portfolio/analyze_portfolio.h"
#include "core/portfolio/portfolio_recommend.h"

#include <algorithm>
#include <ostream>

namespace infrafit::cli {

int portfolioCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err)
{
    const Arguments args(words, {"config", "top", "max-nodes", "threads", "format", "db"},
                         {"recommend", resetBrokenCatalogFlag});
    if (args.positional().size() != 1)
        throw UsageError("portfolio needs exactly one PROJECT file");
    const std::string& file = args.positional()[0];
    const auto format = args.choice("format", "text", {"text", "json"});
    const auto document = readProjectDocument(file);
    auto store = openCatalog(args, err);
    Project project = loadProject(document, file, storeLookup(store), err);
    if (!project.portfolio)
        throw InputError(file, "/portfolio",
                         "the project has no portfolio (see docs/user-guide.md \"Portfolio\")");
    if (const auto config = args.value("config")) {
        // An option, not a file member: said as such (CLI probe U12).
        if (std::none_of(project.configurations.begin(), project.configurations.end(),
                         [&](const Configuration& c) { return c.name == *config; }))
            throw InputError(file, "--config", "no configuration named \"" + *config + "\""
                                                   + knownConfigurationNames(project));
        project.portfolio->configuration = *config;
    }

    if (!args.has("recommend")) {
        const SoftwareTable software = store.softwareTable();
        const auto plan = analyzePortfolio(project, storeLookup(store), file, &software);
        if (format == "json")
            out << portfolioPlanToJson(plan).dump(2) << "\n";
        else
            out << portfolioPlanToText(plan);
        return ExitOk;
    }
    PortfolioRecommendRequest request;
    request.workloads = portfolioWorkloads(project, project.portfolio->workloads);
    request.top = args.count("top", 3);
    request.constraints.maxNodes =
        args.count("max-nodes", request.constraints.maxNodes);
    // Snapshot: catalog parts, overridden by the project's inline parts.
    std::vector<Part> parts = store.list();
    for (const Part& own : project.parts) {
        auto same = std::find_if(parts.begin(), parts.end(),
                                 [&](const Part& p) { return infoOf(p).id == infoOf(own).id; });
        if (same != parts.end())
            *same = own;
        else
            parts.push_back(own);
    }
    // The catalog's software rows decide which GPUs can run each workload.
    request.parts = snapshotOf(parts, store.softwareTable());
    // The project's manageability and security requirements filter the builds.
    request.constraints.requirements = project.requirements;
    SearchControl control;
    control.threads = args.has("threads") ? args.count("threads", 1) : 0;
    const auto recommendation = recommendPortfolio(request, control);
    if (format == "json")
        out << portfolioRecommendationToJson(recommendation).dump(2) << "\n";
    else
        out << portfolioRecommendationToText(recommendation);
    return ExitOk;
}

} // namespace infrafit::cli
