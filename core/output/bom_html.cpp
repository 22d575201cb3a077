// SPDX-License-Identifier: Apache-2.0
#include "core/output/bom_html.h"

#include "core/output/bom_charts.h"
#include "core/output/bom_layout.h"
#include "core/output/report_format.h"
#include "core/base/finding_text.h"
#include "core/output/bom_software.h"

#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <string_view>

namespace infrafit {

std::string htmlEscape(const std::string& text)
{
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\'':
            out += "&#39;";
            break;
        default:
            out += c;
        }
    }
    return out;
}

namespace {

constexpr const char* kStyle
    = R"(body{font-family:Helvetica,Arial,sans-serif;font-size:13px;color:#222;margin:2em auto;max-width:960px}
h1{font-size:22px;margin-bottom:.2em}h2{font-size:16px;border-bottom:1px solid #ccc;margin-top:1.6em}
.sub{color:#666}table{border-collapse:collapse;width:100%}th,td{padding:3px 6px;border-bottom:1px solid #ddd;text-align:left}
th{background:#eee}td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}tr.subtotal td{color:#444}
tr.total td{font-weight:bold;border-top:2px solid #888}.est{color:#a65c00}.missing{color:#b00020}
.error,.unmet{color:#b00020}.met{color:#1b5e20}.unknown{color:#a65c00}.warning{color:#a65c00}.info{color:#555}.legend{color:#666;font-size:11px}
figure{margin:1em 0}@media print{body{margin:0}h2{page-break-after:avoid}tr{page-break-inside:avoid}figure{page-break-inside:avoid}})";

std::string fixed(double value, int decimals)
{
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, std::isfinite(value) ? value : 0.0);
    return buffer;
}

std::string cell(const std::string& text, bool numeric = false, const std::string& cls = {})
{
    std::string classes = numeric ? "n" : "";
    if (!cls.empty())
        classes += (classes.empty() ? "" : " ") + cls;
    return "<td" + (classes.empty() ? std::string {} : " class=\"" + classes + "\"") + ">"
        + htmlEscape(text) + "</td>";
}

std::string count(const std::optional<std::int64_t>& value)
{
    return value ? infra::num(static_cast<double>(*value)) : std::string {};
}

std::string svgChart(const StackedBarChart& chart)
{
    const double width = 900;
    const double barY = 28;
    const double barHeight = 26;
    const double scale = (width - 20) / chart.scaleMax;
    const std::size_t legendRows = (chart.segments.size() + 2) / 3;
    const double height = barY + barHeight + 16 + static_cast<double>(legendRows) * 18;
    std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" width=\""
        + fixed(width, 0) + "\" height=\"" + fixed(height, 0) + "\" viewBox=\"0 0 "
        + fixed(width, 0) + " " + fixed(height, 0) + "\"><title>" + htmlEscape(chart.title)
        + "</title>";
    svg += "<text x=\"0\" y=\"16\" font-size=\"13\" font-weight=\"bold\">"
        + htmlEscape(chart.title + ": " + infra::num(chart.total, 1) + " " + chart.unit + " of "
            + chart.limitLabel)
        + "</text>";
    double x = 0;
    for (std::size_t i = 0; i < chart.segments.size(); ++i) {
        const auto& colour = StackedBarChart::palette()[i % StackedBarChart::palette().size()];
        const double w = chart.segments[i].value * scale;
        svg += "<rect x=\"" + fixed(x, 2) + "\" y=\"" + fixed(barY, 0) + "\" width=\"" + fixed(w, 2)
            + "\" height=\"" + fixed(barHeight, 0) + "\" fill=\"" + colour + "\"><title>"
            + htmlEscape(chart.segments[i].label) + "</title></rect>";
        x += w;
    }
    const double limitX = chart.limit * scale;
    svg += "<line x1=\"" + fixed(limitX, 2) + "\" y1=\"" + fixed(barY - 4, 0) + "\" x2=\""
        + fixed(limitX, 2) + "\" y2=\"" + fixed(barY + barHeight + 4, 0)
        + "\" stroke=\"#c00\" stroke-width=\"2\"/>";
    for (std::size_t i = 0; i < chart.segments.size(); ++i) {
        const double lx = static_cast<double>(i % 3) * (width / 3);
        const double ly = barY + barHeight + 18 + static_cast<double>(i / 3) * 18;
        const auto& colour = StackedBarChart::palette()[i % StackedBarChart::palette().size()];
        svg += "<rect x=\"" + fixed(lx, 0) + "\" y=\"" + fixed(ly - 10, 0)
            + "\" width=\"10\" height=\"10\" fill=\"" + colour + "\"/><text x=\""
            + fixed(lx + 14, 0) + "\" y=\"" + fixed(ly, 0) + "\" font-size=\"12\">"
            + htmlEscape(chart.segments[i].label + ": " + infra::num(chart.segments[i].value, 1)
                + " " + chart.unit)
            + "</text>";
    }
    return svg + "</svg>\n";
}

void linesTable(std::string& html, const BillOfMaterials& bom)
{
    html += "<h2>Bill of materials</h2>\n<table>\n<thead><tr><th>Kind</th><th>Vendor</th>"
            "<th>Model</th><th>Part id</th><th>Part number</th><th class=\"n\">Per node</th>"
            "<th class=\"n\">Nodes</th>"
            "<th class=\"n\">Quantity</th><th class=\"n\">Unit price</th>"
            "<th class=\"n\">Extended</th><th>Note</th></tr></thead>\n<tbody>\n";
    for (const auto& l : bom.lines) {
        const std::string cls = l.priceStatus == PriceStatus::Estimated ? "est"
            : l.priceStatus == PriceStatus::Missing                     ? "missing"
                                                                        : "";
        html += "<tr>" + cell(kindLabel(l.kind)) + cell(l.vendor) + cell(l.model) + cell(l.partId)
            + cell(l.partNumber) + cell(count(l.quantityPerNode), true) + cell(count(l.nodes), true)
            + cell(infra::num(static_cast<double>(l.totalQuantity)), true)
            + cell(formatUsd(l.unitPriceUsd), true) + cell(formatUsd(l.extendedPriceUsd), true)
            + cell(l.note, false, cls) + "</tr>\n";
    }
    for (const auto& s : bom.subtotals) {
        html += "<tr class=\"subtotal\">" + cell("Subtotal") + cell(kindLabel(s.kind)) + cell("")
            + cell("") + cell("") + cell("", true) + cell("", true)
            + cell(infra::num(static_cast<double>(s.quantity)), true) + cell("", true)
            + cell(formatUsd(s.extendedPriceUsd), true)
            + cell(s.includesEstimates ? "includes estimated prices" : "", false, "est")
            + "</tr>\n";
    }
    html += "<tr class=\"total\">" + cell("Total") + "<td colspan=\"8\"></td>"
        + cell(formatTotalUsd(bom.totals), true) + cell(totalCaption(bom.totals)) + "</tr>\n";
    html += "</tbody>\n</table>\n";
    for (const auto& missing : bom.totals.missingPrices)
        html += "<p class=\"missing\">Price missing: " + htmlEscape(missing) + "</p>\n";
}

void summaryTable(std::string& html, const BillOfMaterials& bom)
{
    html += "<h2>Summary</h2>\n<table>\n";
    std::string section;
    for (const auto& row : bomSummaryRows(bom)) {
        if (row.section != section) {
            section = row.section;
            html += "<tr><th colspan=\"2\">" + htmlEscape(section) + "</th></tr>\n";
        }
        html += "<tr>" + cell(row.label) + cell(row.text, row.value.has_value()) + "</tr>\n";
    }
    html += "</table>\n";
}

void findingsAndAssumptions(std::string& html, const BomSummary& s)
{
    html += "<h2>Findings</h2>\n";
    if (s.findings.empty())
        html += "<p>No findings.</p>\n";
    else
        html += "<ul>\n";
    for (const auto& f : s.findings) {
        const std::string severity(enumName(f.severity));
        html += "<li class=\"" + severity + "\"><b>" + htmlEscape(severity) + "</b> <code>"
            + htmlEscape(f.code) + "</code>: " + htmlEscape(f.message);
        if (!f.suggestion.empty())
            html += "<br><span class=\"legend\">" + htmlEscape(f.suggestion) + "</span>";
        html += "</li>\n";
    }
    if (!s.findings.empty())
        html += "</ul>\n";
    html += "<h2>Assumptions</h2>\n<table>\n<thead><tr><th>Assumption</th><th class=\"n\">Value"
            "</th><th>Unit</th><th>Source</th></tr></thead>\n<tbody>\n";
    for (const auto& a : s.assumptions)
        html += "<tr>" + cell(std::string(a.key)) + cell(infra::num(a.value, 3), true)
            + cell(std::string(a.unit)) + cell(std::string(a.source)) + "</tr>\n";
    html += "</tbody>\n</table>\n";
}

/// `text` without "https://" and "http://": the page stays self-contained
/// (no address a viewer could fetch), and a source still reads
/// "docs.nvidia.com/…".
std::string htmlWithoutScheme(std::string text)
{
    for (const std::string_view scheme : {std::string_view("https://"), std::string_view("http://")})
        for (auto at = text.find(scheme); at != std::string::npos; at = text.find(scheme, at))
            text.erase(at, scheme.size());
    return text;
}

/// The recommended driver, toolkit and container image (bom_software.h).
void softwareTable(std::string& html, const BomSummary& s)
{
    const auto rows = bomSoftwareRows(s);
    if (rows.empty())
        return;
    html += "<h2>Software stack</h2>\n<table>\n<tbody>\n";
    for (const auto& row : rows)
        html += "<tr><th>" + htmlEscape(row.label) + "</th>" + cell(htmlWithoutScheme(row.value))
            + "</tr>\n";
    html += "</tbody>\n</table>\n";
}

/// The project's requirements against the parts (met / unmet / unknown).
void complianceTable(std::string& html, const BomSummary& s)
{
    if (s.compliance.empty())
        return;
    html += "<h2>Compliance</h2>\n<table>\n<thead><tr><th>Requirement</th><th>Part</th>"
            "<th>Status</th><th>Value</th><th>Source</th></tr></thead>\n<tbody>\n";
    for (const auto& row : s.compliance)
        html += "<tr>" + cell(row.label) + cell(row.partModel) + cell(std::string(enumName(row.status)),
            false, std::string(enumName(row.status))) + cell(row.value) + cell(htmlWithoutScheme(row.source)) + "</tr>\n";
    html += "</tbody>\n</table>\n";
}

/// The row plan and rack elevations as inline SVG, the layout's findings and
/// the cable list (bom_layout.h).
void layoutSection(std::string& html, const BillOfMaterials& bom)
{
    if (!bom.layout)
        return;
    html += "<h2>Rack layout</h2>\n";
    const auto findings = bomLayoutFindingLines(bom);
    if (!findings.empty()) {
        html += "<ul>\n";
        for (const auto& line : findings)
            html += "<li>" + htmlEscape(line) + "</li>\n";
        html += "</ul>\n";
    }
    for (const auto& page : bomLayoutDrawing(bom).pages)
        html += "<figure>" + layoutDrawingPageToInlineSvg(page) + "</figure>\n";
    html += "<h2>Cable list</h2>\n<p>" + htmlEscape(bomCableListNote(bom)) + "</p>\n";
    html += "<table>\n<thead><tr><th>Type</th><th class=\"n\">Cables</th>"
            "<th class=\"n\">Length (m)</th><th class=\"n\">Transceivers</th>"
            "<th class=\"n\">Cable unit</th><th class=\"n\">Transceiver unit</th>"
            "<th class=\"n\">Total</th></tr></thead>\n<tbody>\n";
    for (const auto& row : bomCableRows(bom)) {
        const bool total = row.type == "Total";
        html += std::string(total ? "<tr class=\"total\">" : "<tr>") + cell(row.type)
            + cell(infra::num(static_cast<double>(row.cables)), true)
            + cell(infra::num(row.lengthM), true)
            + cell(infra::num(static_cast<double>(row.transceivers)), true)
            + cell(total ? std::string() : formatUsd(row.cableUnitUsd), true)
            + cell(total ? std::string() : formatUsd(row.transceiverUnitUsd), true)
            + cell(formatUsd(row.totalUsd), true) + "</tr>\n";
    }
    html += "</tbody>\n</table>\n";
}

} // namespace

std::string bomToHtml(const BillOfMaterials& bom)
{
    const auto& s = bom.summary;
    std::string html;
    html.reserve(32 * 1024);
    html += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>"
        + htmlEscape(bomTitle(s)) + "</title>\n"
        + "<meta name=\"generator\" content=\"InfraFit " + htmlEscape(s.infrafitVersion)
        + "\">\n<style>\n" + kStyle + "\n</style>\n</head>\n<body>\n";
    html += "<h1>" + htmlEscape(bomTitle(s)) + "</h1>\n";
    std::string subtitle = "Project " + s.projectName;
    if (s.hasVerdict)
        subtitle += " - workload " + s.workloadName;
    subtitle += " - " + s.date + " - InfraFit " + s.infrafitVersion;
    html += "<p class=\"sub\">" + htmlEscape(subtitle) + "</p>\n";
    html += "<p>"
        + htmlEscape(infra::counted(s.nodes, "node", "nodes") + " x " + infra::num(s.gpusPerNode)
            + " GPUs = " + infra::num(static_cast<double>(s.totalGpus)) + " GPUs in "
            + infra::counted(static_cast<double>(s.racks), "rack", "racks") + "; capital cost "
            + formatTotalUsd(bom.totals))
        + "</p>\n";
    linesTable(html, bom);
    html += "<h2>Charts</h2>\n";
    if (s.hasVerdict && !s.memoryPerGpuBytes.empty())
        html += svgChart(memoryChart(s));
    html += svgChart(nodePowerChart(s));
    summaryTable(html, bom);
    layoutSection(html, bom);
    softwareTable(html, s);
    complianceTable(html, s);
    findingsAndAssumptions(html, s);
    html += "</body>\n</html>\n";
    return html;
}

} // namespace infrafit
