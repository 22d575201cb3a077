// SPDX-License-Identifier: Apache-2.0
// The display currency: money is converted only to be shown, persisted
// with the other preferences, and a change re-renders the figures.
#include "ui/analysis/analysis_page.h"
#include "ui/analysis/live_analysis.h"
#include "ui/dialogs/preferences_dialog.h"
#include "ui/format.h"
#include "ui/project/preferences.h"

#include "ui_fixture.h"

#include <catch2/catch.hpp>

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLocale>

using namespace infrafit;
using namespace infrafit::ui;

namespace {

/// Puts the default preferences (and USD) back when a test ends.
struct RestorePreferences {
    ~RestorePreferences()
    {
        Preferences{}.save();
        setDisplayCurrency({});
    }
};

} // namespace

TEST_CASE("money is shown in the display currency at its rate", "[ui][currency]")
{
    RestorePreferences restore;
    CHECK(formatUsd(1234) == QString(QStringLiteral("$") + formatNumber(1234)));
    CHECK(currencyRateNote().isEmpty());
    setDisplayCurrency({QStringLiteral("eur"), 0.5});
    CHECK(displayCurrency().code == QStringLiteral("EUR"));
    CHECK(formatUsd(1234) == QString(QStringLiteral("€") + formatNumber(617)));
    CHECK(formatUsd(4e6) == QString(QStringLiteral("€") + formatNumber(2, 2) + QStringLiteral(" M")));
    CHECK(currencyRateNote().contains(QStringLiteral("1 USD = %1 EUR").arg(QLocale().toString(0.5))));
    setDisplayCurrency({QStringLiteral("SEK"), 10});
    CHECK(formatUsd(100) == QString(formatNumber(1000) + QStringLiteral(" SEK")));
    // An unusable rate shows dollars rather than wrong amounts.
    setDisplayCurrency({QStringLiteral("SEK"), 0});
    CHECK(formatUsd(100) == QString(QStringLiteral("$") + formatNumber(100)));
}

TEST_CASE("the currency persists with the preferences", "[ui][currency]")
{
    RestorePreferences restore;
    Preferences p;
    p.currencyCode = QStringLiteral("GBP");
    p.currencyPerUsd = 0.8;
    p.save();
    const Preferences loaded = Preferences::load();
    CHECK(loaded.currencyCode == QStringLiteral("GBP"));
    CHECK(loaded.currencyPerUsd == 0.8);
}

TEST_CASE("a currency preference change re-renders the money figures", "[ui][currency]")
{
    RestorePreferences restore;
    test::WindowFixture f;
    auto* analysis = f.window->liveAnalysis();
    REQUIRE(analysis->result());
    REQUIRE(analysis->result()->infrastructure);
    const double capexUsd = analysis->result()->infrastructure->cost.capexUsd;
    REQUIRE(capexUsd > 0);
    const QString before = f.window->analysisPage()->figureText(QStringLiteral("capex"));
    CHECK(before.startsWith(QStringLiteral("$")));

    Preferences p = analysis->preferences();
    p.currencyCode = QStringLiteral("EUR");
    p.currencyPerUsd = 0.5;
    analysis->setPreferences(p);
    f.settle(); // the analysis runs on a worker
    const QString after = f.window->analysisPage()->figureText(QStringLiteral("capex"));
    CHECK(after.startsWith(QStringLiteral("€")));
    // Half the dollars, formatted as the page formats money.
    CHECK(after.startsWith(formatUsd(capexUsd)));
    CHECK(after != before);
}

TEST_CASE("the recommendation budget follows a currency change at the same value",
          "[ui][currency][recommend]")
{
    RestorePreferences restore;
    test::WindowFixture f;
    auto* budget = f.window->findChild<QDoubleSpinBox*>(
        QStringLiteral("recommendBudgetDoubleSpinBox"));
    REQUIRE(budget);
    budget->setValue(1'000'000); // USD
    CHECK(budget->suffix() == QStringLiteral(" USD"));

    auto* analysis = f.window->liveAnalysis();
    Preferences p = analysis->preferences();
    p.currencyCode = QStringLiteral("EUR");
    p.currencyPerUsd = 0.92;
    analysis->setPreferences(p);
    f.settle();
    CHECK(budget->suffix() == QStringLiteral(" EUR"));
    CHECK(budget->value() == Approx(920'000));
    // And back: the limit is still a million dollars.
    p.currencyCode = QStringLiteral("USD");
    p.currencyPerUsd = 1;
    analysis->setPreferences(p);
    f.settle();
    CHECK(budget->suffix() == QStringLiteral(" USD"));
    CHECK(budget->value() == Approx(1'000'000));
}

TEST_CASE("the electricity price is entered in the display currency and kept in dollars",
          "[ui][currency]")
{
    Preferences p;
    p.electricityUsdPerKwh = 0.12;
    p.currencyCode = QStringLiteral("EUR");
    p.currencyPerUsd = 0.9;
    PreferencesDialog dialog(p);
    auto* price = dialog.findChild<QDoubleSpinBox*>(QStringLiteral("electricitySpinBox"));
    auto* currency = dialog.findChild<QComboBox*>(QStringLiteral("currencyComboBox"));
    auto* rate = dialog.findChild<QDoubleSpinBox*>(QStringLiteral("currencyRateSpinBox"));
    REQUIRE(price);
    REQUIRE(currency);
    REQUIRE(rate);
    CHECK(price->suffix() == QStringLiteral(" EUR/kWh"));
    CHECK(price->value() == Approx(0.108));
    // Switching the currency back and forth re-shows the price, never rounds it.
    currency->setCurrentText(QStringLiteral("USD"));
    CHECK(price->suffix() == QStringLiteral(" USD/kWh"));
    CHECK(price->value() == Approx(0.12));
    currency->setCurrentText(QStringLiteral("JPY"));
    rate->setValue(150);
    CHECK(price->value() == Approx(18.0));
    CHECK(dialog.preferences().electricityUsdPerKwh == 0.12);
    // An edit in yen is stored in dollars.
    price->setValue(30);
    CHECK(dialog.preferences().electricityUsdPerKwh == Approx(0.2));
    CHECK(dialog.preferences().currencyCode == QStringLiteral("JPY"));
}
