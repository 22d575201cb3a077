// SPDX-License-Identifier: Apache-2.0
#include "core/base/finding_text.h"

#include <cmath>
#include <cstdio>

namespace infrafit::infra {

std::string num(double value, int decimals)
{
    if (!std::isfinite(value))
        return "n/a";
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, std::fabs(value));
    std::string digits(buffer);
    const auto dot = digits.find('.');
    std::string whole = digits.substr(0, dot);
    const std::string fraction = dot == std::string::npos ? std::string{} : digits.substr(dot);
    std::string grouped;
    const auto n = whole.size();
    for (std::size_t i = 0; i < n; ++i) {
        grouped.push_back(whole[i]);
        const auto left = n - i - 1;
        if (left > 0 && left % 3 == 0)
            grouped.push_back(',');
    }
    const bool negative = value < 0 && (grouped != "0" || fraction.find_first_not_of(".0") != std::string::npos);
    return (negative ? "-" : "") + grouped + fraction;
}

std::string counted(double count, const char* singular, const char* plural)
{
    return num(count) + " " + (count == 1 ? singular : plural);
}

std::string watts(double w)
{
    if (std::fabs(w) >= 100000)
        return num(w / 1000, 1) + " kW";
    return num(w) + " W";
}

void addFinding(Findings& findings, Severity severity, std::string code, std::string message,
                std::string suggestion)
{
    findings.push_back(
        Finding{severity, std::move(code), std::move(message), std::move(suggestion)});
}

double safeDiv(double a, double b)
{
    if (b == 0)
        return 0;
    const double q = a / b;
    return std::isfinite(q) ? q : 0;
}

double finiteOr(double value, double fallback)
{
    return std::isfinite(value) ? value : fallback;
}

} // namespace infrafit::infra
