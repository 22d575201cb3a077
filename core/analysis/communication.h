// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/analysis/hardware_rates.h"

namespace infrafit {

/// Time of a ring all-reduce of `bytes` over `n` GPUs at bus bandwidth
/// `bytesPerS` and per-hop latency `latencyS`: 2(n−1)/n · S/B + 2(n−1)·α
/// (Patarasuk & Yuan 2009; nccl-tests PERFORMANCE.md busbw factor). 0 for n ≤ 1.
double ringAllReduceS(double bytes, int n, double bytesPerS, double latencyS);

/// Reduce-scatter or all-gather: (n−1)/n · S/B + (n−1)·α (nccl-tests PERFORMANCE.md).
double ringGatherS(double bytes, int n, double bytesPerS, double latencyS);

/// Traffic and time of each parallel dimension for one training step on
/// the most-loaded GPU, and where each runs.
struct CommunicationResult {
    double tpBytes = 0, tpTimeS = 0;
    double ppBytes = 0, ppTimeS = 0;
    double dpBytes = 0, dpTimeS = 0, dpExposedS = 0;
    double epBytes = 0, epTimeS = 0;
    LinkLevel tpLevel = LinkLevel::None, ppLevel = LinkLevel::None;
    LinkLevel dpLevel = LinkLevel::None, epLevel = LinkLevel::None;
    double exposedTimeS = 0;          ///< tp + ep + pp + exposed dp
    double communicationFraction = 0; ///< exposed / step time
    bool sufficient = true;
};

/// The link level a group of `size` GPUs with rank stride `stride` uses:
/// inside a node when stride·size <= gpus per node (Megatron rank order
/// tensor → data/expert → pipeline, Narayanan et al. 2021 §3.1).
LinkLevel groupLevel(int stride, int size, int gpusPerNode, const LinkRates& rates);

} // namespace infrafit
