// SPDX-License-Identifier: Apache-2.0
// The rack layout in the BOM reports (core/output/bom_layout.h): the PDF and
// HTML draw the row plan and every rack's elevation and list the layout's
// cables; with --layout-cables the cable list's totals are the BOM's cable
// and transceiver lines, type by type and in dollars.
#include "core/bom/bom_test_support.h"

#include "core/base/finding_text.h"
#include "core/io/text_file.h"
#include "core/output/bom_export.h"
#include "core/output/bom_html.h"
#include "core/output/bom_layout.h"
#include "core/output/report_format.h"
#include "support/report_readers.h"

#include <catch2/catch.hpp>

#include <map>
#include <regex>

using namespace infrafit;
using namespace infrafit::test;

namespace {

std::size_t bomLayoutCount(const std::string& text, const std::string& what)
{
    std::size_t n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
        ++n;
    return n;
}

BillOfMaterials bomLayoutExample(bool layoutCables)
{
    BomContext context = goldenContext();
    context.layoutCables = layoutCables;
    return buildProjectBom(
        bomExampleProject(), PartLookup {}, "4x HGX H100", "llama-8b-pretrain", context);
}

} // namespace

TEST_CASE("BOM: the cable list's totals are the BOM's cable lines", "[bom][layout]")
{
    const auto bom = bomLayoutExample(true);
    REQUIRE(bom.layout);
    CHECK(bom.cablesFromLayout);
    const auto rows = bomCableRows(bom);
    REQUIRE(rows.size() >= 2);
    REQUIRE(rows.back().type == "Total");

    std::map<std::string, std::int64_t> cableLines, opticLines;
    double linesUsd = 0;
    std::int64_t lineCables = 0;
    for (const auto& line : bom.lines) {
        if (line.kind == "cable") {
            cableLines[line.partId] += line.totalQuantity;
            lineCables += line.totalQuantity;
        }
        if (line.kind == "transceiver")
            opticLines[line.partId] += line.totalQuantity;
        if (line.kind == "cable" || line.kind == "transceiver")
            linesUsd += line.extendedPriceUsd;
    }
    for (std::size_t i = 0; i + 1 < rows.size(); ++i) {
        INFO(rows[i].type);
        CHECK(cableLines[rows[i].type] == rows[i].cables);
        CHECK(opticLines[rows[i].type + "-transceiver"] == rows[i].transceivers);
    }
    CHECK(rows.back().cables == lineCables);
    CHECK(rows.back().cables == static_cast<std::int64_t>(bom.layout->cables.size()));
    CHECK(rows.back().totalUsd == Approx(linesUsd));
    // And the subtotals the report prints for cables agree with both.
    for (const auto& s : bom.subtotals)
        if (s.kind == "cable")
            CHECK(s.quantity == lineCables);

    // The HTML prints the same totals.
    const std::string html = bomToHtml(bom);
    CHECK_THAT(html, Catch::Contains("these totals are the cable and transceiver lines"));
    CHECK_THAT(html,
        Catch::Contains("<td>Total</td><td class=\"n\">"
            + infra::num(static_cast<double>(lineCables)) + "</td>"));
    CHECK_THAT(html, Catch::Contains(formatUsd(rows.back().totalUsd)));
}

TEST_CASE("BOM HTML and PDF draw the rack layout", "[bom][layout]")
{
    const auto bom = bomLayoutExample(false);
    REQUIRE(bom.layout);
    REQUIRE_FALSE(bom.layout->racks.empty());
    CHECK_FALSE(bom.cablesFromLayout);
    const auto drawing = bomLayoutDrawing(bom);
    REQUIRE(drawing.pages.size() >= 2);

    const std::string html = bomToHtml(bom);
    CHECK_THAT(html, Catch::Contains("<h2>Rack layout</h2>"));
    CHECK_THAT(html, Catch::Contains("<h2>Cable list</h2>"));
    CHECK_THAT(html, Catch::Contains("fabric&#39;s own estimate"));
    // One inline SVG per drawing page, besides the two charts.
    CHECK(bomLayoutCount(html, "<figure><svg ") == drawing.pages.size());
    for (const auto& rack : bom.layout->racks) {
        CHECK_THAT(html, Catch::Contains(">" + rack.name + " front</text>"));
        CHECK_THAT(html, Catch::Contains(">" + rack.name + " rear</text>"));
    }
    CHECK_THAT(html, Catch::Contains(">cold aisle</text>"));

    TempDir dir;
    const auto path = dir.file("bom.pdf");
    exportBom(bom, BomFormat::Pdf, path);
    const auto text = pdfText(path, dir);
    REQUIRE(text);
    CHECK_THAT(*text, Catch::Contains("Rack layout"));
    CHECK_THAT(*text, Catch::Contains("Cable list"));
    CHECK_THAT(*text, Catch::Contains("cold aisle"));
    for (const auto& rack : bom.layout->racks)
        CHECK_THAT(*text, Catch::Contains(rack.name + " front"));
    CHECK_THAT(*text, Catch::Contains("Feed A: L1"));
}

TEST_CASE("BOM: a layout with bad limits still renders with its findings", "[bom][layout]")
{
    // A rack limit below one node: no node fits, the finding is in the report.
    Project project = bomExampleProject();
    for (auto& c : project.configurations)
        c.rack.powerLimitKw = 1;
    BomContext context = goldenContext();
    context.layoutCables = true;
    const auto bom = buildProjectBom(project, PartLookup {}, "4x HGX H100", "", context);
    REQUIRE(bom.layout);
    bool limitFinding = false;
    for (const auto& line : bomLayoutFindingLines(bom))
        limitFinding
            = limitFinding || line.find("layout.rack_limit_below_node") != std::string::npos;
    CHECK(limitFinding);
    const std::string html = bomToHtml(bom);
    CHECK_THAT(html, Catch::Contains("layout.rack_limit_below_node"));
    static const std::regex notANumber(R"((^|[^A-Za-z])(nan|NaN|inf|Infinity)([^A-Za-z]|$))");
    CHECK_FALSE(std::regex_search(html, notANumber));
    CHECK_FALSE(renderBom(bom, BomFormat::Pdf).empty());
}
