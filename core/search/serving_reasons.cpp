// SPDX-License-Identifier: Apache-2.0
#include "core/search/serving_reasons.h"

#include "core/base/finding_text.h"
#include "core/search/recommend.h"

#include <algorithm>
#include <cmath>

namespace infrafit {
namespace {

using infra::num;

std::string servingPercentText(double fraction)
{
    return num(100.0 * fraction, std::fabs(fraction) < 0.1 ? 1 : 0) + " %";
}

std::string servingMoneyText(double usd)
{
    if (usd >= 1e6)
        return "$" + num(usd / 1e6, 2) + "M";
    return "$" + num(usd, usd < 100 ? 2 : 0);
}

Percentiles servingToMs(const Percentiles& s)
{
    return {s.mean * 1e3, s.p50 * 1e3, s.p90 * 1e3, s.p99 * 1e3};
}

} // namespace

std::string servingLatencyText(double ms)
{
    if (ms >= 1000)
        return num(ms / 1e3, ms >= 1e4 ? 0 : 1) + " s";
    return num(ms, ms < 10 ? 1 : 0) + " ms";
}

std::string slaMissText(
    const SimulationResult& run, const ServiceLevel& sla, const std::string& load)
{
    if (run.requestsRejected > 0)
        return num(run.requestsRejected) + " of " + num(run.requestsOffered)
            + " requests can never fit the replica's KV cache (prompt + output too long)";
    if (run.requestsCompleted == 0)
        return "no request completes";
    const std::string pct = "p" + std::to_string(sla.percentile);
    std::string text;
    const auto check = [&](const char* what, double ms, double limitMs) {
        if (!(limitMs > 0) || ms <= limitMs)
            return;
        text += (text.empty() ? "" : "; ") + pct + " " + what + " " + servingLatencyText(ms)
            + " at " + load + " exceeds the " + servingLatencyText(limitMs) + " SLA by "
            + servingPercentText(ms / limitMs - 1.0);
    };
    check("TTFT", run.ttftS.at(sla.percentile) * 1e3, sla.ttftMs);
    check("TPOT", run.tpotS.at(sla.percentile) * 1e3, sla.tpotMs);
    return text.empty() ? "misses the SLA" : text;
}

void fillServingFigures(ServingCandidate& f, const SimulationResult& run, const ServingScenario& s,
    const ServingDemand& d, int replicas, int gpus)
{
    f.ttftMs = servingToMs(run.ttftS);
    f.tpotMs = servingToMs(run.tpotS);
    const ServiceLevel& sla = s.sla;
    const double ttftShare = sla.ttftMs > 0 ? f.ttftMs.at(sla.percentile) / sla.ttftMs : 0;
    const double tpotShare = sla.tpotMs > 0 ? f.tpotMs.at(sla.percentile) / sla.tpotMs : 0;
    f.slaHeadroom = 1.0 - std::max(ttftShare, tpotShare);
    f.outputTokensPerSPerUser = f.tpotMs.mean > 0 ? 1e3 / f.tpotMs.mean : 0;
    const double clusterOutput = d.requestRatePerS ? *d.requestRatePerS * s.outputs.meanTokens()
                                                   : run.outputTokensPerS * std::max(1, replicas);
    f.outputTokensPerSPerGpu = gpus > 0 ? clusterOutput / gpus : 0;
}

std::string clusterProblems(
    const InfrastructureReport& infra, const SearchConstraints& c, double costUsd)
{
    std::vector<std::string> problems;
    if (!infra.ok) {
        const auto error = std::find_if(infra.findings.begin(), infra.findings.end(),
            [](const Finding& f) { return f.severity == Severity::Error; });
        problems.push_back("fails an infrastructure check"
            + (error != infra.findings.end() ? " (" + error->code + ")" : ""));
    }
    if (c.budgetUsd) {
        if (!infra.cost.priceComplete)
            problems.push_back("cannot be shown within the budget: a part has no price");
        else if (costUsd > *c.budgetUsd)
            problems.push_back("costs " + servingMoneyText(costUsd) + ", over the budget of "
                + servingMoneyText(*c.budgetUsd) + " by "
                + servingPercentText(costUsd / *c.budgetUsd - 1.0));
    }
    if (c.maxRacks && infra.power.racks > *c.maxRacks)
        problems.push_back("needs " + num(static_cast<double>(infra.power.racks))
            + " racks, over the limit of " + num(*c.maxRacks));
    // The site budget against the rated cluster power, as for training
    // (candidate_reasons.cpp).
    if (c.sitePowerKw && infra.power.clusterW > *c.sitePowerKw * 1000.0)
        problems.push_back("draws up to " + num(infra.power.clusterW / 1000.0, 1)
            + " kW, over the site power of " + num(*c.sitePowerKw, 1) + " kW");
    std::string text;
    for (const auto& p : problems)
        text += (text.empty() ? "" : "; ") + p;
    return text;
}

std::string servingTightest(const ServingCandidate& f, const ServiceLevel& sla)
{
    const std::string pct = "p" + std::to_string(sla.percentile);
    const double ttft = sla.ttftMs > 0 ? f.ttftMs.at(sla.percentile) / sla.ttftMs : 0;
    const double tpot = sla.tpotMs > 0 ? f.tpotMs.at(sla.percentile) / sla.tpotMs : 0;
    const bool ttftTighter = ttft >= tpot;
    return pct + (ttftTighter ? " TTFT " : " TPOT ") + "SLA ("
        + servingPercentText(ttftTighter ? ttft : tpot) + " of the limit used)";
}

void addServingInfeasibleFinding(
    Findings& findings, const std::vector<RejectedCandidate>& rejected, std::int64_t pairs)
{
    if (pairs == 0) {
        findings.push_back({Severity::Error, "recommend.no_configuration",
            "no catalog combination of GPU, chassis, CPU, NIC, PSU and cooling "
            "passes the part, vendor, cooling and rack-power filters",
            "widen --vendors, --cooling or --rack-kw, or add parts to the catalog"});
        return;
    }
    std::string message = "no cluster holds the demand under the SLA (" + num(double(pairs))
        + " node builds x replica plans searched)";
    for (std::size_t i = 0; i < std::min<std::size_t>(3, rejected.size()); ++i)
        message += (i ? "; " : ": ") + rejected[i].hardware + " t" + num(rejected[i].replica.tensor)
            + "/p" + num(rejected[i].replica.pipeline) + " " + rejected[i].reason;
    findings.push_back({Severity::Error, "recommend.infeasible", message,
        "relax the SLA, lower the demand, or widen the catalog or node limit"});
}

void addServingReasons(
    std::vector<RecommendedCandidate>& ranked, const Workload& w, std::int64_t feasibleCount,
    bool countComplete)
{
    const ServingDemand& d = w.serving;
    const ServiceLevel sla = d.sla.value_or(ServiceLevel {});
    const std::string pct = "p" + std::to_string(sla.percentile);
    const std::string unit = d.requestRatePerS ? " req/s" : " users";
    const double load = d.requestRatePerS ? *d.requestRatePerS : double(d.users.value_or(0));
    for (std::size_t k = 0; k < ranked.size(); ++k) {
        RecommendedCandidate& c = ranked[k];
        if (!c.serving)
            continue;
        const ServingCandidate& f = *c.serving;
        auto& r = c.reasons;
        r.push_back("rank " + num(double(k + 1)) + " of " + (countComplete ? "" : "at least ")
            + num(double(feasibleCount)) + " feasible node builds: cluster TCO "
            + servingMoneyText(f.clusterUsdPerHour) + "/h for "
            + num(f.replicasNeeded) + " replicas of " + num(f.replica.gpus()) + " GPUs on "
            + num(f.nodesNeeded) + (f.nodesNeeded == 1 ? " node" : " nodes"));
        r.push_back("one replica (tensor " + num(f.replica.tensor) + ", pipeline "
            + num(f.replica.pipeline) + ", max batch " + num(f.replica.maxBatch) + ", chunk "
            + num(f.replica.chunkTokens) + " tokens) holds "
            + num(f.capacityPerReplica, d.requestRatePerS ? 2 : 0) + unit
            + " under the SLA; the demand of " + num(load, d.requestRatePerS ? 1 : 0) + unit
            + " needs " + num(f.replicasNeeded - d.spareReplicas) + " replicas"
            + (d.spareReplicas > 0 ? " + " + num(d.spareReplicas) + " spare" : ""));
        r.push_back("at the demand: " + pct + " TTFT "
            + servingLatencyText(f.ttftMs.at(sla.percentile)) + " (limit "
            + servingLatencyText(sla.ttftMs) + "), " + pct + " TPOT "
            + servingLatencyText(f.tpotMs.at(sla.percentile)) + " (limit "
            + servingLatencyText(sla.tpotMs) + "): " + servingPercentText(f.slaHeadroom)
            + " headroom; $" + num(f.costPerMillionOutputTokensUsd, 3)
            + " per million output tokens");
        r.push_back("tightest constraint: " + c.tightestConstraint);
        r.push_back(c.pareto ? "on the Pareto front of cluster cost per hour against SLA headroom"
                : c.priceComplete
                ? "dominated: another cluster costs no more per hour with no less headroom"
                : "off the Pareto front: with a price missing its cost cannot be compared");
        if (!c.priceComplete)
            r.push_back("price incomplete: a part has no price, so its cost is a lower bound; "
                        "ranked after fully priced candidates");
    }
    if (ranked.size() >= 2 && ranked[0].serving && ranked[1].serving) {
        const double a = ranked[0].serving->clusterUsdPerHour;
        const double b = ranked[1].serving->clusterUsdPerHour;
        ranked[0].reasons.push_back("runner-up " + ranked[1].config.config.name + " costs "
            + (ranked[1].priceComplete || !ranked[0].priceComplete
                    ? servingPercentText(a > 0 ? b / a - 1.0 : 0.0) + " more per hour"
                    : "an unknown amount (a price is missing)"));
    } else if (ranked.size() == 1 && feasibleCount == 1 && countComplete) {
        ranked[0].reasons.push_back("the only feasible cluster");
    }
}

} // namespace infrafit
