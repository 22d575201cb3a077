// SPDX-License-Identifier: Apache-2.0
#include "core/output/recommendation_json.h"

#include "core/output/analysis_json.h"
#include "core/io/project_json.h"

namespace infrafit {

nlohmann::json findingsToJson(const Findings& findings)
{
    auto out = nlohmann::json::array();
    for (const auto& f : findings)
        out.push_back({{"severity", std::string(enumName(f.severity))},
                       {"code", f.code},
                       {"message", f.message},
                       {"suggestion", f.suggestion}});
    return out;
}

namespace {

nlohmann::json replicaPlanToJson(const ServingReplicaPlan& p)
{
    return {{"tensor", p.tensor},
            {"pipeline", p.pipeline},
            {"max_batch", p.maxBatch},
            {"prefill_chunk_tokens", p.chunkTokens}};
}

nlohmann::json percentilesMsToJson(const Percentiles& p)
{
    return {{"p50", p.p50}, {"p90", p.p90}, {"p99", p.p99}};
}

nlohmann::json servingCandidateToJson(const ServingCandidate& s)
{
    return {{"replica", replicaPlanToJson(s.replica)},
            {"capacity_per_replica", s.capacityPerReplica},
            {"closed_loop", s.closedLoop},
            {"replicas_needed", s.replicasNeeded},
            {"nodes_needed", s.nodesNeeded},
            {"cluster_usd_per_hour", s.clusterUsdPerHour},
            {"cost_per_million_output_tokens_usd", s.costPerMillionOutputTokensUsd},
            {"ttft_ms", percentilesMsToJson(s.ttftMs)},
            {"tpot_ms", percentilesMsToJson(s.tpotMs)},
            {"sla_headroom", s.slaHeadroom},
            {"output_tokens_per_s_per_user", s.outputTokensPerSPerUser},
            {"output_tokens_per_s_per_gpu", s.outputTokensPerSPerGpu}};
}

} // namespace

nlohmann::json recommendationToJson(const Recommendation& rec)
{
    nlohmann::json j;
    j["candidates"] = nlohmann::json::array();
    for (const auto& c : rec.candidates) {
        const auto& p = c.parallelism;
        const auto& s = c.breakdown;
        nlohmann::json item;
        item["configuration"] = configurationToJson(c.config.config);
        item["parallelism"] = {{"tensor", p.tensor},
                               {"pipeline", p.pipeline},
                               {"data", p.data},
                               {"expert", p.expert},
                               {"zero_stage", p.zeroStage},
                               {"sequence_parallel", p.sequenceParallel},
                               {"recompute", std::string(enumName(p.recompute))},
                               {"virtual_stages", p.virtualStages},
                               {"micro_batch_size", c.microBatchSize},
                               {"concurrent_requests", c.concurrentRequests}};
        item["analysis"] = analysisResultToJson(c.analysis);
        item["score"] = c.score;
        item["score_breakdown"] = {{"goal_usd", s.goalUsd},
                                   {"goal_hours", s.goalHours},
                                   {"communication", s.communication},
                                   {"psu_headroom", s.psuHeadroom},
                                   {"rack_headroom", s.rackHeadroom},
                                   {"memory_unused", s.memoryUnused},
                                   {"nic_oversized", s.nicOversized},
                                   {"cpu_oversized", s.cpuOversized}};
        item["pareto"] = c.pareto;
        item["price_complete"] = c.priceComplete;
        item["tightest_constraint"] = c.tightestConstraint;
        item["reasons"] = c.reasons;
        if (c.serving)
            item["serving"] = servingCandidateToJson(*c.serving);
        j["candidates"].push_back(std::move(item));
    }
    j["findings"] = findingsToJson(rec.findings);
    if (!rec.rejected.empty()) {
        auto rejected = nlohmann::json::array();
        for (const auto& r : rec.rejected)
            rejected.push_back({{"hardware", r.hardware},
                                {"replica", replicaPlanToJson(r.replica)},
                                {"reason", r.reason}});
        j["rejected"] = std::move(rejected);
    }
    j["search"] = {{"configurations", rec.configurationsConsidered},
                   {"feasible", rec.feasibleConfigurations},
                   {"feasible_complete", rec.feasibleCountComplete},
                   {"plan_searches", rec.planSearches},
                   {"plan_evaluations", rec.planEvaluations},
                   {"cancelled", rec.cancelled}};
    return j;
}

} // namespace infrafit
