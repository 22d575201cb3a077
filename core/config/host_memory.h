// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/config/resolved_configuration.h"

namespace infrafit {

/// Share of the node's CPU memory channels that hold a DIMM: dimms_per_node
/// over CPUs × channels, at most 1 (a channel without a DIMM adds no
/// bandwidth; the CPU's peak is channels × transfer rate × 8 B). 1 when the
/// DIMMs, the CPU or its channels are not known.
double populatedChannelFraction(const ResolvedConfiguration& config);

/// Peak CPU memory bandwidth of one node, GB/s: CPUs × the CPU's
/// `memory_bandwidth_gbs` × populatedChannelFraction(). 0 when the
/// configuration names no CPU or its bandwidth.
double cpuMemoryGbsPerNode(const ResolvedConfiguration& config);

} // namespace infrafit
