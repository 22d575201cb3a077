// SPDX-License-Identifier: Apache-2.0
#include "core/serving/replica_simulator.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <functional>
#include <limits>
#include <queue>

namespace infrafit {
namespace {

constexpr std::size_t maxKvSamples = 512;
constexpr std::uint64_t thinkStreamSalt = 0x7468696e6bULL;

/// One request's progress through the engine.
struct Sequence {
    double arrivalS = 0;
    double firstScheduledS = -1;
    double firstTokenS = -1;
    double finishS = -1;
    int prompt = 1;
    int output = 1;
    int cached = 0;        ///< prompt tokens served by the prefix cache
    int prefillNeeded = 1; ///< tokens to compute before the next output token
    int prefillDone = 0;
    int generated = 0;
    long long kvTokens = 0;
    long long blocks = 0;
    bool rejected = false;

    [[nodiscard]] bool decoding() const { return prefillDone >= prefillNeeded; }
};

/// Running sums for Little's law: the time integral of the number of
/// requests in the system, advanced event by event.
class Occupancy {
public:
    void advanceTo(double timeS)
    {
        mIntegral += mInSystem * (timeS - mLastS);
        mLastS = timeS;
    }
    void arrive(double timeS)
    {
        advanceTo(timeS);
        ++mInSystem;
    }
    void depart(double timeS)
    {
        advanceTo(timeS);
        --mInSystem;
    }
    [[nodiscard]] double integral() const { return mIntegral; }

private:
    double mIntegral = 0;
    double mLastS = 0;
    double mInSystem = 0;
};

} // namespace

SimulationResult simulateReplica(const ReplicaEngine& engine, const StepTimeModel& model,
                                 std::vector<SimRequest> requests,
                                 const SimulationOptions& options)
{
    SimulationResult result;
    const int n = static_cast<int>(requests.size());
    result.requestsOffered = n;
    if (n == 0)
        return result;

    const long long blockTokens = std::max(1, engine.kvBlockTokens);
    const long long totalBlocks = std::max(0LL, engine.kvCapacityTokens) / blockTokens;
    const auto blocksFor = [&](long long tokens) { return (tokens + blockTokens - 1) / blockTokens; };
    // New blocks a sequence holding `blocks` needs for `tokens` (the common
    // decode step needs none: skip the division).
    const auto extraBlocks = [&](long long tokens, long long blocks) {
        return tokens > blocks * blockTokens ? blocksFor(tokens) - blocks : 0;
    };
    const std::size_t maxBatch = static_cast<std::size_t>(std::max(1, engine.maxBatch));
    const int budgetPerStep = std::max(1, engine.stepTokenBudget);
    const double hit = std::clamp(engine.prefixCacheHitRate, 0.0, 0.99);
    const bool separate = engine.prefillSchedule == PrefillSchedule::Separate;

    std::vector<Sequence> seqs(requests.size());
    for (std::size_t i = 0; i < requests.size(); ++i) {
        Sequence& s = seqs[i];
        s.arrivalS = requests[i].arrivalS;
        s.prompt = std::max(1, requests[i].promptTokens);
        s.output = std::max(1, requests[i].outputTokens);
        s.cached = std::min(s.prompt - 1, static_cast<int>(std::floor(s.prompt * hit)));
        s.prefillNeeded = s.prompt - s.cached;
        s.rejected = blocksFor(static_cast<long long>(s.prompt) + s.output) > totalBlocks;
    }

    // Arrivals: in index order for the open loop; a time-ordered heap for
    // the closed loop, whose users send request i + users after request i
    // of theirs finishes.
    using Pending = std::pair<double, int>;
    std::priority_queue<Pending, std::vector<Pending>, std::greater<>> pending;
    int nextOpen = 0;
    int nextIssue = n;
    RandomStream think(options.seed ^ thinkStreamSalt);
    const bool closed = options.closedLoop.has_value();
    const double thinkMean = closed ? std::max(0.0, options.closedLoop->thinkTimeS) : 0.0;
    const auto thinkSample = [&]() { return thinkMean > 0 ? think.exponential(thinkMean) : 0.0; };
    if (closed) {
        nextIssue = std::min(n, std::max(1, options.closedLoop->users));
        for (int i = 0; i < nextIssue; ++i) {
            seqs[static_cast<std::size_t>(i)].arrivalS = thinkSample();
            pending.emplace(seqs[static_cast<std::size_t>(i)].arrivalS, i);
        }
    }
    const auto nextArrivalS = [&]() {
        if (closed)
            return pending.empty() ? std::numeric_limits<double>::infinity() : pending.top().first;
        return nextOpen < n ? seqs[static_cast<std::size_t>(nextOpen)].arrivalS
                            : std::numeric_limits<double>::infinity();
    };
    const auto popArrival = [&]() {
        if (closed) {
            const int index = pending.top().second;
            pending.pop();
            return index;
        }
        return nextOpen++;
    };

    Occupancy occupancy;
    std::deque<int> waiting;
    std::vector<int> running;
    std::vector<int> finished;    ///< sequences whose last token this step makes
    std::vector<std::size_t> finishedAt; ///< their places in `running`, ascending
    std::vector<int> firstTokens; ///< sequences whose prompt this step completes
    long long freeBlocks = totalBlocks;
    double t = 0;
    int departed = 0;
    double sojournSum = 0;
    double occupancyTimeSum = 0;
    long long sampleStride = 1;

    const auto issueNext = [&](double timeS) {
        if (closed && nextIssue < n) {
            Sequence& s = seqs[static_cast<std::size_t>(nextIssue)];
            s.arrivalS = timeS + thinkSample();
            pending.emplace(s.arrivalS, nextIssue);
            ++nextIssue;
        }
    };
    const auto depart = [&](int index, double timeS) {
        Sequence& s = seqs[static_cast<std::size_t>(index)];
        s.finishS = timeS;
        occupancy.depart(timeS);
        sojournSum += timeS - s.arrivalS;
        ++departed;
        issueNext(timeS);
    };
    // A scheduled sequence is advanced by its step's tokens as soon as the
    // step is composed (one pass over the running batch): nothing reads
    // its state again before the next step, and the two times that need
    // the step's end (first token, departure) wait in the lists above.
    // Preemption only takes sequences not yet visited in the pass.
    const auto advance = [&](int index, Sequence& s, int tokens, std::size_t place) {
        if (s.decoding()) {
            ++s.kvTokens;
            ++s.generated;
        } else {
            s.prefillDone += tokens;
            s.kvTokens = s.cached + s.prefillDone;
            if (s.decoding()) {
                ++s.generated; // the step that ends a prompt samples the next token
                firstTokens.push_back(index);
            }
        }
        if (s.generated >= s.output) {
            finished.push_back(index);
            finishedAt.push_back(place);
        }
    };
    const auto admitArrivals = [&](double untilS) {
        while (nextArrivalS() <= untilS) {
            const int index = popArrival();
            Sequence& s = seqs[static_cast<std::size_t>(index)];
            occupancy.arrive(s.arrivalS);
            if (s.rejected) {
                ++result.requestsRejected;
                depart(index, s.arrivalS);
            } else {
                waiting.push_back(index);
            }
        }
    };

    while (departed < n) {
        admitArrivals(t);
        if (running.empty() && waiting.empty()) {
            const double next = nextArrivalS();
            if (!std::isfinite(next))
                break;
            t = std::max(t, next);
            continue;
        }

        // Separate prefill: a step with prompt work carries only that (a
        // prompt mid-chunk, or the first waiting request that fits); the
        // decoders wait for it.
        bool prefillOnly = false;
        if (separate) {
            for (int index : running)
                prefillOnly = prefillOnly || !seqs[static_cast<std::size_t>(index)].decoding();
            if (!prefillOnly && !waiting.empty() && running.size() < maxBatch) {
                const Sequence& s = seqs[static_cast<std::size_t>(waiting.front())];
                const int tokens = std::min(s.prefillNeeded - s.prefillDone, budgetPerStep);
                prefillOnly = extraBlocks(s.cached + s.prefillDone + tokens, s.blocks) <= freeBlocks;
            }
        }

        // Compose the step: running sequences first, in admission order.
        int budget = budgetPerStep;
        long long prefillTokens = 0;
        long long decodeTokens = 0;
        long long contextSum = 0;
        long long stepSequences = 0;
        double prefillContextSum = 0; // Σ chunk tokens × keys each attends to
        long long decodeContextSum = 0;
        int logitTokens = 0;
        bool preempted = false;
        finished.clear();
        finishedAt.clear();
        firstTokens.clear();
        for (std::size_t i = 0; i < running.size() && budget > 0; ++i) {
            const int index = running[i];
            Sequence& s = seqs[static_cast<std::size_t>(index)];
            const bool decode = s.decoding();
            if (separate && decode == prefillOnly)
                continue; // a decoder in a prefill step (or, never, the reverse)
            const int tokens = decode ? 1 : std::min(s.prefillNeeded - s.prefillDone, budget);
            const long long kvAfter = decode ? s.kvTokens + 1 : s.cached + s.prefillDone + tokens;
            const long long need = extraBlocks(kvAfter, s.blocks);
            bool selfPreempted = false;
            while (need > freeBlocks) {
                const int victim = running.back();
                Sequence& v = seqs[static_cast<std::size_t>(victim)];
                freeBlocks += v.blocks;
                v.blocks = 0;
                v.kvTokens = 0;
                v.prefillDone = 0;
                v.prefillNeeded = v.prompt - v.cached + v.generated;
                running.pop_back();
                waiting.push_front(victim);
                ++result.preemptions;
                preempted = true;
                if (i == running.size()) {
                    selfPreempted = true;
                    break;
                }
            }
            if (selfPreempted)
                break;
            freeBlocks -= need;
            s.blocks += need;
            budget -= tokens;
            (decode ? decodeTokens : prefillTokens) += tokens;
            if (decode) {
                decodeContextSum += kvAfter;
                ++logitTokens;
            } else {
                prefillContextSum += tokens * (double(kvAfter) - tokens / 2.0);
                logitTokens += s.prefillDone + tokens >= s.prefillNeeded ? 1 : 0;
            }
            contextSum += kvAfter;
            ++stepSequences;
            advance(index, s, tokens, i);
        }
        // Then admit waiting requests, first come first served (none after a
        // preemption in this step, as vLLM's scheduler does).
        while (!preempted && (!separate || prefillOnly) && !waiting.empty()
               && running.size() < maxBatch && budget > 0) {
            const int index = waiting.front();
            Sequence& s = seqs[static_cast<std::size_t>(index)];
            const int tokens = std::min(s.prefillNeeded - s.prefillDone, budget);
            const long long kvAfter = s.cached + s.prefillDone + tokens;
            const long long need = extraBlocks(kvAfter, s.blocks);
            if (need > freeBlocks)
                break;
            running.push_back(index);
            waiting.pop_front();
            freeBlocks -= need;
            s.blocks += need;
            if (s.firstScheduledS < 0)
                s.firstScheduledS = t;
            budget -= tokens;
            prefillTokens += tokens;
            prefillContextSum += tokens * (double(kvAfter) - tokens / 2.0);
            logitTokens += s.prefillDone + tokens >= s.prefillNeeded ? 1 : 0;
            contextSum += kvAfter;
            ++stepSequences;
            advance(index, s, tokens, running.size() - 1);
        }
        if (stepSequences == 0)
            continue; // only preemptions happened; the next pass schedules

        StepComposition composition;
        composition.prefillTokens = static_cast<int>(prefillTokens);
        composition.decodeTokens = static_cast<int>(decodeTokens);
        composition.prefillContextTokens
            = prefillTokens > 0 ? prefillContextSum / static_cast<double>(prefillTokens) : 0.0;
        composition.decodeContextTokens
            = decodeTokens > 0 ? static_cast<double>(decodeContextSum) / static_cast<double>(decodeTokens)
                               : 0.0;
        composition.meanContextTokens
            = static_cast<double>(contextSum) / static_cast<double>(stepSequences);
        composition.logitTokens = logitTokens;
        double dt = model.compositionStepTimeS(composition);
        if (!std::isfinite(dt))
            dt = 1e6; // a broken step law shows as an SLA miss, never as NaN
        dt = std::max(dt, 1e-12);
        const double stepEnd = t + dt;
        const double occupied = totalBlocks > 0
                                    ? static_cast<double>(totalBlocks - freeBlocks)
                                          / static_cast<double>(totalBlocks)
                                    : 0.0;
        occupancyTimeSum += occupied * dt;
        result.peakKvOccupancy = std::max(result.peakKvOccupancy, occupied);
        if (result.steps % sampleStride == 0) {
            result.kvOccupancy.push_back({t, occupied});
            if (result.kvOccupancy.size() >= maxKvSamples) {
                std::size_t kept = 0;
                for (std::size_t i = 0; i < result.kvOccupancy.size(); i += 2)
                    result.kvOccupancy[kept++] = result.kvOccupancy[i];
                result.kvOccupancy.resize(kept);
                sampleStride *= 2;
            }
        }
        ++result.steps;
        result.busyS += dt;
        admitArrivals(stepEnd); // arrivals during the step wait for the next one

        for (int index : firstTokens) {
            Sequence& s = seqs[static_cast<std::size_t>(index)];
            if (s.firstTokenS < 0)
                s.firstTokenS = stepEnd;
        }
        for (int index : finished) {
            Sequence& s = seqs[static_cast<std::size_t>(index)];
            freeBlocks += s.blocks;
            s.blocks = 0;
            depart(index, stepEnd);
        }
        // Drop the finished from the batch, keeping its order: only the
        // places after the first finished one move.
        if (!finishedAt.empty()) {
            std::size_t write = finishedAt.front();
            std::size_t skip = 0;
            for (std::size_t read = write; read < running.size(); ++read) {
                if (skip < finishedAt.size() && finishedAt[skip] == read) {
                    ++skip;
                    continue;
                }
                running[write++] = running[read];
            }
            running.resize(write);
        }
        t = stepEnd;
    }

    // --- summary
    double lastS = t;
    std::vector<double> ttft, tpot, e2e, queue;
    ttft.reserve(seqs.size());
    e2e.reserve(seqs.size());
    queue.reserve(seqs.size());
    double outputTokens = 0;
    double inputTokens = 0;
    int good = 0;
    for (const Sequence& s : seqs) {
        lastS = std::max(lastS, s.finishS);
        if (s.rejected || s.finishS < 0)
            continue;
        ++result.requestsCompleted;
        outputTokens += s.output;
        inputTokens += s.prompt;
        const double firstToken = s.firstTokenS - s.arrivalS;
        ttft.push_back(firstToken);
        e2e.push_back(s.finishS - s.arrivalS);
        queue.push_back(s.firstScheduledS - s.arrivalS);
        double perToken = 0;
        if (s.output > 1) {
            perToken = (s.finishS - s.firstTokenS) / (s.output - 1);
            tpot.push_back(perToken);
        }
        if (!options.sla
            || (firstToken * 1e3 <= options.sla->ttftMs && perToken * 1e3 <= options.sla->tpotMs))
            ++good;
    }
    occupancy.advanceTo(lastS);
    result.durationS = lastS;
    result.ttftS = percentilesOf(ttft);
    result.tpotS = percentilesOf(tpot);
    result.e2eS = percentilesOf(e2e);
    result.queueS = percentilesOf(queue);
    if (lastS > 0) {
        result.throughputRequestsPerS = result.requestsCompleted / lastS;
        result.outputTokensPerS = outputTokens / lastS;
        result.inputTokensPerS = inputTokens / lastS;
        result.goodputRequestsPerS = good / lastS;
        result.gpuUtilization = std::min(1.0, result.busyS / lastS);
        result.meanRequestsInSystem = occupancy.integral() / lastS;
        result.arrivalsPerS = n / lastS;
        result.meanKvOccupancy = occupancyTimeSum / lastS;
    }
    result.meanTimeInSystemS = sojournSum / n;
    return result;
}

} // namespace infrafit
