// SPDX-License-Identifier: Apache-2.0
// infrafit-cli calibrate PROJECT --runs FILE [--format json|text] [--db FILE]
// Fits the compute efficiency per GPU model to the user's measured runs
// (core/calibration) and prints the fit: per run before and after, with
// leave-one-out errors.
#include "app/cli/arguments.h"
#include "app/cli/cli.h"
#include "app/cli/commands.h"
#include "app/cli/open_catalog.h"

#include "catalog/catalog_store.h"
#include "core/calibration/measured_runs_json.h"
#include "core/io/json_document.h"
#include "core/io/project_json.h"
#include "core/io/text_file.h"

#include <nlohmann/json.hpp>

#include <ostream>

namespace infrafit::cli {

int calibrateCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err)
{
    const Arguments args(words, {"runs", "format", "db"}, {resetBrokenCatalogFlag});
    if (args.positional().size() != 1)
        throw UsageError("calibrate needs exactly one PROJECT file");
    const auto runsFile = args.value("runs");
    if (!runsFile)
        throw UsageError("calibrate needs --runs FILE (the measured runs: name, workload, "
                         "configuration and step_time_s, tokens_per_s or output_tokens_per_s)");
    const auto format = args.choice("format", "text", {"text", "json"});
    const std::string& file = args.positional()[0];
    const auto document = readProjectDocument(file);
    const auto runsDocument = parseJsonDocument(readTextFile(*runsFile), *runsFile);
    auto store = openCatalog(args, err);
    const Project project = projectFromJson(document, file, storeLookup(store));
    const auto runs = measuredRunsFromJson(runsDocument, project, storeLookup(store), *runsFile);
    const auto result = calibrateEfficiency(runs);
    if (format == "json")
        out << calibrationToJson(result).dump(2) << "\n";
    else
        out << calibrationToText(result);
    return ExitOk;
}

} // namespace infrafit::cli
