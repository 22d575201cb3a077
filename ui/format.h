// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

namespace infrafit::ui {

/// Display formatting only (units, separators); no figure is computed here.
QString formatBytes(double bytes, bool binaryUnits);
QString formatDuration(double seconds);
QString formatNumber(double value, int decimals = 0);
QString formatUsd(double usd);
QString formatPercent(double fraction, int decimals = 1);
QString formatWatts(double watts);

} // namespace infrafit::ui
