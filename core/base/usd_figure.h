// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <string>

namespace infrafit {

/// A sum of money that knows whether it is whole. A sum with unknown terms
/// is unknown: when `unpricedParts` > 0 the figure is only a lower bound (the
/// priced terms), and nothing may present it as a total, colour it as a
/// saving or rank it below a complete one. A plain value type.
struct UsdFigure {
    double usd = 0;
    int unpricedParts = 0; ///< BOM lines (part kinds) left out for want of a price

    [[nodiscard]] bool complete() const { return unpricedParts <= 0; }
};

/// "$98,800" when complete; "≥ $98,800 (1 part unpriced)" otherwise.
/// `decimals` places, thousands separators; "n/a" for NaN or infinity.
std::string describeUsd(const UsdFigure& figure, int decimals = 0);

/// "1 part unpriced", "3 parts unpriced"; empty when complete.
std::string unpricedText(int unpricedParts);

} // namespace infrafit
