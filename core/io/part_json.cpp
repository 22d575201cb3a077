// SPDX-License-Identifier: Apache-2.0
#include "core/io/part_json.h"

#include "core/io/part_reader.h"
#include "core/parts/field_spec.h"

#include <algorithm>
#include <cmath>

namespace infrafit {
namespace {

JsonType typeOf(const nlohmann::json& value)
{
    switch (value.type()) {
    case nlohmann::json::value_t::boolean:
        return JsonType::Boolean;
    case nlohmann::json::value_t::number_integer:
        return JsonType::Integer;
    case nlohmann::json::value_t::number_unsigned:
        return JsonType::Unsigned;
    case nlohmann::json::value_t::number_float:
        return JsonType::Float;
    case nlohmann::json::value_t::string:
        return JsonType::String;
    case nlohmann::json::value_t::array:
        return JsonType::Array;
    case nlohmann::json::value_t::object:
        return JsonType::Object;
    default:
        return JsonType::Null;
    }
}

/// Copies one member of a parsed object into the reader's form.
void copyMember(const nlohmann::json& value, RawMember& member)
{
    member.type = typeOf(value);
    switch (member.type) {
    case JsonType::Boolean:
        member.flag = value.get<bool>();
        break;
    case JsonType::Integer:
        member.integer = value.get<std::int64_t>();
        break;
    case JsonType::Unsigned:
        member.unsignedInteger = value.get<std::uint64_t>();
        break;
    case JsonType::Float:
        member.number = value.get<double>();
        break;
    case JsonType::String:
        member.text = value.get<std::string>();
        break;
    case JsonType::Array:
        for (const auto& item : value) {
            if (item.is_string()) {
                member.addItem(JsonType::String, &item.get_ref<const std::string&>());
            } else {
                member.addItem(typeOf(item));
            }
        }
        break;
    default:
        break;
    }
}

nlohmann::json numberToJson(double value)
{
    if (value == std::floor(value) && std::fabs(value) < 9.0e15)
        return static_cast<std::int64_t>(value);
    return value;
}

} // namespace

std::optional<Part> partFromJson(const nlohmann::json& object, const std::string& pointer,
    std::vector<Problem>& problems, std::vector<Problem>* warnings)
{
    if (!object.is_object()) {
        problems.push_back(
            {pointer, "must be an object, not " + std::string(jsonTypeName(typeOf(object)))});
        return std::nullopt;
    }
    // The rules live in PartReader, shared with the streaming catalog parser.
    PartReader reader;
    for (const auto& [key, value] : object.items())
        copyMember(value, reader.member(key));
    return reader.finish(pointer, problems, warnings);
}

nlohmann::json partToJson(const Part& part)
{
    nlohmann::json object = nlohmann::json::object();
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
