// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/parts/part_info.h"

namespace infrafit {

/// An NVMe drive. Bandwidths are sequential, in MB/s (10^6 bytes/s).
struct Nvme : PartInfo {
    double capacityTb = 0;
    std::string formFactor;
    int pcieGen = 4;
    int pcieLanes = 4;
    double readMbs = 0;
    double writeMbs = 0;
    std::optional<double> randomReadKiops;
    std::optional<double> randomWriteKiops;
    double powerW = 0;
    std::optional<double> dwpd;
};

} // namespace infrafit
