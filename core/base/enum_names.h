// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace infrafit {

/// Maps an enum to the stable strings used in files and the database.
/// Specialise with `static constexpr std::array<std::string_view, N> names`,
/// listed in the order of the enumerators (which must start at 0 and be dense).
template <class E>
struct EnumNames;

template <class E>
constexpr std::string_view enumName(E value)
{
    const auto index = static_cast<std::size_t>(value);
    return index < EnumNames<E>::names.size() ? EnumNames<E>::names[index] : std::string_view{};
}

template <class E>
constexpr std::optional<E> enumFromName(std::string_view name)
{
    for (std::size_t i = 0; i < EnumNames<E>::names.size(); ++i) {
        if (EnumNames<E>::names[i] == name)
            return static_cast<E>(i);
    }
    return std::nullopt;
}

} // namespace infrafit
