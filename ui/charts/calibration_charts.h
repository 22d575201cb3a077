// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/calibration/efficiency_fit.h"
#include "core/metrics/utilisation_charts.h"

class QChart;

namespace infrafit::ui {

/// Measured against predicted, one point per run, before the fit (at the
/// default efficiency) and after it, with the line where they agree. Each
/// run's figure is shown as a share of its measured value (predicted ÷
/// measured, from core's errors), so step times and throughputs share one
/// axis: 1.0 is a perfect prediction. Cleared first.
void buildCalibrationFitChart(QChart* chart, const CalibrationResult& fit);

/// Per-GPU power samples by power bin (core's powerHistogram). Cleared first.
void buildPowerHistogramChart(QChart* chart, const PowerHistogram& histogram);

} // namespace infrafit::ui
