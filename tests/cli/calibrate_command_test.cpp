// SPDX-License-Identifier: Apache-2.0
// `infrafit-cli calibrate PROJECT --runs FILE`: the fit per GPU model and
// per run, and runs files that name what does not exist refused with
// their JSON pointers.
#include "cli_runner.h"
#include "support/fixtures.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>

using namespace infrafit::test;

TEST_CASE("calibrate fits the efficiency to measured runs", "[cli][calibration]")
{
    TempDir dir;
    const std::string project
        = std::string(INFRAFIT_FIXTURES_DIR) + "/projects/bom-example.infrafit.json";
    const std::string runs = std::string(INFRAFIT_FIXTURES_DIR) + "/metrics/bom-example-runs.json";
    const auto result = runCli(
        {"calibrate", project, "--runs", runs, "--format", "json", "--db", dir.file("c.sqlite")});
    REQUIRE(result.exitCode == 0);
    const auto doc = nlohmann::json::parse(result.out);
    REQUIRE(doc["efficiencies"].size() == 1);
    REQUIRE(doc["runs"].size() == 2);
    const auto& e = doc["efficiencies"][0];
    CHECK(e["runs"] == 2);
    CHECK(e["fitted"].get<double>() > 0);
    for (const auto& r : doc["runs"]) {
        CHECK(r["figure"] == "tokens_per_s");
        CHECK(std::fabs(r["error_after"].get<double>()) <= std::fabs(r["error_before"].get<double>()) + 1e-9);
        CHECK(r["leave_one_out_error"].is_number());
    }
    const auto text = runCli({"calibrate", project, "--runs", runs, "--db", dir.file("c.sqlite")});
    CHECK(text.exitCode == 0);
    CHECK_THAT(text.out, Catch::Contains("leave-one-out"));
}

TEST_CASE("calibrate refuses runs that name nothing in the project", "[cli][calibration]")
{
    TempDir dir;
    const std::string project
        = std::string(INFRAFIT_FIXTURES_DIR) + "/projects/bom-example.infrafit.json";
    const std::string runs = dir.file("runs.json");
    std::ofstream(runs) << R"({"runs": [
        {"workload": "nope", "configuration": "4x HGX H100", "tokens_per_s": 1},
        {"workload": "llama-8b-pretrain", "configuration": "4x HGX H100", "step_time_s": -2},
        {"workload": "llama-70b-serve", "configuration": "2x HGX H100", "tokens_per_s": 5}]})";
    const auto result = runCli({"calibrate", project, "--runs", runs, "--db", dir.file("c.sqlite")});
    CHECK(result.exitCode == 2);
    CHECK_THAT(result.err, Catch::Contains("/runs/0/workload"));
    CHECK_THAT(result.err, Catch::Contains("/runs/1/step_time_s"));
    CHECK_THAT(result.err, Catch::Contains("/runs/2: an inference workload is measured by output_tokens_per_s"));
    const auto usage = runCli({"calibrate", project});
    CHECK(usage.exitCode == 2);
    CHECK_THAT(usage.err, Catch::Contains("--runs"));
}
