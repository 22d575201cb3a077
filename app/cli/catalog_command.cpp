// SPDX-License-Identifier: Apache-2.0
// infrafit-cli catalog list | import | export
#include "app/cli/arguments.h"
#include "app/cli/cli.h"
#include "app/cli/commands.h"
#include "app/cli/open_catalog.h"

#include "catalog/catalog_import.h"
#include "catalog/catalog_store.h"
#include "core/io/json_document.h"
#include "core/io/catalog_json.h"
#include "core/io/software_compat_json.h"
#include "core/io/text_file.h"
#include "core/parts/field_spec.h"
#include "core/base/text_table.h"

#include <filesystem>
#include <map>
#include <optional>
#include <ostream>
#include <sstream>

namespace infrafit::cli {
namespace {

/// The columns `catalog list` shows for each kind in text form: the figures
/// a buyer compares first. JSON output carries every field.
std::vector<std::string_view> summaryKeys(PartKind kind)
{
    switch (kind) {
    case PartKind::Gpu:
        return {"id", "vendor", "model", "memory_gb", "memory_bandwidth_gbs", "bf16_tflops",
                "fp8_tflops", "tdp_w", "form_factor", "gpu_link_gbs", "price_usd"};
    case PartKind::Chassis:
        return {"id", "vendor", "model", "rack_units", "max_gpus", "gpu_form_factor",
                "max_gpu_tdp_w", "psu_slots", "base_power_w", "cooling", "gpu_fabric",
                "price_usd"};
    case PartKind::Cpu:
        return {"id", "vendor", "model", "cores", "tdp_w", "pcie_lanes", "pcie_gen",
                "memory_bandwidth_gbs", "price_usd"};
    case PartKind::Nvme:
        return {"id", "vendor", "model", "capacity_tb", "read_mbs", "write_mbs", "pcie_gen",
                "power_w", "price_usd"};
    case PartKind::Nic:
        return {"id", "vendor", "model", "ports", "port_speed_gbps", "protocol", "pcie_gen",
                "power_w", "price_usd"};
    case PartKind::Psu:
        return {"id", "vendor", "model", "watts", "efficiency", "efficiency_rating", "price_usd"};
    case PartKind::Cooling:
        return {"id", "vendor", "model", "type", "max_heat_kw_per_rack", "pue_low", "pue_high",
                "price_usd"};
    case PartKind::Switch:
        return {"id", "vendor", "model", "ports", "port_speed_gbps", "protocol", "rack_units",
                "max_power_w", "weight_kg", "price_usd"};
    case PartKind::Pdu:
        return {"id", "vendor", "model", "outlets_c13", "outlets_c19", "phases", "voltage_v",
                "breaker_a", "rack_units", "price_usd"};
    }
    return {"id", "vendor", "model"};
}

/// A column heading with its unit: the field's label, or a shorter one for
/// the wide labels of the summary columns, so `catalog list` fits a
/// terminal better (the labels in full are in the GUI and the user guide).
std::string header(const FieldSpec& spec)
{
    static const std::map<std::string_view, std::string_view> catalogListShort{
        {"memory_bandwidth_gbs", "Mem BW"}, {"bf16_tflops", "BF16"}, {"fp8_tflops", "FP8"},
        {"form_factor", "Form"},           {"gpu_link_gbs", "Link"}, {"rack_units", "Height"},
        {"gpu_form_factor", "GPU form"},   {"max_gpu_tdp_w", "GPU TDP"}, {"base_power_w", "Base"},
        {"gpu_fabric", "Fabric"},          {"pcie_lanes", "Lanes"},  {"pcie_gen", "PCIe"},
        {"read_mbs", "Read"},              {"write_mbs", "Write"},   {"port_speed_gbps", "Speed"},
        {"efficiency_rating", "Rating"},   {"max_heat_kw_per_rack", "Heat/rack"},
        {"capacity_tb", "Capacity"},       {"memory_gb", "Mem"},     {"max_gpus", "GPUs"},
        {"psu_slots", "PSUs"},              {"outlets_c13", "C13"},   {"outlets_c19", "C19"},
        {"max_power_w", "Max power"}};
    const auto shorter = catalogListShort.find(spec.key);
    std::string text(shorter != catalogListShort.end() ? shorter->second : spec.label);
    if (spec.unit == "TFLOPS") // a unit that is a word reads without brackets: "BF16 TFLOPS"
        text += " " + std::string(spec.unit);
    else if (!spec.unit.empty() && spec.unit != "lanes")
        text += " (" + std::string(spec.unit) + ")";
    return text;
}

/// The widest line of a Model cell: longer model names continue on the
/// next lines, so the default catalog's list stays within 160 columns.
constexpr std::size_t catalogListModelWidth = 24;

/// `text` broken at spaces into lines of at most `width` characters (a
/// single longer word keeps its own line).
std::vector<std::string> catalogListWrap(const std::string& text, std::size_t width)
{
    std::vector<std::string> lines;
    std::istringstream words(text);
    std::string word;
    while (words >> word) {
        if (!lines.empty() && displayWidth(lines.back()) + 1 + displayWidth(word) <= width)
            lines.back() += " " + word;
        else
            lines.push_back(word);
    }
    if (lines.empty())
        lines.emplace_back();
    return lines;
}

std::string cell(const FieldSpec& spec, const Part& part, bool& starred)
{
    std::string text = formatFieldValue(spec.get(part));
    if (!text.empty() && infoOf(part).isEstimated(spec.key)) {
        text += "*"; // marked as an estimate
        starred = true;
    }
    return text;
}

/// Prints the parts of `kind` (nothing when there are none); returns
/// whether it printed. `starred` is set when a cell is marked an estimate.
bool printTable(PartKind kind, const std::vector<Part>& parts, std::ostream& out, bool& starred)
{
    std::vector<const FieldSpec*> specs;
    std::vector<std::string> headers;
    for (const auto key : summaryKeys(kind)) {
        if (const auto* spec = findField(kind, key)) {
            specs.push_back(spec);
            headers.push_back(header(*spec));
        }
    }
    TextTable table(headers);
    std::size_t shown = 0;
    for (const auto& part : parts) {
        if (kindOf(part) != kind)
            continue;
        ++shown;
        std::vector<std::string> cells;
        std::vector<std::string> modelLines;
        std::size_t modelColumn = specs.size();
        for (std::size_t c = 0; c < specs.size(); ++c) {
            cells.push_back(cell(*specs[c], part, starred));
            if (specs[c]->key == "model") {
                modelColumn = c;
                modelLines = catalogListWrap(cells.back(), catalogListModelWidth);
                cells.back() = modelLines.front();
            }
        }
        table.addRow(std::move(cells));
        // Continuation lines carry only the rest of the model name.
        for (std::size_t l = 1; l < modelLines.size(); ++l) {
            std::vector<std::string> more(specs.size());
            more[modelColumn] = modelLines[l];
            table.addRow(std::move(more));
        }
    }
    if (shown == 0)
        return false;
    out << partKindLabel(kind) << " (" << shown << ")\n" << table.render();
    return true;
}

std::optional<PartKind> parseKind(const std::string& word)
{
    auto kind = enumFromName<PartKind>(word);
    if (!kind)
        throw UsageError("unknown part kind \"" + word
                         + "\" (expected gpu, chassis, cpu, nvme, nic, psu, cooling, switch or pdu)");
    return kind;
}

/// `catalog list software`: the software compatibility rows.
int listSoftwareRows(const Arguments& args, std::ostream& out, std::ostream& err)
{
    const auto format = args.choice("format", "text", {"text", "json"});
    auto store = openCatalog(args, err);
    const SoftwareTable table = store.softwareTable();
    if (format == "json") {
        out << softwareTableToJson(table).dump(2) << "\n";
        return ExitOk;
    }
    if (table.rows.empty()) {
        out << "No software compatibility rows.\n";
        return ExitOk;
    }
    for (const auto& row : table.rows) {
        std::vector<std::string> facts;
        if (!row.minDriverBranch.empty())
            facts.push_back("driver " + row.minDriverBranch + "+");
        if (!row.minToolkitVersion.empty())
            facts.push_back(std::string(softwareStackLabel(row.stack)) + " "
                            + row.minToolkitVersion + "+");
        if (!row.endOfSupport.empty())
            facts.push_back("end of support " + row.endOfSupport);
        if (!row.recommendedToolkit.empty())
            facts.push_back("recommended " + row.recommendedToolkit);
        out << row.architecture << " (" << softwareStackLabel(row.stack) << "):";
        for (std::size_t i = 0; i < facts.size(); ++i)
            out << (i ? ", " : " ") << facts[i];
        out << "; source checked " << row.sourceDate << "\n";
    }
    return ExitOk;
}

int listParts(const Arguments& args, std::ostream& out, std::ostream& err)
{
    const auto& words = args.positional();
    if (words.size() > 2)
        throw UsageError("catalog list takes at most one KIND");
    if (words.size() == 2 && words[1] == "software")
        return listSoftwareRows(args, out, err);
    const auto kind = words.size() == 2 ? parseKind(words[1]) : std::nullopt;
    const auto format = args.choice("format", "text", {"text", "json"});
    auto store = openCatalog(args, err);
    const auto parts = store.list(kind, args.valueOr("filter", ""));
    if (format == "json") {
        out << catalogToJson(parts);
        return ExitOk;
    }
    if (parts.empty()) {
        out << "No parts match.\n";
        return ExitOk;
    }
    // One blank line between the kinds that have parts; the footnote only
    // when a figure is starred.
    std::ostringstream tables;
    bool starred = false;
    bool printed = false;
    for (const auto k : allPartKinds) {
        if (kind && *kind != k)
            continue;
        std::ostringstream table;
        if (!printTable(k, parts, table, starred))
            continue;
        if (printed)
            tables << "\n";
        tables << table.str();
        printed = true;
    }
    out << tables.str();
    if (starred)
        out << "\n* estimate (see the part's source and notes)\n";
    return ExitOk;
}

int importParts(const Arguments& args, std::ostream& out, std::ostream& err)
{
    if (args.positional().size() != 2)
        throw UsageError("catalog import needs exactly one FILE");
    const std::string& file = args.positional()[1];
    const std::string dbPath = databasePathFrom(args.valueOr("db", ""));
    // A catalog database given as the file to import is named as such
    // before it is refused as this command's output (CLI probe U10).
    checkFileEncoding(file);
    // The database is this command's output: it must not be the file read.
    checkOutputIsNotInput(dbPath, {file});
    std::error_code ignored;
    const bool dbExisted = std::filesystem::exists(dbPath, ignored);
    std::optional<catalog::CatalogStore> store = openCatalog(args, err, CatalogAccess::Write);
    catalog::FileImportResult result;
    try {
        // Parsed and stored at once, all or nothing (catalog/catalog_import.h).
        result = catalog::importCatalogFile(*store, file);
    } catch (...) {
        if (!dbExisted) {
            // A refused import leaves no database behind that it created.
            store.reset();
            for (const char* suffix : {"", "-wal", "-shm"})
                std::filesystem::remove(dbPath + suffix, ignored);
        }
        throw;
    }
    for (const auto& warning : result.warnings)
        err << file << ": " << warning.pointer << ": " << warning.message << "\n";
    out << "Imported " << result.parts << " parts into " << store->path() << " ("
        << result.summary.added << " added, " << result.summary.replaced << " replaced)";
    if (result.softwareRows > 0)
        out << " and " << result.softwareRows << " software compatibility rows";
    out << ".\n";
    return ExitOk;
}

int exportParts(const Arguments& args, std::ostream& out, std::ostream& err)
{
    if (args.positional().size() != 2)
        throw UsageError("catalog export needs exactly one FILE");
    std::optional<PartKind> kind;
    if (const auto k = args.value("kind"))
        kind = parseKind(*k);
    const std::string& output = args.positional()[1];
    checkOutputIsNotInput(output, databaseFiles(databasePathFrom(args.valueOr("db", ""))));
    auto store = openCatalog(args, err);
    const auto parts = store.list(kind);
    // The whole catalog carries its software compatibility rows; one kind does not.
    const SoftwareTable software = kind ? SoftwareTable{} : store.softwareTable();
    writeFileAtomic(output, catalogToJson(parts, kind ? nullptr : &software));
    out << "Exported " << parts.size() << " parts";
    if (!software.rows.empty())
        out << " and " << software.rows.size() << " software compatibility rows";
    out << " to " << args.positional()[1] << ".\n";
    return ExitOk;
}

} // namespace

std::string databasePathFrom(const std::string& dbOption)
{
    return dbOption.empty() ? catalog::defaultDatabasePath() : dbOption;
}

int catalogCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err)
{
    const Arguments args(words, {"db", "format", "kind", "filter"},
                         {resetBrokenCatalogFlag});
    if (args.positional().empty())
        throw UsageError("catalog needs a subcommand: list, import or export");
    const std::string& sub = args.positional()[0];
    if (sub == "list")
        return listParts(args, out, err);
    if (sub == "import")
        return importParts(args, out, err);
    if (sub == "export")
        return exportParts(args, out, err);
    throw UsageError("unknown catalog subcommand \"" + sub + "\" (list, import or export)");
}

} // namespace infrafit::cli
