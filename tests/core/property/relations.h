// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/analysis/analysis_result.h"
#include "core/config/resolved_configuration.h"
#include "core/workload/workload.h"
#include "generators.h"

#include <nlohmann/json.hpp>

#include <string>

namespace infrafit::property {

/// The outcome of one monotonic relation on one case: whether its
/// precondition held (so it was checked), the failures, and the variant
/// that was compared with the base case (for the failure message).
struct RelationOutcome {
    bool checked = false;
    std::string failures;
    nlohmann::json variant;
};

/// (a) ZeRO-3 with tensor and pipeline fixed: k× the nodes and k× the data
/// parallelism never raise the memory of the most-loaded GPU.
RelationOutcome zero3MoreNodes(Rng& rng, const Workload& base, const ResolvedConfiguration& rc);

/// (b) A faster NIC (the same NIC at a higher port speed, or a catalog NIC
/// with at least the bandwidth) never raises exposed communication time.
RelationOutcome fasterNic(Rng& rng, const Workload& w, const ResolvedConfiguration& rc,
    const AnalysisResult& result, const PartPool& pool);

/// (c) More GPUs per node never lower node power (DC, wall; idle, typical,
/// maximum) nor cluster power, and more GPUs (per node or more nodes)
/// never lower the capital cost.
RelationOutcome moreGpus(
    Rng& rng, const Workload& w, const ResolvedConfiguration& rc, const AnalysisResult& result);

/// (d) More GPU memory never turns fits = true into false.
RelationOutcome moreGpuMemory(
    Rng& rng, const Workload& w, const ResolvedConfiguration& rc, const AnalysisResult& result);

} // namespace infrafit::property
