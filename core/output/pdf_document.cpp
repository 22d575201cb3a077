// SPDX-License-Identifier: Apache-2.0
#include "core/output/pdf_document.h"

#include <array>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace infrafit {
namespace {

/// Advance widths (1/1000 em) of Helvetica for codes 32..126, from Adobe's
/// Core 14 AFM file Helvetica.afm (WinAnsi order).
constexpr std::array<short, 95> kHelveticaWidths {278, 278, 355, 556, 556, 889, 667, 191, 333, 333,
    389, 584, 278, 333, 278, 278, // 32-47
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, // 48-63
    1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, // 64-79
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, // 80-95
    333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, // 96-111
    556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584}; // 112-126

/// Helvetica-Bold differs mostly in lowercase letters; its widths for codes
/// 32..126 from Helvetica-Bold.afm.
constexpr std::array<short, 95> kHelveticaBoldWidths {278, 333, 474, 556, 556, 889, 722, 238, 333,
    333, 389, 584, 278, 333, 278, 278, // 32-47
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, // 48-63
    975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, // 64-79
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, // 80-95
    333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, // 96-111
    611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584}; // 112-126

int glyphWidth(unsigned char code, PdfDocument::Font font)
{
    const auto& table = font == PdfDocument::Font::Bold ? kHelveticaBoldWidths : kHelveticaWidths;
    if (code >= 32 && code <= 126)
        return table[code - 32];
    return 556; // Latin-1 letters and symbols: close to a digit's width
}

/// Decodes one UTF-8 code point at `i`, advancing it; U+FFFD on bad input.
char32_t nextCodePoint(const std::string& s, std::size_t& i)
{
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char lead = byte(i);
    int extra = 0;
    char32_t cp = lead;
    if (lead >= 0xF0 && lead < 0xF8) {
        extra = 3;
        cp = lead & 0x07;
    } else if (lead >= 0xE0) {
        extra = 2;
        cp = lead & 0x0F;
    } else if (lead >= 0xC0) {
        extra = 1;
        cp = lead & 0x1F;
    } else if (lead >= 0x80) {
        ++i;
        return 0xFFFD;
    }
    ++i;
    for (int k = 0; k < extra; ++k, ++i) {
        if (i >= s.size() || (byte(i) & 0xC0) != 0x80)
            return 0xFFFD;
        cp = (cp << 6) | (byte(i) & 0x3F);
    }
    return cp;
}

std::string pdfNumber(double value)
{
    if (!std::isfinite(value))
        value = 0;
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.2f", value);
    return buffer;
}

std::string colorOp(PdfColor c, const char* op)
{
    return pdfNumber(c.r) + " " + pdfNumber(c.g) + " " + pdfNumber(c.b) + " " + op + "\n";
}

/// A PDF literal string of WinAnsi bytes: (, ) and \ escaped, bytes outside
/// printable ASCII as octal escapes so the file stays 7-bit.
std::string literal(const std::string& winAnsi)
{
    std::string out = "(";
    for (unsigned char c : winAnsi) {
        if (c == '(' || c == ')' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c < 32 || c > 126) {
            char buffer[8];
            std::snprintf(buffer, sizeof buffer, "\\%03o", c);
            out += buffer;
        } else {
            out += static_cast<char>(c);
        }
    }
    return out + ")";
}

} // namespace

std::string toWinAnsi(const std::string& utf8)
{
    std::string out;
    out.reserve(utf8.size());
    for (std::size_t i = 0; i < utf8.size();) {
        const char32_t cp = nextCodePoint(utf8, i);
        if ((cp >= 0x20 && cp <= 0x7E) || (cp >= 0xA0 && cp <= 0xFF)) {
            out += static_cast<char>(cp);
            continue;
        }
        switch (cp) {
        case 0x20AC:
            out += '\x80';
            break; // euro
        case 0x2026:
            out += '\x85';
            break; // ellipsis
        case 0x2018:
            out += '\x91';
            break;
        case 0x2019:
            out += '\x92';
            break;
        case 0x201C:
            out += '\x93';
            break;
        case 0x201D:
            out += '\x94';
            break;
        case 0x2022:
            out += '\x95';
            break; // bullet
        case 0x2013:
            out += '\x96';
            break; // en dash
        case 0x2014:
            out += '\x97';
            break; // em dash
        case 0x2122:
            out += '\x99';
            break; // trade mark
        case 0x2265:
            out += ">=";
            break;
        case 0x2264:
            out += "<=";
            break;
        case 0x2248:
            out += "~";
            break;
        case 0x2192:
            out += "->";
            break;
        case 0x2212:
            out += "-";
            break; // minus sign
        case 0x2009:
        case 0x202F:
            out += ' ';
            break; // thin spaces
        case '\t':
            out += ' ';
            break;
        default:
            out += '?';
            break;
        }
    }
    return out;
}

int PdfDocument::addPage()
{
    mPages.emplace_back();
    mCurrent = static_cast<int>(mPages.size()) - 1;
    return mCurrent;
}

void PdfDocument::selectPage(int index)
{
    if (index < 0 || index >= pageCount())
        throw std::out_of_range("PdfDocument::selectPage: no such page");
    mCurrent = index;
}

std::string& PdfDocument::current()
{
    if (mCurrent < 0)
        addPage();
    return mPages[static_cast<std::size_t>(mCurrent)];
}

