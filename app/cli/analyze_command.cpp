// SPDX-License-Identifier: Apache-2.0
// infrafit-cli analyze PROJECT [--workload NAME] [--config NAME] [--format json|text]
#include "app/cli/arguments.h"
#include "app/cli/cli.h"
#include "app/cli/commands.h"
#include "app/cli/load_project.h"
#include "app/cli/open_catalog.h"

#include "catalog/catalog_store.h"
#include "core/pipeline/analyze_project.h"
#include "core/output/analysis_report.h"
#include "core/base/input_error.h"
#include "core/io/project_json.h"

#include <ostream>

namespace infrafit::cli {

PartLookup storeLookup(catalog::CatalogStore& store)
{
    return [&store](std::string_view id) { return store.find(id); };
}

int analyzeCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err)
{
    const Arguments args(words, {"workload", "config", "format", "db"},
                         {resetBrokenCatalogFlag});
    if (args.positional().size() != 1)
        throw UsageError("analyze needs exactly one PROJECT file");
    const std::string& file = args.positional()[0];
    const auto format = args.choice("format", "text", {"text", "json"});
    // Parsed first (a missing or malformed file is reported before the
    // catalog is opened), read with the catalog so that unknown part ids are
    // listed with the other problems.
    const auto document = readProjectDocument(file);
    auto store = openCatalog(args, err);
    const Project project = loadProject(document, file, storeLookup(store), err);
    // Nothing to analyse is an error, not an empty report with status 0.
    if (project.workloads.empty())
        throw InputError(file, "/workloads", "the project has no workloads to analyse");
    if (project.configurations.empty())
        throw InputError(file, "/configurations", "the project has no configurations to analyse");
    // The catalog's software compatibility rows (the shipped ones when it has none).
    const SoftwareTable software = store.softwareTable();
    const auto results = analyzeProject(project, storeLookup(store), args.valueOr("workload", ""),
                                        args.valueOr("config", ""), file,
                                        software.rows.empty() ? nullptr : &software);
    if (format == "json")
        out << analysisResultsToJson(results).dump(2) << "\n";
    else
        out << analysisResultsToText(results);
    return ExitOk;
}

} // namespace infrafit::cli
