// SPDX-License-Identifier: Apache-2.0
// infrafit-cli compare PROJECT [--baseline WORKLOAD/CONFIG] [--workload NAME]
//                      [--config NAME] [--format json|text|csv] [--db FILE]
#include "app/cli/arguments.h"
#include "app/cli/cli.h"
#include "app/cli/commands.h"
#include "app/cli/open_catalog.h"

#include "catalog/catalog_store.h"
#include "core/compare/comparison.h"
#include "core/compare/comparison_report.h"
#include "core/io/input_error.h"
#include "core/io/project_json.h"

#include <ostream>

namespace infrafit::cli {

int compareCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err)
{
    const Arguments args(words, {"baseline", "workload", "config", "format", "db"},
                         {resetBrokenCatalogFlag});
    if (args.positional().size() != 1)
        throw UsageError("compare needs exactly one PROJECT file");
    const auto format = args.choice("format", "text", {"text", "json", "csv"});
    const std::string& file = args.positional()[0];
    const auto document = readProjectDocument(file);
    auto store = openCatalog(args, err);
    const Project project = projectFromJson(document, file, storeLookup(store));

    ComparisonOptions options;
    if (const auto w = args.value("workload"))
        options.workloads.push_back(*w);
    if (const auto c = args.value("config"))
        options.configurations.push_back(*c);
    if (project.configurations.empty())
        throw InputError(file, "/configurations", "the project has no configurations to compare");
    if (const auto baseline = args.value("baseline")) {
        auto [workload, configuration] = parsePairName(project, *baseline, file);
        options.baselineWorkload = std::move(workload);
        options.baselineConfiguration = std::move(configuration);
    }
    const auto comparison = compareProject(project, storeLookup(store), options, file);
    if (format == "json")
        out << comparisonToJson(comparison).dump(2) << "\n";
    else if (format == "csv")
        out << comparisonToCsv(comparison);
    else
        out << comparisonToText(comparison);
    return ExitOk;
}

} // namespace infrafit::cli
