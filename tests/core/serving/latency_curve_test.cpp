// SPDX-License-Identifier: Apache-2.0
// The latency-against-load chart's series (issue 17 item 3): computed in
// core from the serving report's curve, the UI only draws them.
#include "core/serving/latency_curve.h"

#include <catch2/catch.hpp>

using namespace infrafit;

namespace {

ServingReport twoPointReport()
{
    ServingReport r;
    r.replicasInConfiguration = 4;
    r.demandRequestsPerS = 50;
    r.capacityRequestsPerS = 16;
    r.sla = ServiceLevel {2000, 100, 99};
    LoadCurvePoint a;
    a.ratePerS = 2;
    a.ttftMs.p50 = 60;
    a.ttftMs.p99 = 110;
    a.tpotMs.p50 = 6;
    a.tpotMs.p99 = 7;
    LoadCurvePoint b = a;
    b.ratePerS = 20;
    b.ttftMs.p99 = 2900;
    b.tpotMs.p99 = 140;
    r.curve = {a, b};
    return r;
}

} // namespace

TEST_CASE("latency-against-load series scale one replica's rate by the replicas sharing the load",
    "[serving]")
{
    // Ross, "Introduction to Probability Models" §5.3.4: a Poisson stream of
    // rate λ split at random over 4 replicas gives each λ/4, so a replica's
    // point at 2 req/s is the configuration's at 8 req/s.
    const LatencyLoadChart chart = latencyLoadChart(twoPointReport());
    REQUIRE(chart.ttftMs.size() == 2);
    REQUIRE(chart.tpotMs.size() == 2);
    CHECK(chart.ttftMs[1].name == "p99 TTFT");
    CHECK(chart.tpotMs[0].name == "p50 TPOT");
    REQUIRE(chart.ttftMs[1].points.size() == 2);
    CHECK(chart.ttftMs[1].points[0] == std::pair(8.0, 110.0));
    CHECK(chart.ttftMs[1].points[1] == std::pair(80.0, 2900.0));
    CHECK(chart.tpotMs[1].points[1] == std::pair(80.0, 140.0));
    CHECK(chart.ttftSlaMs == 2000);
    CHECK(chart.tpotSlaMs == 100);
    CHECK(chart.slaPercentile == 99);
    CHECK(chart.demandRequestsPerS == 50);
    CHECK(chart.capacityRequestsPerS == 64);
    CHECK(chart.maxRequestsPerS == 80);
}

TEST_CASE("a report without a curve gives empty series but keeps the SLA", "[serving]")
{
    ServingReport r = twoPointReport();
    r.curve.clear();
    const LatencyLoadChart chart = latencyLoadChart(r);
    CHECK(chart.ttftMs.empty());
    CHECK(chart.tpotMs.empty());
    CHECK(chart.ttftSlaMs == 2000);
}
