// SPDX-License-Identifier: Apache-2.0
// The layout's drawing model (core/output/layout_drawing.h): what the SVG and
// PDF writers and the GUI's Layout page all paint. Checked against the
// layout it draws: every device on both faces, blanking over every empty
// unit, each rack's power, weight and phase currents under it, the fabric
// links of the row plan, and bad layouts drawn without a crash.
#include "core/infra/infra_fixtures.h"

#include "core/base/finding_text.h"
#include "core/infra/infrastructure.h"
#include "core/layout/plan_layout.h"
#include "core/output/layout_drawing.h"
#include "core/output/pdf_document.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>

using namespace infrafit;

namespace {

/// DGX H100 nodes with 8 NDR NICs and N+N PSUs in 40 kW racks, as
/// rack_layout_test.cpp lays them out.
LayoutRequest drawingTestRequest(int nodes)
{
    auto rc = test::dgxH100(nodes);
    rc.config.nicsPerNode = 8;
    rc.nic = test::connectX7();
    rc.config.psuRedundancy = PsuRedundancy::NPlusN;
    rc.chassis.weightKg = 130.45;
    rc.config.rack.powerLimitKw = 40;
    const InfrastructureReport infra = checkInfrastructure(rc, {});
    return layoutRequestFor(rc, infra, defaultLayoutInputs(infra.fabric));
}

int drawingTestTextsStartingWith(const DrawingPage& page, const std::string& prefix)
{
    return static_cast<int>(std::count_if(page.texts.begin(), page.texts.end(),
        [&](const DrawingText& t) { return t.text.rfind(prefix, 0) == 0; }));
}

const DrawingText* drawingTestFind(const LayoutDrawing& drawing, const std::string& prefix)
{
    for (const auto& page : drawing.pages)
        for (const auto& t : page.texts)
            if (t.text.rfind(prefix, 0) == 0)
                return &t;
    return nullptr;
}

bool drawingTestFiniteInside(const DrawingPage& page)
{
    const auto inside = [&](double x, double y) {
        return std::isfinite(x) && std::isfinite(y) && x >= -20 && y >= -20
            && x <= page.width + 1e-6 && y <= page.height + 1e-6;
    };
    for (const auto& r : page.rects)
        if (!inside(r.x, r.y) || !inside(r.x + r.width, r.y + r.height) || r.width < 0
            || r.height < 0)
            return false;
    for (const auto& l : page.lines)
        if (!inside(l.x1, l.y1) || !inside(l.x2, l.y2) || !std::isfinite(l.width))
            return false;
    for (const auto& t : page.texts)
        if (!inside(t.x, t.y) || !std::isfinite(t.size) || t.size <= 0)
            return false;
    return std::isfinite(page.width) && std::isfinite(page.height);
}

bool drawingTestIsRed(const DrawingColor& c)
{
    return c.r > 0.7 && c.g < 0.3 && c.b < 0.3;
}

} // namespace

