// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/pipeline/power_cap_sweep.h"

class QChart;

namespace infrafit::ui {

/// Throughput (left axis, tokens/s) and cost per million tokens (right
/// axis, display currency) against the GPU power limit (W per GPU), with a
/// dashed line at the limit in effect. Draws core's sweepGpuPowerLimit()
/// (core/pipeline/power_cap_sweep.h) and computes nothing; an empty sweep
/// leaves the chart titled with why. Series are named so tests can read
/// them back.
void buildPowerCapChart(QChart* chart, const PowerCapSweep& sweep);

} // namespace infrafit::ui
