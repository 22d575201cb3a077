// SPDX-License-Identifier: Apache-2.0
#include "core/serving/capacity.h"

#include <algorithm>

namespace infrafit {
namespace {

constexpr int maxSimulations = 24;
constexpr double relativeTolerance = 0.005;
/// Lowest rate probed, as a share of the saturated throughput: below it a
/// replica is idle between requests, so a miss there is a miss at any load.
constexpr double idleShare = 1e-3;

} // namespace

bool meetsSla(const SimulationResult& run, const ServiceLevel& sla)
{
    return run.requestsRejected == 0 && run.requestsCompleted > 0
           && run.ttftS.at(sla.percentile) * 1e3 <= sla.ttftMs
           && run.tpotS.at(sla.percentile) * 1e3 <= sla.tpotMs;
}

SimulationResult simulateAtRate(const ServingScenario& scenario, const StepTimeModel& model,
                                double ratePerS)
{
    auto requests = makeRequests(scenario.prompts, scenario.outputs, scenario.arrival,
                                 scenario.arrivalCv, ratePerS, scenario.requests, scenario.seed);
    SimulationOptions options;
    options.sla = scenario.sla;
    options.seed = scenario.seed;
    return simulateReplica(scenario.engine, model, std::move(requests), options);
}

SimulationResult simulateCluster(const ServingScenario& scenario, const StepTimeModel& model,
                                 double ratePerS, int replicas)
{
    return simulateAtRate(scenario, model, ratePerS / std::max(1, replicas));
}

CapacityAnswer findCapacity(const ServingScenario& scenario, const StepTimeModel& model)
{
    CapacityAnswer answer;
    // Rate 0 in makeRequests = every request arrives at t = 0.
    const SimulationResult saturated = simulateAtRate(scenario, model, 0.0);
    answer.simulations = 1;
    answer.saturatedRatePerS = saturated.throughputRequestsPerS;
    if (!(answer.saturatedRatePerS > 0))
        return answer;

    double hi = answer.saturatedRatePerS;
    SimulationResult run = simulateAtRate(scenario, model, hi);
    ++answer.simulations;
    if (meetsSla(run, scenario.sla)) {
        answer.maxRatePerS = hi;
        answer.atCapacity = std::move(run);
        return answer;
    }
    double lo = hi * idleShare;
    run = simulateAtRate(scenario, model, lo);
    ++answer.simulations;
    if (!meetsSla(run, scenario.sla))
        return answer; // even an idle replica misses the SLA
    SimulationResult best = std::move(run);
    while (answer.simulations < maxSimulations && hi - lo > relativeTolerance * answer.saturatedRatePerS) {
        const double mid = 0.5 * (lo + hi);
        run = simulateAtRate(scenario, model, mid);
        ++answer.simulations;
        if (meetsSla(run, scenario.sla)) {
            lo = mid;
            best = std::move(run);
        } else {
            hi = mid;
        }
    }
    answer.maxRatePerS = lo;
    answer.atCapacity = std::move(best);
    return answer;
}

} // namespace infrafit
