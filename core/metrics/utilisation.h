// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/finding.h"
#include "core/metrics/metrics_import.h"

#include <optional>
#include <string>
#include <vector>

namespace infrafit {

/// Mean, 95th percentile (nearest rank), minimum and maximum of a series.
struct SeriesStats {
    double mean = 0;
    double p95 = 0;
    double min = 0;
    double max = 0;
    std::size_t samples = 0;
};

/// Statistics of `values` (nullopt when empty).
std::optional<SeriesStats> seriesStats(const std::vector<TimedValue>& values);

/// The increase of a counter over its series: the sum of its rises, a fall
/// being a reset (the counter restarted from 0, as Prometheus' increase()
/// treats it).
double counterIncrease(const std::vector<TimedValue>& values);

/// What one GPU did over the window of its samples.
struct GpuUtilisation {
    std::string host;
    std::string gpu;
    std::string uuid;
    std::string model;
    std::optional<SeriesStats> powerW;
    std::optional<SeriesStats> tensorActive;
    std::optional<SeriesStats> smActive;
    std::optional<SeriesStats> dramActive;
    std::optional<SeriesStats> gpuUtil;
    std::optional<SeriesStats> memoryUsedBytes;
    std::optional<double> memoryTotalBytes; ///< used + free + reserved, largest seen
    std::optional<SeriesStats> temperatureC;
    std::optional<double> energyJ;          ///< from the energy counter, resets handled
    std::size_t xidSamples = 0;             ///< samples reporting an XID error
    double lastXid = 0;
    double windowStartS = 0;
    double windowEndS = 0;
    bool idle = false;                      ///< see UtilisationLimits::idleActivity
    bool memoryMostlyUnused = false;        ///< see UtilisationLimits::memoryUsedShare
};

/// One host: its GPUs' power added up per time stamp.
struct HostUtilisation {
    std::string host;
    int gpus = 0;
    int idleGpus = 0;
    std::optional<SeriesStats> gpuPowerW; ///< sum over the host's GPUs
    /// From a configuration, when given: the host's usable PSU capacity and
    /// the non-GPU power the analysis expects under load.
    std::optional<double> psuCapacityW;
    std::optional<double> estimatedPeakW; ///< p95 GPU sum + non-GPU average
};

/// The thresholds that classify a GPU; shown next to the results.
struct UtilisationLimits {
    /// Idle: mean SM activity (or, without DCP metrics, NVML utilisation)
    /// below this share.
    double idleActivity = 0.05;
    /// Memory mostly unused: the largest memory used stays under this
    /// share of the GPU's memory.
    double memoryUsedShare = 0.5;
    /// Host power far from its PSUs: the estimated peak stays under this
    /// share of the usable PSU capacity.
    double psuShare = 0.5;
};

/// A configuration's view of one node, to judge measured hosts against.
struct HostCapacity {
    double psuCapacityW = 0; ///< usable under the PSU redundancy
    double nonGpuAverageW = 0; ///< CPUs, memory, NICs, drives, fans under load
};

struct UtilisationReport {
    std::vector<GpuUtilisation> gpus;
    std::vector<HostUtilisation> hosts;
    Findings findings;
    UtilisationLimits limits;
    std::size_t samples = 0;
    bool timestamped = true;
    double windowStartS = 0;
    double windowEndS = 0;
};

/// Per GPU and per host statistics of imported metrics, with findings for
/// idle GPUs, GPUs whose memory is mostly unused, XID errors, and (with a
/// capacity) hosts whose power never comes near their PSUs.
UtilisationReport utilisationOf(const MetricsImport& metrics, const UtilisationLimits& limits = {},
    const std::optional<HostCapacity>& capacity = std::nullopt);

} // namespace infrafit
