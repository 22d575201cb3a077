// SPDX-License-Identifier: Apache-2.0
#include "core/base/text_table.h"

#include <algorithm>
#include <cctype>

namespace infrafit {
namespace {

bool looksNumeric(const std::string& cell)
{
    if (cell.empty())
        return true; // empty cells do not decide the alignment
    return std::all_of(cell.begin(), cell.end(), [](unsigned char c) {
        return std::isdigit(c) || c == '.' || c == '-' || c == '+' || c == 'e' || c == ',';
    });
}

void pad(std::string& line, std::size_t count)
{
    line.append(count, ' ');
}

} // namespace

std::size_t displayWidth(const std::string& text)
{
    std::size_t width = 0;
    for (unsigned char c : text) {
        if ((c & 0xC0) != 0x80)
            ++width;
    }
    return width;
}

TextTable::TextTable(std::vector<std::string> headers) : mHeaders(std::move(headers)) {}

void TextTable::addRow(std::vector<std::string> cells)
{
    cells.resize(mHeaders.size());
    mRows.push_back(std::move(cells));
}

std::string TextTable::render() const
{
    const std::size_t columns = mHeaders.size();
    std::vector<std::size_t> widths(columns, 0);
    std::vector<bool> numeric(columns, true);
    for (std::size_t c = 0; c < columns; ++c) {
        widths[c] = displayWidth(mHeaders[c]);
        for (const auto& row : mRows) {
            widths[c] = std::max(widths[c], displayWidth(row[c]));
            numeric[c] = numeric[c] && looksNumeric(row[c]);
        }
    }
    auto renderLine = [&](const std::vector<std::string>& cells, bool header) {
        std::string line;
        for (std::size_t c = 0; c < columns; ++c) {
            const std::size_t gap = widths[c] - displayWidth(cells[c]);
            const bool right = numeric[c] && !header ? true : (numeric[c] && header);
            if (c > 0)
                line += "  ";
            if (right)
                pad(line, gap);
            line += cells[c];
            if (!right && c + 1 < columns)
                pad(line, gap);
        }
        while (!line.empty() && line.back() == ' ')
            line.pop_back();
        return line + "\n";
    };
    std::string text = renderLine(mHeaders, true);
    std::string rule;
    for (std::size_t c = 0; c < columns; ++c) {
        if (c > 0)
            rule += "  ";
        rule.append(widths[c], '-');
    }
    text += rule + "\n";
    for (const auto& row : mRows)
        text += renderLine(row, false);
    return text;
}

} // namespace infrafit
