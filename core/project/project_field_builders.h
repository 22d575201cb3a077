// SPDX-License-Identifier: Apache-2.0
#pragma once

// Builders that fill a ProjectField's type, choices and accessors from a
// pointer to the member it describes. Only the registries include this.

#include "core/project/project_field.h"

namespace infrafit::fieldaccess {

template <class M>
constexpr FieldType fieldTypeOf()
{
    if constexpr (std::is_same_v<M, bool>)
        return FieldType::Flag;
    else if constexpr (std::is_enum_v<M>)
        return FieldType::Choice;
    else if constexpr (std::is_integral_v<M>)
        return FieldType::Integer;
    else
        return FieldType::Number;
}

template <class M>
constexpr std::span<const std::string_view> choicesOf()
{
    if constexpr (std::is_enum_v<M>)
        return std::span<const std::string_view>(EnumNames<M>::names);
    else
        return {};
}

/// A member that always has a value.
template <auto Member>
auto plainField(ProjectField<typename FieldMemberTraits<decltype(Member)>::Class> field)
{
    using M = typename FieldMemberTraits<decltype(Member)>::Type;
    field.type = fieldTypeOf<M>();
    field.choices = choicesOf<M>();
    field.get = &getPlain<Member>;
    field.set = &setPlain<Member>;
    return field;
}

/// A std::optional member; `field.absent` says what absence means.
template <auto Member>
auto optionalField(ProjectField<typename FieldMemberTraits<decltype(Member)>::Class> field)
{
    using M = typename FieldMemberTraits<decltype(Member)>::Type::value_type;
    field.type = fieldTypeOf<M>();
    field.choices = choicesOf<M>();
    field.get = &getOptional<Member>;
    field.set = &setOptional<Member>;
    return field;
}

/// An int member whose 0 means absent.
template <auto Member>
auto zeroAbsentField(ProjectField<typename FieldMemberTraits<decltype(Member)>::Class> field)
{
    field.type = FieldType::Integer;
    field.zeroMeansAbsent = true;
    field.get = &getZeroAbsent<Member>;
    field.set = &setZeroAbsent<Member>;
    return field;
}

} // namespace infrafit::fieldaccess
