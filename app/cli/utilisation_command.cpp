// SPDX-License-Identifier: Apache-2.0
// infrafit-cli utilisation --metrics FILE... [--project PROJECT --config NAME]
//                          [--format json|text] [--db FILE]
// Per GPU and per host statistics of dcgm-exporter metrics (saved /metrics
// scrapes or Prometheus query_range JSON), with idle GPUs, mostly unused
// memory, XID errors and, given a configuration, hosts far below their PSUs.
#include "app/cli/arguments.h"
#include "app/cli/cli.h"
#include "app/cli/commands.h"
#include "app/cli/load_project.h"
#include "app/cli/open_catalog.h"

#include "catalog/catalog_store.h"
#include "core/pipeline/analyze_project.h"
#include "core/base/input_error.h"
#include "core/io/project_json.h"
#include "core/output/utilisation_report.h"

#include <nlohmann/json.hpp>

#include <ostream>

namespace infrafit::cli {
namespace {

/// The usable PSU capacity and non-GPU power of the configuration's node.
std::optional<HostCapacity> capacityFrom(const Arguments& args, std::ostream& err)
{
    const auto projectFile = args.value("project");
    const auto config = args.value("config");
    if (!projectFile && !config)
        return std::nullopt;
    if (!projectFile || !config)
        throw UsageError("--project and --config go together (the node to compare hosts with)");
    const auto document = readProjectDocument(*projectFile);
    auto store = openCatalog(args, err);
    const Project project = loadProject(document, *projectFile, storeLookup(store), err);
    const SoftwareTable software = store.softwareTable();
    const auto results
        = analyzeProject(project, storeLookup(store), "", *config, *projectFile, &software);
    for (const auto& r : results) {
        if (!r.infrastructure)
            continue;
        const auto& power = r.infrastructure->power;
        if (!power.psuKnown)
            throw InputError(*projectFile, "--config",
                "configuration \"" + *config + "\" has no PSU capacity to compare hosts with");
        return HostCapacity {power.psuCapacityAfterFailuresW,
            power.node.total.typicalW - power.node.gpus.typicalW};
    }
    throw InputError(*projectFile, "--config",
        "configuration \"" + *config + "\" could not be analysed (see `analyze`)");
}

} // namespace

int utilisationCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err)
{
    const Arguments args(
        words, {"metrics", "project", "config", "format", "db"}, {resetBrokenCatalogFlag});
    const auto first = args.value("metrics");
    if (!first)
        throw UsageError("utilisation needs --metrics FILE... (saved /metrics scrapes or "
                         "Prometheus query_range JSON)");
    const auto format = args.choice("format", "text", {"text", "json"});
    MetricsImporter importer;
    importer.addFile(*first);
    // `--metrics a b c`: the words after the first file are more files.
    for (const auto& file : args.positional())
        importer.addFile(file);
    const MetricsImport metrics = importer.finish();
    const auto capacity = capacityFrom(args, err);
    const auto report = utilisationOf(metrics, {}, capacity);
    if (format == "json")
        out << utilisationToJson(report, metrics).dump(2) << "\n";
    else
        out << utilisationToText(report, metrics);
    if (metrics.gpus.empty()) {
        err << "infrafit-cli: no GPU samples found in the metric files";
        if (!metrics.notes.empty())
            err << " (" << metrics.notes.front().file << ": " << metrics.notes.front().message
                << ")";
        err << "\n";
        return ExitBadInput;
    }
    return ExitOk;
}

} // namespace infrafit::cli
