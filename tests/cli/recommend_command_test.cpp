// SPDX-License-Identifier: Apache-2.0
#include "cli_runner.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

using namespace infrafit;

namespace {

std::string tempDb(const char* name)
{
    const auto path = std::filesystem::temp_directory_path() / name;
    std::filesystem::remove(path);
    return path.string();
}

std::string projectFile()
{
    const auto path = std::filesystem::temp_directory_path() / "recommend-test.infrafit.json";
    std::ofstream(path) << R"({"format": "infrafit-project", "version": 1, "name": "t",
      "workloads": [{"name": "ft", "kind": "training",
        "model": {"layers": 32, "hidden_size": 4096, "attention_heads": 32, "kv_heads": 32,
                  "ffn_hidden_size": 11008, "vocab_size": 32000, "gated_mlp": true,
                  "tied_embeddings": false, "norm": "rmsnorm", "bias": false,
                  "position_embedding": "rotary", "max_positions": 4096},
        "precision": "bf16", "sequence_length": 4096, "global_batch_size": 64,
        "micro_batch_size": 1, "optimizer": "adam", "training_tokens": 1e9}],
      "configurations": []})";
    return path.string();
}

} // namespace

TEST_CASE("recommend prints ranked candidates as JSON", "[cli][recommend]")
{
    const auto r = test::runCli({"recommend", projectFile(), "--workload", "ft", "--top", "3",
                                 "--max-nodes", "4", "--format", "json", "--db",
                                 tempDb("recommend-json.sqlite")});
    REQUIRE(r.exitCode == 0);
    const auto j = nlohmann::json::parse(r.out);
    REQUIRE(j["candidates"].size() == 3);
    const auto& best = j["candidates"][0];
    CHECK(best["configuration"].contains("gpu"));
    CHECK(best["configuration"].contains("nodes"));
    CHECK(best["parallelism"].contains("tensor"));
    CHECK(best["analysis"]["memory"]["fits"] == true);
    CHECK(best["score"].get<double>() > 0);
    CHECK(best["pareto"].is_boolean());
    CHECK(best["reasons"].size() >= 3);
    CHECK(j["candidates"][0]["score"].get<double>() <= j["candidates"][1]["score"].get<double>());
}

TEST_CASE("recommend text output with --explain", "[cli][recommend]")
{
    const auto r = test::runCli({"recommend", projectFile(), "--workload", "ft", "--top", "2",
                                 "--max-nodes", "2", "--explain", "--db",
                                 tempDb("recommend-text.sqlite")});
    REQUIRE(r.exitCode == 0);
    CHECK(r.out.find("capex") != std::string::npos);
    CHECK(r.out.find("runner-up") != std::string::npos);
    CHECK(r.out.find("tightest constraint") != std::string::npos);
}

TEST_CASE("recommend with impossible constraints: empty result and a finding, exit 0",
          "[cli][recommend]")
{
    const auto r = test::runCli({"recommend", projectFile(), "--workload", "ft", "--max-nodes",
                                 "2", "--deadline-days", "0.0001", "--format", "json", "--db",
                                 tempDb("recommend-infeasible.sqlite")});
    REQUIRE(r.exitCode == 0);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j["candidates"].empty());
    bool named = false;
    for (const auto& f : j["findings"])
        named = named || (f["code"] == "recommend.infeasible"
                          && f["message"].get<std::string>().find("deadline_days") != std::string::npos);
    CHECK(named);
}

TEST_CASE("recommend refuses bad options", "[cli][recommend]")
{
    CHECK(test::runCli({"recommend", projectFile()}).exitCode == 2);
    CHECK(test::runCli({"recommend", projectFile(), "--workload", "ft", "--cooling", "ice"})
              .exitCode == 2);
    CHECK(test::runCli({"recommend", projectFile(), "--workload", "nope", "--db",
                        tempDb("recommend-bad.sqlite")})
              .exitCode == 2);
}

TEST_CASE("recommend for a serving demand shows replicas, cluster cost and p99 latencies",
          "[cli][recommend][serving]")
{
    const std::string example = std::string(INFRAFIT_SOURCE_DIR)
                                + "/examples/llama-serving-sla.infrafit.json";
    const std::string workload = "Llama 3.1 8B chat, 50 requests/s under an SLA";
    const auto text = test::runCli({"recommend", example, "--workload", workload, "--top", "2",
                                    "--vendors", "nvidia", "--max-nodes", "2", "--db",
                                    tempDb("recommend-serving-text.sqlite")});
    REQUIRE(text.exitCode == 0);
    for (const char* column : {"replicas", "cluster/h", "$/M out", "p99 TTFT ms", "p99 TPOT ms"})
        CHECK(text.out.find(column) != std::string::npos);
    const auto json = test::runCli({"recommend", example, "--workload", workload, "--top", "2",
                                    "--vendors", "nvidia", "--max-nodes", "2", "--format", "json",
                                    "--db", tempDb("recommend-serving-json.sqlite")});
    REQUIRE(json.exitCode == 0);
    const auto j = nlohmann::json::parse(json.out);
    REQUIRE(!j["candidates"].empty());
    const auto& s = j["candidates"][0]["serving"];
    CHECK(s["replicas_needed"].get<int>() >= 1);
    CHECK(s["cluster_usd_per_hour"].get<double>() > 0);
    CHECK(s["ttft_ms"]["p99"].get<double>() <= 2000);
    CHECK(s["tpot_ms"]["p99"].get<double>() <= 100);
    CHECK(s["replica"].contains("max_batch"));
}

