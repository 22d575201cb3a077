// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/analysis/analysis_result.h"
#include "core/config/resolved_configuration.h"
#include "core/infra/infrastructure_inputs.h"
#include "core/workload/workload.h"

#include <optional>
#include <vector>

namespace infrafit {

/// One GPU power limit of a sweep and what the analysed plan does under it.
struct PowerCapPoint {
    double limitW = 0;          ///< per GPU
    double tokensPerS = 0;      ///< training tokens/s, or output tokens/s when serving
    double clusterWallW = 0;    ///< cluster at the wall, average under the workload
    /// Cluster TCO per hour over the tokens of an hour (absent without a speed).
    std::optional<double> usdPerMillionTokens;
    bool priceComplete = true;  ///< false: a part is unpriced, the cost is a lower bound
};

/// Throughput, power and cost per token of one workload on one
/// configuration against the GPU power limit (the issue's "throughput and
/// cost per token against the cap"), from the GPU's minimum limit to tdp_w
/// in equal steps. The plan is held at `analysed`'s (the result at the
/// configured limit), so only the cap changes (docs/power-model.md §2); a
/// serving demand is left out (throughput at the workload's concurrency,
/// no capacity search per point). Empty when `analysed` has no speed.
/// Pure; any thread.
struct PowerCapSweep {
    std::vector<PowerCapPoint> points;
    double configuredLimitW = 0; ///< the limit in effect in the configuration
};

PowerCapSweep sweepGpuPowerLimit(const Workload& workload, const ResolvedConfiguration& config,
                                 const InfrastructureInputs& inputs,
                                 const AnalysisResult& analysed, int steps = 9);

} // namespace infrafit
