// SPDX-License-Identifier: Apache-2.0
#include "core/output/serving_json.h"

namespace infrafit {
namespace {

nlohmann::json percentilesJson(const Percentiles& p)
{
    return {{"mean", p.mean}, {"p50", p.p50}, {"p90", p.p90}, {"p99", p.p99}};
}

} // namespace

nlohmann::json servingToJson(const ServingReport& r)
{
    nlohmann::json curve = nlohmann::json::array();
    for (const auto& point : r.curve)
        curve.push_back({{"requests_per_s_per_replica", point.ratePerS},
                         {"ttft_ms", percentilesJson(point.ttftMs)},
                         {"tpot_ms", percentilesJson(point.tpotMs)},
                         {"meets_sla", point.meetsSla}});
    nlohmann::json j = {{"capacity_requests_per_s", r.capacityRequestsPerS},
                        {"replicas_needed", r.replicasNeeded},
                        {"meets_sla", r.meetsSla},
                        {"ttft_ms", percentilesJson(r.ttftMs)},
                        {"tpot_ms", percentilesJson(r.tpotMs)},
                        {"e2e_ms", percentilesJson(r.e2eMs)},
                        {"goodput_requests_per_s", r.goodputRequestsPerS},
                        {"gpu_utilization", r.gpuUtilization},
                        {"cost_per_million_output_tokens_usd", r.costPerMillionOutputTokensUsd},
                        {"cost_per_million_tokens_usd", r.costPerMillionTokensUsd},
                        {"energy_kwh_per_million_output_tokens",
                         r.energyKwhPerMillionOutputTokens},
                        {"co2_g_per_million_output_tokens", r.co2GPerMillionOutputTokens},
                        {"closed_loop", r.closedLoop},
                        {"demand_requests_per_s", r.demandRequestsPerS},
                        {"saturated_requests_per_s", r.saturatedRequestsPerS},
                        {"gpus_per_replica", r.gpusPerReplica},
                        {"replicas_in_configuration", r.replicasInConfiguration},
                        {"spare_replicas", r.spareReplicas},
                        {"nodes_needed", r.nodesNeeded},
                        {"cluster_usd_per_hour", r.clusterUsdPerHour},
                        {"cluster_wall_w", r.clusterWallW},
                        {"kv_occupancy", {{"mean", r.meanKvOccupancy}, {"peak", r.peakKvOccupancy}}},
                        {"preemptions", r.preemptions},
                        {"curve", std::move(curve)},
                        {"step_time_model", r.stepTimeSource},
                        {"simulated_requests", r.simulatedRequests}};
    if (r.closedLoop) {
        j["demand_users"] = r.demandUsers;
        j["capacity_users"] = r.capacityUsers;
    }
    return j;
}

} // namespace infrafit
