// SPDX-License-Identifier: Apache-2.0
#include "ui/project/preferences.h"

#include <QSettings>

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
    p.tcoYears = settings.value(QStringLiteral("cost/years"), p.tcoYears).toDouble();
    p.defaultEfficiency = optionalValue(settings, QStringLiteral("analysis/defaultEfficiency"));
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
    settings.setValue(QStringLiteral("analysis/defaultEfficiency"),
                      defaultEfficiency ? QVariant(*defaultEfficiency) : QVariant(QString()));
}

InfrastructureInputs Preferences::infrastructureInputs() const
{
    InfrastructureInputs inputs;
    inputs.electricityUsdPerKwh = electricityUsdPerKwh;
    inputs.utilisation = utilisation;
    inputs.pue = pue;
    inputs.years = tcoYears;
    return inputs;
}

} // namespace infrafit::ui
