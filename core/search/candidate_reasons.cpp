// SPDX-License-Identifier: Apache-2.0
#include "core/search/candidate_reasons.h"

#include "core/search/recommend.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace infrafit {
namespace {

std::string reasonFormat(const char* format, double a = 0, double b = 0, double c = 0)
{
    char buffer[256];
    std::snprintf(buffer, sizeof buffer, format, a, b, c);
    return buffer;
}

/// A figure with three significant digits below 100 and whole above: a
/// cost per million tokens is cents ("0.0312"), a training run millions.
std::string figure(double value)
{
    return reasonFormat(std::fabs(value) < 100 ? "%.3g" : "%.0f", value);
}

bool training(const Workload& w)
{
    return w.kind == WorkloadKind::Training;
}

double requiredTokensPerS(const Workload& w, const SearchConstraints& c)
{
    return c.requestRatePerS ? *c.requestRatePerS * w.outputTokens : 0;
}

std::string describe(const RecommendedCandidate& c)
{
    return c.config.config.name;
}

} // namespace

const char* constraintName(ConstraintBit bit)
{
    switch (bit) {
    case ConstraintBit::Memory: return "gpu_memory";
    case ConstraintBit::Latency: return "latency_targets (ttft_ms/tpot_ms)";
    case ConstraintBit::Infrastructure: return "infrastructure (power, psu_redundancy, rack_kw, cooling, compatibility)";
    case ConstraintBit::Budget: return "budget_usd";
    case ConstraintBit::Racks: return "max_racks";
    case ConstraintBit::Deadline: return "deadline_days";
    case ConstraintBit::MinTokensPerS: return "min_tokens_per_s";
    case ConstraintBit::RequestRate: return "request_rate";
    case ConstraintBit::SitePower: return "site_power_kw";
    case ConstraintBit::Count: break;
    }
    return "?";
}

std::uint32_t failedConstraints(const Workload& w, const SearchConstraints& c,
    const ResolvedConfiguration&, const Headline& f, const InfrastructureReport& infra,
    double costUsd)
{
    std::uint32_t failed = 0;
    if (!f.fits)
        failed |= bitOf(ConstraintBit::Memory);
    if (!infra.ok)
        failed |= bitOf(ConstraintBit::Infrastructure);
    // A candidate with parts that have no price cannot be shown to be within
    // a budget: its cost is only a lower bound.
    if (c.budgetUsd && (costUsd > *c.budgetUsd || !infra.cost.priceComplete))
        failed |= bitOf(ConstraintBit::Budget);
    if (c.maxRacks && infra.power.racks > *c.maxRacks)
        failed |= bitOf(ConstraintBit::Racks);
    // Site budget against the rated cluster power (nodes at their maximum
    // under the GPU power limit, plus switches): docs/power-model.md §2.
    if (c.sitePowerKw && infra.power.clusterW > *c.sitePowerKw * 1000.0)
        failed |= bitOf(ConstraintBit::SitePower);
    if (training(w)) {
        // A deadline needs training_tokens; without them it cannot be met.
        if (c.deadlineDays && (w.trainingTokens <= 0 || f.trainingDays > *c.deadlineDays))
            failed |= bitOf(ConstraintBit::Deadline);
        if (c.minTokensPerS && f.tokensPerS < *c.minTokensPerS)
            failed |= bitOf(ConstraintBit::MinTokensPerS);
    } else {
        if ((c.ttftTargetS && f.ttftS > *c.ttftTargetS)
            || (c.tpotTargetS && f.tpotS > *c.tpotTargetS))
            failed |= bitOf(ConstraintBit::Latency);
        if (c.requestRatePerS && f.outputTokensPerS < requiredTokensPerS(w, c))
            failed |= bitOf(ConstraintBit::RequestRate);
    }
    return failed;
}

