// SPDX-License-Identifier: Apache-2.0
// infrafit-cli bom PROJECT --config NAME [--workload NAME]
//                  --format csv|xlsx|pdf|html|json --output FILE [--db FILE]
#include "app/cli/arguments.h"
#include "app/cli/cli.h"
#include "app/cli/commands.h"
#include "app/cli/load_project.h"
#include "app/cli/open_catalog.h"

#include "catalog/catalog_store.h"
#include "core/bom/build_bom.h"
#include "core/output/bom_export.h"
#include "core/output/report_format.h"
#include "core/base/input_error.h"
#include "core/io/output_file.h"
#include "core/io/project_json.h"

#include <ostream>

namespace infrafit::cli {

int bomCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err)
{
    const Arguments args(words, {"config", "workload", "format", "output", "db"},
                         {resetBrokenCatalogFlag, "layout-cables"});
    if (args.positional().size() != 1)
        throw UsageError("bom needs exactly one PROJECT file");
    if (!args.has("config"))
        throw UsageError("bom needs --config NAME");
    if (!args.has("format"))
        throw UsageError("bom needs --format csv|xlsx|pdf|html|json");
    if (!args.has("output"))
        throw UsageError("bom needs --output FILE");
    const auto formatName = args.choice("format", "", {"csv", "xlsx", "pdf", "html", "json"});
    const auto format = *enumFromName<BomFormat>(formatName);
    const std::string& file = args.positional()[0];
    const std::string output = *args.value("output");
    // "-" is standard output for the text formats (it wrote a file named
    // "-", CLI probe C4).
    const bool toStdout = outputIsStandard(args, formatName, {"xlsx", "pdf"}, "csv, html or json");

    // An output that is an input would be destroyed by the write (issue 22).
    std::vector<std::string> inputs = databaseFiles(databasePathFrom(args.valueOr("db", "")));
    inputs.insert(inputs.begin(), file);
    if (!toStdout)
        checkOutputIsNotInput(output, inputs);

    const auto document = readProjectDocument(file);
    auto store = openCatalog(args, err);
    const Project project = loadProject(document, file, storeLookup(store), err);
    if (project.configurations.empty())
        throw InputError(file, "/configurations", "the project has no configurations");
    BomContext context;
    context.date = reportDateToday();
    context.layoutCables = args.has("layout-cables");
    // The catalog's software compatibility rows (the shipped ones when it has none).
    const SoftwareTable software = store.softwareTable();
    if (!software.rows.empty())
        context.software = &software;
    const auto bom = buildProjectBom(project, storeLookup(store), *args.value("config"),
        args.valueOr("workload", ""), context, file);
    if (toStdout) {
        out << renderBom(bom, format);
        return ExitOk;
    }
    exportBom(bom, format, output);
    out << "Wrote " << output << " (" << formatName << ", " << bom.lines.size() << " lines, "
        << totalCaption(bom.totals) << " " << formatUsd(bom.totals.totalUsd) << ")\n";
    return ExitOk;
}

} // namespace infrafit::cli
