// SPDX-License-Identifier: Apache-2.0
#pragma once

// Templates that turn a pointer to a part member into FieldSpec accessors.
// Only field_spec.cpp includes this.

#include "core/parts/field_spec.h"

#include <cmath>
#include <optional>
#include <type_traits>

namespace infrafit::detail {

template <class>
struct MemberTraits;

template <class C, class M>
struct MemberTraits<M C::*> {
    using Class = C;
    using Type = M;
};

template <class T>
struct IsOptional : std::false_type {};
template <class T>
struct IsOptional<std::optional<T>> : std::true_type {};

template <class T>
FieldValue toValue(const T& member)
{
    if constexpr (IsOptional<T>::value) {
        if (!member)
            return std::monostate{};
        return toValue(*member);
    } else if constexpr (std::is_same_v<T, bool>) {
        return member;
    } else if constexpr (std::is_enum_v<T>) {
        return std::string(enumName(member));
    } else if constexpr (std::is_arithmetic_v<T>) {
        return static_cast<double>(member);
    } else {
        return member; // std::string, std::vector<std::string>
    }
}

template <class T>
FieldView toView(const T& member)
{
    if constexpr (IsOptional<T>::value) {
        if (!member)
            return std::monostate{};
        return toView(*member);
    } else if constexpr (std::is_same_v<T, bool>) {
        return member;
    } else if constexpr (std::is_enum_v<T>) {
        return enumName(member);
    } else if constexpr (std::is_arithmetic_v<T>) {
        return static_cast<double>(member);
    } else if constexpr (std::is_same_v<T, std::string>) {
        return std::string_view(member);
    } else {
        return std::span<const std::string>(member);
    }
}

template <class T>
void fromValue(const FieldValue& value, T& member)
{
    if constexpr (IsOptional<T>::value) {
        if (std::holds_alternative<std::monostate>(value)) {
            member.reset();
        } else {
            typename T::value_type inner{};
            fromValue(value, inner);
            member = inner;
        }
    } else if constexpr (std::is_same_v<T, bool>) {
        if (const auto* flag = std::get_if<bool>(&value))
            member = *flag;
    } else if constexpr (std::is_enum_v<T>) {
        if (const auto* text = std::get_if<std::string>(&value)) {
            if (auto parsed = enumFromName<T>(*text))
                member = *parsed;
        }
    } else if constexpr (std::is_integral_v<T>) {
        if (const auto* number = std::get_if<double>(&value))
            member = static_cast<T>(std::llround(*number));
    } else if constexpr (std::is_floating_point_v<T>) {
        if (const auto* number = std::get_if<double>(&value))
            member = *number;
    } else if constexpr (std::is_same_v<T, std::string>) {
        if (const auto* text = std::get_if<std::string>(&value))
            member = *text;
        else if (std::holds_alternative<std::monostate>(value))
            member.clear();
    } else {
        if (const auto* list = std::get_if<std::vector<std::string>>(&value))
            member = *list;
        else if (std::holds_alternative<std::monostate>(value))
            member.clear();
    }
}

/// As fromValue, but moves text and lists out of `value`.
template <class T>
void takeValue(FieldValue&& value, T& member)
{
    if constexpr (std::is_same_v<T, std::string>) {
        if (auto* text = std::get_if<std::string>(&value))
            member = std::move(*text);
        else if (std::holds_alternative<std::monostate>(value))
            member.clear();
    } else if constexpr (std::is_same_v<T, std::vector<std::string>>) {
        if (auto* list = std::get_if<std::vector<std::string>>(&value))
            member = std::move(*list);
        else if (std::holds_alternative<std::monostate>(value))
            member.clear();
    } else {
        fromValue(value, member);
    }
}

template <class Class>
const Class& objectOf(const Part& part)
{
    if constexpr (std::is_same_v<Class, PartInfo>)
        return infoOf(part);
    else
        return std::get<Class>(part);
}

template <class Class>
Class& objectOf(Part& part)
{
    if constexpr (std::is_same_v<Class, PartInfo>)
        return infoOf(part);
    else
        return std::get<Class>(part);
}

template <auto Member>
FieldValue getMember(const Part& part)
{
    using Class = typename MemberTraits<decltype(Member)>::Class;
    return toValue(objectOf<Class>(part).*Member);
}

template <auto Member>
void setMember(Part& part, const FieldValue& value)
{
    using Class = typename MemberTraits<decltype(Member)>::Class;
    fromValue(value, objectOf<Class>(part).*Member);
}

template <auto Member>
FieldView viewMember(const Part& part)
{
    using Class = typename MemberTraits<decltype(Member)>::Class;
    return toView(objectOf<Class>(part).*Member);
}

template <auto Member>
void takeMember(Part& part, FieldValue&& value)
{
    using Class = typename MemberTraits<decltype(Member)>::Class;
    takeValue(std::move(value), objectOf<Class>(part).*Member);
}

} // namespace infrafit::detail
