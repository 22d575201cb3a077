// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <algorithm>
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
    return std::search(text.begin(), text.end(), needle.begin(), needle.end(),
                       [](char a, char b) { return asciiLower(a) == asciiLower(b); })
           != text.end();
}

} // namespace infrafit