std::string tightestConstraint(const Workload& w, const SearchConstraints& c,
    const ResolvedConfiguration& rc, const Headline& f, const InfrastructureReport& infra,
    double costUsd)
{
    struct Use {
        const char* name;
        double fraction;
    };
    std::vector<Use> uses;
    if (f.usableBytes > 0)
        uses.push_back({"GPU memory", f.memoryBytes / f.usableBytes});
    if (infra.power.psuCapacityAfterFailuresW > 0)
        uses.push_back({"PSU capacity after redundancy",
            infra.power.nodeW / infra.power.psuCapacityAfterFailuresW});
    if (infra.power.rackBudgetKw > 0 && infra.power.nodesPerRack > 0)
        uses.push_back({"rack power",
            std::min(rc.config.nodes, infra.power.nodesPerRack) * infra.power.nodeWallW / 1000.0
                / infra.power.rackBudgetKw});
    if (c.budgetUsd && *c.budgetUsd > 0)
        uses.push_back({"budget", costUsd / *c.budgetUsd});
    if (c.maxRacks && *c.maxRacks > 0)
        uses.push_back({"racks", double(infra.power.racks) / *c.maxRacks});
    if (c.sitePowerKw && *c.sitePowerKw > 0)
        uses.push_back({"site power", infra.power.clusterW / 1000.0 / *c.sitePowerKw});
    uses.push_back({"nodes", double(rc.config.nodes) / std::max(1, c.maxNodes)});
    if (training(w)) {
        if (c.deadlineDays && *c.deadlineDays > 0)
            uses.push_back({"deadline", f.trainingDays / *c.deadlineDays});
        if (c.minTokensPerS && f.tokensPerS > 0)
            uses.push_back({"minimum tokens/s", *c.minTokensPerS / f.tokensPerS});
    } else {
        if (c.ttftTargetS && *c.ttftTargetS > 0)
            uses.push_back({"TTFT target", f.ttftS / *c.ttftTargetS});
        if (c.tpotTargetS && *c.tpotTargetS > 0)
            uses.push_back({"TPOT target", f.tpotS / *c.tpotTargetS});
        if (c.requestRatePerS && f.outputTokensPerS > 0)
            uses.push_back({"request rate", requiredTokensPerS(w, c) / f.outputTokensPerS});
    }
    const auto most = std::max_element(uses.begin(), uses.end(),
        [](const Use& a, const Use& b) { return a.fraction < b.fraction; });
    return std::string(most->name)
        + reasonFormat(" (%.0f%% of the limit used)", 100.0 * most->fraction);
}

void addInfeasibleFindings(Findings& findings, const SearchConstraints&, const Workload&,
    const std::vector<std::uint32_t>& masks)
{
    if (masks.empty()) {
        findings.push_back({Severity::Error, "recommend.no_configuration",
            "no catalog combination of GPU, chassis, CPU, NIC, PSU and cooling "
            "passes the part, vendor, cooling and rack-power filters",
            "widen --vendors, --cooling or --rack-kw, or add parts to the catalog"});
        return;
    }
    const std::uint32_t count = std::uint32_t(ConstraintBit::Count);
    // Candidates stopped at the plan stage (memory, latency) were not
    // checked further: the later constraints are judged on the others.
    const std::uint32_t planBits = bitOf(ConstraintBit::Memory) | bitOf(ConstraintBit::Latency);
    const bool anyPastPlan = std::any_of(
        masks.begin(), masks.end(), [&](std::uint32_t m) { return (m & planBits) == 0; });
    std::uint32_t all = ~0u;
    std::vector<std::int64_t> misses(count, 0);
    for (std::uint32_t m : masks) {
        if (anyPastPlan && (m & planBits) != 0)
            continue;
        all &= m;
        for (std::uint32_t b = 0; b < count; ++b)
            misses[b] += (m >> b) & 1u;
    }
    std::vector<std::string> names;
    for (std::uint32_t b = 0; b < count; ++b)
        if ((all >> b) & 1u)
            names.push_back(constraintName(ConstraintBit(b)));
    std::string message;
    if (!names.empty()) {
        message = "no candidate met ";
        for (std::size_t i = 0; i < names.size(); ++i)
            message += (i ? ", " : "") + names[i];
        message += reasonFormat(" (%.0f configurations searched)", double(masks.size()));
    } else {
        const auto worst
            = std::size_t(std::max_element(misses.begin(), misses.end()) - misses.begin());
        message = std::string("no candidate met all constraints together; most often missed: ")
            + constraintName(ConstraintBit(worst))
            + reasonFormat(
                " (%.0f of %.0f configurations)", double(misses[worst]), double(masks.size()));
    }
    findings.push_back({Severity::Error, "recommend.infeasible", message,
        "relax the named constraint or widen the catalog"});
}

