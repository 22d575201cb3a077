// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/io/field_reader.h"
#include "core/project/project_field.h"

#include <nlohmann/json.hpp>

#include <span>
#include <string>

namespace infrafit {

/// Reads the member `name` of the reader's object as `field`.
template <class T>
bool readProjectValue(FieldReader& r, const ProjectField<T>& field, T& object, bool required,
                      const char* name)
{
    if (!r.has(name)) {
        if (required)
            r.problem(name, "is required");
        return !required;
    }
    switch (field.type) {
    case FieldType::Flag: {
        bool flag = false;
        if (!r.readBool(name, flag))
            return false;
        field.set(object, flag ? 1.0 : 0.0);
        return true;
    }
    case FieldType::Choice: {
        int index = 0;
        if (!r.readChoice(name, field.choices, index))
            return false;
        field.set(object, static_cast<double>(index));
        return true;
    }
    case FieldType::Integer: {
        long long value = 0;
        if (field.zeroMeansAbsent && r.numberIs(name, 0)) {
            field.set(object, std::nullopt); // 0: "not used / derive"
            return true;
        }
        if (!r.readInt64(name, value, false, static_cast<long long>(field.minimum),
                         static_cast<long long>(field.maximum)))
            return false;
        field.set(object, static_cast<double>(value));
        return true;
    }
    default: {
        double value = 0;
        if (!r.readDouble(name, value, false, field.minimum, field.exclusiveMinimum,
                          field.maximum))
            return false;
        field.set(object, value);
        return true;
    }
    }
}

/// Reads one registry field (core/project/project_field.h) of `object` from
/// the reader's JSON object with the registry's type and range; an absent
/// member leaves the default. Returns false on a problem.
template <class T>
bool readProjectField(FieldReader& r, const ProjectField<T>& field, T& object, bool required,
                      std::string_view key)
{
    // "rack.units": `units` in the member object `rack`.
    if (const auto dot = key.find('.'); dot != std::string_view::npos) {
        const std::string parent(key.substr(0, dot));
        if (!r.has(parent.c_str())) {
            if (required)
                r.problem(parent.c_str(), "is required");
            return !required;
        }
        FieldReader child = r.child(parent.c_str());
        if (!child.isObject())
            return false;
        return readProjectField(child, field, object, required, key.substr(dot + 1));
    }
    const std::string name(key);
    return readProjectValue(r, field, object, required, name.c_str());
}

template <class T>
bool readProjectField(FieldReader& r, const ProjectField<T>& field, T& object, bool required)
{
    return readProjectField(r, field, object, required, field.key);
}

/// Reads every field of `fields` not marked customFile; `required(key)`
/// says whether a field must be present (default: none must).
template <class T, class Required>
void readProjectFields(FieldReader& r, std::span<const ProjectField<T>> fields, T& object,
                       Required required)
{
    for (const auto& field : fields)
        if (!field.customFile)
            readProjectField(r, field, object, required(field.key));
}

template <class T>
void readProjectFields(FieldReader& r, std::span<const ProjectField<T>> fields, T& object)
{
    readProjectFields(r, fields, object, [](std::string_view) { return false; });
}

/// The JSON value of one field: a bool, a choice's name, a whole number or
/// a number; null when the field is absent.
template <class T>
nlohmann::json projectFieldToJson(const ProjectField<T>& field, const T& object)
{
    const auto value = field.get(object);
    if (!value)
        return nullptr;
    switch (field.type) {
    case FieldType::Flag: return *value != 0;
    case FieldType::Choice: {
        const auto index = static_cast<std::size_t>(*value);
        return index < field.choices.size() ? nlohmann::json(std::string(field.choices[index]))
                                            : nlohmann::json(nullptr);
    }
    case FieldType::Integer: return static_cast<long long>(*value);
    default: return *value;
    }
}

/// Writes every field of `fields` not marked customFile: absent optional
/// fields and, for `writeDefault = false`, default values are left out.
template <class T>
void writeProjectFields(std::span<const ProjectField<T>> fields, const T& object,
                        nlohmann::json& j)
{
    static const T defaults{};
    for (const auto& field : fields) {
        if (field.customFile)
            continue;
        nlohmann::json value = projectFieldToJson(field, object);
        if (value.is_null())
            continue;
        if (!field.writeDefault && field.get(object) == field.get(defaults))
            continue;
        // "rack.units": `units` in the member object `rack`.
        const auto dot = field.key.find('.');
        if (dot == std::string_view::npos)
            j[std::string(field.key)] = std::move(value);
        else
            j[std::string(field.key.substr(0, dot))][std::string(field.key.substr(dot + 1))]
                = std::move(value);
    }
}

} // namespace infrafit
