// SPDX-License-Identifier: Apache-2.0
#include "core/parts/part_validation.h"

#include "core/parts/field_spec.h"
#include "core/parts/partition_profile.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace infrafit {
namespace {

std::string quote(std::string_view text)
{
    std::string result = "\"";
    result += text;
    result += '"';
    return result;
}

/// `prefix` + "/" + key, built only for a problem (validation of a valid
/// part allocates no pointer strings).
std::string pointerOf(const std::string& prefix, const FieldSpec& spec)
{
    std::string pointer = prefix;
    pointer += '/';
    pointer += spec.key;
    return pointer;
}

} // namespace

void checkFieldNumber(const FieldSpec& spec, double value, const std::string& prefix,
                      std::vector<Problem>& problems)
{
    if (std::isfinite(value) && (spec.type != FieldType::Integer || value == std::floor(value))
        && (!spec.positive || value > 0) && value >= spec.minimum && value <= spec.maximum)
        return;
    const std::string pointer = pointerOf(prefix, spec);
    const std::string unit = spec.unit.empty() ? std::string() : " " + std::string(spec.unit);
    if (!std::isfinite(value)) {
        problems.push_back({pointer, "must be a finite number"});
        return;
    }
    if (spec.type == FieldType::Integer && value != std::floor(value)) {
        problems.push_back({pointer, "must be a whole number (got " + formatFieldValue(value) + ")"});
        return;
    }
    if (spec.positive && value <= 0) {
        problems.push_back({pointer, "must be greater than 0" + unit + " (got "
                                         + formatFieldValue(value) + unit + ")"});
        return;
    }
    if (value < spec.minimum || value > spec.maximum) {
        problems.push_back({pointer, "must be between " + formatFieldValue(spec.minimum) + " and "
                                         + formatFieldValue(spec.maximum) + unit + " (got "
                                         + formatFieldValue(value) + unit + ")"});
    }
}

namespace {

void checkList(const FieldSpec& spec, std::span<const std::string> items, PartKind kind,
               const std::string& prefix, std::vector<Problem>& problems)
{
    // A list of a million bad items must not make a million messages.
    constexpr std::size_t maxListedItems = 1000;
    std::size_t bad = 0;
    for (std::size_t i = 0; i < items.size(); ++i) {
        const auto& item = items[i];
        const auto itemPointer = [&] { return pointerOf(prefix, spec) + "/" + std::to_string(i); };
        if (spec.key == "partition_profiles") {
            std::string error;
            if (!parsePartitionProfile(item, error) && ++bad <= maxListedItems)
                problems.push_back({itemPointer(), error});
            continue;
        }
        const bool known = spec.key == "estimated_fields"
                               ? findField(kind, item) != nullptr
                               : spec.choices.empty()
                                     || std::find(spec.choices.begin(), spec.choices.end(), item)
                                            != spec.choices.end();
        if (known || ++bad > maxListedItems)
            continue;
        if (spec.key == "estimated_fields")
            problems.push_back({itemPointer(), quote(item) + " is not a field of a "
                                                 + std::string(enumName(kind))});
        else
            problems.push_back({itemPointer(), "must be one of " + formatList(spec.choices)
                                                 + " (got " + quote(item) + ")"});
    }
    if (bad > maxListedItems)
        problems.push_back({pointerOf(prefix, spec), "... and " + std::to_string(bad - maxListedItems)
                                                         + " more items not listed"});
}

/// Rules between fields of a switch or a PDU that the registry's ranges
/// cannot state (a switch's typical power above its maximum, a PDU without
/// outlets or with two phases).
void checkKindRules(const Part& part, const std::string& prefix, std::vector<Problem>& problems)
{
    if (const auto* s = std::get_if<NetworkSwitch>(&part)) {
        if (s->typicalPowerW && std::isfinite(*s->typicalPowerW) && std::isfinite(s->maxPowerW)
            && *s->typicalPowerW > s->maxPowerW)
            problems.push_back({prefix + "/typical_power_w",
                                "must not exceed max_power_w (" + formatFieldValue(s->maxPowerW)
                                    + " W; got " + formatFieldValue(*s->typicalPowerW) + " W)"});
        if (s->uplinkSpeedGbps && s->uplinkPorts.value_or(0) == 0)
            problems.push_back({prefix + "/uplink_ports",
                                "must be at least 1 when uplink_speed_gbps is set"});
    } else if (const auto* p = std::get_if<Pdu>(&part)) {
        if (p->outletsC13 >= 0 && p->outletsC19 >= 0 && p->outlets() == 0)
            problems.push_back({prefix + "/outlets_c13",
                                "a PDU needs at least one outlet (outlets_c13 and outlets_c19 "
                                "are both 0)"});
        if (p->phases == 2)
            problems.push_back({prefix + "/phases",
                                "must be 1 or 3 (got 2; a split-phase feed is entered as 1)"});
    }
}

} // namespace

