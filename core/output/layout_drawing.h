// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/layout/rack_layout.h"

#include <string>
#include <vector>

namespace infrafit {

class PdfDocument;

/// An RGB colour, each channel 0..1.
struct DrawingColor {
    double r = 0;
    double g = 0;
    double b = 0;
};

struct DrawingRect {
    double x = 0, y = 0, width = 0, height = 0;
    DrawingColor fill;
    bool filled = true;
    DrawingColor stroke;
    double strokeWidth = 0; ///< 0 = no outline
};

struct DrawingLine {
    double x1 = 0, y1 = 0, x2 = 0, y2 = 0;
    double width = 1;
    DrawingColor color;
};

struct DrawingText {
    double x = 0, y = 0; ///< baseline start
    std::string text;
    double size = 8;
    bool bold = false;
    DrawingColor color;
};

/// One page of a drawing in points, origin top left, y down (as SVG and
/// QPainter; the PDF writer flips it).
struct DrawingPage {
    std::string title;
    double width = 0;
    double height = 0;
    std::vector<DrawingRect> rects;
    std::vector<DrawingLine> lines;
    std::vector<DrawingText> texts;
};

/// The layout's pictures as plain shapes, computed once in core so that the
/// SVG and PDF writers and the GUI's QPainter page draw the same thing and
/// compute nothing: a row plan (racks in rows, cold and hot aisles, the
/// fabric drawn over it as one line per pair of racks with links, its width
/// growing with their count), then rack elevations, front and rear side by
/// side, each device labelled, with power per rack and current per feed
/// phase under each rack.
struct LayoutDrawing {
    std::vector<DrawingPage> pages;
};

/// Racks per elevation page (each drawn front and rear).
inline constexpr int layoutDrawingRacksPerPage = 2;

LayoutDrawing drawLayout(const RackLayout& layout, const std::string& title);

/// The whole drawing as one SVG 1.1 document, pages stacked top to bottom.
std::string layoutDrawingToSvg(const LayoutDrawing& drawing);

/// One page as an `<svg>` element to put inside an HTML page (no XML
/// declaration; scales down to the width it is given).
std::string layoutDrawingPageToInlineSvg(const DrawingPage& page);

/// Draws `page` on the current page of `pdf` as vector shapes, scaled
/// (never up) to fit the box whose top-left corner is (`leftPt`, `topPt`)
/// in PDF coordinates (y up). Returns the scale used.
double drawLayoutPageOnPdf(PdfDocument& pdf, const DrawingPage& page, double leftPt, double topPt,
    double widthPt, double heightPt);

/// The drawing as a PDF (one A4-wide page per drawing page, scaled to fit;
/// core/output/pdf_document.h), dated `isoDate`.
std::string layoutDrawingToPdf(
    const LayoutDrawing& drawing, const std::string& title, const std::string& isoDate);

} // namespace infrafit
