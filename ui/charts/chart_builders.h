// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/analysis/analysis_result.h"

class QChart;

namespace infrafit::ui {

/// Each function fills `chart` (cleared first) with series that hold the
/// analysis' own numbers, only converted to the display unit; they compute
/// no figure. Series and sets are named so tests can read them back.

/// Memory per GPU by line (weights, gradients, optimizer, activations, KV
/// cache, overhead), one stacked bar per pipeline stage (or one for the
/// GPU), with the usable capacity as a line. GiB or GB.
/// Empties a line chart for a rebuild: no series, no axes (deleted, since
/// removeAxis only hands them back), no animation, a smaller legend at the
/// bottom. Shared by the serving-latency and power-cap charts.
void resetLineChart(QChart* chart);

void buildMemoryChart(QChart* chart, const AnalysisResult& result, bool binaryUnits);

/// Training: one step split into compute, pipeline bubble, exposed
/// communication and optimizer (s). Inference: time to first token and
/// time per output token (ms).
void buildTimeChart(QChart* chart, const AnalysisResult& result);

/// Node power by component at idle, average under the workload and maximum (kW), with the PSU
/// capacity left after the redundancy's failures as a line.
void buildNodePowerChart(QChart* chart, const AnalysisResult& result);

/// A full rack's load against the rack budget and the cooling capacity (kW).
void buildRackChart(QChart* chart, const AnalysisResult& result);

/// Communication time per step by parallel dimension and the link it uses
/// (s), with the exposed share.
void buildInterconnectChart(QChart* chart, const AnalysisResult& result);

} // namespace infrafit::ui
