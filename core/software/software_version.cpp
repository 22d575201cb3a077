// SPDX-License-Identifier: Apache-2.0
#include "core/software/software_version.h"

#include <algorithm>
#include <vector>

namespace infrafit {
namespace {

/// A version's components; -1 stands for the wildcard "x".
std::optional<std::vector<long long>> softwareVersionParts(std::string_view text)
{
    std::size_t i = 0;
    while (i < text.size() && (text[i] == ' ' || text[i] == 'R' || text[i] == 'r'
                               || text[i] == 'v' || text[i] == 'V'))
        ++i;
    std::vector<long long> parts;
    while (i < text.size()) {
        if (text[i] == 'x' || text[i] == 'X') {
            parts.push_back(-1);
            break;
        }
        if (text[i] < '0' || text[i] > '9')
            break;
        long long value = 0;
        while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
            if (value < 1'000'000'000)
                value = value * 10 + (text[i] - '0');
            ++i;
        }
        parts.push_back(value);
        if (i < text.size() && text[i] == '.')
            ++i;
        else
            break;
    }
    if (parts.empty() || parts.front() < 0)
        return std::nullopt;
    return parts;
}

} // namespace

std::optional<int> compareVersions(std::string_view a, std::string_view b)
{
    const auto pa = softwareVersionParts(a);
    const auto pb = softwareVersionParts(b);
    if (!pa || !pb)
        return std::nullopt;
    const std::size_t n = std::max(pa->size(), pb->size());
    for (std::size_t k = 0; k < n; ++k) {
        const long long x = k < pa->size() ? (*pa)[k] : 0;
        const long long y = k < pb->size() ? (*pb)[k] : 0;
        if (x < 0 || y < 0)
            return 0; // "12.x": any release of 12
        if (x != y)
            return x < y ? -1 : 1;
    }
    return 0;
}

bool isVersionText(std::string_view text) { return softwareVersionParts(text).has_value(); }

} // namespace infrafit
