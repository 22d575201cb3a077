// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/config/resolved_configuration.h"
#include "core/infra/infrastructure.h"
#include "core/pipeline/plan_evaluator.h"
#include "core/workload/workload.h"

namespace infrafit {

/// The balanced score of a candidate (docs/recommendation.md): lower is
/// better. score = goalUsd × (1 + Σ penalties).
///
/// goalUsd — TCO-based cost of the goal: the cluster's TCO per hour
/// (capex + energy over the cost horizon, core/infra/cost.h, spread over
/// its hours) × the hours the goal takes: the training run (training_tokens
/// / tokens per second) or, without training_tokens or for inference, one
/// million tokens (trained or generated). The same as TCO cost per token ×
/// tokens: a faster cluster pays for fewer hours, a cheaper one less per hour.
///
/// Penalties (fractions, each 0 when balanced), for imbalance the goal
/// does not see because the parts are paid for but idle or run without margin:
struct ScoreBreakdown {
    double goalUsd = 0;
    double goalHours = 0;
    /// Exposed communication above 15 % of the step (or token) time, 1:1:
    /// the GPUs wait on links (maxCommunicationFraction 0.25 is an error level).
    double communication = 0;
    /// PSU headroom below 10 % of the capacity left after the redundancy's
    /// failures, ×2: a node at its PSU limit trips on transients (80 PLUS
    /// units are most efficient near 50 % load, docs/reference/hardware.md §1.6).
    double psuHeadroom = 0;
    /// Rack power headroom below 10 % of the rack budget in the fullest
    /// rack, ×1 (breaker and feed at their continuous limit).
    double rackHeadroom = 0;
    /// GPU memory left unused beyond 50 % of the usable memory, ×0.25: a
    /// smaller (cheaper) GPU would do; weighted low because headroom buys
    /// longer contexts and larger batches later.
    double memoryUnused = 0;
    /// NICs oversized: 0.05 when the plan keeps the NICs busy less than
    /// 2 % of the time and the build has more NICs than its minimum option
    /// (one per two GPUs): bandwidth paid for and not used.
    double nicOversized = 0;
    /// CPU cores per GPU beyond 16 (DGX H100: 112 cores for 8 GPUs = 14),
    /// 0.02 per 16 extra cores per GPU, at most 0.1: host cores the plan's
    /// data loading does not use.
    double cpuOversized = 0;

    [[nodiscard]] double penalties() const
    {
        return communication + psuHeadroom + rackHeadroom + memoryUnused + nicOversized
               + cpuOversized;
    }
    [[nodiscard]] double score() const { return goalUsd * (1.0 + penalties()); }
};

// Thresholds of the balanced score: design choices explained in
// docs/recommendation.md "The balanced score", not measured figures.
inline constexpr double balancedCommunicationShare = 0.15;
inline constexpr double psuHeadroomMargin = 0.10;
inline constexpr double rackHeadroomMargin = 0.10;
inline constexpr double memoryUnusedMargin = 0.50;
inline constexpr double cpuCoresPerGpuNeeded = 16;

/// Scores one candidate from its plan figures and infrastructure report.
ScoreBreakdown balancedScore(const Workload& workload, const ResolvedConfiguration& config,
                             const Headline& figures, const InfrastructureReport& infra);

} // namespace infrafit
