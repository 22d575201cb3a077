// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/analysis/analysis_result.h"
#include "core/config/resolved_configuration.h"
#include "core/infra/infrastructure_inputs.h"
#include "core/search/balanced_score.h"
#include "core/search/parts_snapshot.h"
#include "core/search/search_constraints.h"
#include "core/base/search_control.h"
#include "core/search/serving_candidate.h"
#include "core/workload/workload.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace infrafit {

/// Everything a recommendation needs, copied (snapshot) so it can run on a
/// worker thread while the caller's catalog changes.
struct RecommendRequest {
    Workload workload;
    PartsSnapshot parts;
    SearchConstraints constraints;
    InfrastructureInputs infrastructure; ///< site facts and cost assumptions
    int top = 5;                         ///< candidates returned (best first)
    bool prune = true;                   ///< false: brute-force reference (tests)
};

/// One recommended configuration with its plan, full evaluation (analysis
/// + infrastructure, as `analyze` reports it), score and reasons.
struct RecommendedCandidate {
    ResolvedConfiguration config;
    Parallelism parallelism;
    int microBatchSize = 1;
    int concurrentRequests = 0;
    AnalysisResult analysis;
    ScoreBreakdown breakdown;
    double score = 0;
    bool pareto = false;
    bool priceComplete = true;
    std::string tightestConstraint; ///< the limit with the least slack
    std::vector<std::string> reasons;
    /// Serving workload with a demand and an SLA: the sized cluster
    /// (`config` has nodesNeeded nodes), ranked by its cost per hour.
    std::optional<ServingCandidate> serving;
};

/// A feasible configuration on the Pareto front of all feasible ones (cost
/// against days to train or step time; for inference against output
/// tokens/s and time per output token), ranked among the candidates or not:
/// the ranking favours balance, so the top few can all be dominated by
/// cheaper or faster configurations that the front still shows.
struct FrontPoint {
    double costUsd = 0; ///< capex or TCO, as the budget basis says
    double trainingDays = 0;
    double stepTimeS = 0;
    double outputTokensPerS = 0;
    double tpotS = 0;
    double slaHeadroom = 0; ///< serving with a demand: cost against this instead
    int candidate = -1; ///< its index in Recommendation::candidates, or -1
};

/// The result: candidates best first (priced candidates before those with
/// a missing price, then by score, then enumeration order), findings (e.g.
/// which constraint no candidate met) and search statistics.
struct Recommendation {
    std::vector<RecommendedCandidate> candidates;
    std::vector<FrontPoint> front; ///< by cost, cheapest first
    Findings findings;
    /// Serving with a demand: (build, replica plan) pairs ruled out and why.
    std::vector<RejectedCandidate> rejected;
    std::int64_t configurationsConsidered = 0;
    std::int64_t feasibleConfigurations = 0;
    /// False when the search left candidates unsized that could not beat
    /// the ones shown (serving's branch and bound): the feasible count is
    /// then the number found, a lower bound.
    bool feasibleCountComplete = true;
    std::int64_t planSearches = 0;
    std::int64_t planEvaluations = 0;
    bool cancelled = false;
};

/// Searches node builds × node counts × plans for the request and ranks
/// the feasible candidates by the balanced score (balanced_score.h). For
/// an inference workload with a serving demand and an SLA it sizes the
/// cluster by simulation instead (recommendServing(), serving_recommend.h).
/// Pure; deterministic for any `control.threads`.
Recommendation recommend(const RecommendRequest& request, const SearchControl& control = {});

} // namespace infrafit
