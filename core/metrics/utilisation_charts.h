// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/metrics/metrics_import.h"

#include <optional>
#include <string>
#include <vector>

namespace infrafit {

/// Activity per host over time, for a heatmap: the window split into equal
/// bins, each cell the mean over the host's GPUs and the bin's samples of
/// tensor-pipe activity (else SM activity, else NVML utilisation: the first
/// the metrics have), 0..1; nullopt where a host has no sample in a bin.
struct UtilisationHeatmap {
    std::string quantity;                ///< "tensor_active", "sm_active" or "gpu_util"
    std::vector<std::string> hosts;      ///< rows, in the order first seen
    double startS = 0;
    double binS = 0;                     ///< width of one column
    std::vector<std::vector<std::optional<double>>> cells; ///< [host][bin]
};
UtilisationHeatmap utilisationHeatmap(const MetricsImport& metrics, int bins = 48);

/// How per-GPU power samples spread: `bins` equal bins from the smallest
/// to the largest sample.
struct PowerHistogram {
    double startW = 0;
    double binW = 0;
    std::vector<std::size_t> counts;
    std::size_t samples = 0;
};
PowerHistogram powerHistogram(const MetricsImport& metrics, int bins = 24);

} // namespace infrafit
