// SPDX-License-Identifier: Apache-2.0
#include "core/serving/latency_curve.h"

#include <algorithm>

namespace infrafit {

LatencyLoadChart latencyLoadChart(const ServingReport& report)
{
    LatencyLoadChart chart;
    chart.replicas = std::max(1, report.replicasInConfiguration);
    chart.ttftSlaMs = report.sla.ttftMs;
    chart.tpotSlaMs = report.sla.tpotMs;
    chart.slaPercentile = report.sla.percentile;
    chart.demandRequestsPerS = report.demandRequestsPerS;
    // Ross §5.3.4: R replicas each at x carry R·x together.
    chart.capacityRequestsPerS = report.capacityRequestsPerS * chart.replicas;
    if (report.curve.empty())
        return chart;
    CurveSeries ttft50 {"p50 TTFT", {}}, ttft99 {"p99 TTFT", {}};
    CurveSeries tpot50 {"p50 TPOT", {}}, tpot99 {"p99 TPOT", {}};
    for (const LoadCurvePoint& p : report.curve) {
        const double x = p.ratePerS * chart.replicas;
        ttft50.points.emplace_back(x, p.ttftMs.p50);
        ttft99.points.emplace_back(x, p.ttftMs.p99);
        tpot50.points.emplace_back(x, p.tpotMs.p50);
        tpot99.points.emplace_back(x, p.tpotMs.p99);
        chart.maxRequestsPerS = std::max(chart.maxRequestsPerS, x);
    }
    chart.ttftMs = {std::move(ttft50), std::move(ttft99)};
    chart.tpotMs = {std::move(tpot50), std::move(tpot99)};
    return chart;
}

} // namespace infrafit
