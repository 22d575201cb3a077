// SPDX-License-Identifier: Apache-2.0
// infrafit-cli layout PROJECT --config NAME [--workload NAME]
//                     --format json|svg|pdf|csv|xlsx --output FILE [--db FILE]
#include "app/cli/arguments.h"
#include "app/cli/cli.h"
#include "app/cli/commands.h"
#include "app/cli/load_project.h"
#include "app/cli/open_catalog.h"

#include "catalog/catalog_store.h"
#include "core/bom/build_bom.h"
#include "core/output/bom_xlsx.h"
#include "core/output/cable_csv.h"
#include "core/output/layout_drawing.h"
#include "core/output/layout_json.h"
#include "core/io/output_file.h"
#include "core/io/project_json.h"
#include "core/layout/plan_layout.h"

#include <nlohmann/json.hpp>

#include <ostream>

namespace infrafit::cli {

int layoutCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err)
{
    const Arguments args(
        words, {"config", "workload", "format", "output", "db"}, {resetBrokenCatalogFlag});
    if (args.positional().size() != 1)
        throw UsageError("layout needs exactly one PROJECT file");
    if (!args.has("config"))
        throw UsageError("layout needs --config NAME");
    if (!args.has("format"))
        throw UsageError("layout needs --format json|svg|pdf|csv|xlsx");
    if (!args.has("output"))
        throw UsageError("layout needs --output FILE");
    const auto format = args.choice("format", "", {"json", "svg", "pdf", "csv", "xlsx"});
    const std::string& file = args.positional()[0];
    const std::string output = *args.value("output");
    // "-" is standard output for the text formats, as bom's --output -; the
    // summary and findings then go to standard error, after the document.
    const bool toStdout = outputIsStandard(args, format, {"xlsx", "pdf"}, "json, svg or csv");

    // An output that is an input would be destroyed by the write (issue 22).
    std::vector<std::string> inputs = databaseFiles(databasePathFrom(args.valueOr("db", "")));
    inputs.insert(inputs.begin(), file);
    if (!toStdout)
        checkOutputIsNotInput(output, inputs);

    const auto document = readProjectDocument(file);
    auto store = openCatalog(args, err);
    const Project project = loadProject(document, file, storeLookup(store), err);
    const RackLayout layout = planProjectLayout(
        project, storeLookup(store), *args.value("config"), args.valueOr("workload", ""), file);
    const std::string title = project.name + " / " + *args.value("config");
    std::ostream& report = toStdout ? err : out;
    if (toStdout) {
        if (format == "json")
            out << layoutToJson(layout).dump(2) << "\n";
        else if (format == "csv")
            out << cableListToCsv(layout);
        else
            out << layoutDrawingToSvg(drawLayout(layout, title));
    } else if (format == "json")
        writeFileAtomic(output, layoutToJson(layout).dump(2) + "\n");
    else if (format == "csv")
        writeFileAtomic(output, cableListToCsv(layout));
    else if (format == "xlsx")
        writeFileAtomic(output, cableListToXlsx(layout, title));
    else if (format == "svg")
        writeFileAtomic(output, layoutDrawingToSvg(drawLayout(layout, title)));
    else
        writeFileAtomic(
            output, layoutDrawingToPdf(drawLayout(layout, title), title, reportDateToday()));
    std::size_t devices = 0;
    for (const auto& rack : layout.racks)
        devices += rack.devices.size();
    report << "Wrote " << (toStdout ? std::string("standard output") : output) << " (" << format
           << ", " << layout.racks.size() << " racks, " << devices << " devices, "
           << layout.cables.size() << " cables";
    std::size_t errors = 0;
    for (const auto& f : layout.findings)
        errors += f.severity == Severity::Error ? 1 : 0;
    if (errors > 0)
        report << ", " << errors << (errors == 1 ? " error finding" : " error findings");
    report << ")\n";
    for (const auto& f : layout.findings)
        if (f.severity != Severity::Info)
            report << enumName(f.severity) << " " << f.code << ": " << f.message << "\n";
    return ExitOk;
}

} // namespace infrafit::cli
