// SPDX-License-Identifier: Apache-2.0
// Reading the exported BOM back: the CSV parsed and its total equal to the
// sum of its lines, the XLSX opened (cells, number types, formulas, frozen
// headers), the PDF's text extracted with pdftotext, the HTML escaped and
// self-contained; and no NaN or infinity in any format.
#include "core/bom/bom_test_support.h"

#include "core/output/bom_csv.h"
#include "core/output/bom_export.h"
#include "core/output/bom_html.h"
#include "core/output/report_format.h"
#include "core/output/bom_software.h"
#include "core/io/text_file.h"
#include "support/report_readers.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <limits>
#include <regex>

using namespace infrafit;
using namespace infrafit::test;

TEST_CASE("CSV: one header row, total equals the sum of the lines", "[bom][csv]")
{
    const auto bom = bomExample();
    const auto records = parseCsv(bomToCsv(bom));
    // The recommended software stack follows the total (one row per item).
    REQUIRE(records.size()
            == 1 + bom.lines.size() + bom.subtotals.size() + 1 + bomSoftwareRows(bom.summary).size());
    const auto& header = records.front();
    REQUIRE(header.size() == 13);
    CHECK(header[0] == "row");
    CHECK(header[5] == "part_number");
    CHECK(header[10] == "extended_price_usd");
    double lines = 0;
    double total = -1;
    int lineRows = 0;
    for (std::size_t i = 1; i < records.size(); ++i) {
        REQUIRE(records[i].size() == header.size());
        if (records[i][0] == "line") {
            ++lineRows;
            const double quantity = std::stod(records[i][8]);
            const double unit = std::stod(records[i][9]);
            const double extended = std::stod(records[i][10]);
            if (records[i][11] == "list" || records[i][11] == "estimated")
                CHECK(extended == Approx(quantity * unit));
            lines += extended;
        } else if (records[i][0] == "total") {
            total = std::stod(records[i][10]);
            CHECK(records[i][11] == "incomplete");
        }
    }
    CHECK(lineRows == static_cast<int>(bom.lines.size()));
    CHECK(total == Approx(lines));
    CHECK(total == Approx(bom.totals.totalUsd));
    // Numbers are unformatted; a model with a comma and quotes is quoted.
    CHECK_THAT(bomToCsv(bom), Catch::Contains("\"PM1743 15.36 TB, \"\"U.2\"\"\""));
    CHECK_THAT(bomToCsv(bom), !Catch::Contains("$"));
}

TEST_CASE("csvField quotes per RFC 4180", "[csv]")
{
    CHECK(csvField("plain") == "plain");
    CHECK(csvField("a,b") == "\"a,b\"");
    CHECK(csvField("say \"hi\"") == "\"say \"\"hi\"\"\"");
    CHECK(csvField("two\nlines") == "\"two\nlines\"");
}

TEST_CASE("csvField keeps formula-like text from running in a spreadsheet", "[csv][security]")
{
    // OWASP, CSV injection: cells starting with = + - @ are formulas to a
    // spreadsheet; they are written as text with a leading apostrophe.
    CHECK(csvField("=HYPERLINK(\"http://x\")") == "\"'=HYPERLINK(\"\"http://x\"\")\"");
    CHECK(csvField("+1 spare") == "'+1 spare");
    CHECK(csvField("@SUM(A1)") == "'@SUM(A1)");
    CHECK(csvField("-cmd|' /C calc'!A0") == "'-cmd|' /C calc'!A0");
    // Numbers stay numbers.
    CHECK(csvField("-4.5") == "-4.5");
    CHECK(csvField("-12") == "-12");
    CHECK(csvField("1e+20") == "1e+20");
    CHECK(csvRecord({"a", "b"}) == "a,b\r\n");
}

