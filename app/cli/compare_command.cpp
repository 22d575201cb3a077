// SPDX-License-Identifier: Apache-2.0
// infrafit-cli compare PROJECT [--baseline WORKLOAD/CONFIG] [--workload NAME]
//                      [--config NAME] [--vary FIELD=V1,V2,...] [--format json|text|csv]
//                      [--db FILE]
// --vary adds what-if variants of --workload (sequence_length, precision, global_batch_size,
// concurrent_requests, request_rate_per_s, traffic, sla.ttft_ms, sla.tpot_ms) or of --config
// (gpu, nodes, gpus_per_node, rack.power_limit_kw) and compares them with the original.
#include "app/cli/arguments.h"
#include "app/cli/cli.h"
#include "app/cli/commands.h"
#include "app/cli/load_project.h"
#include "app/cli/open_catalog.h"

#include "catalog/catalog_store.h"
#include "core/compare/comparison.h"
#include "core/output/comparison_report.h"
#include "core/compare/variations.h"
#include "core/base/input_error.h"
#include "core/io/project_json.h"

#include <algorithm>
#include <ostream>
#include <sstream>

namespace infrafit::cli {
namespace {

/// "traffic=x2,x4" → the named variants of --workload or --config, added to
/// `project`, their names appended to the comparison's selection.
void addVariations(Project& project, const std::string& vary, ComparisonOptions& options)
{
    const auto equals = vary.find('=');
    if (equals == std::string::npos || equals == 0 || equals + 1 == vary.size())
        throw UsageError("--vary needs FIELD=VALUE[,VALUE...], e.g. traffic=x2 or sla.ttft_ms=500");
    const std::string field = vary.substr(0, equals);
    std::vector<std::string> values;
    std::stringstream in(vary.substr(equals + 1));
    for (std::string v; std::getline(in, v, ',');)
        if (!v.empty())
            values.push_back(v);
    if (const auto wf = enumFromName<WorkloadField>(field)) {
        if (options.workloads.empty())
            throw UsageError("--vary " + field + " needs --workload NAME");
        const auto base = std::find_if(project.workloads.begin(), project.workloads.end(),
            [&](const Workload& w) { return w.name == options.workloads[0]; });
        if (base == project.workloads.end())
            throw UsageError("no workload named \"" + options.workloads[0] + "\"");
        const auto variants = deriveWorkloads(*base, *wf, values);
        addWorkloadVariants(project, variants);
        for (const auto& v : variants)
            options.workloads.push_back(v.name);
        return;
    }
    if (const auto cf = enumFromName<ConfigurationField>(field)) {
        if (options.configurations.empty())
            throw UsageError("--vary " + field + " needs --config NAME");
        const auto base = std::find_if(project.configurations.begin(), project.configurations.end(),
            [&](const Configuration& c) { return c.name == options.configurations[0]; });
        if (base == project.configurations.end())
            throw UsageError("no configuration named \"" + options.configurations[0] + "\"");
        const auto variants = deriveConfigurations(*base, *cf, values);
        addConfigurationVariants(project, variants);
        for (const auto& v : variants)
            options.configurations.push_back(v.name);
        return;
    }
    throw UsageError("--vary: unknown field \"" + field + "\"");
}

} // namespace

int compareCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err)
{
    const Arguments args(words, {"baseline", "workload", "config", "vary", "format", "db"},
        {resetBrokenCatalogFlag});
    if (args.positional().size() != 1)
        throw UsageError("compare needs exactly one PROJECT file");
    const auto format = args.choice("format", "text", {"text", "json", "csv"});
    const std::string& file = args.positional()[0];
    const auto document = readProjectDocument(file);
    auto store = openCatalog(args, err);
    Project project = loadProject(document, file, storeLookup(store), err);

    ComparisonOptions options;
    if (const auto w = args.value("workload"))
        options.workloads.push_back(*w);
    if (const auto c = args.value("config"))
        options.configurations.push_back(*c);
    if (project.configurations.empty())
        throw InputError(file, "/configurations", "the project has no configurations to compare");
    if (const auto vary = args.value("vary"))
        addVariations(project, *vary, options);
    if (const auto baseline = args.value("baseline")) {
        auto [workload, configuration] = parsePairName(project, *baseline, file);
        options.baselineWorkload = std::move(workload);
        options.baselineConfiguration = std::move(configuration);
    }
    options.software = store.softwareTable();
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
