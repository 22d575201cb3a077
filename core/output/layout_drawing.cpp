// SPDX-License-Identifier: Apache-2.0
#include "core/output/layout_drawing.h"

#include "core/base/finding_text.h"
#include "core/layout/power_distribution.h"
#include "core/output/pdf_document.h"

#include <algorithm>
#include <cstdlib>
#include <cmath>
#include <map>
#include <unordered_map>

namespace infrafit {

namespace {

constexpr DrawingColor drawingBlack {0, 0, 0};
constexpr DrawingColor drawingGrey {0.55, 0.55, 0.55};
constexpr DrawingColor drawingLight {0.93, 0.93, 0.93};
constexpr DrawingColor drawingRed {0.8, 0.1, 0.1};
constexpr DrawingColor drawingBlank {0.97, 0.97, 0.97};
constexpr DrawingColor drawingFabric {0.2, 0.3, 0.7};
constexpr DrawingColor drawingOtherFace {0.85, 0.85, 0.85};

DrawingColor drawingRoleColor(DeviceRole role)
{
    switch (role) {
    case DeviceRole::GpuNode:
        return {0.55, 0.75, 0.45};
    case DeviceRole::Leaf:
        return {0.45, 0.62, 0.85};
    case DeviceRole::Spine:
        return {0.35, 0.50, 0.80};
    case DeviceRole::Core:
        return {0.30, 0.40, 0.70};
    case DeviceRole::FrontEnd:
        return {0.85, 0.70, 0.40};
    case DeviceRole::Management:
        return {0.75, 0.60, 0.80};
    case DeviceRole::Pdu:
        return {0.90, 0.45, 0.40};
    }
    return drawingGrey;
}

void drawingBox(DrawingPage& page, double x, double y, double w, double h, DrawingColor fill,
    double stroke = 0.6)
{
    page.rects.push_back({x, y, w, h, fill, true, drawingBlack, stroke});
}

void drawingLabel(DrawingPage& page, double x, double y, std::string text, double size,
    bool bold = false, DrawingColor color = drawingBlack)
{
    page.texts.push_back({x, y, std::move(text), size, bold, color});
}

/// A rack's figure against its limit: "30.6 kW of 40 kW" (no limit: the
/// figure alone).
std::string drawingOfLimit(const std::string& figure, double limit, const std::string& limitText)
{
    return limit > 0 ? figure + " of " + limitText : figure;
}

/// Elevation of one face of `rack` at (x, y), `unitPt` points per U: every
/// device in its units (its own face in its role's colour, the other face
/// of a switch grey), blanking panels over the empty units and the 0U PDUs
/// as strips along the rear.
void drawingElevation(DrawingPage& page, const Rack& rack, RackFace face, double x, double y,
    double width, double unitPt)
{
    const double height = rack.units * unitPt;
    drawingLabel(
        page, x, y - 4, rack.name + (face == RackFace::Front ? " front" : " rear"), 8, true);
    drawingBox(page, x, y, width, height, drawingLight, 1.2);
    for (int u = 1; u <= rack.units; ++u)
        if (u % 5 == 0)
            drawingLabel(page, x - 10, y + (rack.units - u + 1) * unitPt - 1, std::to_string(u),
                4.5, false, drawingGrey);
    const auto topOf = [&](int positionU, int heightU) {
        return y + (rack.units - (positionU + heightU - 1)) * unitPt;
    };
    for (const auto& [position, units] : rack.blanks) {
        if (position < 1 || units <= 0 || position + units - 1 > rack.units)
            continue;
        const double top = topOf(position, units);
        page.rects.push_back({x + 12, top, width - 24, units * unitPt, drawingBlank, true,
            drawingGrey, 0.3});
        const double size = std::min(5.5, std::max(3.5, units * unitPt * 0.5));
        drawingLabel(page, x + 15, top + units * unitPt / 2 + size / 3,
            units == 1 ? std::string("blank") : "blanking, " + std::to_string(units) + " U", size,
            false, drawingGrey);
    }
    // 0U PDUs per feed, to share the 10 pt margin beside the devices
    // between them (strips never run into a device however many there are).
    int zeroUPerFeed = 0;
    for (const auto& d : rack.devices)
        if (d.role == DeviceRole::Pdu && d.heightU <= 0
            && d.name.find("-pdu-A") != std::string::npos)
            ++zeroUPerFeed;
    const int stripsPerSide = std::max(1, zeroUPerFeed);
    const double stripGap = 1;
    const double strip = std::min(4.0, (10.0 - stripGap * (stripsPerSide - 1)) / stripsPerSide);
    for (const auto& d : rack.devices) {
        if (d.role == DeviceRole::Pdu && d.heightU <= 0) {
            // 0U PDUs: vertical strips along the rear, A left and B right,
            // numbered from the rack's edge inwards ("r1-pdu-A2": the second).
            if (face != RackFace::Rear)
                continue;
            const bool feedA = d.name.find("-pdu-A") != std::string::npos;
            const auto feedAt = d.name.rfind(feedA ? "-pdu-A" : "-pdu-B");
            int index = 1;
            if (feedAt != std::string::npos && feedAt + 6 < d.name.size())
                index = std::atoi(d.name.c_str() + feedAt + 6);
            index = std::clamp(index, 1, stripsPerSide);
            const double px = feedA ? x + 1 + (index - 1) * (strip + stripGap)
                                    : x + width - 1 - index * strip - (index - 1) * stripGap;
            page.rects.push_back(
                {px, y + 2, strip, height - 4, drawingRoleColor(d.role), true, drawingBlack, 0.3});
            continue;
        }
        if (d.heightU <= 0 || d.positionU < 1)
            continue;
        // Nodes are full depth and worked on from both sides; a switch
        // faces one aisle and shows its back to the other.
        const bool ownFace = d.face == face || d.role == DeviceRole::GpuNode;
        const double top = topOf(d.positionU, d.heightU);
        const double h = d.heightU * unitPt;
        drawingBox(page, x + 12, top, width - 24, h,
            ownFace ? drawingRoleColor(d.role) : drawingOtherFace, 0.5);
        std::string label = d.name + " (" + std::string(enumName(d.role)) + ")";
        if (!ownFace)
            label = d.name + " (" + std::string(enumName(d.face)) + " side)";
        else if (d.heightU >= 2 && d.maxW > 0)
            label += " " + infra::watts(d.maxW);
        // As large as the unit allows, and no wider than the device (its
        // width in Helvetica from the Adobe font metrics, pdf_document.h).
        const double em = PdfDocument::textWidth(label, 1.0);
        const double size = std::max(
            3.0, std::min({7.0, std::max(4.0, h * 0.55), em > 0 ? (width - 30) / em : 7.0}));
        drawingLabel(page, x + 15, top + h / 2 + size / 3, label, size, false,
            ownFace ? drawingBlack : drawingGrey);
    }
}

/// Under a rack's two faces (from `x`, the rack's bottom at `y`): power,
/// weight and units against their limits, the current per phase of each
/// feed and what the loss of each feed does; over a limit in red.
void drawingRackCaption(DrawingPage& page, const Rack& rack, double x, double y)
{
    double ty = y + 10;
    const double limitW = rack.coolingLimitW > 0 && rack.powerLimitW > 0
        ? std::min(rack.powerLimitW, rack.coolingLimitW)
        : std::max(rack.powerLimitW, rack.coolingLimitW);
    drawingLabel(page, x, ty,
        drawingOfLimit(infra::watts(rack.maxW) + " max", limitW, infra::watts(limitW)) + ", "
            + infra::watts(rack.typicalW) + " typical",
        6.5, false, limitW > 0 && rack.maxW > limitW * 1.000001 ? drawingRed : drawingBlack);
    ty += 8;
    drawingLabel(page, x, ty,
        drawingOfLimit(infra::num(rack.weightKg) + " kg", rack.weightLimitKg,
            infra::num(rack.weightLimitKg) + " kg")
            + ", " + std::to_string(rack.usedU) + " of " + std::to_string(rack.units) + " U used",
        6.5, false,
        rack.weightLimitKg > 0 && rack.weightKg > rack.weightLimitKg * 1.000001 ? drawingRed
                                                                                : drawingBlack);
    for (const auto& feed : rack.feeds) {
        ty += 8;
        drawingLabel(page, x, ty,
            "Feed " + feed.name + ": L1 " + infra::num(feed.phaseA[0], 1) + " A, L2 "
                + infra::num(feed.phaseA[1], 1) + " A, L3 " + infra::num(feed.phaseA[2], 1)
                + " A (imbalance " + infra::num(feed.imbalancePercent) + " %)",
            6.5, false, phaseImbalanceMatters(feed) ? drawingRed : drawingBlack);
    }
    for (const auto& check : rack.feedLoss) {
        ty += 8;
        drawingLabel(page, x, ty,
            "Loss of feed " + check.lostFeed + ": "
                + (check.survives ? "carried, worst phase " + infra::num(check.worstPhaseA, 1)
                            + " A of " + infra::num(check.limitA, 1) + " A"
                                  : check.note),
            6.5, false, check.survives ? drawingBlack : drawingRed);
    }
    if (rack.unpluggedCords > 0) {
        ty += 8;
        drawingLabel(page, x, ty,
            infra::counted(rack.unpluggedCords, "cord", "cords") + " without an outlet", 6.5,
            false, drawingRed);
    }
}

/// Row plan: racks in rows (front to the cold aisle of even rows), the
/// fabric's links drawn between racks.
DrawingPage drawingRowPlan(const RackLayout& layout, const std::string& title)
{
    DrawingPage page;
    page.title = title + ": row plan";
    int rows = 0, columns = 0;
    for (const auto& rack : layout.racks) {
        rows = std::max(rows, rack.row + 1);
        columns = std::max(columns, rack.column + 1);
    }
    const double cell = 36, gap = 4, aisle = 26, margin = 40;
    page.width = std::max(margin * 2 + columns * (cell + gap) + 60, 360.0);
    page.height = margin + rows * (cell + aisle) + aisle + 66;
    drawingLabel(page, margin, 24, page.title, 12, true);
    const auto rackX = [&](const Rack& r) { return margin + r.column * (cell + gap); };
    const auto rackY = [&](const Rack& r) { return margin + aisle + r.row * (cell + aisle); };
    for (int row = 0; row <= rows; ++row) {
        const double y = margin + row * (cell + aisle);
        page.rects.push_back({margin - 4, y + 2, columns * (cell + gap) + 4, aisle - 4,
            row % 2 == 0 ? DrawingColor {0.90, 0.94, 1.0} : DrawingColor {1.0, 0.92, 0.90}, true,
            drawingBlack, 0});
        drawingLabel(page, margin, y + aisle * 0.65, row % 2 == 0 ? "cold aisle" : "hot aisle", 7,
            false, row % 2 == 0 ? DrawingColor {0.2, 0.4, 0.8} : drawingRed);
    }
    std::unordered_map<std::string, const Rack*> rackOf;
    for (const auto& rack : layout.racks) {
        const bool compute = std::any_of(rack.devices.begin(), rack.devices.end(),
            [](const PlacedDevice& d) { return d.role == DeviceRole::GpuNode; });
        drawingBox(page, rackX(rack), rackY(rack), cell, cell,
            compute ? drawingRoleColor(DeviceRole::GpuNode) : drawingRoleColor(DeviceRole::Leaf));
        drawingLabel(page, rackX(rack) + 2, rackY(rack) + cell / 2, rack.name, 6.5, true);
        drawingLabel(page, rackX(rack) + 2, rackY(rack) + cell / 2 + 8,
            infra::num(rack.maxW / 1000, 1) + " kW", 5.5);
        for (const auto& d : rack.devices)
            rackOf.emplace(d.name, &rack);
    }
    // Fabric links between racks, counted per pair.
    std::map<std::pair<const Rack*, const Rack*>, int> links;
    for (const auto& c : layout.cables) {
        if (c.purpose == "power" || c.purpose == "management")
            continue;
        const auto a = rackOf.find(c.from.substr(0, c.from.find(':')));
        const auto b = rackOf.find(c.to.substr(0, c.to.find(':')));
        if (a == rackOf.end() || b == rackOf.end() || a->second == b->second)
            continue;
        auto key = std::minmax(a->second, b->second);
        ++links[{key.first, key.second}];
    }
    // Racks of one row are linked through the aisle in front of them, the
    // farther apart the higher, so that links along a row do not lie on top
    // of each other; racks of different rows by a straight line.
    for (const auto& [pair, count] : links) {
        const Rack& a = *pair.first;
        const Rack& b = *pair.second;
        const double width = std::clamp(0.3 + std::log2(1.0 + count) * 0.3, 0.3, 3.0);
        const double ax = rackX(a) + cell / 2, bx = rackX(b) + cell / 2;
        if (a.row != b.row) {
            page.lines.push_back({ax, rackY(a) + cell / 2, bx, rackY(b) + cell / 2, width,
                drawingFabric});
            continue;
        }
        const double top = rackY(a);
        const double lift = 3 + 3 * std::min(5, std::abs(a.column - b.column) - 1);
        page.lines.push_back({ax, top, ax, top - lift, width, drawingFabric});
        page.lines.push_back({ax, top - lift, bx, top - lift, width, drawingFabric});
        page.lines.push_back({bx, top - lift, bx, top, width, drawingFabric});
    }
    // Legend.
    const double ly = page.height - 34;
    drawingBox(page, margin, ly - 7, 9, 9, drawingRoleColor(DeviceRole::GpuNode));
    drawingLabel(page, margin + 12, ly, "compute rack", 7);
    drawingBox(page, margin + 72, ly - 7, 9, 9, drawingRoleColor(DeviceRole::Leaf));
    drawingLabel(page, margin + 84, ly, "network rack", 7);
    page.lines.push_back({margin + 144, ly - 3, margin + 160, ly - 3, 1.5, drawingFabric});
    drawingLabel(page, margin + 164, ly, "fabric links (wider: more links)", 7);
    drawingLabel(page, margin, page.height - 16,
        infra::counted(static_cast<double>(layout.racks.size()), "rack", "racks") + ", "
            + infra::counted(static_cast<double>(layout.cables.size()), "cable", "cables")
            + "; lines: fabric links between racks",
        7);
    return page;
}

} // namespace

LayoutDrawing drawLayout(const RackLayout& layout, const std::string& title)
{
    LayoutDrawing drawing;
    if (layout.racks.empty()) {
        DrawingPage empty;
        empty.title = title;
        empty.width = 400;
        empty.height = 100;
        drawingLabel(empty, 20, 40, title + ": no rack was laid out", 10, true);
        drawing.pages.push_back(std::move(empty));
        return drawing;
    }
    drawing.pages.push_back(drawingRowPlan(layout, title));
    const double unitPt = 9, rackWidth = 120, margin = 30, colGap = 30;
    int maxUnits = 0;
    for (const auto& rack : layout.racks)
        maxUnits = std::max(maxUnits, rack.units);
    const std::size_t perPage = layoutDrawingRacksPerPage;
    for (std::size_t first = 0; first < layout.racks.size(); first += perPage) {
        DrawingPage page;
        const std::size_t last = std::min(layout.racks.size(), first + perPage);
        page.title
            = title + ": racks " + layout.racks[first].name + " to " + layout.racks[last - 1].name;
        page.width = margin * 2 + static_cast<double>(last - first) * 2 * (rackWidth + colGap);
        page.height = margin * 2 + 30 + maxUnits * unitPt + 80;
        drawingLabel(page, margin, 20, page.title, 11, true);
        for (std::size_t i = first; i < last; ++i) {
            const double x
                = margin + 12 + static_cast<double>(i - first) * 2 * (rackWidth + colGap);
            drawingElevation(
                page, layout.racks[i], RackFace::Front, x, margin + 20, rackWidth, unitPt);
            drawingElevation(page, layout.racks[i], RackFace::Rear, x + rackWidth + colGap / 2,
                margin + 20, rackWidth, unitPt);
            drawingRackCaption(
                page, layout.racks[i], x, margin + 20 + layout.racks[i].units * unitPt);
        }
        drawing.pages.push_back(std::move(page));
    }
    return drawing;
}

} // namespace infrafit