TEST_CASE("XLSX read back: sheets, numbers, currency, formulas and frozen headers", "[bom][xlsx]")
{
    TempDir dir;
    const auto bom = bomExample();
    const auto path = dir.file("bom.xlsx");
    exportBom(bom, BomFormat::Xlsx, path);
    const auto dump = xlsxCellDump(path, dir);
    REQUIRE(dump.has_value());
    const auto cells = parseXlsxDump(*dump);
    CHECK(cells.at("Summary!A1").value == "Section");
    CHECK(cells.at("Lines!A1").value == "Kind");
    CHECK(cells.at("Lines!#frozen").value == "1");
    CHECK(cells.at("Summary!#frozen").value == "1");
    // First line: the chassis, numbers stored as numbers, extended = G2*H2.
    CHECK(cells.at("Lines!A2").value == "Chassis");
    CHECK(cells.at("Lines!G2").type == "n");
    CHECK(std::stod(cells.at("Lines!G2").value) == 4);
    CHECK(std::stod(cells.at("Lines!H2").value) == 85000);
    CHECK(cells.at("Lines!I2").formula == "G2*H2");
    CHECK(std::stod(cells.at("Lines!I2").value) == 340000);
    // The total is a SUM formula whose cached value is the BOM total.
    const std::size_t totalRow = 1 + bom.lines.size() + 1 + bom.subtotals.size() + 1;
    const std::string totalRef = "Lines!I" + std::to_string(totalRow);
    REQUIRE(cells.count(totalRef));
    CHECK(
        cells.at(totalRef).formula == "SUM($I$2:$I$" + std::to_string(1 + bom.lines.size()) + ")");
    CHECK(std::stod(cells.at(totalRef).value) == Approx(bom.totals.totalUsd));
    CHECK(cells.at("Lines!A" + std::to_string(totalRow)).value == "Total");
    // Subtotals are SUMIF formulas over the kind column.
    const std::string firstSubtotal = "Lines!I" + std::to_string(bom.lines.size() + 3);
    CHECK_THAT(cells.at(firstSubtotal).formula, Catch::StartsWith("SUMIF($A$2:$A$"));
    // The summary's capital cost refers to the Lines total.
    bool capitalFound = false;
    for (const auto& [ref, cell] : cells) {
        if (ref.rfind("Summary!B", 0) == 0 && cell.value == "Capital cost") {
            const auto valueRef = "Summary!C" + ref.substr(9);
            CHECK(cells.at(valueRef).formula == "Lines!I" + std::to_string(totalRow));
            CHECK(std::stod(cells.at(valueRef).value) == Approx(bom.totals.totalUsd));
            capitalFound = true;
        }
    }
    CHECK(capitalFound);
    // Currency format in the styles.
    const auto styles = runCommand("unzip -p '" + path + "' xl/styles.xml", dir);
    if (styles)
        CHECK_THAT(*styles, Catch::Contains("$#,##0.00"));
}

TEST_CASE("PDF text extracted by pdftotext shows the lines, totals and page numbers", "[bom][pdf]")
{
    TempDir dir;
    const auto bom = bomExample();
    const auto path = dir.file("bom.pdf");
    exportBom(bom, BomFormat::Pdf, path);
    const auto text = pdfText(path, dir);
    REQUIRE(text.has_value());
    CHECK_THAT(*text, Catch::Contains("Bill of materials: "));
    CHECK_THAT(*text, Catch::Contains("4x HGX H100"));
    CHECK_THAT(*text, Catch::Contains("H100 SXM5 80GB"));
    CHECK_THAT(*text, Catch::Contains(formatUsd(bom.totals.totalUsd)));
    CHECK_THAT(*text, Catch::Contains("$960,000.00")); // 32 GPUs at $30,000
    CHECK_THAT(*text, Catch::Contains("Page 1 of"));
    CHECK_THAT(*text, Catch::Contains("Memory per GPU"));
    CHECK_THAT(*text, Catch::Contains("Node power at maximum"));
    CHECK_THAT(*text, Catch::Contains("Price missing: psu"));
}

TEST_CASE("PDF spreads a long BOM over pages with the header repeated", "[bom][pdf]")
{
    auto bom = bomExample();
    const auto first = bom.lines.front();
    for (int i = 0; i < 150; ++i) {
        auto line = first;
        line.model = "Extra part " + std::to_string(i);
        bom.lines.push_back(line);
    }
    TempDir dir;
    const auto path = dir.file("long.pdf");
    exportBom(bom, BomFormat::Pdf, path);
    const auto text = pdfText(path, dir);
    REQUIRE(text.has_value());
    CHECK_THAT(*text, Catch::Contains("Page 3 of"));
    CHECK_THAT(*text, Catch::Contains("Extra part 149"));
    std::size_t headers = 0;
    for (auto at = text->find("Unit price"); at != std::string::npos;
         at = text->find("Unit price", at + 1))
        ++headers;
    CHECK(headers >= 3);
}

TEST_CASE("PDF wraps long model names and part ids instead of cutting them", "[bom][pdf]")
{
    // Issue 23 item 10: the PDF cut "Model" and "Part id" to fit their
    // columns, and those are what a purchaser orders by.
    auto bom = bomExample();
    auto& line = bom.lines.front();
    line.model = "ConnectX-7 single-port NDR/400GbE OSFP (e.g. MCX75310AAS-NEAT)";
    line.partId = "nvidia-connectx-7-ndr-osfp-with-a-long-suffix";
    TempDir dir;
    const auto path = dir.file("wrap.pdf");
    exportBom(bom, BomFormat::Pdf, path);
    const auto text = pdfText(path, dir);
    REQUIRE(text.has_value());
    CHECK_THAT(*text, Catch::Contains("MCX75310AAS-NEAT)"));
    CHECK_THAT(*text, Catch::Contains("long-suffix"));
    CHECK_THAT(*text, !Catch::Contains("..."));
}

