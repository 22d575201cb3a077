// SPDX-License-Identifier: Apache-2.0
// The serving fields of issue 16 in the project file: `max_batch` and
// `batching` read, written back, and refused with their JSON pointer when
// out of range; `performance.prefill_time_s` in the analysis JSON.
#include "core/pipeline/analyze.h"
#include "core/analysis/test_hardware.h"
#include "core/output/analysis_json.h"
#include "core/base/input_error.h"
#include "core/io/project_json.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace infrafit;

namespace {

nlohmann::json servingProject(nlohmann::json extra)
{
    nlohmann::json workload = {{"name", "serve"}, {"kind", "inference"},
        {"model", {{"preset", "llama-2-7b"}}}, {"prompt_tokens", 512}, {"output_tokens", 128}};
    if (extra.is_object())
        workload.update(extra);
    return {{"format", "infrafit-project"}, {"version", 1}, {"workloads", {workload}}};
}

bool fieldsHaveProblem(const InputError& e, const std::string& pointer, const std::string& text)
{
    return std::any_of(e.problems().begin(), e.problems().end(), [&](const Problem& p) {
        return p.pointer == pointer && p.message.find(text) != std::string::npos;
    });
}

} // namespace

TEST_CASE("Project file: max_batch and batching are read, defaulted and written back",
    "[io][project][serving]")
{
    const Project defaults = projectFromJson(servingProject({}), "serve.json");
    // vLLM EngineArgs: max_num_seqs defaults to 256; continuous batching.
    CHECK(defaults.workloads[0].maxBatch == 256);
    CHECK(defaults.workloads[0].batching == Batching::Continuous);

    const Project p = projectFromJson(
        servingProject({{"max_batch", 64}, {"batching", "static"}}), "serve.json");
    CHECK(p.workloads[0].maxBatch == 64);
    CHECK(p.workloads[0].batching == Batching::Static);
    const nlohmann::json written = projectToJson(p);
    CHECK(written["workloads"][0]["max_batch"] == 64);
    CHECK(written["workloads"][0]["batching"] == "static");
    CHECK(projectToJson(projectFromJson(written, "again.json")) == written);
}

TEST_CASE("Project file: decode_kv_per_query_head is read, defaulted, written back and checked",
    "[io][project][serving]")
{
    const Project defaults = projectFromJson(servingProject({}), "serve.json");
    CHECK_FALSE(defaults.workloads[0].decodeKvPerQueryHead);
    CHECK_FALSE(projectToJson(defaults)["workloads"][0].contains("decode_kv_per_query_head"));

    const Project p
        = projectFromJson(servingProject({{"decode_kv_per_query_head", true}}), "serve.json");
    CHECK(p.workloads[0].decodeKvPerQueryHead);
    const nlohmann::json written = projectToJson(p);
    CHECK(written["workloads"][0]["decode_kv_per_query_head"] == true);
    CHECK(projectToJson(projectFromJson(written, "again.json")) == written);

    try {
        projectFromJson(servingProject({{"decode_kv_per_query_head", "yes"}}), "bad.json");
        FAIL("expected InputError");
    } catch (const InputError& e) {
        CHECK(std::any_of(e.problems().begin(), e.problems().end(), [](const Problem& q) {
            return q.pointer == "/workloads/0/decode_kv_per_query_head";
        }));
    }
}

TEST_CASE("Project file: a bad max_batch or batching names its pointer", "[io][project][serving]")
{
    try {
        projectFromJson(servingProject({{"max_batch", 0}, {"batching", "dynamic"}}), "bad.json");
        FAIL("expected InputError");
    } catch (const InputError& e) {
        CHECK(fieldsHaveProblem(e, "/workloads/0/max_batch", "at least 1"));
        CHECK(fieldsHaveProblem(e, "/workloads/0/batching", "unknown value \"dynamic\""));
    }
}

TEST_CASE("Analysis JSON: inference results carry prefill_time_s, training results do not",
    "[io][serving]")
{
    Workload w;
    w.name = "serve";
    w.kind = WorkloadKind::Inference;
    w.model = *findModelPreset("llama-2-7b");
    w.promptTokens = 1024;
    w.outputTokens = 128;
    w.concurrentRequests = 8;
    Parallelism plan;
    plan.data = 1;
    w.parallelism = plan;
    const AnalysisResult r = analyze(w, testing::h100Cluster(1));
    REQUIRE(r.analyzed);
    const nlohmann::json j = analysisResultToJson(r);
    REQUIRE(j["performance"].contains("prefill_time_s"));
    CHECK(j["performance"]["prefill_time_s"].get<double>() == Approx(r.performance.prefillTimeS));
    CHECK(r.performance.prefillTimeS > 0);
    CHECK(r.performance.prefillTimeS <= r.performance.ttftS);

    w.kind = WorkloadKind::Training;
    w.sequenceLength = 1024;
    w.globalBatchSize = 8;
    const nlohmann::json t = analysisResultToJson(analyze(w, testing::h100Cluster(1)));
    CHECK_FALSE(t["performance"].contains("prefill_time_s"));
}
