// SPDX-License-Identifier: Apache-2.0
#include "core/analysis/serving_analysis.h"

#include "core/analysis/serving_step_time.h"
#include "core/base/finding_text.h"
#include "core/serving/capacity.h"

#include <algorithm>
#include <cmath>

namespace infrafit {
namespace {

using infra::num;

/// Engine limits when the workload leaves them out: a 2,048-token budget per
/// step (vllm/config/scheduler.py, SchedulerConfig.DEFAULT_MAX_NUM_BATCHED_TOKENS)
/// and 256 sequences per step (vLLM's engine default max_num_seqs before
/// releases began to pick it per GPU; an estimate for today's engines).
constexpr int defaultStepTokens = 2048;
constexpr int curvePoints = 10;

Percentiles toMs(const Percentiles& s)
{
    return {s.mean * 1e3, s.p50 * 1e3, s.p90 * 1e3, s.p99 * 1e3};
}

} // namespace

ServingScenario servingScenarioFor(const Workload& w, const AnalysisResult& analysis)
{
    const ServingDemand& d = w.serving;
    ServingScenario s;
    s.engine.kvCapacityTokens = std::llround(std::max(0.0, analysis.inference.maxKvTokensPerGpu));
    s.engine.kvBlockTokens = std::max(1, w.kvBlockSize);
    s.engine.maxBatch = std::max(1, w.maxBatch); // the same engine limit as the step model
    s.engine.stepTokenBudget = d.prefillChunkTokens.value_or(defaultStepTokens);
    s.engine.prefixCacheHitRate = d.prefixCacheHitRate;
    s.engine.prefillSchedule = d.prefillSchedule;
    s.prompts = LengthSampler(d.promptLengths, w.promptTokens);
    s.outputs = LengthSampler(d.outputLengths, w.outputTokens);
    s.arrival = d.arrival;
    s.arrivalCv = d.arrivalCv;
    s.sla = d.sla.value_or(ServiceLevel{});
    s.requests = servingSimulatedRequests;
    return s;
}

std::optional<ServingReport> analyzeServing(const Workload& w, const ResolvedConfiguration& config,
    const AnalysisResult& analysis, const InfrastructureReport* infrastructure, Findings& findings)
{
    const ServingDemand& d = w.serving;
    // A plan that does not fit has no latencies to simulate: the memory
    // finding says why, and no capacity section shows 0 ms for it.
    if (w.kind != WorkloadKind::Inference || !analysis.analyzed || !analysis.fits || !d.sla
        || (!d.isDemand() && w.concurrentRequests < 1))
        return std::nullopt;

    const ServingStepTime model(w, config, analysis);
    const ServingScenario s = servingScenarioFor(w, analysis);

    ServingReport r;
    r.stepTimeSource = "per-operation step model (core/analysis/serving_step.h): weights once "
                       "per step, KV per sequence, prefill chunks, TP all-reduces, fixed costs; "
        + std::string(d.prefillSchedule == PrefillSchedule::Separate
                ? "prefill in steps of its own (decoders wait)"
                : "prefill chunks mixed into the decode step");
    r.simulatedRequests = s.requests;
    r.sla = s.sla;
    r.spareReplicas = d.spareReplicas;
    r.gpusPerReplica
        = std::max(1, analysis.parallelism.tensor) * std::max(1, analysis.parallelism.pipeline);
    r.replicasInConfiguration = std::max(0, analysis.inference.replicas);
    const int configReplicas = std::max(1, r.replicasInConfiguration);

    SimulationResult atConfig;
    SimulationResult atSized;
    double sizedOutputTokensPerS = 0;
    double sizedTokensPerS = 0;
    if (d.requestRatePerS) {
        r.demandRequestsPerS = *d.requestRatePerS;
        const CapacityAnswer cap = findCapacity(s, model);
        r.capacityRequestsPerS = cap.maxRatePerS;
        r.saturatedRequestsPerS = cap.saturatedRatePerS;
        if (cap.maxRatePerS > 0)
            r.replicasNeeded
                = replicasFor(r.demandRequestsPerS, cap.maxRatePerS) + d.spareReplicas;
        atConfig = simulateCluster(s, model, r.demandRequestsPerS, configReplicas);
        if (r.replicasNeeded > 0)
            atSized = simulateCluster(s, model, r.demandRequestsPerS, r.replicasNeeded);
        sizedOutputTokensPerS = r.demandRequestsPerS * s.outputs.meanTokens();
        sizedTokensPerS = r.demandRequestsPerS * (s.outputs.meanTokens() + s.prompts.meanTokens());
        for (int k = 1; k <= curvePoints && cap.saturatedRatePerS > 0; ++k) {
            const double rate = cap.saturatedRatePerS * k / curvePoints;
            const SimulationResult run = simulateAtRate(s, model, rate);
            r.curve.push_back({rate, toMs(run.ttftS), toMs(run.tpotS), meetsSla(run, s.sla)});
        }
    } else {
        r.closedLoop = true;
        r.demandUsers = d.users.value_or(w.concurrentRequests);
        const double think = d.users ? d.thinkTimeS : 0.0;
        const UserCapacityAnswer cap = findUserCapacity(s, model, think);
        r.capacityUsers = cap.maxUsers;
        r.capacityRequestsPerS = cap.atCapacity.throughputRequestsPerS;
        if (cap.maxUsers > 0)
            r.replicasNeeded = replicasFor(r.demandUsers, cap.maxUsers) + d.spareReplicas;
        atConfig = simulateUsers(s, model, replicasFor(r.demandUsers, configReplicas), think);
        r.demandRequestsPerS = atConfig.throughputRequestsPerS * configReplicas;
        if (r.replicasNeeded > 0) {
            const int replicas = r.replicasNeeded;
            atSized = simulateUsers(
                s, model, std::max(1, replicasFor(r.demandUsers, replicas)), think);
            sizedOutputTokensPerS = atSized.outputTokensPerS * replicas;
            sizedTokensPerS = (atSized.outputTokensPerS + atSized.inputTokensPerS) * replicas;
        }
    }

    r.ttftMs = toMs(atConfig.ttftS);
    r.tpotMs = toMs(atConfig.tpotS);
    r.e2eMs = toMs(atConfig.e2eS);
    r.goodputRequestsPerS = atConfig.goodputRequestsPerS * configReplicas;
    r.meanKvOccupancy = atConfig.meanKvOccupancy;
    r.peakKvOccupancy = atConfig.peakKvOccupancy;
    r.preemptions = atConfig.preemptions;
    r.meetsSla = r.replicasNeeded > 0 && r.replicasInConfiguration >= r.replicasNeeded
        && meetsSla(atConfig, s.sla);

    const int gpusPerNode = std::max(1, config.config.gpusPerNode);
    r.nodesNeeded = replicasFor(double(r.replicasNeeded) * r.gpusPerReplica, gpusPerNode);
    r.gpuUtilization = atSized.gpuUtilization;
    if (infrastructure && r.nodesNeeded > 0) {
        const int nodes = std::max(1, config.config.nodes);
        r.clusterUsdPerHour = infrastructure->cost.usdPerHour / nodes * r.nodesNeeded;
        const PowerReport& p = infrastructure->power;
        // Busy share u from the simulation: P = P_idle + u·(P_busy − P_idle)
        // on wall power, P_busy the node's average while serving this
        // workload's prefill/decode mix (docs/power-model.md §3).
        const double u = std::clamp(r.gpuUtilization, 0.0, 1.0);
        const double nodeW = p.nodeWallIdleW + u * (p.nodeWallTypicalW - p.nodeWallIdleW);
        r.clusterWallW = nodeW * r.nodesNeeded;
        const double outputPerHour = sizedOutputTokensPerS * 3600;
        const double tokensPerHour = sizedTokensPerS * 3600;
        r.costPerMillionOutputTokensUsd = infra::safeDiv(r.clusterUsdPerHour, outputPerHour) * 1e6;
        r.costPerMillionTokensUsd = infra::safeDiv(r.clusterUsdPerHour, tokensPerHour) * 1e6;
        r.energyKwhPerMillionOutputTokens =
            infra::safeDiv(r.clusterWallW / 1e3, outputPerHour) * 1e6;
        const CostReport& c = infrastructure->cost;
        r.co2GPerMillionOutputTokens = r.energyKwhPerMillionOutputTokens * c.pue * c.gridCo2GPerKwh;
    }

    const std::string pct = "p" + std::to_string(s.sla.percentile);
    const std::string slaText = pct + " TTFT " + num(s.sla.ttftMs) + " ms and " + pct + " TPOT "
        + num(s.sla.tpotMs) + " ms";
    if (r.replicasNeeded == 0) {
        findings.push_back({Severity::Error, "serving.sla_unreachable",
            "No load meets the SLA (" + slaText
                + ") on one replica: even alone a "
                  "request sees "
                + pct + " TTFT " + num(atConfig.ttftS.at(s.sla.percentile) * 1e3) + " ms and TPOT "
                + num(atConfig.tpotS.at(s.sla.percentile) * 1e3)
                + " ms, or it does not fit the KV cache",
            "use faster GPUs, more tensor parallelism, or relax the SLA"});
    } else if (!r.meetsSla) {
        const std::string load = r.closedLoop ? num(r.demandUsers) + " users"
                                              : num(r.demandRequestsPerS, 1) + " requests/s";
        findings.push_back({Severity::Error, "serving.below_demand",
            "The configuration's " + num(r.replicasInConfiguration) + " replicas do not hold "
                + load + " under the SLA (" + slaText + "): it sees " + pct + " TTFT "
                + num(r.ttftMs.at(s.sla.percentile)) + " ms and TPOT "
                + num(r.tpotMs.at(s.sla.percentile), 1) + " ms; the demand needs "
                + num(r.replicasNeeded) + " replicas on " + num(r.nodesNeeded) + " nodes",
            "add nodes until " + num(r.nodesNeeded) + " or lower the load per replica"});
    } else {
        findings.push_back({Severity::Info, "serving.capacity",
            "One replica (" + num(r.gpusPerReplica) + " GPUs) holds "
                + num(r.capacityRequestsPerS, 2) + " requests/s under the SLA (" + slaText
                + "); the demand needs " + num(r.replicasNeeded) + " of the configuration's "
                + num(r.replicasInConfiguration) + " replicas",
            ""});
    }
    return r;
}

} // namespace infrafit
