// SPDX-License-Identifier: Apache-2.0
#include "core/pipeline/power_cap_sweep.h"

#include "core/pipeline/evaluate.h"
#include "core/infra/gpu_power_model.h"

#include <algorithm>
#include <cmath>

namespace infrafit {

PowerCapSweep sweepGpuPowerLimit(const Workload& workload, const ResolvedConfiguration& config,
                                 const InfrastructureInputs& inputs,
                                 const AnalysisResult& analysed, int steps)
{
    PowerCapSweep sweep;
    sweep.configuredLimitW = effectivePowerLimitW(config.gpu, config.config.gpuPowerLimitW);
    if (!speedAvailable(analysed))
        return sweep;
    Workload fixed = workload;
    fixed.parallelism = analysed.parallelism; // only the cap changes along the sweep
    fixed.serving.requestRatePerS.reset();
    fixed.serving.users.reset();
    const double low = gpuMinPowerLimitW(config.gpu);
    const double high = gpuMaxPowerLimitW(config.gpu);
    const int n = std::max(2, steps);
    for (int i = 0; i < n; ++i) {
        const double limit = low + (high - low) * i / (n - 1);
        ResolvedConfiguration capped = config;
        capped.config.gpuPowerLimitW = limit;
        const AnalysisResult r = evaluate(fixed, capped, inputs);
        if (!speedAvailable(r) || !r.infrastructure)
            continue;
        PowerCapPoint p;
        p.limitW = limit;
        p.tokensPerS = workload.kind == WorkloadKind::Training ? r.performance.tokensPerS
                                                               : r.performance.outputTokensPerS;
        p.clusterWallW = r.infrastructure->power.clusterTypicalW;
        p.usdPerMillionTokens = r.infrastructure->cost.usdPerMillionTokens;
        p.priceComplete = r.infrastructure->cost.priceComplete;
        if (!std::isfinite(p.tokensPerS) || !std::isfinite(p.clusterWallW))
            continue;
        sweep.points.push_back(p);
    }
    return sweep;
}

} // namespace infrafit
