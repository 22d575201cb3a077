// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/parts/part_info.h"

namespace infrafit {

/// A host CPU (one socket). Peak memory bandwidth = channels x MT/s x 8 bytes.
struct Cpu : PartInfo {
    int cores = 1;
    std::optional<int> threads;
    std::optional<double> baseGhz;
    std::optional<double> boostGhz;
    double tdpW = 0;
    int pcieLanes = 0;
    int pcieGen = 5;
    std::optional<int> memoryChannels;
    std::string memoryType;
    std::optional<double> memorySpeedMts;
    double memoryBandwidthGbs = 0;
    /// The socket it fits ("LGA4677", "SP5"; "Grace module" when not
    /// socketed): a chassis whose `cpuSocket` differs cannot take it.
    /// Empty = not known.
    std::string socket;
};

} // namespace infrafit