TEST_CASE("HTML is self-contained and escapes project text", "[bom][html]")
{
    auto bom = bomExample();
    bom.summary.projectName = "<script>alert('x')</script> & co";
    const auto html = bomToHtml(bom);
    CHECK_THAT(html, Catch::Contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; co"));
    CHECK_THAT(html, !Catch::Contains("<script>"));
    CHECK_THAT(html, !Catch::Contains("https://"));
    CHECK_THAT(html, Catch::Contains("<svg"));
    CHECK_THAT(html, Catch::Contains("<style>"));
    CHECK_THAT(html, !Catch::Contains("<link"));
    CHECK_THAT(html, !Catch::Contains("src="));
}

TEST_CASE("no format prints NaN or infinity", "[bom]")
{
    auto bom = bomExample();
    const double nan = std::nan("");
    const double inf = std::numeric_limits<double>::infinity();
    bom.lines.front().unitPriceUsd = nan;
    bom.lines.front().extendedPriceUsd = inf;
    bom.totals.totalUsd = nan;
    bom.summary.nodeWall.maxW = inf;
    bom.summary.gpuCapacityBytes = nan;
    bom.summary.memoryPerGpuBytes.push_back({"Broken", nan});
    bom.summary.nodePowerW.push_back({"Broken", -inf});
    bom.summary.usdPerMillionTokens = nan;
    for (auto format : {BomFormat::Csv, BomFormat::Json, BomFormat::Html, BomFormat::Pdf}) {
        const auto bytes = renderBom(bom, format);
        INFO(enumName(format));
        static const std::regex notANumber(R"((^|[^A-Za-z])(nan|NaN|inf|Infinity)([^A-Za-z]|$))");
        CHECK_FALSE(std::regex_search(bytes, notANumber));
    }
    CHECK_NOTHROW(renderBom(bom, BomFormat::Xlsx));
}

TEST_CASE("a failed export leaves no file behind", "[bom]")
{
    TempDir dir;
    const auto bom = bomExample();
    const auto missing = dir.file("no-such-dir/bom.csv");
    CHECK_THROWS_AS(exportBom(bom, BomFormat::Csv, missing), FileWriteError);
    CHECK_FALSE(std::filesystem::exists(missing));
    CHECK_THROWS_AS(
        exportBom(bom, BomFormat::Xlsx, dir.file("no-such-dir/bom.xlsx")), FileWriteError);
    CHECK(std::filesystem::is_empty(dir.path()));
}

TEST_CASE("every BOM format shows a line's manufacturer part number", "[bom][part-number]")
{
    // Issue 23 item 10. The example project gives only its NIC a part
    // number (tests/fixtures/projects/bom-example.infrafit.json).
    const auto bom = bomExample();
    std::size_t nicRow = 0;
    for (std::size_t i = 0; i < bom.lines.size(); ++i) {
        const auto& line = bom.lines[i];
        if (line.kind == "nic") {
            CHECK(line.partNumber == "EXAMPLE-PN-CX7");
            nicRow = i + 2; // XLSX: header in row 1
        } else {
            CHECK(line.partNumber.empty());
        }
    }
    REQUIRE(nicRow > 0);
    const auto records = parseCsv(bomToCsv(bom));
    CHECK(records.front()[5] == "part_number");
    CHECK(records[nicRow - 1][5] == "EXAMPLE-PN-CX7");
    CHECK_THAT(renderBom(bom, BomFormat::Json),
        Catch::Contains("\"part_number\": \"EXAMPLE-PN-CX7\""));
    CHECK_THAT(bomToHtml(bom), Catch::Contains("<th>Part number</th>"));
    CHECK_THAT(bomToHtml(bom), Catch::Contains(">EXAMPLE-PN-CX7<"));
    TempDir dir;
    const auto xlsx = dir.file("pn.xlsx");
    exportBom(bom, BomFormat::Xlsx, xlsx);
    const auto dump = xlsxCellDump(xlsx, dir);
    REQUIRE(dump.has_value());
    const auto cells = parseXlsxDump(*dump);
    CHECK(cells.at("Lines!L1").value == "Part number");
    CHECK(cells.at("Lines!L" + std::to_string(nicRow)).value == "EXAMPLE-PN-CX7");
    const auto pdf = dir.file("pn.pdf");
    exportBom(bom, BomFormat::Pdf, pdf);
    const auto text = pdfText(pdf, dir);
    REQUIRE(text.has_value());
    CHECK_THAT(*text, Catch::Contains("EXAMPLE-PN-CX7"));
}
