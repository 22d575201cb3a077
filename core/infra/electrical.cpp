// SPDX-License-Identifier: Apache-2.0
#include "core/infra/electrical.h"

#include "core/base/finding_text.h"

#include <cmath>

namespace infrafit {

namespace {
const double kSqrt3 = std::sqrt(3.0);
}

double singlePhaseCurrentA(double watts, double volts, double powerFactor)
{
    if (watts <= 0 || volts <= 0 || powerFactor <= 0)
        return 0;
    return infra::safeDiv(watts, volts * powerFactor); // I = P / (V·PF)
}

double threePhaseLineCurrentA(double watts, double lineToLineVolts, double powerFactor)
{
    if (watts <= 0 || lineToLineVolts <= 0 || powerFactor <= 0)
        return 0;
    return infra::safeDiv(watts, kSqrt3 * lineToLineVolts * powerFactor); // P/(√3·V_LL·PF)
}

double feedCurrentA(double watts, double volts, int phases, double powerFactor)
{
    return phases == 3 ? threePhaseLineCurrentA(watts, volts, powerFactor)
                       : singlePhaseCurrentA(watts, volts, powerFactor);
}

double feedNameplateKva(double volts, double breakerA, int phases)
{
    if (volts <= 0 || breakerA <= 0)
        return 0;
    // S = √3 × V_LL × I (three phase; Wye: 3 × V_LN × I) or V × I.
    return (phases == 3 ? kSqrt3 : 1.0) * volts * breakerA / 1000;
}

double feedUsableKw(double volts, double breakerA, int phases, double continuousLoadFactor)
{
    if (continuousLoadFactor <= 0)
        return 0;
    // NEC 210.19(A)(1)/215.2(A)(1): continuous load at most 80 % of rating.
    return feedNameplateKva(volts, breakerA, phases) * continuousLoadFactor;
}

} // namespace infrafit
