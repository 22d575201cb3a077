// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/config/resolved_configuration.h"
#include "core/pipeline/plan_evaluator.h"
#include "core/pipeline/plan_space.h"
#include "core/base/search_control.h"

#include <cstdint>
#include <optional>

namespace infrafit {

/// What the plan search optimises.
enum class PlanGoal {
    FastestStep,           ///< training: least step time among plans that fit
    LowestTpot,            ///< inference with fixed concurrency: least time per output token
    MostThroughput,        ///< inference: most output tokens/s within the latency targets
};

struct PlanSearchOptions {
    PlanGoal goal = PlanGoal::FastestStep;
    std::optional<double> ttftTargetS; ///< inference: time to first token at most
    std::optional<double> tpotTargetS; ///< inference: time per output token at most
    /// false = evaluate every point (the brute-force reference); true =
    /// skip points that provably cannot win (see searchPlans).
    bool prune = true;
};

/// The outcome of a plan search. `bestIndex` is the winning point (-1 when
/// no point fits and meets the targets); ties go to the lower index, so
/// the pruned and the brute-force search return the same point.
/// `leastMemoryIndex` is the point needing least memory (the fallback when
/// nothing fits).
struct PlanSearchResult {
    std::int64_t bestIndex = -1;
    Headline best;
    std::int64_t leastMemoryIndex = -1;
    double leastMemoryBytes = 0;
    bool anyFits = false;       ///< some evaluated point fits in memory (targets aside)
    std::int64_t evaluated = 0; ///< plan evaluations performed
    std::int64_t skipped = 0;   ///< points pruned without evaluation
    bool cancelled = false;
};

/// Searches `space` on `config`. With pruning, points are skipped only
/// when they cannot beat a point that is evaluated (exact by construction):
///  - group bound: a (tensor, pipeline) group is skipped when even its
///    lightest points (sequence parallelism on, no interleaving, the
///    smallest micro-batch, every ZeRO stage and recompute; inference:
///    batch 1) do not fit — memory only grows from there;
///  - sequence parallelism off is skipped when tensor > 1: it moves the
///    same bytes as SP on (Korthikanti et al. 2022 §4.2.2) with more
///    activation memory, so SP on is never worse and comes first;
///  - heavier recompute is skipped once a lighter one fits at the same
///    other settings: it never lowers step time (more FLOPs, 6 vs 4 TP
///    all-reduces) and the lighter one comes first;
///  - inference: larger batches after one that does not fit or misses the
///    TPOT target (memory and TPOT grow with the batch); whole groups whose
///    TTFT misses the target (TTFT does not depend on the batch).
/// Runs (tensor, pipeline) groups on `control.threads` threads and merges
/// by (objective, index): the result is the same for any thread count.
PlanSearchResult searchPlans(const PlanSpace& space, const ResolvedConfiguration& config,
                             const PlanSearchOptions& options, const SearchControl& control = {});

} // namespace infrafit
