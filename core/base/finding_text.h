// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/finding.h"

#include <string>

namespace infrafit::infra {

/// A number for a sentence: thousands separators, `decimals` places,
/// "n/a" for NaN or infinity (so a message never prints "nan").
std::string num(double value, int decimals = 0);

/// A count and its noun in the right number: "1 switch", "4 switches",
/// "2,048 nodes" (thousands separators as num()).
std::string counted(double count, const char* singular, const char* plural);

/// Watts as "10,200 W" (below 100 kW) or "120.5 kW".
std::string watts(double w);

/// Appends a finding.
void addFinding(Findings& findings, Severity severity, std::string code, std::string message,
                std::string suggestion = {});

/// a / b, or 0 when b is 0 or the result is not finite.
double safeDiv(double a, double b);

/// `value` if finite, else `fallback`.
double finiteOr(double value, double fallback);

} // namespace infrafit::infra