bool isValidPartId(std::string_view id)
{
    if (id.empty() || id.size() > 128)
        return false;
    return std::all_of(id.begin(), id.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
               || c == '.' || c == '_' || c == '-' || c == '+';
    });
}

std::vector<Problem> validatePart(const Part& part, const std::string& prefix)
{
    std::vector<Problem> problems;
    const PartKind kind = kindOf(part);
    for (const auto& spec : fieldsOf(kind)) {
        const FieldView value = spec.view(part); // no copy: validating 100,000 parts is bulk work
        if (std::holds_alternative<std::monostate>(value)) {
            if (spec.required)
                problems.push_back(
                    {pointerOf(prefix, spec), "is required for a " + std::string(enumName(kind))});
            continue;
        }
        if (const auto* number = std::get_if<double>(&value)) {
            checkFieldNumber(spec, *number, prefix, problems);
        } else if (const auto* text = std::get_if<std::string_view>(&value)) {
            if (spec.required && text->empty())
                problems.push_back({pointerOf(prefix, spec), "must not be empty"});
            else if (text->size() > 4096)
                problems.push_back({pointerOf(prefix, spec), "is longer than 4096 characters"});
        } else if (const auto* items = std::get_if<std::span<const std::string>>(&value)) {
            checkList(spec, *items, kind, prefix, problems);
        }
    }
    checkKindRules(part, prefix, problems);
    const auto& id = infoOf(part).id;
    if (!id.empty() && !isValidPartId(id))
        problems.push_back({prefix + "/id", "must be at most 128 letters, digits or . _ - + (got "
                                                + quote(id.substr(0, 140)) + ")"});
    return problems;
}

std::vector<Problem> duplicateIdProblems(std::span<const std::string_view> ids,
                                         const std::string& prefix)
{
    std::vector<Problem> problems;
    std::unordered_map<std::string_view, std::size_t> firstIndex;
    firstIndex.reserve(ids.size());
    for (std::size_t i = 0; i < ids.size(); ++i) {
        const std::string_view id = ids[i];
        if (id.empty())
            continue;
        auto [it, inserted] = firstIndex.emplace(id, i);
        if (!inserted)
            problems.push_back({prefix + "/" + std::to_string(i) + "/id",
                                "duplicate id " + quote(id) + " (first used at " + prefix + "/"
                                    + std::to_string(it->second) + ")"});
    }
    return problems;
}

std::vector<Problem> duplicateIdProblems(std::span<const Part> parts, const std::string& prefix)
{
    std::vector<std::string_view> ids;
    ids.reserve(parts.size());
    for (const auto& part : parts)
        ids.emplace_back(infoOf(part).id);
    return duplicateIdProblems(ids, prefix);
}

std::vector<Problem> validateParts(std::span<const Part> parts, const std::string& prefix)
{
    std::vector<Problem> problems;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        auto partProblems = validatePart(parts[i], prefix + "/" + std::to_string(i));
        problems.insert(problems.end(), partProblems.begin(), partProblems.end());
    }
    auto duplicates = duplicateIdProblems(parts, prefix);
    problems.insert(problems.end(), duplicates.begin(), duplicates.end());
    return problems;
}

} // namespace infrafit
