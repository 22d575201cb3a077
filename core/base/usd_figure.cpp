// SPDX-License-Identifier: Apache-2.0
#include "core/base/usd_figure.h"

#include "core/base/finding_text.h"

#include <cmath>

namespace infrafit {

std::string unpricedText(int unpricedParts)
{
    if (unpricedParts <= 0)
        return {};
    return std::to_string(unpricedParts) + (unpricedParts == 1 ? " part" : " parts")
           + " unpriced";
}

std::string describeUsd(const UsdFigure& figure, int decimals)
{
    if (!std::isfinite(figure.usd))
        return "n/a";
    const std::string digits = infra::num(std::fabs(figure.usd), decimals);
    const bool negative = figure.usd < 0 && digits.find_first_not_of("0.,") != std::string::npos;
    const std::string amount = (negative ? "-$" : "$") + digits;
    if (figure.complete())
        return amount;
    return "\u2265 " + amount + " (" + unpricedText(figure.unpricedParts) + ")";
}

} // namespace infrafit
