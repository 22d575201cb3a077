// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/portfolio/portfolio_plan.h"
#include "core/portfolio/portfolio_recommend.h"

#include <nlohmann/json.hpp>

#include <string>

namespace infrafit {

/// A packed portfolio as `infrafit-cli portfolio --format json` prints it
/// (docs/user-guide.md "Portfolio"): the configuration, `fits`,
/// `concurrent`, `time_shared`, `utilisation`, one object per workload with
/// its placement, and one per GPU with what runs on it.
nlohmann::json portfolioPlanToJson(const PortfolioPlan& plan);

/// The same as readable text: one line per workload, then one per node
/// listing its GPUs' occupants.
std::string portfolioPlanToText(const PortfolioPlan& plan);

/// `infrafit-cli portfolio --recommend --format json`: `{"candidates": [{"configuration":
/// {...as in a project file}, "usd_per_hour", "capex_usd", "price_complete", "plan": {...}}],
/// "infeasible": ["GPU: reason", ...], "findings": [...], "builds_considered", "packings"}`.
nlohmann::json portfolioRecommendationToJson(const PortfolioRecommendation& recommendation);
std::string portfolioRecommendationToText(const PortfolioRecommendation& recommendation);

} // namespace infrafit
