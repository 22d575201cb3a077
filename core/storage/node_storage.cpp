// SPDX-License-Identifier: Apache-2.0
#include "core/storage/node_storage.h"

#include <algorithm>
#include <cmath>

namespace infrafit {
namespace {

double nonNegative(double v)
{
    return std::isfinite(v) && v > 0 ? v : 0.0;
}

} // namespace

NodeStorage nodeStorageOf(const ResolvedConfiguration& rc)
{
    NodeStorage n;
    const auto& cfg = rc.config;
    if (rc.nvme && cfg.nvmePerNode > 0) {
        n.drives = cfg.nvmePerNode;
        n.writeBytesPerS = n.drives * nonNegative(rc.nvme->writeMbs) * 1e6;
        n.readBytesPerS = n.drives * nonNegative(rc.nvme->readMbs) * 1e6;
        n.capacityBytes = n.drives * nonNegative(rc.nvme->capacityTb) * 1e12;
    }
    if (rc.nic && cfg.nicsPerNode > 0)
        n.nicBytesPerS = cfg.nicsPerNode * std::max(0, rc.nic->ports)
            * nonNegative(rc.nic->portSpeedGbps) / 8.0 * 1e9;
    n.sharedBytesPerS = nonNegative(cfg.sharedStorageGbs) * 1e9;
    return n;
}

double sharedBytesPerSPerNode(const NodeStorage& node, int nodes)
{
    if (!node.hasShared())
        return 0;
    return std::min(node.nicBytesPerS, node.sharedBytesPerS / std::max(1, nodes));
}

double sharedTransferS(const NodeStorage& node, double bytesPerNode, int nodes)
{
    if (!node.hasShared() || bytesPerNode <= 0)
        return 0;
    const double total = bytesPerNode * std::max(1, nodes);
    return std::max(total / node.sharedBytesPerS, bytesPerNode / node.nicBytesPerS);
}

} // namespace infrafit