void addReasons(std::vector<RecommendedCandidate>& ranked, const Workload& w,
    const SearchConstraints&, std::int64_t feasibleCount)
{
    for (std::size_t k = 0; k < ranked.size(); ++k) {
        RecommendedCandidate& c = ranked[k];
        const ScoreBreakdown& s = c.breakdown;
        auto& r = c.reasons;
        r.push_back(
            reasonFormat("rank %.0f of %.0f feasible: score ", double(k + 1), double(feasibleCount))
            + figure(s.score()) + " = goal $" + figure(s.goalUsd)
            + reasonFormat(" x (1 + penalties %.3f)", s.penalties())
            + reasonFormat("; goal = TCO $%.2f/h x ",
                c.analysis.infrastructure ? c.analysis.infrastructure->cost.usdPerHour : 0.0)
            + figure(s.goalHours) + " h"
            + (training(w) && w.trainingTokens > 0 ? " of training" : " per million tokens"));
        const std::pair<const char*, double> terms[]
            = {{"exposed communication", s.communication}, {"PSU headroom", s.psuHeadroom},
                {"rack headroom", s.rackHeadroom}, {"unused GPU memory", s.memoryUnused},
                {"NICs oversized", s.nicOversized}, {"CPUs oversized", s.cpuOversized}};
        std::string penalties;
        for (const auto& [name, value] : terms)
            if (value > 0)
                penalties += (penalties.empty() ? "" : ", ") + std::string(name)
                    + reasonFormat(" +%.3f", value);
        r.push_back(penalties.empty() ? "balanced: no imbalance penalty applies"
                                      : "imbalance penalties: " + penalties);
        if (c.analysis.bindingLimit != BindingLimit::None)
            r.push_back("binding limit of the plan: "
                        + std::string(enumName(c.analysis.bindingLimit)));
        r.push_back("tightest constraint: " + c.tightestConstraint);
        r.push_back(c.pareto ? "on the Pareto front of cost against "
                    + std::string(training(w) ? "time to train" : "throughput and time per token")
                : c.priceComplete
                ? "dominated: another candidate is no costlier and no slower"
                : "off the Pareto front: with a price missing its cost cannot be compared");
        if (!c.priceComplete)
            r.push_back("price incomplete: a part has no price, so its cost is a lower bound; "
                        "ranked after fully priced candidates");
    }
    if (ranked.size() >= 2) {
        const auto& a = ranked[0];
        const auto& b = ranked[1];
        std::string why;
        const double goalDiff = b.breakdown.goalUsd - a.breakdown.goalUsd;
        const double penDiff = b.breakdown.penalties() - a.breakdown.penalties();
        if (a.priceComplete && !b.priceComplete)
            why = "its price is incomplete";
        else if (goalDiff >= 0
            && (goalDiff * (1 + a.breakdown.penalties()) >= a.breakdown.goalUsd * penDiff))
            why = "its goal cost is higher ($" + figure(b.breakdown.goalUsd) + " vs $"
                + figure(a.breakdown.goalUsd) + ")";
        else
            why = reasonFormat("its imbalance penalties are higher (%.3f vs %.3f)",
                b.breakdown.penalties(), a.breakdown.penalties());
        ranked[0].reasons.push_back("runner-up " + describe(b) + " scores "
            + figure(100.0 * (b.score / std::max(1e-9, a.score) - 1.0)) + "% worse: " + why);
    } else if (ranked.size() == 1) {
        ranked[0].reasons.push_back("the only feasible configuration");
    }
}

} // namespace infrafit
