// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cmath>

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

} // namespace infrafit
