// SPDX-License-Identifier: Apache-2.0
#include "ui/format.h"

#include "core/base/usd_figure.h"

#include <QLocale>
#include <QObject>

#include <array>
#include <cmath>
#include <utility>

namespace infrafit::ui {
namespace {

DisplayCurrency& currentCurrency()
{
    static DisplayCurrency currency;
    return currency;
}

} // namespace

QString DisplayCurrency::symbol() const
{
    static const std::array<std::pair<const char*, const char*>, 6> symbols{{
        {"USD", "$"}, {"EUR", "€"}, {"GBP", "£"}, {"JPY", "¥"}, {"INR", "₹"}, {"KRW", "₩"}}};
    for (const auto& [known, sign] : symbols) {
        if (code == QLatin1String(known))
            return QString::fromUtf8(sign);
    }
    return {};
}

void setDisplayCurrency(const DisplayCurrency& currency)
{
    const bool valid = !currency.code.trimmed().isEmpty() && std::isfinite(currency.perUsd)
        && currency.perUsd > 0;
    currentCurrency() = valid ? DisplayCurrency{currency.code.trimmed().toUpper(), currency.perUsd}
                              : DisplayCurrency{};
}

const DisplayCurrency& displayCurrency()
{
    return currentCurrency();
}

QString currencyRateNote()
{
    const auto& currency = displayCurrency();
    if (currency.isUsd())
        return {};
    return QObject::tr("Converted from USD at 1 USD = %1 %2.")
        .arg(QLocale().toString(currency.perUsd, 'g', 6), currency.code);
}

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
    const auto& currency = displayCurrency();
    const double amount = usd * currency.perUsd;
    QString number = formatNumber(std::fabs(amount) >= 1e6 ? amount / 1e6 : amount,
                                  std::fabs(amount) >= 1e6 || std::fabs(amount) < 10 ? 2 : 0);
    if (std::fabs(amount) >= 1e6)
        number += QStringLiteral(" M");
    const QString symbol = currency.symbol();
    if (symbol.isEmpty())
        return number + QLatin1Char(' ') + currency.code;
    return symbol + number;
}

QString formatUsdFigure(const UsdFigure& figure)
{
    const QString amount = formatUsd(figure.usd);
    if (figure.complete())
        return amount;
    return QStringLiteral("\u2265 ") + amount + QStringLiteral(" (")
        + QString::fromStdString(unpricedText(figure.unpricedParts)) + QLatin1Char(')');
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
