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

namespace {

std::string bomExampleProject()
{
    return fixturePath("projects/bom-example.infrafit.json");
}

/// `calibrate` of the BOM example with a runs file of `runsJson`.
CliResult calibrateWithRuns(const TempDir& dir, const std::string& runsJson)
{
    const std::string runs = dir.file("runs.json");
    std::ofstream(runs) << runsJson;
    return runCli({"calibrate", bomExampleProject(), "--runs", runs, "--db", dir.file("c.sqlite")});
}

} // namespace

TEST_CASE("calibrate fits the efficiency to measured runs", "[cli][calibration]")
{
    TempDir dir;
    const std::string project = bomExampleProject();
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
    const auto result = calibrateWithRuns(dir, R"({"runs": [
        {"workload": "nope", "configuration": "4x HGX H100", "tokens_per_s": 1},
        {"workload": "llama-8b-pretrain", "configuration": "4x HGX H100", "step_time_s": -2},
        {"workload": "llama-70b-serve", "configuration": "2x HGX H100", "tokens_per_s": 5}]})");
    CHECK(result.exitCode == 2);
    CHECK_THAT(result.err, Catch::Contains("/runs/0/workload"));
    CHECK_THAT(result.err, Catch::Contains("/runs/1/step_time_s"));
    CHECK_THAT(result.err, Catch::Contains("/runs/2: an inference workload is measured by output_tokens_per_s"));
    const auto usage = runCli({"calibrate", bomExampleProject()});
    CHECK(usage.exitCode == 2);
    CHECK_THAT(usage.err, Catch::Contains("--runs"));
}

TEST_CASE("calibrate refuses a run whose own plan cannot run", "[cli][calibration]")
{
    TempDir dir;
    // Llama 3.1 8B has 32 attention heads: tensor 1000 cannot split them.
    const auto result = calibrateWithRuns(dir, R"({"runs": [
        {"workload": "llama-8b-pretrain", "configuration": "4x HGX H100", "step_time_s": 10,
         "parallelism": {"tensor": 1000}}]})");
    CHECK(result.exitCode == 2);
    CHECK_THAT(result.err, Catch::Contains("/runs/0/parallelism"));
    CHECK_THAT(result.err, Catch::Contains("must be divisible by tensor (1000)"));
}

TEST_CASE("calibrate refuses two runs of one name in a runs file", "[cli][calibration]")
{
    // CLI probe U11: both were listed and right-sized as "a". An unnamed
    // run is "run N", which a named one may also be.
    TempDir dir;
    const auto result = calibrateWithRuns(dir, R"({"runs": [
        {"name": "a", "workload": "llama-8b-pretrain", "configuration": "4x HGX H100", "step_time_s": 10},
        {"name": "a", "workload": "llama-8b-pretrain", "configuration": "4x HGX H100", "step_time_s": 11},
        {"name": "run 4", "workload": "llama-8b-pretrain", "configuration": "4x HGX H100", "step_time_s": 12},
        {"workload": "llama-8b-pretrain", "configuration": "4x HGX H100", "step_time_s": 13}]})");
    CHECK(result.exitCode == 2);
    CHECK_THAT(result.err, Catch::Contains("/runs/1/name: duplicate run name \"a\" (also /runs/0)"));
    CHECK_THAT(result.err,
               Catch::Contains("/runs/3/name: duplicate run name \"run 4\" (also /runs/2)"));
}

