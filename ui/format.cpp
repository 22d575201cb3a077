// SPDX-License-Identifier: Apache-2.0
#include "ui/format.h"

#include <QLocale>

#include <cmath>

namespace infrafit::ui {

QString formatNumber(double value, int decimals)
{
    if (!std::isfinite(value))
        return QStringLiteral("—");
    return QLocale().toString(value, 'f', decimals);
}

QString formatBytes(double bytes, bool binaryUnits)
{
    const double unit = binaryUnits ? 1073741824.0 : 1e9;
    return formatNumber(bytes / unit, 1) + (binaryUnits ? QStringLiteral(" GiB") : QStringLiteral(" GB"));
}

QString formatDuration(double seconds)
{
    if (!std::isfinite(seconds) || seconds <= 0)
        return QStringLiteral("—");
    if (seconds < 1e-3)
        return formatNumber(seconds * 1e6, 0) + QStringLiteral(" µs");
    if (seconds < 1)
        return formatNumber(seconds * 1e3, seconds < 0.01 ? 2 : 1) + QStringLiteral(" ms");
    if (seconds < 120)
        return formatNumber(seconds, 2) + QStringLiteral(" s");
    if (seconds < 7200)
        return formatNumber(seconds / 60, 1) + QStringLiteral(" min");
    if (seconds < 3 * 86400)
        return formatNumber(seconds / 3600, 1) + QStringLiteral(" h");
    return formatNumber(seconds / 86400, 1) + QStringLiteral(" days");
}

QString formatUsd(double usd)
{
    if (!std::isfinite(usd))
        return QStringLiteral("—");
    if (std::fabs(usd) >= 1e6)
        return QStringLiteral("$") + formatNumber(usd / 1e6, 2) + QStringLiteral(" M");
    return QStringLiteral("$") + formatNumber(usd, std::fabs(usd) < 10 ? 2 : 0);
}

QString formatPercent(double fraction, int decimals)
{
    return formatNumber(fraction * 100, decimals) + QStringLiteral(" %");
}

QString formatWatts(double watts)
{
    if (std::fabs(watts) >= 1e6)
        return formatNumber(watts / 1e6, 2) + QStringLiteral(" MW");
    if (std::fabs(watts) >= 1e4)
        return formatNumber(watts / 1e3, 1) + QStringLiteral(" kW");
    return formatNumber(watts, 0) + QStringLiteral(" W");
}

} // namespace infrafit::ui
