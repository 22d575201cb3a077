// SPDX-License-Identifier: Apache-2.0
#include "core/search/balanced_score.h"

#include <algorithm>

namespace infrafit {

ScoreBreakdown balancedScore(const Workload& w, const ResolvedConfiguration& rc,
                             const Headline& f, const InfrastructureReport& infra)
{
    ScoreBreakdown s;
    const bool training = w.kind == WorkloadKind::Training;
    const double tokensPerS = training ? f.tokensPerS : f.outputTokensPerS;
    const double tokens = training && w.trainingTokens > 0 ? w.trainingTokens : 1e6;
    s.goalHours = tokensPerS > 0 ? tokens / tokensPerS / 3600.0 : 0;
    s.goalUsd = infra.cost.usdPerHour * s.goalHours;

    s.communication = std::max(0.0, f.communicationFraction - balancedCommunicationShare);

    const auto& p = infra.power;
    if (p.psuCapacityAfterFailuresW > 0) {
        const double headroom = 1.0 - p.nodeW / p.psuCapacityAfterFailuresW;
        s.psuHeadroom = 2.0 * std::max(0.0, psuHeadroomMargin - headroom);
    }
    if (p.rackBudgetKw > 0 && p.nodesPerRack > 0) {
        const int inFullest = std::min<int>(rc.config.nodes, p.nodesPerRack);
        const double usedKw = inFullest * p.nodeWallW / 1000.0;
        const double headroom = 1.0 - usedKw / p.rackBudgetKw;
        s.rackHeadroom = std::max(0.0, rackHeadroomMargin - headroom);
    }
    if (f.usableBytes > 0) {
        const double unused = 1.0 - f.memoryBytes / f.usableBytes;
        s.memoryUnused = 0.25 * std::max(0.0, unused - memoryUnusedMargin);
    }
    const int gpn = std::max(1, rc.config.gpusPerNode);
    if (rc.nic && rc.config.nicsPerNode > std::max(1, gpn / 2) && f.nicBusyFraction < 0.02)
        s.nicOversized = 0.05;
    if (rc.cpu) {
        const double coresPerGpu = double(rc.cpu->cores) * rc.config.cpusPerNode / gpn;
        s.cpuOversized = std::min(
            0.1, 0.02 * std::max(0.0, coresPerGpu - cpuCoresPerGpuNeeded) / cpuCoresPerGpuNeeded);
    }
    return s;
}

} // namespace infrafit
