// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/infra/infrastructure_inputs.h"
#include "ui/format.h"

#include <QString>

#include <optional>

namespace infrafit::ui {

/// User settings that change how results are shown or priced (QSettings).
struct Preferences {
    bool binaryUnits = true;            ///< GiB (2^30) rather than GB (10^9)
    double electricityUsdPerKwh = 0.10;
    double utilisation = 0.8;           ///< typical GPU load for power and energy
    std::optional<double> pue;          ///< empty: from the cooling option
    /// Grid carbon intensity, g CO2e/kWh (core default: world average 2023, Ember).
    double gridCo2GPerKwh = InfrastructureInputs{}.gridCo2GPerKwh;
    double tcoYears = 4;
    /// Compute efficiency used when a workload sets none (empty: per GPU family).
    std::optional<double> defaultEfficiency;
    /// Money is shown in this currency (ISO 4217 code) at this rate per US
    /// dollar; prices and results are kept in USD.
    QString currencyCode = QStringLiteral("USD");
    double currencyPerUsd = 1;

    static Preferences load();
    void save() const;
    /// The infrastructure inputs these preferences imply.
    [[nodiscard]] InfrastructureInputs infrastructureInputs() const;
    /// The display currency these preferences choose.
    [[nodiscard]] DisplayCurrency currency() const { return {currencyCode, currencyPerUsd}; }
};

} // namespace infrafit::ui
