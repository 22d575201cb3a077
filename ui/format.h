// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

namespace infrafit {
struct UsdFigure;
}

namespace infrafit::ui {

/// The currency money is shown in. Catalog prices and every core result
/// stay in US dollars; the UI multiplies by `perUsd` only to show them.
struct DisplayCurrency {
    QString code = QStringLiteral("USD"); ///< ISO 4217 code, e.g. "EUR"
    double perUsd = 1;                    ///< units of `code` per US dollar, > 0

    /// "$", "€", "£"… for well-known codes, else empty (the code is shown).
    [[nodiscard]] QString symbol() const;
    [[nodiscard]] bool isUsd() const { return code == QStringLiteral("USD"); }
};

/// The process-wide display currency (set from Preferences on start-up and
/// when they change). An invalid currency (empty code, rate not > 0 or not
/// finite) falls back to USD.
void setDisplayCurrency(const DisplayCurrency& currency);
const DisplayCurrency& displayCurrency();
/// "Converted from USD at 1 USD = 0.92 EUR." — empty when showing USD.
QString currencyRateNote();

/// Display formatting only (units, separators); no figure is computed here.
QString formatBytes(double bytes, bool binaryUnits);
QString formatDuration(double seconds);
QString formatNumber(double value, int decimals = 0);
/// An amount given in US dollars, shown in the display currency
/// ("$1,234", "€1.2 M", "12,345 SEK").
QString formatUsd(double usd);
/// A sum that may be a lower bound: formatUsd() when complete, else
/// "≥ $98,800 (1 part unpriced)".
QString formatUsdFigure(const UsdFigure& figure);
QString formatPercent(double fraction, int decimals = 1);
QString formatWatts(double watts);

} // namespace infrafit::ui
