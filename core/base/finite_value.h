// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cmath>
#include <optional>

namespace infrafit {

/// A figure as written into a report: NaN and infinity never reach a file, so
/// a value that is not finite is written as 0 (the caller has already marked
/// such a figure as unknown where that matters).
inline double finiteOrZero(double value)
{
    return std::isfinite(value) ? value : 0.0;
}

/// A size, power, weight or price where only a positive finite value means
/// something: anything else (0, negative, NaN, infinity) is 0, "unknown".
inline double positiveOrZero(double value)
{
    return std::isfinite(value) && value > 0 ? value : 0.0;
}

/// positiveOrZero of an optional figure: absent is 0, "unknown", too.
inline double positiveOrZero(const std::optional<double>& value)
{
    return value ? positiveOrZero(*value) : 0.0;
}

/// The way back: a figure where 0 meant "unknown" as an optional one.
inline std::optional<double> positiveOrNone(double value)
{
    return positiveOrZero(value) > 0 ? std::optional<double>(value) : std::nullopt;
}

} // namespace infrafit
