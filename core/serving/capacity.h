// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/serving/replica_simulator.h"
#include "core/serving/request_stream.h"
#include "core/workload/serving_demand.h"

#include <cstdint>

namespace infrafit {

/// One replica offered a demand: its engine, the request lengths, the
/// arrival process and the SLA, and how many requests one simulation runs.
struct ServingScenario {
    ReplicaEngine engine;
    LengthSampler prompts{std::nullopt, 1};
    LengthSampler outputs{std::nullopt, 1};
    ArrivalProcess arrival = ArrivalProcess::Poisson;
    double arrivalCv = 1.0;
    ServiceLevel sla;
    int requests = 2000;     ///< per simulation (the capacity search runs ~20)
    std::uint64_t seed = 1;
};

/// Whether a run meets the SLA: no request rejected, and the SLA percentile
/// of TTFT and of TPOT at or under their limits.
bool meetsSla(const SimulationResult& run, const ServiceLevel& sla);

/// Replicas of capacity `perReplica` needed to carry `load` (requests/s or
/// users): the ceiling of the ratio, 0 when either is not a positive finite
/// number, and capped at one million so a count never overflows.
int replicasFor(double load, double perReplica);

/// One replica at `ratePerS` requests/s (open loop). Same seed, same lengths
/// and same gaps rescaled at every rate, so runs at different rates differ
/// only by the load.
SimulationResult simulateAtRate(const ServingScenario& scenario, const StepTimeModel& model,
                                double ratePerS);

/// `replicas` replicas sharing a Poisson demand of `ratePerS` with random
/// routing: each sees a Poisson stream of ratePerS / replicas (splitting a
/// Poisson process keeps it Poisson; Ross, "Introduction to Probability
/// Models", §5.3.4), so one replica's run stands for each.
SimulationResult simulateCluster(const ServingScenario& scenario, const StepTimeModel& model,
                                 double ratePerS, int replicas);

/// The most a replica holds under the SLA.
struct CapacityAnswer {
    double maxRatePerS = 0;       ///< highest rate meeting the SLA (0: none does)
    double saturatedRatePerS = 0; ///< completions/s with every request queued at t = 0
    SimulationResult atCapacity;  ///< the run at maxRatePerS
    /// When no rate meets the SLA: the run at the lowest rate probed (an
    /// all but idle replica), whose latencies say by how much it misses.
    SimulationResult lightest;
    double lightestRatePerS = 0;
    int simulations = 0;
};

/// Bisection on the request rate between 0 and the saturated throughput
/// (the most the replica can complete), to 0.5 % of that throughput or 24
/// simulations; the SLA may fail only above the answer. Pure.
CapacityAnswer findCapacity(const ServingScenario& scenario, const StepTimeModel& model);

/// One replica serving a closed loop of `users` with mean think time
/// `thinkTimeS` (scenario.requests requests in all).
SimulationResult simulateUsers(const ServingScenario& scenario, const StepTimeModel& model,
                               int users, double thinkTimeS);

/// The most users one replica holds under the SLA (bisection on the user
/// count up to the batch limit × 64).
struct UserCapacityAnswer {
    int maxUsers = 0;
    SimulationResult atCapacity;
    int simulations = 0;
};
UserCapacityAnswer findUserCapacity(const ServingScenario& scenario, const StepTimeModel& model,
                                    double thinkTimeS);

} // namespace infrafit
