// SPDX-License-Identifier: Apache-2.0
// infrafit-cli netbox export PROJECT --config NAME [--workload NAME] --output DIR [--db FILE]
// infrafit-cli netbox import DIR_OR_YAML... [--db FILE]
#include "app/cli/arguments.h"
#include "app/cli/cli.h"
#include "app/cli/commands.h"
#include "app/cli/load_project.h"
#include "app/cli/open_catalog.h"

#include "catalog/catalog_store.h"
#include "core/io/output_file.h"
#include "core/io/project_json.h"
#include "core/netbox/netbox_export.h"
#include "core/netbox/netbox_import.h"
#include "core/parts/field_spec.h"

#include <filesystem>
#include <ostream>

namespace infrafit::cli {

namespace {

int netboxExportCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err)
{
    const Arguments args(words, {"config", "workload", "output", "db"}, {resetBrokenCatalogFlag});
    if (args.positional().size() != 1)
        throw UsageError("netbox export needs exactly one PROJECT file");
    if (!args.has("config"))
        throw UsageError("netbox export needs --config NAME");
    if (!args.has("output"))
        throw UsageError("netbox export needs --output DIR");
    const std::string& file = args.positional()[0];
    const std::string dir = *args.value("output");
    namespace fs = std::filesystem;
    std::error_code ec;
    if (fs::exists(dir, ec) && !fs::is_directory(dir, ec))
        throw UsageError("--output " + dir + " is a file; netbox export writes a folder");

    const auto document = readProjectDocument(file);
    auto store = openCatalog(args, err);
    const Project project = loadProject(document, file, storeLookup(store), err);
    const ProjectLayout layout = planProjectLayoutWithParts(
        project, storeLookup(store), *args.value("config"), args.valueOr("workload", ""), file);
    const auto files = netboxExport(layout, project.name);
    std::size_t deviceTypes = 0;
    for (const auto& f : files) {
        const fs::path path = fs::path(dir) / f.path;
        fs::create_directories(path.parent_path(), ec);
        if (ec)
            throw FileWriteError(path.parent_path().string() + ": cannot create the folder: "
                                 + ec.message());
        writeFileAtomic(path.string(), f.contents);
        deviceTypes += f.path.rfind("device-types/", 0) == 0 ? 1 : 0;
    }
    std::size_t devices = 0;
    for (const auto& rack : layout.layout.racks)
        devices += rack.devices.size();
    out << "Wrote " << dir << ": " << deviceTypes << " device types, " << layout.layout.racks.size()
        << " racks, " << devices << " devices, " << layout.layout.cables.size() << " cables\n";
    return ExitOk;
}

int netboxImportCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err)
{
    const Arguments args(words, {"db"}, {resetBrokenCatalogFlag});
    if (args.positional().empty())
        throw UsageError("netbox import needs at least one device-type YAML file or folder");
    const NetboxImportBatch batch = importNetboxDeviceTypes(args.positional());
    if (!batch.errors.empty()) {
        for (const auto& error : batch.errors)
            for (const auto& line : error.lines())
                err << line << "\n";
        err << "netbox import: nothing was stored (" << batch.errors.size()
            << (batch.errors.size() == 1 ? " file" : " files") << " refused)\n";
        return ExitBadInput;
    }
    if (batch.imports.empty()) {
        std::string searched;
        for (const auto& path : args.positional())
            searched += (searched.empty() ? "" : ", ") + path;
        throw UsageError("netbox import: no .yaml or .yml files in " + searched
                         + " (folders are searched with their subfolders)");
    }
    std::vector<Part> parts;
    for (const auto& imported : batch.imports)
        parts.push_back(imported.part);
    auto store = openCatalog(args, err, CatalogAccess::Write);
    const auto summary = store.importParts(parts);
    for (const auto& imported : batch.imports) {
        const auto& part = imported.part;
        out << imported.file << ": " << enumName(kindOf(part)) << " " << infoOf(part).id << "\n";
        const auto list = [&out](const char* what, const std::vector<std::string>& items) {
            if (items.empty())
                return;
            out << "  " << what << ": " << formatList(std::span<const std::string>(items)) << "\n";
        };
        list("mapped", imported.mapped);
        list("left blank", imported.blank);
        list("ignored", imported.ignored);
    }
    out << "Imported " << parts.size() << (parts.size() == 1 ? " part" : " parts") << " ("
        << summary.added << " added, " << summary.replaced << " replaced)\n";
    return ExitOk;
}

} // namespace

int netboxCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err)
{
    if (words.empty())
        throw UsageError("netbox needs export or import");
    const std::vector<std::string> rest(words.begin() + 1, words.end());
    if (words[0] == "export")
        return netboxExportCommand(rest, out, err);
    if (words[0] == "import")
        return netboxImportCommand(rest, out, err);
    throw UsageError("unknown netbox subcommand \"" + words[0] + "\" (expected export or import)");
}

} // namespace infrafit::cli
