// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/infra/infrastructure_inputs.h"

#include <optional>

namespace infrafit::ui {

/// User settings that change how results are shown or priced (QSettings).
struct Preferences {
    bool binaryUnits = true;            ///< GiB (2^30) rather than GB (10^9)
    double electricityUsdPerKwh = 0.10;
    double utilisation = 0.8;           ///< typical GPU load for power and energy
    std::optional<double> pue;          ///< empty: from the cooling option
    double tcoYears = 4;
    /// Compute efficiency used when a workload sets none (empty: per GPU family).
    std::optional<double> defaultEfficiency;

    static Preferences load();
    void save() const;
    /// The infrastructure inputs these preferences imply.
    [[nodiscard]] InfrastructureInputs infrastructureInputs() const;
};

} // namespace infrafit::ui
