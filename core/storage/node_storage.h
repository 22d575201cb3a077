// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/config/resolved_configuration.h"

namespace infrafit {

/// What one node's storage and network can move, in bytes per second, and
/// what its drives hold. Zero where the part is absent.
struct NodeStorage {
    int drives = 0;
    double writeBytesPerS = 0; ///< drives x sequential write MB/s x 10^6
    double readBytesPerS = 0; ///< drives x sequential read MB/s x 10^6
    double capacityBytes = 0; ///< drives x capacity TB x 10^12
    double nicBytesPerS = 0; ///< NICs x ports x Gb/s / 8 x 10^9 (line rate)
    double sharedBytesPerS = 0; ///< the cluster's shared storage, whole cluster

    [[nodiscard]] bool hasDrives() const { return writeBytesPerS > 0 && readBytesPerS > 0; }
    [[nodiscard]] bool hasShared() const { return sharedBytesPerS > 0 && nicBytesPerS > 0; }
};

/// Per-node storage of a configuration. Drives stripe (RAID 0 or one file
/// per drive), so a node's sequential bandwidth is the sum over drives
/// (vendor datasheet figures, e.g. Samsung PM1743: 13,000 MB/s read,
/// 6,600 MB/s write; docs/reference/hardware.md §1.5). Vendor MB = 10^6 bytes.
NodeStorage nodeStorageOf(const ResolvedConfiguration& rc);

/// Bandwidth per node when `nodes` nodes move data to or from shared
/// storage at once: the node's NICs or its share of the storage bandwidth,
/// whichever is smaller; 0 without shared storage or NICs.
double sharedBytesPerSPerNode(const NodeStorage& node, int nodes);

/// Time for `nodes` nodes to move `bytesPerNode` each to or from shared
/// storage: max(total / storage bandwidth, per node / NIC line rate);
/// 0 when there is no shared storage.
double sharedTransferS(const NodeStorage& node, double bytesPerNode, int nodes);

} // namespace infrafit
