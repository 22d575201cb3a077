// SPDX-License-Identifier: Apache-2.0
#include "core/analysis/communication.h"

namespace infrafit {

double ringAllReduceS(double bytes, int n, double bytesPerS, double latencyS)
{
    if (n <= 1 || bytes <= 0)
        return 0;
    if (bytesPerS <= 0)
        return 1e30; // no link: the caller reports it as an error finding
    return 2.0 * (n - 1) / n * bytes / bytesPerS + 2.0 * (n - 1) * latencyS;
}

double ringGatherS(double bytes, int n, double bytesPerS, double latencyS)
{
    if (n <= 1 || bytes <= 0)
        return 0;
    if (bytesPerS <= 0)
        return 1e30;
    return double(n - 1) / n * bytes / bytesPerS + (n - 1) * latencyS;
}

LinkLevel groupLevel(int stride, int size, int gpusPerNode, const LinkRates& rates)
{
    if (size <= 1)
        return LinkLevel::None;
    if (static_cast<long long>(stride) * size <= gpusPerNode)
        return rates.intraNodeLevel;
    return LinkLevel::Nic;
}

} // namespace infrafit