TEST_CASE("recommend under a site power budget tries capped GPUs and keeps within it",
          "[cli][recommend][power]")
{
    const auto r = test::runCli({"recommend", projectFile(), "--workload", "ft", "--top", "50",
                                 "--max-nodes", "4", "--site-kw", "30", "--power-caps", "0.7",
                                 "--format", "json", "--db", tempDb("recommend-site.sqlite")});
    REQUIRE(r.exitCode == 0);
    const auto j = nlohmann::json::parse(r.out);
    REQUIRE_FALSE(j["candidates"].empty());
    bool anyCapped = false;
    for (const auto& c : j["candidates"]) {
        CHECK(c["analysis"]["power"]["cluster_w"].get<double>() <= 30000.0);
        if (c["configuration"].contains("gpu_power_limit_w")) {
            anyCapped = true;
            CHECK(c["analysis"]["power"]["gpu_power_capped"] == true);
        }
    }
    CHECK(anyCapped);
    CHECK(test::runCli({"recommend", projectFile(), "--workload", "ft", "--power-caps", "1.5"})
              .exitCode == 2);
    CHECK(test::runCli({"recommend", projectFile(), "--workload", "ft", "--site-kw", "-3"})
              .exitCode == 2);
}

TEST_CASE("recommend text shows whole chassis and NIC ids", "[cli][recommend]")
{
    // Issue 23 item 8: the chassis column was cut to "nvidia-".
    const auto r = test::runCli({"recommend", projectFile(), "--workload", "ft", "--top", "3",
                                 "--max-nodes", "2", "--format", "json", "--db",
                                 tempDb("recommend-ids.sqlite")});
    REQUIRE(r.exitCode == 0);
    const auto j = nlohmann::json::parse(r.out);
    REQUIRE_FALSE(j["candidates"].empty());
    const auto text = test::runCli({"recommend", projectFile(), "--workload", "ft", "--top", "3",
                                    "--max-nodes", "2", "--db", tempDb("recommend-ids.sqlite")});
    REQUIRE(text.exitCode == 0);
    CHECK_THAT(text.out, Catch::Contains("NIC x per node"));
    for (const auto& c : j["candidates"]) {
        const std::string chassis = c["configuration"]["chassis"].get<std::string>();
        INFO(chassis);
        CHECK_THAT(text.out, Catch::Contains(chassis));
        if (c["configuration"].contains("nic") && !c["configuration"]["nic"].get<std::string>().empty())
            CHECK_THAT(text.out, Catch::Contains(c["configuration"]["nic"].get<std::string>()));
    }
}

TEST_CASE("compare --vary adds traffic and SLA what-ifs of a serving workload",
          "[cli][compare][serving]")
{
    const std::string example = std::string(INFRAFIT_SOURCE_DIR)
                                + "/examples/llama-serving-sla.infrafit.json";
    const std::string workload = "Llama 3.1 8B chat, 50 requests/s under an SLA";
    const auto r = test::runCli({"compare", example, "--workload", workload, "--config",
                                 "1x DGX H100", "--vary", "traffic=x2,x4", "--format", "json",
                                 "--db", tempDb("compare-vary-traffic.sqlite")});
    REQUIRE(r.exitCode == 0);
    CHECK(r.out.find(workload + " [traffic=x2]") != std::string::npos);
    CHECK(r.out.find(workload + " [traffic=x4]") != std::string::npos);
    const auto sla = test::runCli({"compare", example, "--workload", workload, "--config",
                                   "1x DGX H100", "--vary", "sla.ttft_ms=500", "--db",
                                   tempDb("compare-vary-sla.sqlite")});
    REQUIRE(sla.exitCode == 0);
    CHECK(sla.out.find("[sla.ttft_ms=500]") != std::string::npos);
    const auto bad = test::runCli({"compare", example, "--workload", workload, "--vary",
                                   "traffic", "--db", tempDb("compare-vary-bad.sqlite")});
    CHECK(bad.exitCode != 0);
    const auto noWorkload = test::runCli({"compare", example, "--vary", "traffic=x2", "--db",
                                          tempDb("compare-vary-none.sqlite")});
    CHECK(noWorkload.exitCode != 0);
    CHECK(noWorkload.err.find("--workload") != std::string::npos);
}

TEST_CASE("a count option out of range names its range and the value given", "[cli][recommend]")
{
    // CLI probe U5: --max-nodes 10000000 said "must be a whole number of at least 1".
    const auto r = test::runCli({"recommend", projectFile(), "--workload", "ft", "--max-nodes",
                                 "10000000", "--db", tempDb("recommend-count.sqlite")});
    CHECK(r.exitCode != 0);
    CHECK_THAT(r.err, Catch::Contains("--max-nodes must be a whole number from 1 to 1000000 "
                                      "(got 10000000)"));
}
