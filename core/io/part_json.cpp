// SPDX-License-Identifier: Apache-2.0
#include "core/io/part_json.h"

#include "core/parts/field_spec.h"
#include "core/parts/part_validation.h"

#include <algorithm>
#include <cmath>

namespace infrafit {
namespace {

using nlohmann::json;

std::string typeName(const json& value)
{
    if (value.is_number())
        return "a number";
    if (value.is_string())
        return "a string";
    if (value.is_boolean())
        return "a boolean";
    if (value.is_array())
        return "an array";
    if (value.is_object())
        return "an object";
    return "null";
}

/// "/parts/3" + "/" + "tdp_w": built only when a problem is reported, so
/// reading a large valid catalog allocates no pointer strings.
std::string fieldPointer(const std::string& prefix, const FieldSpec& spec)
{
    std::string pointer = prefix;
    pointer += '/';
    pointer += spec.key;
    return pointer;
}

/// Converts a JSON value to the field's value type, or explains why not.
std::optional<FieldValue> readValue(const FieldSpec& spec, const json& value,
                                    const std::string& prefix, std::vector<Problem>& problems)
{
    const auto pointer = [&] { return fieldPointer(prefix, spec); };
    if (value.is_null())
        return FieldValue{};
    switch (spec.type) {
    case FieldType::Number:
    case FieldType::Integer:
        if (!value.is_number()) {
            problems.push_back({pointer(), "must be a number, not " + typeName(value)});
            return std::nullopt;
        }
        if (spec.type == FieldType::Integer && !value.is_number_integer()
            && value.get<double>() != std::floor(value.get<double>())) {
            problems.push_back({pointer(), "must be a whole number (got " + value.dump() + ")"});
            return std::nullopt;
        }
        return FieldValue{value.get<double>()};
    case FieldType::Text:
        if (!value.is_string()) {
            problems.push_back({pointer(), "must be a string, not " + typeName(value)});
            return std::nullopt;
        }
        return FieldValue{value.get<std::string>()};
    case FieldType::Choice: {
        if (!value.is_string()) {
            problems.push_back({pointer(), "must be a string, not " + typeName(value)});
            return std::nullopt;
        }
        auto text = value.get<std::string>();
        if (std::find(spec.choices.begin(), spec.choices.end(), text) == spec.choices.end()) {
            std::string choices;
            for (const auto& c : spec.choices)
                choices += (choices.empty() ? "" : ", ") + std::string(c);
            problems.push_back({pointer(), "must be one of " + choices + " (got \"" + text + "\")"});
            return std::nullopt;
        }
        return FieldValue{std::move(text)};
    }
    case FieldType::TextList: {
        if (!value.is_array()) {
            problems.push_back({pointer(), "must be an array of strings, not " + typeName(value)});
            return std::nullopt;
        }
        std::vector<std::string> items;
        items.reserve(value.size());
        bool ok = true;
        for (std::size_t i = 0; i < value.size(); ++i) {
            if (!value[i].is_string()) {
                problems.push_back({pointer() + "/" + std::to_string(i),
                                    "must be a string, not " + typeName(value[i])});
                ok = false;
                continue;
            }
            items.push_back(value[i].get<std::string>());
        }
        if (!ok)
            return std::nullopt;
        return FieldValue{std::move(items)};
    }
    case FieldType::Flag:
        if (!value.is_boolean()) {
            problems.push_back({pointer(), "must be true or false, not " + typeName(value)});
            return std::nullopt;
        }
        return FieldValue{value.get<bool>()};
    }
    return std::nullopt;
}

json numberToJson(double value)
{
    if (value == std::floor(value) && std::fabs(value) < 9.0e15)
        return static_cast<std::int64_t>(value);
    return value;
}

} // namespace

std::optional<Part> partFromJson(const json& object, const std::string& pointer,
                                 std::vector<Problem>& problems, std::vector<Problem>* warnings)
{
    if (!object.is_object()) {
        problems.push_back({pointer, "must be an object, not " + typeName(object)});
        return std::nullopt;
    }
    const auto kindIt = object.find("kind");
    if (kindIt == object.end()) {
        problems.push_back({pointer + "/kind", "is required (one of gpu, chassis, cpu, nvme, nic, "
                                               "psu, cooling)"});
        return std::nullopt;
    }
    if (!kindIt->is_string()) {
        problems.push_back({pointer + "/kind", "must be a string, not " + typeName(*kindIt)});
        return std::nullopt;
    }
    const auto kind = enumFromName<PartKind>(kindIt->get_ref<const std::string&>());
    if (!kind) {
        problems.push_back({pointer + "/kind", "unknown kind \"" + kindIt->get<std::string>()
                                                   + "\" (expected gpu, chassis, cpu, nvme, nic, "
                                                     "psu or cooling)"});
        return std::nullopt;
    }

    Part part = makePart(*kind);
    const std::size_t problemsBefore = problems.size();
    for (const auto& spec : fieldsOf(*kind)) {
        const auto it = object.find(spec.key);
        if (it == object.end() || it->is_null()) {
            if (spec.required)
                problems.push_back({fieldPointer(pointer, spec),
                                    "is required for a " + std::string(enumName(*kind))});
            spec.set(part, FieldValue{});
            continue;
        }
        if (auto value = readValue(spec, *it, pointer, problems))
            spec.set(part, *value);
    }
    if (warnings) {
        for (const auto& [key, value] : object.items()) {
            if (key != "kind" && !findField(*kind, key))
                warnings->push_back({pointer + "/" + key, "unknown field, ignored"});
        }
    }
    // Range and rule checks on what was read; a field that already failed to
    // read is not reported twice.
    const std::size_t readProblems = problems.size();
    for (auto& problem : validatePart(part, pointer)) {
        const bool alreadyReported =
            std::any_of(problems.begin() + static_cast<std::ptrdiff_t>(problemsBefore),
                        problems.begin() + static_cast<std::ptrdiff_t>(readProblems),
                        [&](const Problem& p) { return p.pointer == problem.pointer; });
        if (!alreadyReported)
            problems.push_back(std::move(problem));
    }
    if (problems.size() != problemsBefore)
        return std::nullopt;
    return part;
}

json partToJson(const Part& part)
{
    json object = json::object();
    object["kind"] = std::string(enumName(kindOf(part)));
    for (const auto& spec : fieldsOf(kindOf(part))) {
        const FieldValue value = spec.get(part);
        std::visit(
            [&](const auto& v) {
                using T = std::decay_t<decltype(v)>;
                if constexpr (std::is_same_v<T, std::monostate>) {
                    return;
                } else if constexpr (std::is_same_v<T, double>) {
                    object[std::string(spec.key)] = numberToJson(v);
                } else if constexpr (std::is_same_v<T, std::string>) {
                    if (!v.empty() || spec.required)
                        object[std::string(spec.key)] = v;
                } else if constexpr (std::is_same_v<T, std::vector<std::string>>) {
                    if (!v.empty())
                        object[std::string(spec.key)] = v;
                } else {
                    if (v)
                        object[std::string(spec.key)] = v;
                }
            },
            value);
    }
    return object;
}

} // namespace infrafit
