// SPDX-License-Identifier: Apache-2.0
#include "core/config/host_memory.h"

#include <algorithm>

namespace infrafit {

double populatedChannelFraction(const ResolvedConfiguration& c)
{
    const int cpus = std::max(0, c.config.cpusPerNode);
    const int channels = c.cpu ? cpus * c.cpu->memoryChannels.value_or(0) : 0;
    if (channels <= 0 || !c.config.dimmsPerNode)
        return 1.0;
    return std::clamp(double(*c.config.dimmsPerNode) / channels, 0.0, 1.0);
}

double cpuMemoryGbsPerNode(const ResolvedConfiguration& c)
{
    if (!c.cpu || c.config.cpusPerNode <= 0)
        return 0;
    return c.config.cpusPerNode * std::max(0.0, c.cpu->memoryBandwidthGbs)
           * populatedChannelFraction(c);
}

} // namespace infrafit
