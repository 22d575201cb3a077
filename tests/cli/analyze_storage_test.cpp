// SPDX-License-Identifier: Apache-2.0
// `infrafit-cli analyze` prints the storage and host objects of docs/architecture.md's
// contract, and refuses bad storage/host fields with exit 2 naming the
// JSON pointer.
#include "cli_runner.h"
#include "support/fixtures.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>

using namespace infrafit::test;

TEST_CASE("analyze --format json carries storage and host", "[cli][analyze][storage]")
{
    TempDir dir;
    const std::string db = dir.file("catalog.sqlite");
    const std::string project
        = std::string(INFRAFIT_FIXTURES_DIR) + "/projects/llama-h100.infrafit.json";
    const auto result = runCli(
        {"analyze", project, "--workload", "llama-8b-pretrain", "--format", "json", "--db", db});
    REQUIRE(result.exitCode == 0);
    const auto doc = nlohmann::json::parse(result.out);
    REQUIRE(doc["results"].size() == 1);
    const auto& r = doc["results"][0];
    for (const char* key : {"checkpoint_bytes", "checkpoint_write_s", "data_feed_ok"})
        CHECK(r["storage"].contains(key));
    for (const char* key : {"cpu_cores_per_gpu", "host_memory_per_gpu_bytes", "ok"})
        CHECK(r["host"].contains(key));
    // Llama 3.1 8B (8.03e9 parameters) x 14 B = 112 GB; the fixture has no
    // drives but 50 GB/s of shared storage, so the checkpoint goes there.
    CHECK(r["storage"]["checkpoint_bytes"].get<double>() > 100e9);
    CHECK(r["storage"]["checkpoint"]["target"] == "shared");
    CHECK(r["storage"]["checkpoint_write_s"].get<double>() > 0);
    // 32 x 64 GB over 8 GPUs = 256 GB per GPU.
    CHECK(r["host"]["host_memory_per_gpu_bytes"].get<long long>() == 256000000000LL);
}

TEST_CASE("analyze refuses a zero checkpoint interval and zero DIMMs", "[cli][analyze][storage]")
{
    TempDir dir;
    const std::string file = dir.file("bad.infrafit.json");
    std::ofstream(file) << R"({"format": "infrafit-project", "version": 1,
      "workloads": [{"name": "w", "kind": "training", "model": {"preset": "llama-2-7b"},
                     "sequence_length": 4096, "checkpoint_interval_hours": 0}],
      "configurations": [{"name": "c", "chassis": "nvidia-dgx-h100",
                          "gpu": "nvidia-h100-sxm5-80gb", "dimms_per_node": 0}]})";
    const auto result = runCli({"analyze", file, "--db", dir.file("catalog.sqlite")});
    CHECK(result.exitCode == 2);
    CHECK(result.err.find("/workloads/0/checkpoint_interval_hours") != std::string::npos);
    CHECK(result.err.find("/configurations/0/dimms_per_node") != std::string::npos);
}

TEST_CASE("analyze of a project without workloads or configurations is an error, not silence",
          "[cli][analyze]")
{
    TempDir dir;
    const std::string noWorkloads = dir.file("no-workloads.infrafit.json");
    std::ofstream(noWorkloads) << R"({"format": "infrafit-project", "version": 1, "workloads": [],
      "configurations": [{"name": "c", "chassis": "nvidia-dgx-h100",
                          "gpu": "nvidia-h100-sxm5-80gb"}]})";
    auto result = runCli({"analyze", noWorkloads, "--db", dir.file("catalog.sqlite")});
    CHECK(result.exitCode == 2);
    CHECK(result.err.find("/workloads: the project has no workloads to analyse")
          != std::string::npos);
    const std::string noConfigurations = dir.file("no-configurations.infrafit.json");
    std::ofstream(noConfigurations) << R"({"format": "infrafit-project", "version": 1,
      "workloads": [{"name": "w", "kind": "training", "model": {"preset": "llama-2-7b"},
                     "sequence_length": 4096}],
      "configurations": []})";
    result = runCli({"analyze", noConfigurations, "--db", dir.file("catalog.sqlite")});
    CHECK(result.exitCode == 2);
    CHECK(result.err.find("/configurations: the project has no configurations to analyse")
          != std::string::npos);
}

// CLI probe U1: "promt_tokens" was ignored without a word and the output was
// byte-identical to the file without it. Each ignored member is one line on
// stderr; the analysis itself runs as before (exit 0, same stdout).
TEST_CASE("analyze names each project member it ignores on stderr and still runs",
          "[cli][analyze]")
{
    TempDir dir;
    const std::string db = dir.file("catalog.sqlite");
    const std::string clean = dir.file("clean.infrafit.json");
    const std::string typo = dir.file("typo.infrafit.json");
    const std::string workload = R"({"name": "w", "kind": "inference",
        "model": {"preset": "llama-3.1-8b"}, "prompt_tokens": 1024, "output_tokens": 128)";
    const std::string rest = R"(],
      "configurations": [{"name": "c", "chassis": "nvidia-dgx-h100",
                          "gpu": "nvidia-h100-sxm5-80gb"}]})";
    std::ofstream(clean) << R"({"format": "infrafit-project", "version": 1, "workloads": [)"
                         << workload << "}" << rest;
    std::ofstream(typo) << R"({"format": "infrafit-project", "version": 1, "sheet": 3,
      "workloads": [)" << workload << R"(, "promt_tokens": 100000})" << rest;
    const auto before = runCli({"analyze", clean, "--db", db});
    const auto after = runCli({"analyze", typo, "--db", db});
    REQUIRE(before.exitCode == 0);
    CHECK(after.exitCode == 0);
    CHECK(before.err.empty());
    CHECK(after.errLines()
          == std::vector<std::string>{typo + ": /sheet: unknown field, ignored",
                                      typo + ": /workloads/0/promt_tokens: unknown field, ignored"});
    // The report is the clean file's.
    CHECK(after.out == before.out);
}
