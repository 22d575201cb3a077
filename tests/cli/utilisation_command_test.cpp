// SPDX-License-Identifier: Apache-2.0
// `infrafit-cli utilisation --metrics FILE...` (DESIGN.md "Layout,
// calibration, compatibility"): JSON names, several files after one
// --metrics, exit 2 when nothing in the files is a GPU sample.
#include "cli_runner.h"
#include "support/fixtures.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace infrafit::test;

TEST_CASE("utilisation prints per-GPU figures of dcgm-exporter scrapes", "[cli][metrics]")
{
    const std::string dir = std::string(INFRAFIT_FIXTURES_DIR) + "/metrics/";
    const auto result = runCli({"utilisation", "--metrics", dir + "dcgm-exporter-gpu-node-01.prom",
        dir + "dcgm-exporter-gpu-node-02.prom", "--format", "json"});
    REQUIRE(result.exitCode == 0);
    const auto doc = nlohmann::json::parse(result.out);
    REQUIRE(doc["gpus"].size() == 16);
    const auto& g = doc["gpus"][0];
    for (const char* key : {"host", "gpu"})
        CHECK(g[key].is_string());
    CHECK(g["power_w"]["mean"].is_number());
    CHECK(g["power_w"]["p95"].is_number());
    CHECK(g["tensor_active"]["mean"].is_number());
    CHECK(g["memory_used_bytes"]["mean"].is_number());
    CHECK(g["memory_used_bytes"]["max"].is_number());

    const auto text = runCli({"utilisation", "--metrics", dir + "malformed.prom"});
    CHECK(text.exitCode == 0);
    CHECK_THAT(text.out, Catch::Contains("malformed.prom:5: DCGM_FI_DEV_POWER_USAGE: NaN"));
}

TEST_CASE("utilisation refuses input without GPU samples", "[cli][metrics]")
{
    TempDir dir;
    const auto missing = runCli({"utilisation", "--metrics", dir.file("none.prom")});
    CHECK(missing.exitCode == 2);
    CHECK_THAT(missing.err, Catch::Contains("no GPU samples"));
    CHECK_THAT(missing.err, Catch::Contains("cannot be opened"));
    const auto usage = runCli({"utilisation"});
    CHECK(usage.exitCode == 2);
    CHECK_THAT(usage.err, Catch::Contains("--metrics"));
    const auto half = runCli({"utilisation", "--metrics",
        std::string(INFRAFIT_FIXTURES_DIR) + "/metrics/malformed.prom", "--config", "x"});
    CHECK(half.exitCode == 2);
    CHECK_THAT(half.err, Catch::Contains("--project and --config go together"));
}
