// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/config/resolved_configuration.h"
#include "core/infra/infrastructure_inputs.h"
#include "core/portfolio/portfolio_plan.h"
#include "core/search/parts_snapshot.h"
#include "core/search/search_constraints.h"
#include "core/base/search_control.h"
#include "core/workload/workload.h"

#include <cstdint>
#include <vector>

namespace infrafit {

/// A portfolio recommendation's input, copied so it can run on a worker.
struct PortfolioRecommendRequest {
    std::vector<Workload> workloads;
    PartsSnapshot parts;
    SearchConstraints constraints;
    InfrastructureInputs infrastructure;
    int top = 3;
};

/// A configuration that carries the whole portfolio: the fewest nodes of its
/// build on which everything is placed, the packing, and its cost.
struct PortfolioCandidate {
    ResolvedConfiguration config;
    PortfolioPlan plan;
    double usdPerHour = 0; ///< TCO spread over the cost horizon (core/infra/cost.h)
    double capexUsd = 0;
    bool priceComplete = true;
};

/// Candidates cheapest first by TCO per hour (complete prices before
/// incomplete ones); `infeasible` lists, per GPU model that carries no
/// candidate, why ("notebook-a: the L40S lists no partition profiles").
struct PortfolioRecommendation {
    std::vector<PortfolioCandidate> candidates;
    std::vector<std::string> infeasible;
    Findings findings;
    std::int64_t buildsConsidered = 0;
    std::int64_t packings = 0;
    bool cancelled = false;
};

/// The cheapest configurations over `request.parts` that carry every
/// workload of the portfolio (docs/user-guide.md "Portfolio"): node builds
/// from the recommendation's enumerator (core/search/node_builds.h, for the
/// portfolio's largest whole-GPU workload), each workload sized once per GPU
/// and node size (portfolioDemand), packed at the build's node counts from
/// the smallest up (packPortfolio), costed by checkInfrastructure(). Pure;
/// deterministic.
PortfolioRecommendation recommendPortfolio(const PortfolioRecommendRequest& request,
                                           const SearchControl& control = {});

} // namespace infrafit
