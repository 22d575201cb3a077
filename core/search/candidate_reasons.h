// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/finding.h"
#include "core/config/resolved_configuration.h"
#include "core/infra/infrastructure.h"
#include "core/pipeline/plan_evaluator.h"
#include "core/search/search_constraints.h"
#include "core/workload/workload.h"

#include <cstdint>
#include <string>
#include <vector>

namespace infrafit {

struct RecommendedCandidate;

/// The constraints a candidate can fail, as bits of a mask.
enum class ConstraintBit : std::uint32_t {
    Memory = 0,         ///< no plan fits in GPU memory
    Latency,            ///< no plan meets the TTFT/TPOT targets
    Infrastructure,     ///< power, PSU redundancy, rack, cooling, PCIe or compatibility error
    Budget,
    Racks,
    Deadline,
    MinTokensPerS,
    RequestRate,
    SitePower,          ///< rated cluster power above site_power_kw
    Count
};
constexpr std::uint32_t bitOf(ConstraintBit b) { return 1u << std::uint32_t(b); }
/// Stable name of a constraint ("budget_usd", "deadline_days", ...).
const char* constraintName(ConstraintBit bit);

/// The constraints the candidate misses (0 = feasible). `costUsd` is the
/// cost on the budget's basis.
std::uint32_t failedConstraints(const Workload& workload, const SearchConstraints& constraints,
                                const ResolvedConfiguration& config, const Headline& figures,
                                const InfrastructureReport& infra, double costUsd);

/// The limit with the least slack, as text ("budget: 92% used").
std::string tightestConstraint(const Workload& workload, const SearchConstraints& constraints,
                               const ResolvedConfiguration& config, const Headline& figures,
                               const InfrastructureReport& infra, double costUsd);

/// Error finding "recommend.infeasible" naming each constraint that no
/// candidate met (or, when each was met by some candidate, the one missed
/// most often), or "recommend.no_configuration" when there was no candidate.
void addInfeasibleFindings(Findings& findings, const SearchConstraints& constraints,
                           const Workload& workload, const std::vector<std::uint32_t>& masks);

/// Fills each candidate's `reasons`: rank and score terms, binding limit,
/// tightest constraint, Pareto status; for the winner why the runner-up lost.
void addReasons(std::vector<RecommendedCandidate>& ranked, const Workload& workload,
                const SearchConstraints& constraints, std::int64_t feasibleCount);

} // namespace infrafit
