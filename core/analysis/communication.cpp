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

LinkDemands linkDemands(std::initializer_list<LevelTraffic> traffic, double windowS,
                        const LinkRates& rates)
{
    LinkDemands d;
    d.windowS = windowS > 0 ? windowS : 0;
    d.gpuLink.present = rates.intraNodeLevel == LinkLevel::GpuLink;
    d.gpuLink.availableBytesPerS = d.gpuLink.present ? rates.intraNodeBytesPerS : 0;
    d.pcie.present = true;
    d.pcie.availableBytesPerS = rates.hostLinkBytesPerS;
    d.nic.availableBytesPerS = rates.interNodeBytesPerS;
    d.nic.present = rates.interNodeBytesPerS > 0;
    for (const LevelTraffic& t : traffic) {
        switch (t.level) {
        case LinkLevel::GpuLink: d.gpuLink.bytes += t.bytes; break;
        case LinkLevel::Pcie: d.pcie.bytes += t.bytes; break;
        case LinkLevel::Nic:
            d.nic.bytes += t.bytes;
            d.pcie.bytes += t.bytes; // GPU -> PCIe switch -> NIC
            d.nic.present = d.nic.present || t.bytes > 0;
            break;
        case LinkLevel::None: break;
        }
    }
    for (LevelDemand* level : {&d.gpuLink, &d.pcie, &d.nic}) {
        level->present = level->present || level->bytes > 0;
        level->demandBytesPerS = d.windowS > 0 ? level->bytes / d.windowS : 0;
    }
    return d;
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
