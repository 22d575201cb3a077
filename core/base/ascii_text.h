// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <string_view>

namespace infrafit {

/// ASCII lower case without the C locale (part ids, model and family names
/// are ASCII; std::tolower costs a locale lookup per character).
constexpr char asciiLower(char c)
{
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

/// Whether `text` contains `needle`, ignoring ASCII case.
inline bool containsNoCase(std::string_view text, std::string_view needle)
{
    if (needle.empty())
        return true;
    if (needle.size() > text.size())
        return false;
    const char first = asciiLower(needle.front());
    for (std::size_t i = 0; i + needle.size() <= text.size(); ++i) {
        if (asciiLower(text[i]) != first)
            continue;
        std::size_t k = 1;
        while (k < needle.size() && asciiLower(text[i + k]) == asciiLower(needle[k]))
            ++k;
        if (k == needle.size())
            return true;
    }
    return false;
}

/// Whether `a` and `b` are the same text, ignoring ASCII case.
constexpr bool equalsNoCase(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (asciiLower(a[i]) != asciiLower(b[i]))
            return false;
    return true;
}

/// Whether `text` starts with `prefix`, ignoring ASCII case.
constexpr bool startsWithNoCase(std::string_view text, std::string_view prefix)
{
    if (prefix.size() > text.size())
        return false;
    for (std::size_t i = 0; i < prefix.size(); ++i)
        if (asciiLower(text[i]) != asciiLower(prefix[i]))
            return false;
    return true;
}

} // namespace infrafit
