// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/input_error.h"
#include "core/base/enum_names.h"
#include "core/parts/field_spec.h"

#include <cmath>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace infrafit {

/// Which workload kind shows a field (configuration fields: Both).
enum class FieldShownFor { Both, Training, Inference };

/// Describes one scalar field of a project object (workload, model,
/// parallel plan, serving demand, configuration), as FieldSpec does for
/// parts: the registries built from it (core/project/workload_fields.h,
/// configuration_fields.h) are the one place a field's file key, label,
/// unit, type, range, form section and accessors are written. The project
/// file reader and writer (core/io), the range check (checkFieldRanges),
/// the forms (ui/project/project_field_rows.cpp) and the user guide's
/// field tables all follow from them, so no limit can differ between a
/// file, the validation and a form.
///
/// Values travel as `std::optional<double>`: a whole number as itself, a
/// choice as the index of its name in `choices`, a flag as 0 or 1, and an
/// absent optional field as nullopt. A field's default is what `get`
/// returns for a default-constructed object.
template <class T>
struct ProjectField {
    std::string_view key{};   ///< key in its object of the project file (docs/user-guide.md "Project file")
    std::string_view label{}; ///< form label and user-guide name
    std::string_view unit{}; ///< "tokens", "GB"; empty for counts and ratios
    FieldType type = FieldType::Number; ///< Integer, Number, Choice or Flag
    double minimum = 0;
    double maximum = 0;
    bool exclusiveMinimum = false; ///< numbers: must be greater than `minimum`
    /// Non-empty: the field is optional and this says what its absence
    /// means ("GPU default"); absent fields are not written to files.
    std::string_view absent{};
    /// The member stores "absent" as 0 (a plain int, not std::optional);
    /// 0 in a file also means absent.
    bool zeroMeansAbsent = false;
    /// Written to files even when it has its default value.
    bool writeDefault = true;
    FieldShownFor shownFor = FieldShownFor::Both;
    std::string_view section{}; ///< form group and user-guide table
    /// Decimals that matter (numbers): what a form shows and steps by.
    int decimals = 2;
    std::string_view help{};    ///< tooltip and user-guide description
    std::span<const std::string_view> choices{};
    /// Read and written by hand in core/io (a distribution object, a rule
    /// across fields); the registry still states its range for the form.
    bool customFile = false;
    std::optional<double> (*get)(const T&) = nullptr;
    void (*set)(T&, std::optional<double>) = nullptr;

    [[nodiscard]] bool optional() const { return !absent.empty(); }
    /// Decimals a form shows: 0 for whole numbers and choices.
    [[nodiscard]] bool whole() const { return type != FieldType::Number; }
};

/// Why `value` is refused for a field of this type and range, in the
/// file reader's words ("must be at most 1024 (got 1025)"); empty when it is
/// allowed. `choiceCount`: the number of names of a choice.
std::string fieldRangeMessage(FieldType type, double minimum, double maximum,
                              bool exclusiveMinimum, std::size_t choiceCount, double value);

template <class T>
std::string fieldRangeMessage(const ProjectField<T>& field, double value)
{
    return fieldRangeMessage(field.type, field.minimum, field.maximum, field.exclusiveMinimum,
                             field.choices.size(), value);
}

/// Appends a Problem for every field of `object` outside its range (as the
/// file reader would refuse it), at `pointer` + "/" + key.
template <class T>
void checkFieldRanges(std::span<const ProjectField<T>> fields, const T& object,
                      const std::string& pointer, std::vector<Problem>& problems)
{
    for (const auto& field : fields) {
        const auto value = field.get(object);
        if (!value)
            continue;
        std::string message = fieldRangeMessage(field, *value);
        if (message.empty())
            continue;
        std::string key(field.key); // "rack.units" is /rack/units
        for (char& c : key)
            if (c == '.')
                c = '/';
        problems.push_back({pointer + "/" + key, std::move(message)});
    }
}

/// The field with `key`, or nullptr.
template <class T>
const ProjectField<T>* findProjectField(std::span<const ProjectField<T>> fields,
                                        std::string_view key)
{
    for (const auto& field : fields)
        if (field.key == key)
            return &field;
    return nullptr;
}

namespace fieldaccess {

template <class>
struct FieldMemberTraits;
template <class C, class M>
struct FieldMemberTraits<M C::*> {
    using Class = C;
    using Type = M;
};

template <class M>
std::optional<double> toNumber(const M& value)
{
    if constexpr (std::is_enum_v<M>)
        return static_cast<double>(static_cast<int>(value));
    else
        return static_cast<double>(value);
}

template <class M>
void fromNumber(M& member, double value)
{
    if constexpr (std::is_enum_v<M>)
        member = static_cast<M>(static_cast<int>(value));
    else if constexpr (std::is_same_v<M, bool>)
        member = value != 0;
    else if constexpr (std::is_integral_v<M>)
        member = static_cast<M>(std::llround(value));
    else
        member = static_cast<M>(value);
}

/// get/set of a plain member (number, bool, enum): never absent.
template <auto Member>
std::optional<double> getPlain(const typename FieldMemberTraits<decltype(Member)>::Class& o)
{
    return toNumber(o.*Member);
}
template <auto Member>
void setPlain(typename FieldMemberTraits<decltype(Member)>::Class& o, std::optional<double> v)
{
    if (v)
        fromNumber(o.*Member, *v);
}

/// get/set of a std::optional member.
template <auto Member>
std::optional<double> getOptional(const typename FieldMemberTraits<decltype(Member)>::Class& o)
{
    const auto& value = o.*Member;
    return value ? toNumber(*value) : std::nullopt;
}
template <auto Member>
void setOptional(typename FieldMemberTraits<decltype(Member)>::Class& o, std::optional<double> v)
{
    using Inner = typename FieldMemberTraits<decltype(Member)>::Type::value_type;
    if (!v) {
        (o.*Member).reset();
        return;
    }
    Inner inner{};
    fromNumber(inner, *v);
    o.*Member = inner;
}

/// get/set of an int member whose 0 means absent.
template <auto Member>
std::optional<double> getZeroAbsent(const typename FieldMemberTraits<decltype(Member)>::Class& o)
{
    const auto value = o.*Member;
    return value == 0 ? std::nullopt : std::optional<double>(value);
}
template <auto Member>
void setZeroAbsent(typename FieldMemberTraits<decltype(Member)>::Class& o, std::optional<double> v)
{
    o.*Member = v ? static_cast<int>(std::llround(*v)) : 0;
}

} // namespace fieldaccess

} // namespace infrafit
