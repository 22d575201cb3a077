// SPDX-License-Identifier: Apache-2.0
// Reading dcgm-exporter metrics (issue 19): the exporter's text format as
// scraped (fixtures written from its counter list and label template,
// tests/fixtures/metrics/), Prometheus query_range JSON, and damaged input
// reported line by line and skipped.
#include "core/metrics/metrics_import.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <sstream>

using namespace infrafit;

namespace {

std::string metricsFixture(const std::string& name)
{
    return std::string(INFRAFIT_FIXTURES_DIR) + "/metrics/" + name;
}

const GpuMetrics* findGpu(const MetricsImport& m, const std::string& host, const std::string& gpu)
{
    for (const auto& g : m.gpus)
        if (g.host == host && g.gpu == gpu)
            return &g;
    return nullptr;
}

std::set<std::size_t> notedLines(const MetricsImport& m)
{
    std::set<std::size_t> lines;
    for (const auto& n : m.notes)
        lines.insert(n.line);
    return lines;
}

} // namespace

TEST_CASE("metrics: dcgm-exporter scrapes of two hosts", "[metrics]")
{
    MetricsImporter importer;
    importer.addFile(metricsFixture("dcgm-exporter-gpu-node-01.prom"));
    importer.addFile(metricsFixture("dcgm-exporter-gpu-node-02.prom"));
    const auto m = importer.finish();
    REQUIRE(m.gpus.size() == 16);
    CHECK_FALSE(m.timestamped); // the exporter writes no timestamps
    CHECK(m.skippedSamples == 0);
    const auto* g = findGpu(m, "gpu-node-02", "7");
    REQUIRE(g);
    CHECK(g->model == "NVIDIA H100 80GB HBM3");
    CHECK(g->uuid.rfind("GPU-", 0) == 0);
    // Three scrapes per file: three samples of each metric, in order.
    REQUIRE(g->of(GpuQuantity::PowerW).size() == 3);
    CHECK(g->of(GpuQuantity::PowerW)[0].t < g->of(GpuQuantity::PowerW)[1].t);
    // Units: MiB to bytes, % to a share, mJ to J.
    REQUIRE(g->of(GpuQuantity::MemoryReservedBytes).size() == 3);
    CHECK(g->of(GpuQuantity::MemoryReservedBytes)[0].v == 521.0 * 1024 * 1024);
    const auto* busy = findGpu(m, "gpu-node-01", "0");
    REQUIRE(busy);
    CHECK(busy->of(GpuQuantity::GpuUtil).at(0).v == Approx(1.0));
    CHECK(busy->of(GpuQuantity::EnergyJ).at(0).v == Approx(912345.678));
    // Fields the exporter sends that InfraFit does not read: counted, noted once each.
    REQUIRE(m.unknownMetrics.count("DCGM_FI_DEV_MEM_CLOCK") == 1);
    CHECK(m.unknownMetrics.at("DCGM_FI_DEV_MEM_CLOCK") == 2 * 3 * 8);
    CHECK(m.notes.size() == m.unknownMetrics.size());
    // The second file's scrapes come after the first's.
    const auto* first = findGpu(m, "gpu-node-01", "0");
    CHECK(first->of(GpuQuantity::PowerW).back().t < g->of(GpuQuantity::PowerW).front().t);
}

TEST_CASE("metrics: Prometheus query_range JSON", "[metrics]")
{
    MetricsImporter importer;
    importer.addFile(metricsFixture("prometheus-query-range.json"));
    const auto m = importer.finish();
    REQUIRE(m.gpus.size() == 2);
    CHECK(m.timestamped);
    const auto* g = findGpu(m, "gpu-node-03", "1"); // `Hostname`, the label before May 2026
    REQUIRE(g);
    REQUIRE(g->of(GpuQuantity::PowerW).size() == 40);
    CHECK(g->of(GpuQuantity::PowerW)[1].t - g->of(GpuQuantity::PowerW)[0].t == 15.0);
    CHECK(g->of(GpuQuantity::PowerW)[0].v == 520.0);
    CHECK(g->of(GpuQuantity::TensorActive).size() == 40);
    CHECK(m.samples == 160);

    // `instance` names the host when the exporter has no hostname label.
    MetricsImporter other;
    other.addPrometheusJson(R"({"status":"success","data":{"resultType":"vector","result":[
        {"metric":{"__name__":"DCGM_FI_DEV_POWER_USAGE","gpu":"3","instance":"10.0.0.9:9400"},
         "value":[1764806400.5,"401.25"]}]}})",
        "vector.json");
    const auto v = other.finish();
    REQUIRE(v.gpus.size() == 1);
    CHECK(v.gpus[0].host == "10.0.0.9");
    CHECK(v.gpus[0].of(GpuQuantity::PowerW).at(0).v == 401.25);
    CHECK(v.gpus[0].of(GpuQuantity::PowerW).at(0).t == 1764806400.5);
}

TEST_CASE("metrics: a damaged scrape is reported line by line, the rest is read", "[metrics]")
{
    MetricsImporter importer;
    importer.addFile(metricsFixture("malformed.prom"));
    const auto m = importer.finish();
    // NaN (5), truncated labels (6), no gpu label (7), "6o5" (8), no value
    // (9), unknown metric (10, once for both lines), no name (12), bad
    // timestamp (20), labels without a comma (21).
    CHECK(notedLines(m) == std::set<std::size_t> {5, 6, 7, 8, 9, 10, 12, 20, 21});
    CHECK(m.unknownMetrics.at("SOME_OTHER_EXPORTER_METRIC") == 2);
    for (const auto& n : m.notes)
        CHECK(n.file == metricsFixture("malformed.prom"));
    const auto* g = findGpu(m, "n1", "0");
    REQUIRE(g);
    REQUIRE(g->of(GpuQuantity::PowerW).size() == 2);
    CHECK(g->of(GpuQuantity::PowerW)[1].v == 620.25);
    // The escaped label value did not derail the line.
    REQUIRE(g->of(GpuQuantity::MemoryUsedBytes).size() == 1);
    CHECK(g->of(GpuQuantity::MemoryUsedBytes)[0].v == 40960.0 * 1024 * 1024);
    CHECK(g->of(GpuQuantity::EnergyJ).size() == 4);
    CHECK(m.gpus.size() == 1); // GPU 1's only sample was NaN, GPU 2's line truncated
}

