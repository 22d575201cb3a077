// SPDX-License-Identifier: Apache-2.0
#include "core/output/layout_drawing.h"

#include "core/output/pdf_document.h"
#include "core/base/finite_value.h"

#include <algorithm>
#include <cstdio>

namespace infrafit {

namespace {

std::string drawingNumber(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", finiteOrZero(value));
    return text;
}

std::string drawingSvgColor(const DrawingColor& c)
{
    const auto channel = [](double v) {
        return static_cast<int>(std::clamp(finiteOrZero(v), 0.0, 1.0) * 255 + 0.5);
    };
    char text[16];
    std::snprintf(text, sizeof text, "#%02x%02x%02x", channel(c.r), channel(c.g), channel(c.b));
    return text;
}

/// XML text escaping (XML 1.0 §2.4): & < > and quotes; control characters
/// other than tab, LF and CR are dropped (not allowed in XML 1.0).
std::string drawingXmlEscape(const std::string& text)
{
    std::string out;
    out.reserve(text.size());
    for (char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        if (c < 0x20 && c != '\t' && c != '\n' && c != '\r')
            continue;
        switch (ch) {
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
        default:
            out += ch;
        }
    }
    return out;
}

PdfColor drawingPdfColor(const DrawingColor& c)
{
    return {c.r, c.g, c.b};
}

} // namespace

namespace {

/// The shapes of `page` as SVG elements, in drawing order (rects, lines, text).
std::string drawingSvgShapes(const DrawingPage& page)
{
    std::string out = "<rect x=\"0\" y=\"0\" width=\"" + drawingNumber(page.width)
        + "\" height=\"" + drawingNumber(page.height) + "\" fill=\"#ffffff\"/>\n";
    for (const auto& r : page.rects)
        out += "<rect x=\"" + drawingNumber(r.x) + "\" y=\"" + drawingNumber(r.y) + "\" width=\""
            + drawingNumber(r.width) + "\" height=\"" + drawingNumber(r.height) + "\" fill=\""
            + (r.filled ? drawingSvgColor(r.fill) : std::string("none")) + "\""
            + (r.strokeWidth > 0 ? " stroke=\"" + drawingSvgColor(r.stroke) + "\" stroke-width=\""
                        + drawingNumber(r.strokeWidth) + "\""
                                 : std::string())
            + "/>\n";
    for (const auto& l : page.lines)
        out += "<line x1=\"" + drawingNumber(l.x1) + "\" y1=\"" + drawingNumber(l.y1) + "\" x2=\""
            + drawingNumber(l.x2) + "\" y2=\"" + drawingNumber(l.y2) + "\" stroke=\""
            + drawingSvgColor(l.color) + "\" stroke-width=\"" + drawingNumber(l.width)
            + "\" stroke-opacity=\"0.6\"/>\n";
    for (const auto& t : page.texts)
        out += "<text x=\"" + drawingNumber(t.x) + "\" y=\"" + drawingNumber(t.y)
            + "\" font-size=\"" + drawingNumber(t.size) + "\""
            + (t.bold ? " font-weight=\"bold\"" : "") + " fill=\"" + drawingSvgColor(t.color) + "\">"
            + drawingXmlEscape(t.text) + "</text>\n";
    return out;
}

} // namespace

std::string layoutDrawingToSvg(const LayoutDrawing& drawing)
{
    double width = 0, height = 0;
    for (const auto& page : drawing.pages) {
        width = std::max(width, page.width);
        height += page.height;
    }
    std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                      "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\""
        + drawingNumber(width) + "\" height=\"" + drawingNumber(height) + "\" viewBox=\"0 0 "
        + drawingNumber(width) + " " + drawingNumber(height)
        + "\" font-family=\"Helvetica, Arial, sans-serif\">\n";
    double offset = 0;
    for (const auto& page : drawing.pages) {
        out += "<g transform=\"translate(0," + drawingNumber(offset) + ")\"><title>"
            + drawingXmlEscape(page.title) + "</title>\n";
        out += drawingSvgShapes(page);
        out += "</g>\n";
        offset += page.height;
    }
    out += "</svg>\n";
    return out;
}

std::string layoutDrawingPageToInlineSvg(const DrawingPage& page)
{
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" role=\"img\" width=\""
        + drawingNumber(page.width) + "\" height=\"" + drawingNumber(page.height)
        + "\" viewBox=\"0 0 " + drawingNumber(page.width) + " " + drawingNumber(page.height)
        + "\" style=\"max-width:100%;height:auto\" font-family=\"Helvetica, Arial, sans-serif\">"
        + "<title>" + drawingXmlEscape(page.title) + "</title>\n" + drawingSvgShapes(page)
        + "</svg>\n";
}

double drawLayoutPageOnPdf(PdfDocument& pdf, const DrawingPage& page, double leftPt, double topPt,
    double widthPt, double heightPt)
{
    const double scale = std::min({1.0, page.width > 0 ? widthPt / page.width : 1.0,
        page.height > 0 ? heightPt / page.height : 1.0});
    // Drawing y runs down from the top; PDF y runs up from the bottom.
    const auto px = [&](double x) { return leftPt + x * scale; };
    const auto py = [&](double y) { return topPt - y * scale; };
    for (const auto& r : page.rects) {
        if (r.filled)
            pdf.fillRect(px(r.x), py(r.y + r.height), r.width * scale, r.height * scale,
                drawingPdfColor(r.fill));
        if (r.strokeWidth > 0) {
            const double w = r.strokeWidth * scale;
            const PdfColor c = drawingPdfColor(r.stroke);
            pdf.line(px(r.x), py(r.y), px(r.x + r.width), py(r.y), w, c);
            pdf.line(px(r.x + r.width), py(r.y), px(r.x + r.width), py(r.y + r.height), w, c);
            pdf.line(px(r.x + r.width), py(r.y + r.height), px(r.x), py(r.y + r.height), w, c);
            pdf.line(px(r.x), py(r.y + r.height), px(r.x), py(r.y), w, c);
        }
    }
    for (const auto& l : page.lines)
        pdf.line(px(l.x1), py(l.y1), px(l.x2), py(l.y2), l.width * scale, drawingPdfColor(l.color));
    for (const auto& t : page.texts)
        pdf.text(px(t.x), py(t.y), t.text, std::max(1.0, t.size * scale),
            t.bold ? PdfDocument::Font::Bold : PdfDocument::Font::Regular,
            drawingPdfColor(t.color));
    return scale;
}

std::string layoutDrawingToPdf(
    const LayoutDrawing& drawing, const std::string& title, const std::string& isoDate)
{
    PdfDocument pdf;
    const double margin = 24;
    for (const auto& page : drawing.pages) {
        pdf.addPage();
        drawLayoutPageOnPdf(pdf, page, margin, PdfDocument::pageHeightPt - margin,
            PdfDocument::pageWidthPt - 2 * margin, PdfDocument::pageHeightPt - 2 * margin);
    }
    if (pdf.pageCount() == 0)
        pdf.addPage();
    return pdf.render(title, isoDate, "InfraFit " INFRAFIT_VERSION);
}

} // namespace infrafit
