// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "../analysis/test_hardware.h"
#include "core/base/finding.h"
#include "core/config/resolved_configuration.h"

#include <string_view>

namespace infrafit::testing {

/// Samsung PM1743 15.36 TB (docs/reference/hardware.md §1.5, datasheet): 13,000 MB/s
/// sequential read, 6,600 MB/s write, PCIe Gen5 x4.
inline Nvme pm1743()
{
    Nvme d;
    d.id = "samsung-pm1743-15.36tb";
    d.model = "PM1743 15.36 TB";
    d.capacityTb = 15.36;
    d.readMbs = 13000;
    d.writeMbs = 6600;
    d.powerW = 25;
    return d;
}

/// Intel Xeon Platinum 8480+ (docs/reference/hardware.md §1.3): 56 cores, 8 channels
/// DDR5-4800 = 8 x 4,800 MT/s x 8 B = 307.2 GB/s.
inline Cpu xeon8480()
{
    Cpu c;
    c.id = "intel-xeon-platinum-8480plus";
    c.model = "Xeon Platinum 8480+";
    c.cores = 56;
    c.memoryChannels = 8;
    c.memorySpeedMts = 4800;
    c.memoryBandwidthGbs = 307.2;
    return c;
}

/// A DGX H100 as NVIDIA ships it (DGX H100 datasheet; docs/reference/hardware.md §1.2):
/// 8 x H100, 2 x Xeon 8480C (56 cores each), 2 TB memory = 32 x 64 GB
/// DIMMs, 8 x 400 Gb/s ConnectX-7, data drives: here 8 x PM1743.
inline ResolvedConfiguration dgxH100WithStorage(int nodes)
{
    auto rc = h100Cluster(nodes);
    rc.chassis.model = "DGX H100";
    rc.chassis.dimmSlots = 32;
    rc.config.cpuId = "intel-xeon-platinum-8480plus";
    rc.config.cpusPerNode = 2;
    rc.cpu = xeon8480();
    rc.config.nvmeId = "samsung-pm1743-15.36tb";
    rc.config.nvmePerNode = 8;
    rc.nvme = pm1743();
    rc.config.dimmsPerNode = 32;
    rc.config.dimmSizeGb = 64;
    return rc;
}

inline bool hasCode(const Findings& findings, std::string_view code)
{
    for (const auto& f : findings)
        if (f.code == code)
            return true;
    return false;
}

} // namespace infrafit::testing
