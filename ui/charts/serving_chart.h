// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/analysis/analysis_result.h"

class QChart;

namespace infrafit::ui {

/// Latency against load for a serving workload with a demand: p50 and p99
/// TTFT (left axis, ms) and TPOT (right axis, ms) against the requests/s
/// offered to the configuration, dashed SLA lines and a vertical line at
/// the demand. Draws core's latencyLoadChart() (core/serving/latency_curve.h)
/// and computes nothing; without a serving report the chart says why it is
/// empty. Series are named so tests can read them back.
void buildServingLatencyChart(QChart* chart, const AnalysisResult& result);

} // namespace infrafit::ui
