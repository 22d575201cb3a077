// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/serving/simulation_result.h"
#include "core/workload/serving_demand.h"

#include <string>
#include <vector>

namespace infrafit {

/// One point of the latency-against-load curve (milliseconds).
struct LoadCurvePoint {
    double ratePerS = 0; ///< per replica
    Percentiles ttftMs;
    Percentiles tpotMs;
    bool meetsSla = false;
};

/// The capacity answer for a serving workload on one configuration
/// (docs/user-guide.md "Serving capacity", the result's `serving`).
/// Plain value; every number is finite.
///
/// Two operating points: the configuration as given (its replicas share
/// the demand) gives the latencies users would see, `meetsSla` and
/// goodput; the sized cluster (`replicasNeeded`, spare included, on
/// `nodesNeeded` nodes) gives utilisation, cost and energy per token.
struct ServingReport {
    bool closedLoop = false;
    double demandRequestsPerS = 0;      ///< open loop: as asked; closed loop: simulated
    int demandUsers = 0;                ///< closed loop only
    double capacityRequestsPerS = 0;    ///< one replica, under the SLA
    int capacityUsers = 0;              ///< closed loop: users one replica holds
    double saturatedRequestsPerS = 0;   ///< one replica, every request queued
    int gpusPerReplica = 0;
    int replicasInConfiguration = 0;
    int replicasNeeded = 0;             ///< spare included; 0 when no replica meets the SLA
    int spareReplicas = 0;
    int nodesNeeded = 0;
    bool meetsSla = false;
    // At the configuration's operating point.
    Percentiles ttftMs;
    Percentiles tpotMs;
    Percentiles e2eMs;
    double goodputRequestsPerS = 0;     ///< whole configuration
    double meanKvOccupancy = 0;
    double peakKvOccupancy = 0;
    int preemptions = 0;
    // At the sized cluster's operating point.
    double gpuUtilization = 0;
    double clusterUsdPerHour = 0;       ///< TCO per hour of nodesNeeded nodes
    double clusterWallW = 0;            ///< at the simulated utilisation
    double costPerMillionOutputTokensUsd = 0;
    double costPerMillionTokensUsd = 0; ///< input + output tokens
    double energyKwhPerMillionOutputTokens = 0;
    /// Grid CO2 of that energy at the facility (× PUE), grams per million
    /// output tokens (docs/power-model.md §6).
    double co2GPerMillionOutputTokens = 0;
    std::vector<LoadCurvePoint> curve;  ///< per replica, 0 to past capacity
    std::string stepTimeSource;         ///< which step-time model fed the simulator
    ServiceLevel sla;                   ///< the limits the report was sized against
    int simulatedRequests = 0;          ///< per simulation
};

} // namespace infrafit
