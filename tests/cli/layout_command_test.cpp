// SPDX-License-Identifier: Apache-2.0
// infrafit-cli layout: every format written, bad input refused with exit 2.
#include "cli_runner.h"
#include "support/fixtures.h"
#include "support/report_readers.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>

using namespace infrafit::test;
namespace fs = std::filesystem;

namespace {

const std::string kLayoutProject = fixturePath("projects/bom-example.infrafit.json");

CliResult layoutCli(const TempDir& dir, const std::string& format, const std::string& output,
                    const std::string& config = "4x HGX H100")
{
    return runCli({"layout", kLayoutProject, "--config", config, "--format", format, "--output",
                   output, "--db", dir.file("catalog.sqlite")});
}

} // namespace

TEST_CASE("layout writes json, csv, svg and pdf", "[cli][layout]")
{
    TempDir dir;
    for (const std::string format : {"json", "csv", "svg", "pdf"}) {
        const auto output = dir.file("layout." + format);
        const auto result = layoutCli(dir, format, output);
        INFO(format << "\n" << result.err);
        REQUIRE(result.exitCode == 0);
        CHECK_THAT(result.out, Catch::StartsWith("Wrote " + output));
        REQUIRE(fs::exists(output));
        CHECK(fs::file_size(output) > 200);
    }
    const auto json = nlohmann::json::parse(readBytes(dir.file("layout.json")));
    CHECK(json.at("summary").at("gpu_nodes") == 4);
    CHECK(json.at("racks").size() >= 1);
    CHECK_THAT(readBytes(dir.file("layout.csv")),
               Catch::StartsWith("row,from,to,type,length_m,purpose,count,total_usd\r\n"));
    CHECK_THAT(readBytes(dir.file("layout.svg")), Catch::Contains("<svg"));
    CHECK_THAT(readBytes(dir.file("layout.pdf")), Catch::StartsWith("%PDF-1.4"));
}

TEST_CASE("layout refuses an unknown configuration or format with exit 2", "[cli][layout]")
{
    TempDir dir;
    const auto output = dir.file("layout.json");
    const auto unknown = layoutCli(dir, "json", output, "no such config");
    CHECK(unknown.exitCode == 2);
    CHECK_THAT(unknown.err, Catch::Contains("no configuration named"));
    CHECK_FALSE(fs::exists(output));
    const auto badFormat = layoutCli(dir, "png", output);
    CHECK(badFormat.exitCode == 2);
    CHECK_FALSE(fs::exists(output));
}

TEST_CASE("layout --format xlsx and the BOM workbook carry the cable list", "[cli][layout]")
{
    // Every cable row of the CSV is a row of the Cables sheet, and the
    // sheet's SUM total equals the CSV's per-type totals and, with
    // --layout-cables, the BOM's cable and transceiver lines.
    TempDir dir;
    const auto csvPath = dir.file("cables.csv");
    const auto xlsxPath = dir.file("cables.xlsx");
    REQUIRE(layoutCli(dir, "csv", csvPath).exitCode == 0);
    const auto result = layoutCli(dir, "xlsx", xlsxPath);
    INFO(result.err);
    REQUIRE(result.exitCode == 0);
    const auto records = parseCsv(readBytes(csvPath));
    std::vector<std::vector<std::string>> cableRows;
    double csvTotal = 0;
    for (const auto& r : records) {
        if (r.at(0) == "cable")
            cableRows.push_back(r);
        else if (r.at(0) == "total")
            csvTotal += std::stod(r.at(7));
    }
    REQUIRE_FALSE(cableRows.empty());
    const auto dump = xlsxCellDump(xlsxPath, dir);
    REQUIRE(dump.has_value());
    const auto cells = parseXlsxDump(*dump);
    CHECK(cells.at("Cables!A1").value == "From");
    CHECK(cells.at("Cables!#frozen").value == "1");
    for (std::size_t i = 0; i < cableRows.size(); ++i) {
        const std::string row = std::to_string(i + 2);
        CHECK(cells.at("Cables!A" + row).value == cableRows[i][1]);
        CHECK(cells.at("Cables!B" + row).value == cableRows[i][2]);
        CHECK(cells.at("Cables!C" + row).value == cableRows[i][3]);
        CHECK(std::stod(cells.at("Cables!D" + row).value) == Approx(std::stod(cableRows[i][4])));
    }
    const XlsxCell* total = nullptr;
    for (const auto& [ref, cell] : cells)
        if (ref.rfind("Cables!G", 0) == 0 && cell.formula.rfind("SUM(", 0) == 0)
            total = &cell;
    REQUIRE(total != nullptr);
    CHECK(std::stod(total->value) == Approx(csvTotal).epsilon(1e-9));

    const auto bomPath = dir.file("bom.xlsx");
    const auto bom = runCli({"bom", kLayoutProject, "--config", "4x HGX H100", "--format", "xlsx",
        "--layout-cables", "--output", bomPath, "--db", dir.file("catalog.sqlite")});
    INFO(bom.err);
    REQUIRE(bom.exitCode == 0);
    const auto bomDump = xlsxCellDump(bomPath, dir);
    REQUIRE(bomDump.has_value());
    const auto bomCells = parseXlsxDump(*bomDump);
    CHECK(bomCells.at("Cables!A1").value == "From");
    double cableLines = 0;
    for (const auto& [ref, cell] : bomCells) {
        if (ref.rfind("Lines!A", 0) != 0
            || (cell.value != "Cable" && cell.value != "Transceiver"))
            continue;
        const std::string row = ref.substr(7);
        cableLines += std::stod(bomCells.at("Lines!I" + row).value);
    }
    CHECK(cableLines == Approx(csvTotal).epsilon(1e-9));
    // The layout's PDUs are a line of their own, labelled as the trade does.
    bool pduLine = false;
    for (const auto& [ref, cell] : bomCells)
        pduLine = pduLine || (ref.rfind("Lines!A", 0) == 0 && cell.value == "PDU");
    CHECK(pduLine);
}

TEST_CASE("layout --output - writes json, csv or svg to standard output, not a file named -",
          "[cli][layout]")
{
    // As bom's --output - (CLI probe C4): the document alone on standard
    // output, the summary on standard error, binary formats refused.
    TempDir dir;
    const WorkingDirectory inDir(dir.path());
    const auto json = layoutCli(dir, "json", "-");
    const auto csv = layoutCli(dir, "csv", "-");
    const auto svg = layoutCli(dir, "svg", "-");
    const auto pdf = layoutCli(dir, "pdf", "-");
    const bool dashFile = fs::exists(dir.path() / "-");
    REQUIRE(json.exitCode == 0);
    CHECK(nlohmann::json::parse(json.out).at("summary").at("gpu_nodes") == 4);
    CHECK_THAT(json.err, Catch::Contains("Wrote standard output (json"));
    REQUIRE(csv.exitCode == 0);
    CHECK_THAT(csv.out, Catch::StartsWith("row,from,to,type,length_m,purpose,count,total_usd\r\n"));
    REQUIRE(svg.exitCode == 0);
    CHECK_THAT(svg.out, Catch::Contains("<svg"));
    CHECK(svg.out.find("Wrote") == std::string::npos);
    CHECK(pdf.exitCode == 2);
    CHECK_THAT(pdf.err, Catch::Contains("pdf is a binary format"));
    CHECK_FALSE(dashFile);
}
