// SPDX-License-Identifier: Apache-2.0
#include "catalog/text_list_codec.h"

#include <algorithm>
#include <cstdint>

namespace infrafit::catalog {
namespace {

void appendUtf8(std::uint32_t code, std::string& out)
{
    if (code < 0x80) {
        out += static_cast<char>(code);
    } else if (code < 0x800) {
        out += static_cast<char>(0xC0 | (code >> 6));
        out += static_cast<char>(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
        out += static_cast<char>(0xE0 | (code >> 12));
        out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (code & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (code >> 18));
        out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (code & 0x3F));
    }
}

bool readHex4(std::string_view text, std::size_t& pos, std::uint32_t& value)
{
    if (pos + 4 > text.size())
        return false;
    value = 0;
    for (int i = 0; i < 4; ++i) {
        const char c = text[pos++];
        value <<= 4;
        if (c >= '0' && c <= '9')
            value |= static_cast<std::uint32_t>(c - '0');
        else if (c >= 'a' && c <= 'f')
            value |= static_cast<std::uint32_t>(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F')
            value |= static_cast<std::uint32_t>(c - 'A' + 10);
        else
            return false;
    }
    return true;
}

void skipSpace(std::string_view text, std::size_t& pos)
{
    while (pos < text.size()
           && (text[pos] == ' ' || text[pos] == '\n' || text[pos] == '\t' || text[pos] == '\r'))
        ++pos;
}

/// Reads a JSON string starting at the opening quote.
bool readString(std::string_view text, std::size_t& pos, std::string& out)
{
    if (pos >= text.size() || text[pos] != '"')
        return false;
    ++pos;
    while (pos < text.size()) {
        // Plain characters up to the next quote or escape are copied at once.
        std::size_t stop = pos;
        while (stop < text.size() && text[stop] != '"' && text[stop] != '\\')
            ++stop;
        if (stop == text.size())
            return false;
        out.append(text.data() + pos, stop - pos);
        pos = stop;
        const char c = text[pos++];
        if (c == '"')
            return true;
        if (pos >= text.size())
            return false;
        const char escape = text[pos++];
        switch (escape) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
            std::uint32_t code = 0;
            if (!readHex4(text, pos, code))
                return false;
            if (code >= 0xD800 && code < 0xDC00) {
                std::uint32_t low = 0;
                if (pos + 2 > text.size() || text[pos] != '\\' || text[pos + 1] != 'u')
                    return false;
                pos += 2;
                if (!readHex4(text, pos, low) || low < 0xDC00 || low > 0xDFFF)
                    return false;
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
            }
            appendUtf8(code, out);
            break;
        }
        default: return false;
        }
    }
    return false;
}

} // namespace

void TextListCodec::encode(std::span<const std::string> items, std::string& out)
{
    static constexpr char hex[] = "0123456789abcdef";
    out.clear();
    out += '[';
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i > 0)
            out += ',';
        out += '"';
        for (const char c : items[i]) {
            const auto byte = static_cast<unsigned char>(c);
            if (c == '"' || c == '\\') {
                out += '\\';
                out += c;
            } else if (byte < 0x20) {
                out += "\\u00";
                out += hex[byte >> 4];
                out += hex[byte & 0xF];
            } else {
                out += c;
            }
        }
        out += '"';
    }
    out += ']';
}

bool TextListCodec::decode(std::string_view text, std::vector<std::string>& items)
{
    std::size_t pos = 0;
    skipSpace(text, pos);
    if (pos >= text.size() || text[pos++] != '[')
        return false;
    skipSpace(text, pos);
    if (pos < text.size() && text[pos] == ']') {
        ++pos;
        skipSpace(text, pos);
        return pos == text.size();
    }
    // One allocation for the list: at most one item per comma, plus one.
    const auto commas = std::count(text.begin() + static_cast<std::ptrdiff_t>(pos), text.end(), ',');
    items.reserve(items.size() + 1 + static_cast<std::size_t>(commas));
    while (pos < text.size()) {
        skipSpace(text, pos);
        std::string item;
        if (!readString(text, pos, item))
            return false;
        items.push_back(std::move(item));
        skipSpace(text, pos);
        if (pos >= text.size())
            return false;
        const char next = text[pos++];
        if (next == ']') {
            skipSpace(text, pos);
            return pos == text.size();
        }
        if (next != ',')
            return false;
    }
    return false;
}

} // namespace infrafit::catalog
