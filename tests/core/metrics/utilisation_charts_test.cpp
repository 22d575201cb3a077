// SPDX-License-Identifier: Apache-2.0
// The numbers behind the Measurements page's charts: activity per host over
// time (heatmap) and the spread of power samples (histogram).
#include "core/metrics/utilisation_charts.h"

#include <catch2/catch.hpp>

using namespace infrafit;

namespace {

MetricsImport chartMetrics()
{
    // Two hosts, one GPU each, four scrapes 10 s apart; host b idles.
    MetricsImporter importer;
    std::string text;
    for (int s = 0; s < 4; ++s) {
        const std::string t = " " + std::to_string(1000000 + s * 10000);
        text += "DCGM_FI_PROF_PIPE_TENSOR_ACTIVE{gpu=\"0\",Hostname=\"a\"} " + std::to_string(0.2 * (s + 1)) + t + "\n";
        text += "DCGM_FI_PROF_PIPE_TENSOR_ACTIVE{gpu=\"0\",Hostname=\"b\"} 0" + t + "\n";
        text += "DCGM_FI_DEV_POWER_USAGE{gpu=\"0\",Hostname=\"a\"} " + std::to_string(100 + 100 * s) + t + "\n";
        text += "DCGM_FI_DEV_POWER_USAGE{gpu=\"0\",Hostname=\"b\"} 100" + t + "\n";
    }
    importer.addPrometheusText(std::string_view(text), "chart.prom");
    return importer.finish();
}

} // namespace

TEST_CASE("utilisation heatmap: one row per host, bins over the window", "[metrics]")
{
    const auto map = utilisationHeatmap(chartMetrics(), 2);
    CHECK(map.quantity == "tensor_active");
    REQUIRE(map.hosts == std::vector<std::string> {"a", "b"});
    REQUIRE(map.cells.size() == 2);
    REQUIRE(map.cells[0].size() == 2);
    // Window 0..30 s in two bins: scrapes 0, 1 | 2, 3.
    CHECK(map.binS == Approx(15).epsilon(1e-6));
    CHECK(*map.cells[0][0] == Approx((0.2 + 0.4) / 2));
    CHECK(*map.cells[0][1] == Approx((0.6 + 0.8) / 2));
    CHECK(*map.cells[1][0] == Approx(0));
    const auto empty = utilisationHeatmap(MetricsImport {}, 4);
    CHECK(empty.hosts.empty());
}

TEST_CASE("power histogram: every sample in one bin", "[metrics]")
{
    const auto h = powerHistogram(chartMetrics(), 4);
    CHECK(h.samples == 8u);
    REQUIRE(h.counts.size() == 4);
    CHECK(h.startW == 100);
    CHECK(h.binW == Approx(75));
    // 100 ×5 (four of b, one of a), 200, 300, 400.
    CHECK(h.counts[0] == 5u);
    CHECK(h.counts[1] == 1u);
    CHECK(h.counts[2] == 1u);
    CHECK(h.counts[3] == 1u);
}

TEST_CASE("utilisation heatmap: no more columns than scrapes", "[metrics]")
{
    const auto map = utilisationHeatmap(chartMetrics(), 48);
    REQUIRE(map.cells.size() == 2);
    CHECK(map.cells[0].size() == 4u); // four scrapes
    for (const auto& cell : map.cells[0])
        CHECK(cell.has_value());
}