TEST_CASE("metrics: files that are not metrics never throw", "[metrics]")
{
    MetricsImporter importer;
    importer.addFile(metricsFixture("no-such-file.prom"));
    importer.addPrometheusJson("{\"status\":\"error\",\"error\":\"bad_data: parse error\"}", "e.json");
    importer.addPrometheusJson("{\"status\":\"success\",\"data\":", "cut.json");
    importer.addPrometheusJson("[1,2]", "array.json");
    importer.addPrometheusJson(R"({"status":"success","data":{"resultType":"matrix","result":[
        {"metric":{"gpu":"0"},"values":[[1,"2"]]},
        {"metric":{"__name__":"DCGM_FI_DEV_POWER_USAGE","gpu":"0"},"values":[[1,2],[2,"x"],"y"]}]}})",
        "odd.json");
    // CRLF endings, no newline at the end, a truncated last line.
    importer.addPrometheusText(
        "DCGM_FI_DEV_GPU_TEMP{gpu=\"0\",hostname=\"h\"} 50\r\nDCGM_FI_DEV_GPU_TEMP{gpu=\"0\",host",
        "crlf.prom");
    const auto m = importer.finish();
    CHECK(m.notes.size() == 9);
    REQUIRE(m.gpus.size() == 1);
    CHECK(m.gpus[0].of(GpuQuantity::GpuTempC).size() == 1);
    for (const auto& n : m.notes)
        CHECK_FALSE(n.message.empty());
}

TEST_CASE("metrics: a stream with a line longer than the read block", "[metrics]")
{
    std::string text = "DCGM_FI_DEV_POWER_USAGE{gpu=\"0\",hostname=\"h\"} 100 1000\n";
    text += "DCGM_FI_DEV_POWER_USAGE{gpu=\"1\",note=\"" + std::string(3 << 20, 'x') + "\"} 1\n";
    text += "DCGM_FI_DEV_POWER_USAGE{gpu=\"0\",hostname=\"h\"} 300 2000\n";
    std::istringstream in(text);
    MetricsImporter importer;
    importer.addPrometheusText(in, "long.prom");
    const auto m = importer.finish();
    REQUIRE(m.gpus.size() == 1);
    CHECK(m.gpus[0].of(GpuQuantity::PowerW).size() == 2);
    REQUIRE(m.notes.size() == 1);
    CHECK(m.notes[0].line == 2);
    CHECK(m.notes[0].message.find("longer") != std::string::npos);
}

TEST_CASE("metrics: the problem list is capped, the count is not", "[metrics]")
{
    std::string text;
    for (int i = 0; i < 1000; ++i)
        text += "DCGM_FI_DEV_POWER_USAGE{gpu=\"0\"} NaN\n";
    MetricsImporter importer;
    importer.addPrometheusText(text, "nan.prom");
    const auto m = importer.finish();
    CHECK(m.notes.size() == MetricsImport::kMaxNotes);
    CHECK(m.notesLeftOff == 1000 - MetricsImport::kMaxNotes);
    CHECK(m.skippedSamples == 1000);
    CHECK(m.gpus.empty());
}

TEST_CASE("metrics: negative power, activity or memory is skipped, a temperature is kept",
          "[metrics]")
{
    MetricsImporter importer;
    importer.addPrometheusText("DCGM_FI_DEV_POWER_USAGE{gpu=\"0\"} -1000000000.0\n"
                               "DCGM_FI_PROF_PIPE_TENSOR_ACTIVE{gpu=\"0\"} -0.5\n"
                               "DCGM_FI_DEV_FB_USED{gpu=\"0\"} -7\n"
                               "DCGM_FI_DEV_GPU_TEMP{gpu=\"0\"} -5\n",
                               "negative.prom");
    const auto m = importer.finish();
    CHECK(m.skippedSamples == 3);
    CHECK(notedLines(m) == std::set<std::size_t>{1, 2, 3});
    REQUIRE(m.notes.size() == 3);
    CHECK(m.notes[0].message.find("negative sample skipped") != std::string::npos);
    REQUIRE(m.gpus.size() == 1); // the temperature
}

TEST_CASE("metrics: a sample infinite once in SI units is skipped like an infinite one",
          "[metrics]")
{
    // 1e308 MiB is finite as written but not in bytes (CLI probe W10: the
    // memory summary printed 0); 1e308 W is a number and is kept.
    MetricsImporter importer;
    importer.addPrometheusText("DCGM_FI_DEV_FB_USED{gpu=\"0\"} 1e308\n"
                               "DCGM_FI_DEV_POWER_USAGE{gpu=\"0\"} 1e308\n",
                               "huge.prom");
    const auto m = importer.finish();
    CHECK(m.skippedSamples == 1);
    REQUIRE(m.notes.size() == 1);
    CHECK(m.notes[0].message.find("DCGM_FI_DEV_FB_USED: infinite sample skipped")
          != std::string::npos);
    REQUIRE(m.gpus.size() == 1);
}
