// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <string>
#include <vector>

namespace infrafit {

/// An RGB colour, each channel 0..1.
struct PdfColor {
    double r = 0;
    double g = 0;
    double b = 0;
};

/// A minimal PDF 1.4 writer (ISO 32000-1 / PDF Reference 1.4): pages of
/// text in the standard Helvetica and Helvetica-Bold fonts (WinAnsiEncoding,
/// no embedding), straight lines and filled rectangles. Coordinates are in
/// points from the bottom-left corner of an A4 page. Text is UTF-8 and is
/// converted to WinAnsi (characters outside it print as '?'). Output is
/// deterministic: uncompressed streams and the creation date given.
/// Not thread-safe; a value type, one per document.
class PdfDocument {
public:
    enum class Font { Regular, Bold };

    static constexpr double pageWidthPt = 595.28; ///< A4
    static constexpr double pageHeightPt = 841.89;

    /// Starts a new page; drawing goes to it. Returns its index.
    int addPage();
    /// Directs drawing to an existing page (e.g. to add page numbers last).
    void selectPage(int index);
    [[nodiscard]] int pageCount() const { return static_cast<int>(mPages.size()); }

    void text(double xPt, double yPt, const std::string& utf8, double sizePt,
        Font font = Font::Regular, PdfColor color = {});
    /// Text whose right edge is at `xRightPt`.
    void textRight(double xRightPt, double yPt, const std::string& utf8, double sizePt,
        Font font = Font::Regular, PdfColor color = {});
    void line(
        double x1Pt, double y1Pt, double x2Pt, double y2Pt, double widthPt, PdfColor color = {});
    void fillRect(double xPt, double yPt, double widthPt, double heightPt, PdfColor color);

    /// Width of `utf8` set in `font` at `sizePt` (Adobe Helvetica metrics).
    static double textWidth(const std::string& utf8, double sizePt, Font font = Font::Regular);
    /// `utf8` shortened with "..." so it is at most `maxWidthPt` wide.
    static std::string fitText(
        const std::string& utf8, double maxWidthPt, double sizePt, Font font = Font::Regular);

    /// The whole file. `title` goes into the document information;
    /// `isoDate` ("YYYY-MM-DD") becomes its creation date.
    [[nodiscard]] std::string render(
        const std::string& title, const std::string& isoDate, const std::string& producer) const;

private:
    std::vector<std::string> mPages; ///< content streams
    int mCurrent = -1;
    std::string& current();
};

/// UTF-8 to WinAnsiEncoding bytes (PDF Reference Appendix D): ASCII and
/// Latin-1 map directly, typographic quotes and dashes to their WinAnsi
/// codes, a few symbols to ASCII (≥ ">="), anything else to '?'.
std::string toWinAnsi(const std::string& utf8);

} // namespace infrafit