TEST_CASE("layout drawing: row plan and elevations of every rack", "[layout][drawing]")
{
    const RackLayout layout = planLayout(drawingTestRequest(32));
    REQUIRE(layout.racks.size() >= 2);
    const LayoutDrawing drawing = drawLayout(layout, "32 DGX");

    // A row plan, then two racks (front and rear) per page.
    const std::size_t racks = layout.racks.size();
    REQUIRE(drawing.pages.size()
        == 1 + (racks + layoutDrawingRacksPerPage - 1) / layoutDrawingRacksPerPage);
    const DrawingPage& plan = drawing.pages.front();
    CHECK(plan.title == "32 DGX: row plan");
    CHECK(drawingTestTextsStartingWith(plan, "cold aisle") >= 1);
    CHECK(drawingTestTextsStartingWith(plan, "hot aisle") >= 1);
    for (const auto& rack : layout.racks)
        CHECK(drawingTestTextsStartingWith(plan, rack.name) == 1);

    // The fabric over the row plan: for each pair of racks with links
    // between them, a line (racks of different rows) or three through the
    // aisle (racks of one row); plus the legend's sample line.
    std::map<std::string, std::string> rackOf;
    for (const auto& rack : layout.racks)
        for (const auto& d : rack.devices)
            rackOf[d.name] = rack.name;
    std::set<std::pair<std::string, std::string>> pairs;
    for (const auto& c : layout.cables) {
        if (c.purpose == "power" || c.purpose == "management")
            continue;
        const auto a = rackOf.find(c.from.substr(0, c.from.find(':')));
        const auto b = rackOf.find(c.to.substr(0, c.to.find(':')));
        if (a != rackOf.end() && b != rackOf.end() && a->second != b->second)
            pairs.insert(std::minmax(a->second, b->second));
    }
    CHECK_FALSE(pairs.empty());
    std::map<std::string, int> rowOf;
    for (const auto& rack : layout.racks)
        rowOf[rack.name] = rack.row;
    std::size_t segments = 1;
    for (const auto& [a, b] : pairs)
        segments += rowOf[a] == rowOf[b] ? 3 : 1;
    CHECK(plan.lines.size() == segments);

    std::map<std::size_t, int> expectedBlankU; ///< per page, both faces
    for (std::size_t i = 0; i < racks; ++i) {
        const Rack& rack = layout.racks[i];
        const DrawingPage& page = drawing.pages[1 + i / layoutDrawingRacksPerPage];
        INFO("rack " << rack.name);
        CHECK(drawingTestTextsStartingWith(page, rack.name + " front") == 1);
        CHECK(drawingTestTextsStartingWith(page, rack.name + " rear") == 1);
        // Each device in a unit is labelled on both faces.
        for (const auto& d : rack.devices)
            if (d.heightU > 0)
                CHECK(drawingTestTextsStartingWith(page, d.name + " (") == 2);
        // Blanking over every empty unit, on both faces.
        int blankU = 0;
        for (const auto& [position, units] : rack.blanks)
            blankU += units;
        CHECK(rack.usedU + blankU == rack.units);
        expectedBlankU[1 + i / layoutDrawingRacksPerPage] += 2 * blankU;
        // Under the rack: power and weight against the limits, and the
        // current of each phase of each feed as the layout computed it.
        CHECK(drawingTestFind(drawing, infra::watts(rack.maxW) + " max of "));
        CHECK(drawingTestFind(drawing, infra::num(rack.weightKg) + " kg"));
        for (const auto& feed : rack.feeds) {
            const std::string phases = "Feed " + feed.name + ": L1 " + infra::num(feed.phaseA[0], 1)
                + " A, L2 " + infra::num(feed.phaseA[1], 1) + " A, L3 "
                + infra::num(feed.phaseA[2], 1) + " A";
            // (Two identical racks on one page print the same line twice.)
            CHECK(drawingTestTextsStartingWith(page, phases) >= 1);
        }
        CHECK(drawingTestTextsStartingWith(page, "Loss of feed ")
            >= static_cast<int>(rack.feedLoss.size()));
    }
    bool someBlank = false;
    for (const auto& [index, blankU] : expectedBlankU) {
        int drawnBlankU = 0;
        for (const auto& t : drawing.pages[index].texts) {
            if (t.text == "blank")
                drawnBlankU += 1;
            else if (t.text.rfind("blanking, ", 0) == 0)
                drawnBlankU += std::stoi(t.text.substr(10));
        }
        CHECK(drawnBlankU == blankU);
        someBlank = someBlank || blankU > 0;
    }
    CHECK(someBlank);
    for (const auto& page : drawing.pages) {
        INFO(page.title);
        CHECK(drawingTestFiniteInside(page));
    }
}

TEST_CASE("layout drawing: a rack over a limit is drawn in red", "[layout][drawing]")
{
    RackLayout layout = planLayout(drawingTestRequest(4));
    REQUIRE_FALSE(layout.racks.empty());
    Rack& rack = layout.racks.front();
    // The text is copied out of the drawing, which does not outlive the call.
    const auto powerText = [](const RackLayout& l) -> std::optional<DrawingText> {
        const LayoutDrawing drawing = drawLayout(l, "t");
        const auto* text = drawingTestFind(drawing, infra::watts(l.racks.front().maxW) + " max");
        return text ? std::optional<DrawingText>(*text) : std::nullopt;
    };
    REQUIRE(powerText(layout));
    CHECK_FALSE(drawingTestIsRed(powerText(layout)->color));
    rack.powerLimitW = rack.maxW / 2;
    REQUIRE(powerText(layout));
    CHECK(drawingTestIsRed(powerText(layout)->color));
    rack.weightLimitKg = rack.weightKg / 2;
    const LayoutDrawing overWeight = drawLayout(layout, "t");
    const auto* weight = drawingTestFind(overWeight, infra::num(rack.weightKg) + " kg");
    REQUIRE(weight);
    CHECK(drawingTestIsRed(weight->color));
}

