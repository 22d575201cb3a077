// SPDX-License-Identifier: Apache-2.0
#include "core/analysis/power_activity.h"

#include <algorithm>
#include <cmath>

namespace infrafit {
namespace {

double activityTime(double v)
{
    return std::isfinite(v) && v > 0 && v < 1e29 ? v : 0.0;
}

} // namespace

std::optional<GpuActivity> gpuActivityFor(const Workload& workload, const AnalysisResult& result)
{
    if (!result.analyzed)
        return std::nullopt;
    const PerformanceResult& perf = result.performance;
    const CommunicationResult& comm = result.interconnect;
    GpuActivity a;
    a.fromWorkload = true;
    if (workload.kind == WorkloadKind::Training) {
        const double compute = activityTime(perf.computeTimeS);
        const double elementwise = std::min(activityTime(perf.elementwiseTimeS), compute);
        // Compute slowed by the collectives it overlaps is busy GPU time:
        // it is counted in the exposed communication but draws compute power.
        const double communication = activityTime(comm.tpTimeS) + activityTime(comm.epTimeS)
            + activityTime(comm.ppExposedS) + activityTime(comm.dpExposedS)
            + activityTime(perf.bubbleTimeS) + activityTime(perf.activationOffloadTimeS)
            + activityTime(perf.optimizerOffloadTimeS);
        const double slowed = std::min(activityTime(comm.overlapSlowdownS), communication);
        a.computeBound = compute - elementwise + slowed;
        a.memoryBound = elementwise + activityTime(perf.optimizerTimeS);
        a.communication = communication - slowed;
        // Tensor intensity while compute-bound: the step's hardware FLOPs
        // at the achieved rate over the GEMM time (hfu × step / GEMM time).
        if (a.computeBound > 0 && perf.hfu > 0)
            a.computeIntensity = std::clamp(
                activityTime(perf.hfu) * activityTime(perf.stepTimeS) / a.computeBound, 0.0, 1.0);
    } else {
        // One request on a replica: its prefill, and its share of the
        // decode steps (one per output token, shared by the batch).
        const double prefill = activityTime(perf.prefillTimeS);
        const double batch = std::max(1.0, activityTime(perf.servingBatch));
        const double decode
            = std::max(0, workload.outputTokens - 1) * activityTime(perf.tpotS) / batch;
        const double commShare = std::clamp(activityTime(comm.communicationFraction), 0.0, 1.0);
        a.computeBound = prefill;
        a.communication = decode * commShare;
        (perf.decodeComputeBound ? a.computeBound : a.memoryBound) += decode * (1 - commShare);
    }
    if (!(a.computeBound + a.memoryBound + a.communication > 0))
        return std::nullopt;
    return normalisedActivity(a);
}

} // namespace infrafit
