// SPDX-License-Identifier: Apache-2.0
#include "core/output/bom_pdf.h"

#include "core/output/bom_charts.h"
#include "core/output/bom_layout.h"
#include "core/output/pdf_document.h"
#include "core/output/report_format.h"
#include "core/base/finding_text.h"
#include "core/output/bom_software.h"

#include <algorithm>
#include <array>
#include <vector>

namespace infrafit {
namespace {

using Font = PdfDocument::Font;

constexpr double kMargin = 40;
constexpr double kTop = PdfDocument::pageHeightPt - kMargin;
constexpr double kBottom = kMargin + 24; // room for the footer
constexpr double kWidth = PdfDocument::pageWidthPt - 2 * kMargin;
constexpr PdfColor kGrey {0.45, 0.45, 0.45};
constexpr PdfColor kRule {0.75, 0.75, 0.75};
constexpr PdfColor kShade {0.93, 0.93, 0.93};

struct Column {
    const char* header;
    double widthPt;
    bool right;
};

constexpr std::array<Column, 10> kColumns {{{"Kind", 42, false}, {"Vendor", 52, false},
    {"Model", 103, false}, {"Part id, P/N", 86, false}, {"Per node", 32, true}, {"Nodes", 28, true},
    {"Qty", 34, true}, {"Unit price", 56, true}, {"Extended", 62, true}, {"Price", 20, false}}};

std::string statusMark(PriceStatus status)
{
    switch (status) {
    case PriceStatus::Listed:
        return "L";
    case PriceStatus::Estimated:
        return "E";
    case PriceStatus::Missing:
        return "M";
    case PriceStatus::IncludedInChassis:
        return "I";
    case PriceStatus::NotPriced:
        return "-";
    }
    return "";
}

/// Lays text out top to bottom, starting a new page when the next block
/// does not fit.
class Layout {
public:
    explicit Layout(PdfDocument& pdf) : mPdf(pdf) { newPage(); }

    PdfDocument& pdf() { return mPdf; }
    double y() const { return mY; }
    void advance(double pt) { mY -= pt; }
    /// Ensures `pt` of space below the cursor; returns true on a page break.
    bool need(double pt)
    {
        if (mY - pt >= kBottom)
            return false;
        newPage();
        return true;
    }
    void heading(const std::string& text)
    {
        need(40);
        advance(16);
        mPdf.text(kMargin, mY, text, 12, Font::Bold);
        advance(6);
        mPdf.line(kMargin, mY, kMargin + kWidth, mY, 0.5, kRule);
        advance(12);
    }
    void paragraph(const std::string& text, double size = 8, Font font = Font::Regular,
        PdfColor color = {}, double indent = 0)
    {
        for (const auto& row : wrap(text, kWidth - indent, size, font)) {
            need(size + 3);
            mPdf.text(kMargin + indent, mY, row, size, font, color);
            advance(size + 3);
        }
    }

