// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/serving/serving_report.h"

#include <string>
#include <vector>

namespace infrafit {

/// One line of a chart: (x, y) points in the order drawn.
struct CurveSeries {
    std::string name;
    std::vector<std::pair<double, double>> points;
};

/// The latency-against-load chart of a serving report, ready to draw: the
/// p50 and p99 TTFT and TPOT (ms) against the request rate offered to the
/// whole configuration (requests/s), the SLA limits and where the demand
/// and the configuration's capacity lie on that axis. Empty series when the
/// report has no curve (a closed loop of users).
struct LatencyLoadChart {
    std::vector<CurveSeries> ttftMs; ///< "p50 TTFT", "p99 TTFT"
    std::vector<CurveSeries> tpotMs; ///< "p50 TPOT", "p99 TPOT"
    double ttftSlaMs = 0;
    double tpotSlaMs = 0;
    int slaPercentile = 99;
    double demandRequestsPerS = 0;
    double capacityRequestsPerS = 0; ///< one replica's capacity × the configuration's replicas
    int replicas = 1; ///< replicas of the configuration sharing the load
    double maxRequestsPerS = 0; ///< right end of the curve
};

/// The chart's series from `report.curve` (one replica at 10 %–100 % of its
/// saturated throughput). A configuration of R replicas with random routing
/// gives each a Poisson stream of rate / R (splitting a Poisson process,
/// Ross, "Introduction to Probability Models", §5.3.4), so a replica's
/// point at rate x is the configuration's at R·x. Pure.
LatencyLoadChart latencyLoadChart(const ServingReport& report);

} // namespace infrafit
