// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/analysis/analysis_result.h"
#include "core/config/resolved_configuration.h"
#include "core/workload/workload.h"

#include <string>
#include <vector>

namespace infrafit {

/// The storage and host side of one evaluation: checkpoints, training data
/// feed, model load, CPU cores and host memory per GPU, with findings and
/// the assumptions in effect. A plain value.
struct StorageHostResult {
    StorageReport storage;
    HostReport host;
    Findings findings;
    std::vector<std::string> assumptions;
};

/// Checks the storage and host balance of `workload` on `rc` using the
/// workload analysis (`analysis`: plan, parameters, tokens/s, weights per
/// GPU). Pure; never returns NaN or infinity. Training: checkpoints
/// (checkpoint.h) and data feed (data_feed.h); inference: model load
/// (model_load.h); both: host (host.h).
StorageHostResult checkStorageAndHost(
    const Workload& workload, const ResolvedConfiguration& rc, const AnalysisResult& analysis);

} // namespace infrafit
