// SPDX-License-Identifier: Apache-2.0
#include "core/workload/power_calibration.h"

#include <cmath>
#include <cstdio>

namespace infrafit {

bool GpuPowerCalibration::usable() const
{
    return std::isfinite(idleW) && std::isfinite(fullW) && idleW > 0 && fullW >= idleW;
}

std::string powerCalibrationText(const GpuPowerCalibration& c)
{
    char buffer[160];
    std::snprintf(buffer, sizeof buffer,
        "' power fit (idle %.0f W, full tensor activity %.0f W; RMS error %.1f W over %lld "
        "samples",
        std::isfinite(c.idleW) ? c.idleW : 0.0, std::isfinite(c.fullW) ? c.fullW : 0.0,
        std::isfinite(c.rmsErrorW) ? c.rmsErrorW : 0.0, c.samples);
    std::string text = "calibration profile '" + c.profile + buffer;
    if (!c.bound.empty())
        text += "; held at the bound " + c.bound;
    return text + ")";
}

} // namespace infrafit
