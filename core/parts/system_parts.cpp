// SPDX-License-Identifier: Apache-2.0
#include "core/parts/system_parts.h"

#include <algorithm>
#include <charconv>

namespace infrafit {

std::optional<SystemPart> parseSystemPart(std::string_view entry)
{
    SystemPart part;
    const auto colon = entry.rfind(':');
    std::string_view id = entry.substr(0, colon);
    if (colon != std::string_view::npos) {
        const std::string_view digits = entry.substr(colon + 1);
        int count = 0;
        const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(),
                                                  count);
        if (error != std::errc() || end != digits.data() + digits.size() || count < 1
            || count > 1024)
            return std::nullopt;
        part.count = count;
    }
    while (!id.empty() && id.front() == ' ')
        id.remove_prefix(1);
    while (!id.empty() && id.back() == ' ')
        id.remove_suffix(1);
    if (id.empty())
        return std::nullopt;
    part.id = std::string(id);
    return part;
}

std::vector<NicOption> nicOptionsOf(const Chassis& chassis)
{
    std::vector<NicOption> options;
    for (const auto& entry : chassis.nicOptions)
        if (auto part = parseSystemPart(entry)) {
            const bool counted = entry.find(':') != std::string::npos;
            options.push_back({std::move(part->id),
                               counted ? std::optional<int>(part->count) : std::nullopt});
        }
    return options;
}

bool chassisTakesNic(const Chassis& chassis, std::string_view nicId, int count)
{
    if (chassis.nicOptions.empty())
        return true;
    const auto options = nicOptionsOf(chassis);
    return std::any_of(options.begin(), options.end(), [&](const NicOption& o) {
        return o.id == nicId && (!o.count || *o.count == count);
    });
}

std::vector<SystemPart> systemPartsOf(const Chassis& chassis)
{
    std::vector<SystemPart> parts;
    for (const auto& entry : chassis.systemParts)
        if (auto part = parseSystemPart(entry))
            parts.push_back(std::move(*part));
    return parts;
}

} // namespace infrafit