    static std::vector<std::string> wrap(
        const std::string& text, double width, double size, Font font)
    {
        std::vector<std::string> rows;
        std::string row;
        std::size_t start = 0;
        while (start <= text.size()) {
            auto end = text.find(' ', start);
            if (end == std::string::npos)
                end = text.size();
            const std::string word = text.substr(start, end - start);
            const std::string candidate = row.empty() ? word : row + " " + word;
            if (!row.empty() && PdfDocument::textWidth(candidate, size, font) > width) {
                rows.push_back(row);
                row = PdfDocument::fitText(word, width, size, font);
            } else {
                row = PdfDocument::fitText(candidate, width, size, font);
            }
            start = end + 1;
        }
        if (!row.empty())
            rows.push_back(row);
        return rows;
    }

private:
    void newPage()
    {
        mPdf.addPage();
        mY = kTop;
    }
    PdfDocument& mPdf;
    double mY = kTop;
};

/// `text` broken into lines at most `widthPt` wide: at spaces, else after
/// a '-', '/' or ',' , else (one long token) between characters, never
/// inside a UTF-8 sequence. Nothing is cut off (issue 23 item 10: model
/// names and part ids are what a buyer orders by).
std::vector<std::string> bomPdfWrap(const std::string& text, double widthPt, double sizePt,
                                    Font font)
{
    std::vector<std::string> lines;
    std::string rest = text;
    const auto fits = [&](const std::string& s) {
        return PdfDocument::textWidth(s, sizePt, font) <= widthPt;
    };
    while (!rest.empty() && !fits(rest)) {
        // The longest prefix that fits, in whole UTF-8 characters.
        std::size_t end = 0;
        for (std::size_t i = 1; i <= rest.size(); ++i) {
            if (i < rest.size() && (static_cast<unsigned char>(rest[i]) & 0xC0) == 0x80)
                continue;
            if (!fits(rest.substr(0, i)))
                break;
            end = i;
        }
        if (end == 0) // not even one character fits: take one anyway
            for (end = 1; end < rest.size() && (static_cast<unsigned char>(rest[end]) & 0xC0) == 0x80;)
                ++end;
        std::size_t cut = end;
        const std::size_t space = rest.rfind(' ', end);
        if (space != std::string::npos && space > 0 && space <= end) {
            cut = space;
        } else {
            const std::size_t mark = rest.find_last_of("-/,", end - 1);
            if (mark != std::string::npos && mark + 1 < end)
                cut = mark + 1;
        }
        lines.push_back(rest.substr(0, cut));
        rest = rest.substr(cut);
        while (!rest.empty() && rest.front() == ' ')
            rest.erase(0, 1);
    }
    if (!rest.empty() || lines.empty())
        lines.push_back(rest);
    return lines;
}

void titleBlock(Layout& out, const BillOfMaterials& bom)
{
    const auto& s = bom.summary;
    auto& pdf = out.pdf();
    out.advance(14);
    // The title names project and configuration; a long one wraps.
    for (const auto& line : bomPdfWrap(bomTitle(s), kWidth, 16, Font::Bold)) {
        pdf.text(kMargin, out.y(), line, 16, Font::Bold);
        out.advance(18);
    }
    out.advance(-2);
    std::string subtitle = "Project " + s.projectName;
    if (s.hasVerdict)
        subtitle += " - workload " + s.workloadName;
    subtitle += " - " + s.date + " - InfraFit " + s.infrafitVersion;
    out.paragraph(subtitle, 9, Font::Regular, kGrey);
    out.paragraph(infra::num(s.nodes) + (s.nodes == 1 ? " node x " : " nodes x ")
            + infra::num(s.gpusPerNode) + " GPUs = "
            + infra::num(static_cast<double>(s.totalGpus)) + " GPUs in "
            + infra::num(static_cast<double>(s.racks)) + (s.racks == 1 ? " rack" : " racks")
            + "; capital cost " + formatTotalUsd(bom.totals),
        9);
}

void tableHeader(Layout& out)
{
    auto& pdf = out.pdf();
    pdf.fillRect(kMargin, out.y() - 4, kWidth, 14, kShade);
    double x = kMargin;
    for (const auto& c : kColumns) {
        if (c.right)
            pdf.textRight(x + c.widthPt - 2, out.y(), c.header, 7, Font::Bold);
        else
            pdf.text(x + 2, out.y(), c.header, 7, Font::Bold);
        x += c.widthPt;
    }
    out.advance(14);
}

void tableRow(Layout& out, const std::array<std::string, 10>& cells, Font font)
{
    // Left-aligned cells (kind, vendor, model, part id) wrap; numbers fit.
    std::array<std::vector<std::string>, 10> lines;
    std::size_t height = 1;
    for (std::size_t i = 0; i < kColumns.size(); ++i) {
        const auto& c = kColumns[i];
        lines[i] = c.right ? std::vector<std::string>{PdfDocument::fitText(cells[i], c.widthPt - 4, 7, font)}
                           : bomPdfWrap(cells[i], c.widthPt - 4, 7, font);
        height = std::max(height, lines[i].size());
    }
    const double lineStep = 8;
    if (out.need(12 + lineStep * static_cast<double>(height - 1)))
        tableHeader(out);
    auto& pdf = out.pdf();
    double x = kMargin;
    for (std::size_t i = 0; i < kColumns.size(); ++i) {
        const auto& c = kColumns[i];
        for (std::size_t k = 0; k < lines[i].size(); ++k) {
            const double y = out.y() - lineStep * static_cast<double>(k);
            if (c.right)
                pdf.textRight(x + c.widthPt - 2, y, lines[i][k], 7, font);
            else
                pdf.text(x + 2, y, lines[i][k], 7, font);
        }
        x += c.widthPt;
    }
    const double bottom = out.y() - lineStep * static_cast<double>(height - 1);
    pdf.line(kMargin, bottom - 3, kMargin + kWidth, bottom - 3, 0.25, kRule);
    out.advance(11 + lineStep * static_cast<double>(height - 1));
}

std::string pdfCount(const std::optional<std::int64_t>& value)
{
    return value ? infra::num(static_cast<double>(*value)) : std::string {};
}

void bomTable(Layout& out, const BillOfMaterials& bom)
{
    out.heading("Bill of materials");
    tableHeader(out);
    for (const auto& l : bom.lines) {
        tableRow(out,
            {kindLabel(l.kind), l.vendor, l.model,
                l.partNumber.empty() ? l.partId : l.partId + " P/N " + l.partNumber,
                pdfCount(l.quantityPerNode),
                pdfCount(l.nodes), infra::num(static_cast<double>(l.totalQuantity)),
                formatUsd(l.unitPriceUsd), formatUsd(l.extendedPriceUsd),
                statusMark(l.priceStatus)},
            Font::Regular);
    }
    for (const auto& s : bom.subtotals) {
        tableRow(out,
            {"Subtotal", kindLabel(s.kind), "", "", "", "",
                infra::num(static_cast<double>(s.quantity)), "", formatUsd(s.extendedPriceUsd),
                s.includesEstimates ? "E" : ""},
            Font::Regular);
    }
    tableRow(
        out, {"Total", "", "", "", "", "", "", "", formatUsd(bom.totals.totalUsd), ""}, Font::Bold);
    out.advance(4);
    out.paragraph(totalCaption(bom.totals), 8, Font::Bold);
    for (const auto& missing : bom.totals.missingPrices)
        out.paragraph("Price missing: " + missing, 8, Font::Regular, {}, 8);
    out.paragraph("Price: L list price, E estimated, M missing (not in the total), I included in "
                  "the chassis price ($0), - sized but not priced.",
        7, Font::Regular, kGrey);
}

void barChart(Layout& out, const StackedBarChart& chart)
{
    const double barHeight = 18;
    const double legendRows = static_cast<double>((chart.segments.size() + 2) / 3);
    out.need(40 + barHeight + legendRows * 11);
    auto& pdf = out.pdf();
    pdf.text(kMargin, out.y(),
        chart.title + " - " + infra::num(chart.total, 1) + " " + chart.unit + " of "
            + chart.limitLabel,
        9, Font::Bold);
    out.advance(8 + barHeight);
    const double barWidth = kWidth - 10;
    const double scale = barWidth / chart.scaleMax;
    double x = kMargin;
    for (std::size_t i = 0; i < chart.segments.size(); ++i) {
        PdfColor c;
        hexToRgb(StackedBarChart::palette()[i % StackedBarChart::palette().size()], c.r, c.g, c.b);
        const double w = chart.segments[i].value * scale;
        pdf.fillRect(x, out.y(), w, barHeight, c);
        x += w;
    }
    const double limitX = kMargin + chart.limit * scale;
    pdf.line(limitX, out.y() - 3, limitX, out.y() + barHeight + 3, 1.2, {0.8, 0, 0});
    pdf.line(kMargin, out.y(), kMargin + barWidth, out.y(), 0.5, kRule);
    out.advance(12);
    for (std::size_t i = 0; i < chart.segments.size(); ++i) {
        const double column = kMargin + static_cast<double>(i % 3) * (kWidth / 3);
        PdfColor c;
        hexToRgb(StackedBarChart::palette()[i % StackedBarChart::palette().size()], c.r, c.g, c.b);
        pdf.fillRect(column, out.y() - 1, 7, 7, c);
        pdf.text(column + 10, out.y(),
            chart.segments[i].label + ": " + infra::num(chart.segments[i].value, 1) + " "
                + chart.unit,
            7.5);
        if (i % 3 == 2 || i + 1 == chart.segments.size())
            out.advance(11);
    }
    out.advance(10);
}

void summary(Layout& out, const BillOfMaterials& bom)
{
    std::string section;
    for (const auto& row : bomSummaryRows(bom)) {
        if (row.section != section) {
            section = row.section;
            out.need(28);
            out.advance(4);
            out.paragraph(section, 9, Font::Bold);
        }
        out.need(11);
        out.pdf().text(kMargin + 8, out.y(), row.label, 8);
        out.pdf().text(kMargin + 190, out.y(), PdfDocument::fitText(row.text, kWidth - 190, 8), 8);
        out.advance(11);
    }
}

void findingsAndAssumptions(Layout& out, const BomSummary& s)
{
    out.heading("Findings");
    if (s.findings.empty())
        out.paragraph("No findings.");
    for (const auto& f : s.findings) {
        out.paragraph(
            "[" + std::string(enumName(f.severity)) + "] " + f.code + ": " + f.message, 8);
        if (!f.suggestion.empty())
            out.paragraph(f.suggestion, 7.5, Font::Regular, kGrey, 12);
    }
    out.heading("Assumptions");
    for (const auto& a : s.assumptions)
        out.paragraph(std::string(a.key) + " = " + infra::num(a.value, 3) + " "
                + std::string(a.unit) + " (" + std::string(a.source) + ")",
            7.5);
}

/// The recommended driver, toolkit and container image (bom_software.h).
void softwareStack(Layout& out, const BomSummary& s)
{
    const auto rows = bomSoftwareRows(s);
    if (rows.empty())
        return;
    out.heading("Software stack");
    for (const auto& row : rows)
        out.paragraph(row.label + ": " + row.value, 8);
}

/// The project's requirements against the parts (met / unmet / unknown).
void compliance(Layout& out, const BomSummary& s)
{
    if (s.compliance.empty())
        return;
    out.heading("Compliance");
    for (const auto& row : s.compliance)
        out.paragraph("[" + std::string(enumName(row.status)) + "] " + row.label + " - "
                + row.partModel + ": " + row.value
                + (row.source.empty() ? "" : " (source: " + row.source + ")"),
            8);
}

/// The row plan and rack elevations as vector drawings, the layout's
/// findings and the cable list (bom_layout.h).
void rackLayout(Layout& out, const BillOfMaterials& bom)
{
    if (!bom.layout)
        return;
    out.heading("Rack layout");
    for (const auto& line : bomLayoutFindingLines(bom))
        out.paragraph(line, 8);
    out.advance(6);
    const double room = kTop - kBottom;
    for (const auto& page : bomLayoutDrawing(bom).pages) {
        const double scale = std::min({1.0, page.width > 0 ? kWidth / page.width : 1.0,
            page.height > 0 ? room / page.height : 1.0});
        const double height = page.height * scale;
        out.need(height);
        drawLayoutPageOnPdf(out.pdf(), page, kMargin, out.y(), kWidth, room);
        out.advance(height + 6);
    }
    out.heading("Cable list");
    out.paragraph(bomCableListNote(bom), 8);
    out.advance(4);
    // Type, cables, length, transceivers, cable unit, transceiver unit, total.
    constexpr std::array<double, 7> right {0, 230, 290, 350, 410, 470, 515};
    const auto row = [&](const std::array<std::string, 7>& cells, Font font) {
        out.need(11);
        out.pdf().text(kMargin + 2, out.y(), PdfDocument::fitText(cells[0], 160, 7.5, font), 7.5,
            font);
        for (std::size_t i = 1; i < cells.size(); ++i)
            out.pdf().textRight(kMargin + right[i], out.y(), cells[i], 7.5, font);
        out.pdf().line(kMargin, out.y() - 3, kMargin + kWidth, out.y() - 3, 0.25, kRule);
        out.advance(11);
    };
    out.pdf().fillRect(kMargin, out.y() - 4, kWidth, 13, kShade);
    row({"Type", "Cables", "Length (m)", "Transceivers", "Cable unit", "Transc. unit", "Total"},
        Font::Bold);
    for (const auto& r : bomCableRows(bom)) {
        const bool total = r.type == "Total";
        row({r.type, infra::num(static_cast<double>(r.cables)), infra::num(r.lengthM),
                infra::num(static_cast<double>(r.transceivers)),
                total ? std::string() : formatUsd(r.cableUnitUsd),
                total ? std::string() : formatUsd(r.transceiverUnitUsd), formatUsd(r.totalUsd)},
            total ? Font::Bold : Font::Regular);
    }
}

void pageNumbers(PdfDocument& pdf, const BomSummary& s)
{
    const int pages = pdf.pageCount();
    for (int i = 0; i < pages; ++i) {
        pdf.selectPage(i);
        pdf.line(kMargin, kMargin + 12, kMargin + kWidth, kMargin + 12, 0.5, kRule);
        pdf.text(kMargin, kMargin,
            PdfDocument::fitText(
                s.projectName + " - " + s.configurationName + " - " + s.date, kWidth - 80, 7),
            7, Font::Regular, kGrey);
        pdf.textRight(kMargin + kWidth, kMargin,
            "Page " + std::to_string(i + 1) + " of " + std::to_string(pages), 7, Font::Regular,
            kGrey);
    }
}

} // namespace

std::string bomToPdf(const BillOfMaterials& bom)
{
    PdfDocument pdf;
    Layout out(pdf);
    titleBlock(out, bom);
    bomTable(out, bom);
    out.heading("Charts");
    if (bom.summary.hasVerdict && !bom.summary.memoryPerGpuBytes.empty())
        barChart(out, memoryChart(bom.summary));
    barChart(out, nodePowerChart(bom.summary));
    out.heading("Summary");
    summary(out, bom);
    rackLayout(out, bom);
    softwareStack(out, bom.summary);
    compliance(out, bom.summary);
    findingsAndAssumptions(out, bom.summary);
    pageNumbers(pdf, bom.summary);
    return pdf.render(bomTitle(bom.summary), bom.summary.date,
        "InfraFit " + bom.summary.infrafitVersion);
}

} // namespace infrafit
