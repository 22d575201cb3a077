// SPDX-License-Identifier: Apache-2.0
#include "core/serving/capacity.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace infrafit {
namespace {

constexpr int maxSimulations = 24;
constexpr double relativeTolerance = 0.005;
/// Lowest rate probed, as a share of the saturated throughput: below it a
/// replica is idle between requests, so a miss there is a miss at any load.
constexpr double idleShare = 1e-3;

/// Bisection between a load `lo` that meets the SLA (its run in `best`) and
/// a load `hi` that does not, until `closeEnough(lo, hi)` or the simulation
/// budget runs out; returns the highest load found to pass and leaves its
/// run in `best`. Shared by the rate and the user-count searches.
template <class Load, class Simulate, class CloseEnough>
Load bisectLastPassing(Load lo, Load hi, const Simulate& simulate, const CloseEnough& closeEnough,
                       const ServiceLevel& sla, SimulationResult& best, int& simulations)
{
    while (simulations < maxSimulations && !closeEnough(lo, hi)) {
        const Load mid = std::midpoint(lo, hi);
        SimulationResult run = simulate(mid);
        ++simulations;
        if (meetsSla(run, sla)) {
            lo = mid;
            best = std::move(run);
        } else {
            hi = mid;
        }
    }
    return lo;
}

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
    if (!meetsSla(run, scenario.sla)) { // even an idle replica misses the SLA
        answer.lightest = std::move(run);
        answer.lightestRatePerS = lo;
        return answer;
    }
    SimulationResult best = std::move(run);
    const double tolerance = relativeTolerance * answer.saturatedRatePerS;
    answer.maxRatePerS = bisectLastPassing(
        lo, hi, [&](double rate) { return simulateAtRate(scenario, model, rate); },
        [&](double a, double b) { return b - a <= tolerance; }, scenario.sla, best,
        answer.simulations);
    answer.atCapacity = std::move(best);
    return answer;
}

SimulationResult simulateUsers(const ServingScenario& scenario, const StepTimeModel& model,
                               int users, double thinkTimeS)
{
    auto requests = makeRequests(scenario.prompts, scenario.outputs, scenario.arrival,
                                 scenario.arrivalCv, 0.0, scenario.requests, scenario.seed);
    SimulationOptions options;
    options.sla = scenario.sla;
    options.seed = scenario.seed;
    options.closedLoop = ClosedLoop{std::max(1, users), thinkTimeS};
    return simulateReplica(scenario.engine, model, std::move(requests), options);
}

UserCapacityAnswer findUserCapacity(const ServingScenario& scenario, const StepTimeModel& model,
                                    double thinkTimeS)
{
    UserCapacityAnswer answer;
    SimulationResult run = simulateUsers(scenario, model, 1, thinkTimeS);
    ++answer.simulations;
    if (!meetsSla(run, scenario.sla))
        return answer;
    int lo = 1;
    SimulationResult best = std::move(run);
    // Grow until the SLA fails, then bisect between the last pass and fail.
    int hi = 2;
    const int ceiling = std::max(2, scenario.engine.maxBatch * 64);
    for (;;) {
        run = simulateUsers(scenario, model, hi, thinkTimeS);
        ++answer.simulations;
        if (!meetsSla(run, scenario.sla))
            break;
        lo = hi;
        best = std::move(run);
        if (hi >= ceiling || answer.simulations >= maxSimulations) {
            hi = lo;
            break;
        }
        hi = std::min(ceiling, hi * 2);
    }
    answer.maxUsers = bisectLastPassing(
        lo, hi, [&](int users) { return simulateUsers(scenario, model, users, thinkTimeS); },
        [](int a, int b) { return b - a <= 1; }, scenario.sla, best, answer.simulations);
    answer.atCapacity = std::move(best);
    return answer;
}

int replicasFor(double load, double perReplica)
{
    if (!(perReplica > 0) || !(load > 0) || !std::isfinite(load))
        return 0;
    const double ratio = load / perReplica; // may overflow to +inf: capped below
    // 1e-9: a load equal to a whole number of replicas' capacity, give or
    // take rounding, needs exactly that many; any load at all needs one (a
    // load under 1e-9 of a replica rounded to none, CLI probe W8).
    return static_cast<int>(std::clamp(std::ceil(ratio - 1e-9), 1.0, 1e6));
}

} // namespace infrafit