TEST_CASE("layout drawing: bad input is drawn, never a crash", "[layout][drawing]")
{
    SECTION("a device taller than the rack: no node placed, the finding stays")
    {
        auto r = drawingTestRequest(8);
        r.nodeU = 50;
        const RackLayout layout = planLayout(r);
        const LayoutDrawing drawing = drawLayout(layout, "tall");
        REQUIRE_FALSE(drawing.pages.empty());
        for (const auto& page : drawing.pages)
            CHECK(drawingTestFiniteInside(page));
        CHECK_FALSE(drawingTestFind(drawing, "node-"));
    }
    SECTION("a rack limit below one node")
    {
        auto r = drawingTestRequest(8);
        r.rackPowerW = 5000;
        const LayoutDrawing drawing = drawLayout(planLayout(r), "small");
        REQUIRE_FALSE(drawing.pages.empty());
        for (const auto& page : drawing.pages)
            CHECK(drawingTestFiniteInside(page));
    }
    SECTION("a PDU with too few outlets: the unplugged cords are shown in red")
    {
        auto r = drawingTestRequest(8);
        r.inputs.pdu.outletsC19 = 2;
        r.inputs.settings.maxPdusPerFeed = 1;
        const RackLayout layout = planLayout(r);
        const bool unplugged = std::any_of(layout.racks.begin(), layout.racks.end(),
            [](const Rack& rack) { return rack.unpluggedCords > 0; });
        REQUIRE(unplugged);
        bool shown = false;
        for (const auto& page : drawLayout(layout, "pdu").pages)
            for (const auto& t : page.texts)
                if (t.text.find("without an outlet") != std::string::npos) {
                    shown = true;
                    CHECK(drawingTestIsRed(t.color));
                }
        CHECK(shown);
    }
    SECTION("no rack at all")
    {
        const LayoutDrawing drawing = drawLayout(RackLayout {}, "empty");
        REQUIRE(drawing.pages.size() == 1);
        CHECK(drawingTestFind(drawing, "empty: no rack was laid out"));
    }
}

TEST_CASE("layout drawing: SVG inline pages and PDF pages scale to fit", "[layout][drawing]")
{
    const LayoutDrawing drawing = drawLayout(planLayout(drawingTestRequest(8)), "R&D <8>");
    REQUIRE_FALSE(drawing.pages.empty());
    const DrawingPage& page = drawing.pages.front();
    const std::string svg = layoutDrawingPageToInlineSvg(page);
    CHECK(svg.rfind("<svg ", 0) == 0);
    CHECK(svg.find("<?xml") == std::string::npos);
    CHECK(svg.find("<title>R&amp;D &lt;8&gt;: row plan</title>") != std::string::npos);
    std::size_t texts = 0;
    for (auto at = svg.find("<text "); at != std::string::npos; at = svg.find("<text ", at + 1))
        ++texts;
    CHECK(texts == page.texts.size());

    // A page wider than the box is scaled down to its width; a small one is
    // never scaled up.
    PdfDocument pdf;
    pdf.addPage();
    CHECK(drawLayoutPageOnPdf(pdf, page, 40, 800, page.width / 2, 10000) == Approx(0.5));
    CHECK(drawLayoutPageOnPdf(pdf, page, 40, 800, page.width * 3, page.height * 3) == 1.0);
}

TEST_CASE("layout drawing: many 0U PDUs per feed stay in the rear margin", "[layout][drawing]")
{
    // A 4-outlet PDU makes the layout put several PDUs on each feed; their
    // strips must share the margin beside the devices (x + 1 .. x + 11 on
    // feed A, the mirror on B) and never cover a device's box (x + 12 on).
    LayoutRequest r = drawingTestRequest(4);
    r.inputs.pdu.outletsC13 = 4;
    r.inputs.pdu.outletsC19 = 0;
    r.inputs.pdu.rackUnits = 0;
    const RackLayout layout = planLayout(r);
    int mostPerFeed = 0;
    for (const auto& rack : layout.racks)
        mostPerFeed = std::max(mostPerFeed,
            static_cast<int>(std::count_if(rack.devices.begin(), rack.devices.end(),
                [](const PlacedDevice& d) {
                    return d.role == DeviceRole::Pdu && d.name.find("-pdu-A") != std::string::npos;
                })));
    REQUIRE(mostPerFeed >= 3);
    const LayoutDrawing drawing = drawLayout(layout, "many PDUs");
    int strips = 0;
    for (std::size_t p = 1; p < drawing.pages.size(); ++p) {
        const DrawingPage& page = drawing.pages[p];
        // The rack outlines: the widest rectangles with a stroke of 1.2 pt.
        std::vector<const DrawingRect*> outlines;
        for (const auto& rect : page.rects)
            if (rect.strokeWidth == Approx(1.2))
                outlines.push_back(&rect);
        for (const auto& rect : page.rects) {
            if (rect.strokeWidth != Approx(0.3) || rect.width > 4 + 1e-9 || rect.height < 50)
                continue;
            const DrawingRect* rack = nullptr;
            for (const DrawingRect* o : outlines)
                if (rect.x >= o->x && rect.x + rect.width <= o->x + o->width)
                    rack = o;
            REQUIRE(rack != nullptr);
            ++strips;
            const bool left = rect.x + rect.width <= rack->x + 11 + 1e-9;
            const bool right = rect.x >= rack->x + rack->width - 11 - 1e-9;
            CHECK((left || right));
            CHECK(rect.width > 0.5);
        }
    }
    CHECK(strips >= 2 * mostPerFeed);
}
