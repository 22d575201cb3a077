// SPDX-License-Identifier: Apache-2.0
// A measured run's metrics window summarised (issue 19 item 4): per-GPU
// power mean and p95 over all GPUs' samples, tensor activity, memory.
#include "core/metrics/run_metrics.h"

#include "support/fixtures.h"

#include <catch2/catch.hpp>

using namespace infrafit;

TEST_CASE("run metrics: a known window summarised", "[metrics]")
{
    // Two GPUs, three scrapes 15 s apart. Power 100..600 W: nearest-rank
    // p95 of 6 samples is the 6th (ceil(0.95 × 6) = 6).
    const std::string text =
        "DCGM_FI_DEV_POWER_USAGE{gpu=\"0\",Hostname=\"h\"} 100 1000000\n"
        "DCGM_FI_DEV_POWER_USAGE{gpu=\"1\",Hostname=\"h\"} 200 1000000\n"
        "DCGM_FI_DEV_POWER_USAGE{gpu=\"0\",Hostname=\"h\"} 300 1015000\n"
        "DCGM_FI_DEV_POWER_USAGE{gpu=\"1\",Hostname=\"h\"} 400 1015000\n"
        "DCGM_FI_DEV_POWER_USAGE{gpu=\"0\",Hostname=\"h\"} 500 1030000\n"
        "DCGM_FI_DEV_POWER_USAGE{gpu=\"1\",Hostname=\"h\"} 600 1030000\n"
        "DCGM_FI_PROF_PIPE_TENSOR_ACTIVE{gpu=\"0\",Hostname=\"h\"} 0.2 1000000\n"
        "DCGM_FI_PROF_PIPE_TENSOR_ACTIVE{gpu=\"1\",Hostname=\"h\"} 0.4 1000000\n"
        "DCGM_FI_DEV_FB_USED{gpu=\"0\",Hostname=\"h\"} 1024 1000000\n"
        "DCGM_FI_DEV_FB_USED{gpu=\"1\",Hostname=\"h\"} 2048 1030000\n";
    MetricsImporter importer;
    importer.addPrometheusText(text, "run.prom");
    const auto m = runMetricsSummary(importer.finish());
    CHECK(m.gpus == 2);
    CHECK(m.windowS == Approx(30));
    REQUIRE(m.powerMeanW);
    CHECK(*m.powerMeanW == Approx(350));
    REQUIRE(m.powerP95W);
    CHECK(*m.powerP95W == Approx(600));
    REQUIRE(m.tensorActiveMean);
    CHECK(*m.tensorActiveMean == Approx(0.3));
    REQUIRE(m.memoryUsedMaxBytes);
    CHECK(*m.memoryUsedMaxBytes == Approx(2048.0 * 1024 * 1024)); // FB_USED is MiB
    const auto table = runMetricsToText({{"week 1", "run.prom", m, ""},
        {"week 2", "gone.prom", std::nullopt, "no GPU samples in gone.prom"}});
    CHECK(table.find("week 1") != std::string::npos);
    CHECK(table.find("350") != std::string::npos);
    CHECK(table.find("Note: week 2: no GPU samples") != std::string::npos);
}

TEST_CASE("run metrics: a quantity without samples stays absent", "[metrics]")
{
    MetricsImporter importer;
    importer.addPrometheusText("DCGM_FI_DEV_GPU_TEMP{gpu=\"0\",Hostname=\"h\"} 50\n", "t.prom");
    const auto m = runMetricsSummary(importer.finish());
    CHECK(m.gpus == 1);
    CHECK(m.windowS == 0);
    CHECK_FALSE(m.powerMeanW);
    CHECK_FALSE(m.tensorActiveMean);
    CHECK_FALSE(m.memoryUsedMaxBytes);
    CHECK(runMetricsSummary(MetricsImport {}).gpus == 0);
}
