// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <vector>

namespace infrafit {

/// Mean and nearest-rank percentiles of a set of samples (seconds or
/// milliseconds, as the field using it says); all 0 for no samples.
struct Percentiles {
    double mean = 0;
    double p50 = 0;
    double p90 = 0;
    double p99 = 0;

    /// The value at 50, 90 or 99 (anything else: p99).
    [[nodiscard]] double at(int percentile) const
    {
        return percentile == 50 ? p50 : percentile == 90 ? p90 : p99;
    }
};

/// Nearest-rank percentiles (the smallest sample with at least p % of the
/// samples at or below it; NIST/SEMATECH e-Handbook §7.2.6.2 "percentiles",
/// the definition MLPerf's LoadGen uses for its latency percentiles).
/// Reorders `samples` in place.
Percentiles percentilesOf(std::vector<double>& samples);

/// KV-cache occupancy (used blocks / blocks) at a simulated time.
struct KvSample {
    double timeS = 0;
    double occupancy = 0;
};

/// What one replica did with a stream of requests (simulateReplica()).
/// Plain value; every number is finite. Times are seconds from t = 0.
struct SimulationResult {
    int requestsOffered = 0;
    int requestsCompleted = 0;
    /// Requests whose prompt + output can never fit the KV cache; they
    /// leave at once and count against goodput.
    int requestsRejected = 0;
    int preemptions = 0;
    long long steps = 0;
    double durationS = 0;        ///< t = 0 to the last departure
    double busyS = 0;            ///< time spent in engine steps
    Percentiles ttftS;           ///< arrival to first output token
    Percentiles tpotS;           ///< (finish − first token) / (output − 1), output > 1
    Percentiles e2eS;            ///< arrival to last token
    Percentiles queueS;          ///< arrival to first scheduled
    double throughputRequestsPerS = 0;
    double outputTokensPerS = 0;
    double inputTokensPerS = 0;
    /// Requests meeting both SLA limits per second (DistServe's goodput,
    /// Zhong et al., OSDI 2024 §2.1); equals throughput without an SLA.
    double goodputRequestsPerS = 0;
    double gpuUtilization = 0;   ///< busyS / durationS
    /// Little's law L = λW (Little 1961), both sides measured separately:
    /// the time average of requests in the system and throughput × mean
    /// time in the system, rejected requests included.
    double meanRequestsInSystem = 0;
    double arrivalsPerS = 0;     ///< requests offered / durationS
    double meanTimeInSystemS = 0;
    double meanKvOccupancy = 0;  ///< time-weighted over the steps
    double peakKvOccupancy = 0;
    std::vector<KvSample> kvOccupancy; ///< at most ~512 samples, evenly thinned
};

} // namespace infrafit
