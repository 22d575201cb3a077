// SPDX-License-Identifier: Apache-2.0
#include "core/analysis/optimizer_offload.h"

#include <algorithm>

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
    const double m = std::max(1.0, in.microBatches);
    const double g = in.gradientElementBytes;
    constexpr double fp32 = 4.0;
    const double fetch = std::max(0.0, in.fetchedWeightBytes) * 2.0; // forward and backward

    // One micro-batch's copies each way, and the compute they overlap.
    auto exposed = [&](double toHost, double toGpu) {
        const double gradients = std::max(0.0, toHost / link - in.backwardS);
        const double window = fetch > 0 ? in.forwardS + in.backwardS : in.backwardS;
        const double fetched = std::max(0.0, toGpu / link - window);
        return std::max(gradients, fetched);
    };
    double toHost = 0, toGpu = 0;
    if (m <= 1.0) {
        toHost = p * fp32;
        toGpu = fetch;
        t.copiesS = exposed(toHost, toGpu);
    } else {
        // First micro-batch: save; the middle ones: restore and save; the
        // last: restore, save and the fp32 copy the optimizer reads.
        const double middle = std::max(0.0, m - 2.0);
        t.copiesS = exposed(p * g, fetch) + middle * exposed(p * g, p * g + fetch)
                    + exposed(p * (g + fp32), p * g + fetch);
        toHost = p * (m * g + fp32);
        toGpu = p * (m - 1.0) * g + m * fetch;
    }
    const double rate = in.hostMemoryBytesPerS * cpuAdamMemoryEfficiency;
    t.cpuStepS = rate > 0 ? p * (cpuAdamKernelBytesPerParam + cpuStepOtherBytesPerParam) / rate
                          : 0;
    const double returned = p * in.weightElementBytes;
    t.weightReturnS = returned / link;
    t.hostLinkBytes = toHost + toGpu + returned;
    return t;
}

} // namespace infrafit
