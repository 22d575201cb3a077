// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/metrics/metrics_import.h"
#include "core/project/measurement.h"

#include <optional>
#include <string>
#include <vector>

namespace infrafit {

/// The metrics of one measured run's window, summarised as the project
/// keeps them (`measurements[].metrics`, docs/user-guide.md "Measured
/// runs"): the GPUs seen, the window from the first to the last sample,
/// per-GPU power mean and 95th percentile (nearest rank) over every GPU's
/// samples pooled, mean tensor-pipe activity, the most memory any GPU used.
/// A quantity without samples stays absent.
MeasurementMetrics runMetricsSummary(const MetricsImport& metrics);

/// One run's summary for reports: where it came from and any problem
/// reading it.
struct RunMetricsRow {
    std::string run;
    std::string metricsFile;            ///< as the run names it; empty = stored summary
    std::optional<MeasurementMetrics> metrics;
    std::string problem;                ///< e.g. no GPU samples in the file
};

/// The rows as a text table ("Measured runs' metrics windows").
std::string runMetricsToText(const std::vector<RunMetricsRow>& rows);

} // namespace infrafit