TEST_CASE("calibrate --metrics --output writes the measurements and the named profile",
    "[cli][calibration]")
{
    TempDir dir;
    const std::string project = bomExampleProject();
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
    const std::string project = bomExampleProject();
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

TEST_CASE("calibrate reports each run's metrics window and right-sizes the runs",
    "[cli][calibration]")
{
    TempDir dir;
    const std::string project = bomExampleProject();
    const std::string scrape
        = std::string(INFRAFIT_FIXTURES_DIR) + "/metrics/dcgm-exporter-gpu-node-01.prom";
    const std::string runs = dir.file("runs.json");
    nlohmann::json file = {{"runs",
        {{{"name", "week 1"}, {"workload", "llama-8b-pretrain"}, {"configuration", "4x HGX H100"},
             {"tokens_per_s", 210000}, {"metrics_file", scrape}},
            {{"name", "week 2"}, {"workload", "llama-8b-pretrain"},
                {"configuration", "2x HGX H100"}, {"tokens_per_s", 104000},
                {"metrics_file", dir.file("missing.prom")}}}}};
    std::ofstream(runs) << file.dump();
    const std::string output = dir.file("calibrated.infrafit.json");
    const auto result = runCli({"calibrate", project, "--runs", runs, "--format", "json",
        "--right-size-max-nodes", "64", "--output", output, "--db", dir.file("c.sqlite")});
    INFO(result.err);
    REQUIRE(result.exitCode == 0);
    const auto j = nlohmann::json::parse(result.out);

    // Per-run metrics: the first run's scrape summarised, the second's
    // missing file noted.
    REQUIRE(j["run_metrics"].size() == 2);
    const auto& m = j["run_metrics"][0]["metrics"];
    CHECK(j["run_metrics"][0]["run"] == "week 1");
    CHECK(m["gpus"] == 8);
    CHECK(m["power_w"]["mean"].get<double>() > 0);
    CHECK(m["power_w"]["p95"].get<double>() >= m["power_w"]["mean"].get<double>());
    CHECK(m["tensor_active"]["mean"].get<double>() > 0);
    CHECK(m["memory_used_bytes"]["max"].get<double>() > 0);
    CHECK(j["run_metrics"][1]["metrics"].is_null());
    CHECK_THAT(j["run_metrics"][1]["problem"].get<std::string>(), Catch::Contains("no GPU samples"));
    // Stored with the project.
    std::ifstream in(output);
    const auto written = nlohmann::json::parse(in);
    CHECK(written["measurements"][0]["metrics"]["gpus"] == 8);

    // Right-sizing: both runs on both configurations (the same node kind,
    // so the same count), with the fitted efficiency in effect.
    REQUIRE(j["right_sizing"].size() == 2);
    for (const auto& s : j["right_sizing"]) {
        INFO(s.dump());
        REQUIRE(s["options"].size() == 2);
        CHECK(s["options"][0]["calibrated"] == true);
        REQUIRE(s["options"][0]["nodes"].is_number());
        CHECK(s["options"][0]["nodes"] == s["options"][1]["nodes"]);
        CHECK(s["options"][0]["gpus"].get<int>() == 8 * s["options"][0]["nodes"].get<int>());
        CHECK(s["tokens_per_s"].get<double>() == Approx(s["measured"].get<double>()));
    }
    // Half the measured speed needs about half the nodes.
    const int four = j["right_sizing"][0]["options"][0]["nodes"];
    const int two = j["right_sizing"][1]["options"][0]["nodes"];
    CHECK(four >= 3);
    CHECK(four <= 5);
    CHECK(two < four);

    // The text report shows both tables.
    const auto text = runCli({"calibrate", project, "--runs", runs, "--right-size-max-nodes", "64",
        "--db", dir.file("c.sqlite")});
    REQUIRE(text.exitCode == 0);
    CHECK_THAT(text.out, Catch::Contains("Measured runs' metrics windows"));
    CHECK_THAT(text.out, Catch::Contains("Right-sizing run 'week 1'"));
    CHECK_THAT(text.out, Catch::Contains("--min-tokens-per-s"));
    const auto bad = runCli({"calibrate", project, "--runs", runs, "--right-size-max-nodes", "0",
        "--db", dir.file("c.sqlite")});
    CHECK(bad.exitCode == 2);
}

TEST_CASE("calibrate holds the power fit inside the board's range and the analysis uses it",
    "[cli][calibration]")
{
    TempDir dir;
    const std::string project = bomExampleProject();
    const std::string scrape
        = std::string(INFRAFIT_FIXTURES_DIR) + "/metrics/dcgm-exporter-gpu-node-01.prom";
    const std::string scrape2
        = std::string(INFRAFIT_FIXTURES_DIR) + "/metrics/dcgm-exporter-gpu-node-02.prom";
    const std::string output = dir.file("calibrated.infrafit.json");
    const auto result = runCli({"calibrate", project, "--metrics", scrape, scrape2, "--profile",
        "prod-h100", "--format", "json", "--output", output, "--db", dir.file("c.sqlite")});
    INFO(result.err);
    REQUIRE(result.exitCode == 0);
    const auto j = nlohmann::json::parse(result.out);
    const auto& fit = j["profile"]["power"][0];
    CHECK(fit["max_w"].get<double>() == Approx(700));
    CHECK(fit["full_tensor_w"].get<double>() <= 700);
    CHECK(fit["idle_w"].get<double>() >= fit["idle_floor_w"].get<double>());

    // The calibrated project's analysis uses the power fit and names it.
    const auto analysis = runCli({"analyze", output, "--workload", "llama-8b-pretrain", "--config",
        "4x HGX H100", "--format", "json", "--db", dir.file("c.sqlite")});
    REQUIRE(analysis.exitCode == 0);
    CHECK_THAT(analysis.out, Catch::Contains("calibration profile 'prod-h100' power fit"));
    CHECK_THAT(analysis.out, Catch::Contains("gpu_power_fit_rms_error_w"));
    CHECK_THAT(analysis.out, Catch::Contains("calibration.power"));

    // Calibrating the efficiency again without metrics keeps the power fit.
    const std::string runs = std::string(INFRAFIT_FIXTURES_DIR) + "/metrics/bom-example-runs.json";
    const auto again = runCli({"calibrate", output, "--runs", runs, "--format", "json", "--output",
        output, "--db", dir.file("c.sqlite")});
    REQUIRE(again.exitCode == 0);
    std::ifstream in(output);
    const auto written = nlohmann::json::parse(in);
    REQUIRE(written["calibration"]["power"].size() == 1);
    CHECK(written["calibration"]["power"][0]["full_tensor_w"] == fit["full_tensor_w"]);
}
