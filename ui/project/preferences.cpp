// SPDX-License-Identifier: Apache-2.0
#include "ui/project/preferences.h"

#include <QSettings>

#include <cmath>

namespace infrafit::ui {
namespace {

std::optional<double> optionalValue(const QSettings& settings, const QString& key)
{
    const QVariant value = settings.value(key);
    if (!value.isValid() || value.toString().isEmpty())
        return std::nullopt;
    bool ok = false;
    const double number = value.toDouble(&ok);
    return ok ? std::optional<double>(number) : std::nullopt;
}

} // namespace

Preferences Preferences::load()
{
    QSettings settings;
    Preferences p;
    p.binaryUnits = settings.value(QStringLiteral("units/binary"), p.binaryUnits).toBool();
    p.electricityUsdPerKwh =
        settings.value(QStringLiteral("cost/electricityUsdPerKwh"), p.electricityUsdPerKwh).toDouble();
    p.utilisation = settings.value(QStringLiteral("power/utilisation"), p.utilisation).toDouble();
    p.pue = optionalValue(settings, QStringLiteral("cost/pue"));
    p.gridCo2GPerKwh =
        settings.value(QStringLiteral("cost/gridCo2GPerKwh"), p.gridCo2GPerKwh).toDouble();
    p.tcoYears = settings.value(QStringLiteral("cost/years"), p.tcoYears).toDouble();
    p.defaultEfficiency = optionalValue(settings, QStringLiteral("analysis/defaultEfficiency"));
    const QString code = settings.value(QStringLiteral("money/currency")).toString().trimmed();
    const double perUsd = settings.value(QStringLiteral("money/perUsd"), 1.0).toDouble();
    // A code without a usable rate would show wrong amounts: fall back to USD.
    if (!code.isEmpty() && std::isfinite(perUsd) && perUsd > 0) {
        p.currencyCode = code.toUpper();
        p.currencyPerUsd = perUsd;
    }
    return p;
}

void Preferences::save() const
{
    QSettings settings;
    settings.setValue(QStringLiteral("units/binary"), binaryUnits);
    settings.setValue(QStringLiteral("cost/electricityUsdPerKwh"), electricityUsdPerKwh);
    settings.setValue(QStringLiteral("power/utilisation"), utilisation);
    settings.setValue(QStringLiteral("cost/pue"), pue ? QVariant(*pue) : QVariant(QString()));
    settings.setValue(QStringLiteral("cost/years"), tcoYears);
    settings.setValue(QStringLiteral("cost/gridCo2GPerKwh"), gridCo2GPerKwh);
    settings.setValue(QStringLiteral("analysis/defaultEfficiency"),
                      defaultEfficiency ? QVariant(*defaultEfficiency) : QVariant(QString()));
    settings.setValue(QStringLiteral("money/currency"), currencyCode);
    settings.setValue(QStringLiteral("money/perUsd"), currencyPerUsd);
}

InfrastructureInputs Preferences::infrastructureInputs() const
{
    InfrastructureInputs inputs;
    inputs.electricityUsdPerKwh = electricityUsdPerKwh;
    inputs.utilisation = utilisation;
    inputs.pue = pue;
    inputs.years = tcoYears;
    inputs.gridCo2GPerKwh = gridCo2GPerKwh;
    return inputs;
}

} // namespace infrafit::ui
