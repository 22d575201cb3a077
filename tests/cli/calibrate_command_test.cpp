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

TEST_CASE("calibrate --metrics --output writes the measurements and the named profile",
    "[cli][calibration]")
{
    TempDir dir;
    const std::string project
        = std::string(INFRAFIT_FIXTURES_DIR) + "/projects/bom-example.infrafit.json";
    const std::string runs = std::string(INFRAFIT_FIXTURES_DIR) + "/metrics/bom-example-runs.json";
    const std::string scrape
        = std::string(INFRAFIT_FIXTURES_DIR) + "/metrics/dcgm-exporter-gpu-node-01.prom";
    const std::string scrape2
        = std::string(INFRAFIT_FIXTURES_DIR) + "/metrics/dcgm-exporter-gpu-node-02.prom";
    const std::string output = dir.file("calibrated.infrafit.json");
    const auto result = runCli({"calibrate", project, "--runs", runs, "--metrics", scrape, scrape2,
        "--profile", "prod-h100", "--output", output, "--db", dir.file("c.sqlite")});
    INFO(result.err);
    REQUIRE(result.exitCode == 0);
    CHECK_THAT(result.out, Catch::Contains("Calibration profile 'prod-h100'"));
    CHECK_THAT(result.out, Catch::Contains("GPU power fitted"));
    CHECK_THAT(result.out, Catch::Contains("Wrote " + output));
    std::ifstream in(output);
    const auto doc = nlohmann::json::parse(in);
    REQUIRE(doc["measurements"].size() == 2);
    CHECK(doc["measurements"][0]["tokens_per_s"] == 210000);
    const auto& profile = doc["calibration"];
    CHECK(profile["name"] == "prod-h100");
    CHECK(profile["runs"] == 2);
    REQUIRE(profile["efficiencies"].size() == 1);
    CHECK(profile["efficiencies"][0]["gpu"] == "ex-h100-sxm");
    REQUIRE(profile["power"].size() == 1);
    CHECK(profile["power"][0]["gpu"] == "ex-h100-sxm");
    CHECK(profile["power"][0]["samples"].get<long long>() > 0);
    CHECK(profile["node_gpu_typical_w"].get<double>() > 0);

    // The written project analyses with the profile named in its assumptions.
    const auto analysis = runCli({"analyze", output, "--workload", "llama-8b-pretrain", "--config",
        "4x HGX H100", "--db", dir.file("c.sqlite")});
    REQUIRE(analysis.exitCode == 0);
    CHECK_THAT(analysis.out, Catch::Contains("calibration profile 'prod-h100' (2 runs"));

    // Calibrating again from the stored measurements alone keeps them and the name.
    const auto again = runCli({"calibrate", output, "--format", "json", "--output", output,
        "--db", dir.file("c.sqlite")});
    INFO(again.err);
    REQUIRE(again.exitCode == 0);
    const auto fit = nlohmann::json::parse(again.out);
    CHECK(fit["profile"]["name"] == "prod-h100");
    CHECK(fit["runs"].size() == 2);
}

TEST_CASE("calibrate refuses to overwrite an input other than the project", "[cli][calibration]")
{
    TempDir dir;
    const std::string project
        = std::string(INFRAFIT_FIXTURES_DIR) + "/projects/bom-example.infrafit.json";
    const std::string runs = dir.file("runs.json");
    std::ofstream(runs) << R"({"runs": [{"workload": "llama-8b-pretrain",
        "configuration": "4x HGX H100", "tokens_per_s": 200000}]})";
    const auto result = runCli({"calibrate", project, "--runs", runs, "--output", runs, "--db",
        dir.file("c.sqlite")});
    CHECK(result.exitCode != 0);
    std::ifstream in(runs);
    const std::string kept((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK_THAT(kept, Catch::Contains("200000"));
}
