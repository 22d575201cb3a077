// SPDX-License-Identifier: Apache-2.0
#include "core/analysis/optimizer_offload.h"

#include <algorithm>
#include <cmath>

namespace infrafit {

double cpuAdamKernelS(double params, double hostMemoryBytesPerS)
{
    const double rate = hostMemoryBytesPerS * cpuAdamMemoryEfficiency;
    return rate > 0 && params > 0 ? params * cpuAdamKernelBytesPerParam / rate : 0;
}

OptimizerOffloadTime optimizerOffloadTime(const OptimizerOffloadInputs& in)
{
    OptimizerOffloadTime t;
    const double p = std::max(0.0, in.shardParams);
    const double link = in.hostLinkBytesPerS;
    if (!(p > 0) || !(link > 0))
        return t;
    // Micro-batches other than the first and last copy alike: counted, not
    // looped over (m can be in the millions).
    const double m = std::max(1.0, std::round(in.microBatches));
    const double g = in.gradientElementBytes * p; // one gradient-type copy
    const double fp32 = 4.0 * p;                  // the fp32 copy the optimizer reads
    const double fetch = std::max(0.0, in.fetchedWeightBytes) * 2.0; // forward and backward
    const double microS = in.forwardS + in.backwardS;
    // The weight fetches run on their own stream, behind the micro-batch.
    const double fetchExposedS = std::max(0.0, fetch / link - microS);

    double toHost = 0, toGpu = 0;
    if (in.zeroStage >= 3) {
        auto exposedS = [&](double bytes) {
            return std::max(std::max(0.0, bytes / link - in.backwardS), fetchExposedS);
        };
        t.copiesS = (m - 1.0) * exposedS(2.0 * g) + exposedS(2.0 * g + fp32);
        toHost = m * g + fp32;
        toGpu = m * g + m * fetch;
    } else if (in.zeroStage == 2) {
        const double window = in.backwardS / std::max(1, in.shardGroup);
        if (m > 1.0)
            t.copiesS = std::max(0.0, g / link - window)
                        + (m - 2.0) * std::max(0.0, 2.0 * g / link - window);
        t.copiesS += ((m > 1 ? 2.0 * g : 0.0) + fp32) / link;
        toHost = (m > 1 ? m * g : 0.0) + fp32;
        toGpu = (m - 1) * g;
    } else {
        const double bytes = (m > 1 ? 2.0 * g : 0.0) + fp32;
        t.copiesS = bytes / link;
        toHost = (m > 1 ? g : 0.0) + fp32;
        toGpu = m > 1 ? g : 0.0;
    }
    const double rate = in.hostMemoryBytesPerS * cpuAdamMemoryEfficiency;
    t.cpuStepS = rate > 0 ? p * (cpuAdamKernelBytesPerParam + cpuStepOtherBytesPerParam) / rate
                          : 0;
    const bool weightsOnHost = fetch > 0 && in.zeroStage >= 3;
    const double returned = weightsOnHost ? 0.0 : p * in.weightElementBytes;
    t.weightReturnS = returned / link;
    t.hostLinkBytes = toHost + toGpu + returned;
    return t;
}

} // namespace infrafit
