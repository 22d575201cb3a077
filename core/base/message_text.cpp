// SPDX-License-Identifier: Apache-2.0
#include "core/base/message_text.h"

#include <cstdio>

namespace infrafit {
namespace {

void appendEscape(std::string& out, unsigned code)
{
    char buffer[8];
    std::snprintf(buffer, sizeof buffer, "\\u%04x", code);
    out += buffer;
}

/// Escapes into `out`; `keepLayout` keeps tab, line feed and CR LF.
void escapeInto(std::string& out, std::string_view text, bool keepLayout)
{
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto byte = static_cast<unsigned char>(text[i]);
        if (byte == 0xC2 && i + 1 < text.size()) {
            const auto next = static_cast<unsigned char>(text[i + 1]);
            if (next >= 0x80 && next <= 0x9F) { // a C1 control in UTF-8
                appendEscape(out, next);
                ++i;
                continue;
            }
        }
        const bool control = byte < 0x20 || byte == 0x7F;
        const bool layout = byte == '\t' || byte == '\n'
            || (byte == '\r' && i + 1 < text.size() && text[i + 1] == '\n');
        if (control && !(keepLayout && layout))
            appendEscape(out, byte);
        else
            out += static_cast<char>(byte);
    }
}

} // namespace

std::string escapeControlCharacters(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    escapeInto(out, text, true);
    return out;
}

std::string shortenedValue(std::string_view value)
{
    if (value.size() <= maxEchoedValueBytes) {
        std::string out;
        escapeInto(out, value, false);
        return out;
    }
    std::size_t cut = maxEchoedValueBytes;
    // Back up to the start of a UTF-8 character (not a continuation byte).
    while (cut > 0 && (static_cast<unsigned char>(value[cut]) & 0xC0) == 0x80)
        --cut;
    std::string out;
    escapeInto(out, value.substr(0, cut), false);
    out += "... (" + groupedInteger(value.size()) + " bytes)";
    return out;
}

std::string groupedInteger(std::uintmax_t value)
{
    std::string digits = std::to_string(value);
    for (auto i = static_cast<std::ptrdiff_t>(digits.size()) - 3; i > 0; i -= 3)
        digits.insert(static_cast<std::size_t>(i), ",");
    return digits;
}

} // namespace infrafit