void PdfDocument::text(
    double xPt, double yPt, const std::string& utf8, double sizePt, Font font, PdfColor color)
{
    std::string& out = current();
    out += colorOp(color, "rg");
    out += "BT /" + std::string(font == Font::Bold ? "F2 " : "F1 ") + pdfNumber(sizePt) + " Tf "
        + pdfNumber(xPt) + " " + pdfNumber(yPt) + " Td " + literal(toWinAnsi(utf8)) + " Tj ET\n";
}

void PdfDocument::textRight(
    double xRightPt, double yPt, const std::string& utf8, double sizePt, Font font, PdfColor color)
{
    text(xRightPt - textWidth(utf8, sizePt, font), yPt, utf8, sizePt, font, color);
}

void PdfDocument::line(
    double x1Pt, double y1Pt, double x2Pt, double y2Pt, double widthPt, PdfColor color)
{
    std::string& out = current();
    out += colorOp(color, "RG");
    out += pdfNumber(widthPt) + " w " + pdfNumber(x1Pt) + " " + pdfNumber(y1Pt) + " m "
        + pdfNumber(x2Pt) + " " + pdfNumber(y2Pt) + " l S\n";
}

void PdfDocument::fillRect(double xPt, double yPt, double widthPt, double heightPt, PdfColor color)
{
    std::string& out = current();
    out += colorOp(color, "rg");
    out += pdfNumber(xPt) + " " + pdfNumber(yPt) + " " + pdfNumber(widthPt) + " "
        + pdfNumber(heightPt) + " re f\n";
}

double PdfDocument::textWidth(const std::string& utf8, double sizePt, Font font)
{
    double units = 0;
    for (unsigned char c : toWinAnsi(utf8))
        units += glyphWidth(c, font);
    return units * sizePt / 1000.0;
}

std::string PdfDocument::fitText(
    const std::string& utf8, double maxWidthPt, double sizePt, Font font)
{
    if (textWidth(utf8, sizePt, font) <= maxWidthPt)
        return utf8;
    // Cut on code-point boundaries until the text and "..." fit.
    std::vector<std::size_t> boundaries;
    for (std::size_t i = 0; i < utf8.size();) {
        boundaries.push_back(i);
        nextCodePoint(utf8, i);
    }
    for (auto it = boundaries.rbegin(); it != boundaries.rend(); ++it) {
        std::string candidate = utf8.substr(0, *it) + "...";
        if (textWidth(candidate, sizePt, font) <= maxWidthPt)
            return candidate;
    }
    return "";
}

std::string PdfDocument::render(
    const std::string& title, const std::string& isoDate, const std::string& producer) const
{
    std::vector<std::string> objects; // bodies; object number = index + 1
    const int pages = std::max(1, pageCount());
    const int firstPageObject = 6;
    std::string kids;
    for (int i = 0; i < pages; ++i)
        kids += (i ? " " : "") + std::to_string(firstPageObject + 2 * i) + " 0 R";
    objects.push_back("<< /Type /Catalog /Pages 2 0 R >>");
    objects.push_back("<< /Type /Pages /Kids [" + kids + "] /Count " + std::to_string(pages)
        + " /MediaBox [0 0 " + pdfNumber(pageWidthPt) + " " + pdfNumber(pageHeightPt) + "] >>");
    objects.push_back("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica "
                      "/Encoding /WinAnsiEncoding >>");
    objects.push_back("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold "
                      "/Encoding /WinAnsiEncoding >>");
    std::string date;
    for (char c : isoDate)
        if (c >= '0' && c <= '9')
            date += c;
    date = date.size() == 8 ? "D:" + date + "000000Z" : "D:19700101000000Z";
    objects.push_back("<< /Title " + literal(toWinAnsi(title)) + " /Producer "
        + literal(toWinAnsi(producer)) + " /CreationDate (" + date + ") >>");
    for (int i = 0; i < pages; ++i) {
        objects.push_back("<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 3 0 R "
                          "/F2 4 0 R >> >> /Contents "
            + std::to_string(firstPageObject + 2 * i + 1) + " 0 R >>");
        const std::string content
            = i < pageCount() ? mPages[static_cast<std::size_t>(i)] : std::string {};
        objects.push_back("<< /Length " + std::to_string(content.size()) + " >>\nstream\n" + content
            + "endstream");
    }

    std::string pdf = "%PDF-1.4\n%\xE2\xE3\xCF\xD3\n";
    std::vector<std::size_t> offsets;
    offsets.reserve(objects.size());
    for (std::size_t i = 0; i < objects.size(); ++i) {
        offsets.push_back(pdf.size());
        pdf += std::to_string(i + 1) + " 0 obj\n" + objects[i] + "\nendobj\n";
    }
    const std::size_t xref = pdf.size();
    pdf += "xref\n0 " + std::to_string(objects.size() + 1) + "\n0000000000 65535 f \n";
    for (auto offset : offsets) {
        char entry[32];
        std::snprintf(entry, sizeof entry, "%010zu 00000 n \n", offset);
        pdf += entry;
    }
    pdf += "trailer\n<< /Size " + std::to_string(objects.size() + 1)
        + " /Root 1 0 R /Info 5 0 R >>\nstartxref\n" + std::to_string(xref) + "\n%%EOF\n";
    return pdf;
}

} // namespace infrafit
