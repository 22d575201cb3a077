// SPDX-License-Identifier: Apache-2.0
#include "core/io/workload_json.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace infrafit;

namespace {

nlohmann::json servingWorkload()
{
    return nlohmann::json::parse(R"({
        "name": "chat", "kind": "inference",
        "model": {"layers": 32, "hidden_size": 4096, "attention_heads": 32, "kv_heads": 8,
                  "ffn_hidden_size": 14336, "vocab_size": 128256, "gated_mlp": true,
                  "tied_embeddings": false, "norm": "rmsnorm", "bias": false,
                  "position_embedding": "rotary", "max_positions": 131072},
        "request_rate_per_s": 50,
        "prompt_tokens": {"mean": 2048, "p90": 4000},
        "output_tokens": {"histogram": [[128, 1], [256, 2], [512, 1]]},
        "sla": {"ttft_ms": 2000, "tpot_ms": 100, "percentile": 99},
        "max_batch": 128, "prefill_chunk_tokens": 4096, "prefix_cache_hit_rate": 0.3,
        "arrival": "gamma", "arrival_cv": 2.5, "spare_replicas": 1,
        "prefill_schedule": "separate"
    })");
}

bool demandHasProblem(
    const std::vector<Problem>& problems, const std::string& pointer, const std::string& text)
{
    return std::any_of(problems.begin(), problems.end(), [&](const Problem& p) {
        return p.pointer == pointer && p.message.find(text) != std::string::npos;
    });
}

} // namespace

TEST_CASE("Serving demand: every field is read and written back the same", "[io][serving]")
{
    std::vector<Problem> problems;
    const auto w = workloadFromJson(servingWorkload(), "/workloads/0", problems);
    REQUIRE(problems.empty());
    REQUIRE(w);
    const ServingDemand& d = w->serving;
    CHECK(d.isDemand());
    CHECK(*d.requestRatePerS == 50);
    CHECK(d.arrival == ArrivalProcess::Gamma);
    CHECK(d.arrivalCv == 2.5);
    CHECK(d.promptLengths->meanTokens == 2048);
    CHECK(*d.promptLengths->p90Tokens == 4000);
    CHECK(d.outputLengths->histogram.size() == 3);
    CHECK(d.outputLengths->meanTokens == Approx(288)); // (128 + 512 + 512) / 4
    CHECK(w->promptTokens == 2048);
    CHECK(w->outputTokens == 288);
    CHECK(d.sla->ttftMs == 2000);
    CHECK(d.sla->tpotMs == 100);
    CHECK(d.sla->percentile == 99);
    CHECK(w->maxBatch == 128); // one engine limit for the step model and the simulator
    CHECK(*d.prefillChunkTokens == 4096);
    CHECK(d.prefixCacheHitRate == 0.3);
    CHECK(d.spareReplicas == 1);
    CHECK(d.prefillSchedule == PrefillSchedule::Separate);
    CHECK(workloadToJson(*w).at("prefill_schedule") == "separate");

    const auto again = workloadFromJson(workloadToJson(*w), "/w", problems);
    REQUIRE(problems.empty());
    REQUIRE(again);
    CHECK(workloadToJson(*again) == workloadToJson(*w));
}

TEST_CASE("Serving demand: an old file with concurrent_requests has no demand", "[io][serving]")
{
    auto json = servingWorkload();
    for (const char* key : {"request_rate_per_s", "sla", "arrival", "arrival_cv", "max_batch",
             "prefill_chunk_tokens", "prefix_cache_hit_rate", "spare_replicas"})
        json.erase(key);
    json["prompt_tokens"] = 1024;
    json["output_tokens"] = 128;
    json["concurrent_requests"] = 32;
    std::vector<Problem> problems;
    const auto w = workloadFromJson(json, "/workloads/0", problems);
    REQUIRE(w);
    CHECK_FALSE(w->serving.isDemand());
    CHECK_FALSE(w->serving.promptLengths);
    CHECK(w->promptTokens == 1024);
    CHECK(w->concurrentRequests == 32);
    CHECK(workloadToJson(*w)["prompt_tokens"] == 1024);
}

TEST_CASE("Serving demand: each broken rule names its pointer", "[io][serving][bad]")
{
    std::vector<Problem> problems;
    auto expectProblem
        = [&](nlohmann::json json, const std::string& pointer, const std::string& text) {
              problems.clear();
              CHECK_FALSE(workloadFromJson(json, "/workloads/1", problems));
              INFO(pointer << ": "
                           << (problems.empty()
                                      ? "no problem"
                                      : problems.front().pointer + " " + problems.front().message));
              CHECK(demandHasProblem(problems, pointer, text));
          };
    auto j = servingWorkload();
    j["request_rate_per_s"] = 0;
    expectProblem(j, "/workloads/1/request_rate_per_s", "greater than");
    j = servingWorkload();
    j["users"] = 10;
    expectProblem(j, "/workloads/1/users", "not both");
    j = servingWorkload();
    j.erase("sla");
    expectProblem(j, "/workloads/1/sla", "is required");
    j = servingWorkload();
    j["sla"]["percentile"] = 95;
    expectProblem(j, "/workloads/1/sla/percentile", "50, 90 or 99");
    for (int off : {0, 100, -5}) { // one rule, whatever side (CLI probe C3)
        j["sla"]["percentile"] = off;
        expectProblem(j, "/workloads/1/sla/percentile",
                      "must be 50, 90 or 99 (got " + std::to_string(off) + ")");
    }
    j = servingWorkload();
    j["sla"].erase("tpot_ms");
    expectProblem(j, "/workloads/1/sla/tpot_ms", "is required");
    j = servingWorkload();
    j["prompt_tokens"] = {{"mean", 1000}, {"p90", 5000}};
    expectProblem(j, "/workloads/1/prompt_tokens/p90", "lognormal");
    j = servingWorkload();
    j["prompt_tokens"] = {{"mean", 1000}, {"p90", 500}};
    expectProblem(j, "/workloads/1/prompt_tokens/p90", "between the mean");
    j = servingWorkload();
    j["output_tokens"] = {{"histogram", {{128, 1}, {0, 1}}}};
    expectProblem(j, "/workloads/1/output_tokens/histogram/1/0", "tokens must be a whole number");
    j = servingWorkload();
    j["output_tokens"] = {{"histogram", {{128, 0}}}};
    expectProblem(j, "/workloads/1/output_tokens/histogram", "add up");
    j = servingWorkload();
    j["output_tokens"] = {{"histogram", {{128, -1}}}};
    expectProblem(j, "/workloads/1/output_tokens/histogram/0/1", "share must be a number >= 0");
    j = servingWorkload();
    j["arrival"] = "poisson";
    expectProblem(j, "/workloads/1/arrival_cv", "gamma");
    j = servingWorkload();
    j["prefix_cache_hit_rate"] = 1.0;
    expectProblem(j, "/workloads/1/prefix_cache_hit_rate", "at most");
    j = servingWorkload();
    j["prefill_schedule"] = "interleaved";
    expectProblem(j, "/workloads/1/prefill_schedule", "mixed");
    j = servingWorkload();
    j.erase("request_rate_per_s");
    j["think_time_s"] = 3;
    expectProblem(j, "/workloads/1/think_time_s", "needs users");
}
