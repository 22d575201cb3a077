// SPDX-License-Identifier: Apache-2.0
#include "core/pipeline/analyze_project.h"
#include "core/output/analysis_report.h"
#include "core/base/input_error.h"
#include "core/io/project_json.h"
#include "core/io/text_file.h"

#include <catch2/catch.hpp>

#include <functional>

#include <algorithm>
#include <cmath>

using namespace infrafit;

namespace {
const std::string projects = std::string(INFRAFIT_FIXTURES_DIR) + "/projects/";

bool hasProblem(const InputError& e, const std::string& pointer, const std::string& text)
{
    return std::any_of(e.problems().begin(), e.problems().end(), [&](const Problem& p) {
        return p.pointer == pointer && p.message.find(text) != std::string::npos;
    });
}

PartLookup emptyCatalog()
{
    return [](std::string_view) -> std::optional<Part> { return std::nullopt; };
}
} // namespace

TEST_CASE("Project file: reads workloads, presets, configurations, inline parts", "[io][project]")
{
    const Project p = readProjectFile(projects + "llama-h100.infrafit.json");
    CHECK(p.name == "Llama on H100");
    REQUIRE(p.parts.size() == 3);
    REQUIRE(p.workloads.size() == 3);
    CHECK(p.workloads[0].model.layers == 32);
    CHECK(p.workloads[0].optimizer == Optimizer::AdamW);
    REQUIRE(p.workloads[0].parallelism);
    CHECK(p.workloads[0].parallelism->recompute == Recompute::Selective);
    CHECK_FALSE(p.workloads[1].parallelism);
    CHECK(p.workloads[2].kind == WorkloadKind::Inference);
    CHECK(p.workloads[2].kvCachePrecision == Precision::Fp8);
    REQUIRE(p.configurations.size() == 1);
    CHECK(p.configurations[0].nodes == 2);
    // Storage and host fields (issue 10).
    CHECK(p.workloads[0].checkpointIntervalHours == 2);
    CHECK(p.workloads[0].checkpointsKept == 3);
    CHECK(p.workloads[0].dataBytesPerToken == 4.0);
    CHECK(p.workloads[2].modelLoadSource == StorageTarget::Shared);
    CHECK(p.workloads[2].kvOffloadGbPerGpu == 32);
    CHECK(p.configurations[0].dimmsPerNode == 32);
    CHECK(p.configurations[0].sharedStorageGbs == 50);
}

TEST_CASE("Project file: write then read gives the same project", "[io][project]")
{
    const Project p = readProjectFile(projects + "llama-h100.infrafit.json");
    const auto json = projectToJson(p);
    const Project q = projectFromJson(json, "roundtrip");
    CHECK(projectToJson(q) == json);
    CHECK(json["configurations"][0]["dimms_per_node"] == 32);
    CHECK(json["workloads"][0]["checkpoint_interval_hours"] == 2.0);
    CHECK(json["workloads"][2]["kv_offload_gb_per_gpu"] == 32.0);
}

TEST_CASE("Project file: fp32_grad_buffer is kept absent, true or false as written",
          "[io][project]")
{
    // Absent means the precision's default (fp32GradBufferOn), so a file
    // without it must not gain it on rewrite, and one with it keeps it.
    Project p = readProjectFile(projects + "llama-h100.infrafit.json");
    REQUIRE(p.workloads.size() >= 2);
    p.workloads[0].fp32GradBuffer = false;
    p.workloads[1].fp32GradBuffer.reset();
    const auto json = projectToJson(p);
    CHECK(json["workloads"][0]["fp32_grad_buffer"] == false);
    CHECK_FALSE(json["workloads"][1].contains("fp32_grad_buffer"));
    const Project q = projectFromJson(json, "roundtrip");
    CHECK(q.workloads[0].fp32GradBuffer == std::optional<bool>(false));
    CHECK_FALSE(q.workloads[1].fp32GradBuffer.has_value());
    auto wrong = json;
    wrong["workloads"][0]["fp32_grad_buffer"] = "yes";
    try {
        (void)projectFromJson(wrong, "wrong.infrafit.json");
        FAIL("a string for a flag was accepted");
    } catch (const InputError& e) {
        CHECK(hasProblem(e, "/workloads/0/fp32_grad_buffer", ""));
    }
}

TEST_CASE("Project file: every broken rule is reported with its pointer", "[io][project][bad]")
{
    try {
        readProjectFile(projects + "bad-rules.infrafit.json");
        FAIL("expected InputError");
    } catch (const InputError& e) {
        CHECK(hasProblem(e, "/workloads/0/model/kv_heads", "divisible by kv_heads"));
        CHECK(hasProblem(e, "/workloads/1/parallelism", "divisible by tensor"));
        CHECK(hasProblem(e, "/workloads/2/parallelism", "must not exceed layers"));
        CHECK(hasProblem(e, "/workloads/3/sequence_length", "at least 1"));
        CHECK(hasProblem(e, "/workloads/3/global_batch_size", "at least 1"));
        CHECK(hasProblem(e, "/workloads/3/precision", "unknown value \"fp12\""));
        CHECK(hasProblem(e, "/workloads/3/optimizer", "unknown value \"lion\""));
        CHECK(hasProblem(e, "/workloads/4/kind", "unknown value \"banana\""));
        CHECK(hasProblem(e, "/workloads/4/model/preset", "unknown model preset"));
        CHECK(hasProblem(e, "/configurations/0/nodes", "at least 1"));
        CHECK(e.lines().front().find("bad-rules.infrafit.json: /workloads/") != std::string::npos);
    }
}

TEST_CASE("Project file: batch not divisible by micro x data is an error", "[io][project][bad]")
{
    nlohmann::json doc = {{"format", "infrafit-project"}, {"version", 1},
                          {"workloads", {{{"name", "w"}, {"kind", "training"},
                                          {"model", {{"preset", "llama-2-7b"}}},
                                          {"sequence_length", 4096}, {"global_batch_size", 100}, {"micro_batch_size", 2},
                                          {"parallelism", {{"data", 8}}}}}}};
    try {
        projectFromJson(doc, "mem.json");
        FAIL("expected InputError");
    } catch (const InputError& e) {
        CHECK(hasProblem(e, "/workloads/0/parallelism", "micro_batch_size × data"));
    }
}

TEST_CASE("Configuration resolution: unknown and wrong-kind ids name their pointer",
          "[io][project][resolve]")
{
    Project p = readProjectFile(projects + "llama-h100.infrafit.json");
    p.configurations[0].gpuId = "test-hgx-chassis"; // a chassis, not a gpu
    p.configurations[0].nicId = "no-such-nic";
    try {
        resolveConfiguration(p, 0, emptyCatalog(), "f.json");
        FAIL("expected InputError");
    } catch (const InputError& e) {
        CHECK(hasProblem(e, "/configurations/0/gpu", "is a chassis, not a gpu"));
        CHECK(hasProblem(e, "/configurations/0/nic", "unknown part id \"no-such-nic\""));
    }
}

TEST_CASE("Inline parts override catalog parts with the same id", "[io][project][resolve]")
{
    const Project p = readProjectFile(projects + "llama-h100.infrafit.json");
    PartLookup catalog = [](std::string_view id) -> std::optional<Part> {
        if (id == "test-h100-sxm") {
            Gpu g;
            g.id = "test-h100-sxm";
            g.memoryGb = 1;
            return Part{g};
        }
        return std::nullopt;
    };
    const auto r = resolveConfiguration(p, 0, catalog);
    CHECK(r.gpu.memoryGb == 80);
}

TEST_CASE("analyzeProject: JSON has the contract names and finite numbers", "[io][analysis]")
{
    const Project p = readProjectFile(projects + "llama-h100.infrafit.json");
    const auto results = analyzeProject(p, emptyCatalog());
    REQUIRE(results.size() == 3);
    const auto json = analysisResultsToJson(results);
    REQUIRE(json.at("results").size() == 3);
    for (const auto& r : json.at("results")) {
        for (const char* key : {"weights", "gradients", "optimizer", "activations", "kv_cache",
                                "overhead", "total"})
            CHECK(r.at("memory").at("per_gpu_bytes").contains(key));
        const auto& lines = r.at("memory").at("per_gpu_bytes");
        CHECK(lines.at("total").get<long long>()
              == lines.at("weights").get<long long>() + lines.at("gradients").get<long long>()
                     + lines.at("optimizer").get<long long>()
                     + lines.at("activations").get<long long>()
                     + lines.at("kv_cache").get<long long>() + lines.at("overhead").get<long long>());
        CHECK(r.at("memory").contains("gpu_capacity_bytes"));
        CHECK(r.at("memory").contains("fits"));
        for (const char* key : {"step_time_s", "mfu", "tokens_per_s", "training_days", "ttft_s",
                                "tpot_s", "output_tokens_per_s"}) {
            REQUIRE(r.at("performance").contains(key));
            // null only where the plan does not fit (no speed, issue 23 item 7).
            if (r.at("performance").at(key).is_null())
                CHECK(r.at("memory").at("fits") == false);
            else
                CHECK(std::isfinite(r.at("performance").at(key).get<double>()));
        }
        CHECK(r.at("interconnect").contains("sufficient"));
        CHECK(r.at("interconnect").contains("communication_fraction"));
        for (const char* key : {"tensor", "pipeline", "data", "zero_stage", "micro_batch_size",
                                "recompute", "sequence_parallel"})
            CHECK(r.at("parallelism").contains(key));
        CHECK(r.at("findings").is_array());
        // docs/architecture.md "Analysis JSON" contract: the infrastructure objects of evaluate().
        for (const char* key : {"node_w", "node_wall_w", "psu_capacity_w", "psu_ok",
                                "nodes_per_rack", "racks", "cluster_w"})
            CHECK(r.at("power").contains(key));
        for (const char* key : {"node_heat_btu_per_h", "node_airflow_cfm", "ok"})
            CHECK(r.at("thermal").contains(key));
        CHECK(r.at("cost").contains("capex_usd"));
        // Never NaN or infinity anywhere in the result (nlohmann writes them as null).
        std::function<void(const nlohmann::json&, const std::string&)> finite =
            [&](const nlohmann::json& value, const std::string& path) {
                if (value.is_number_float()) {
                    INFO(path);
                    CHECK(std::isfinite(value.get<double>()));
                }
                if (value.is_structured())
                    for (const auto& [key, item] : value.items())
                        finite(item, path + "/" + key);
            };
        finite(r, "");
    }
    CHECK(json["results"][1]["parallelism"]["chosen"] == true);
    const std::string text = analysisResultsToText(results);
    CHECK(text.find("GiB") != std::string::npos);
    CHECK(text.find(" GB") != std::string::npos);
    CHECK(text.find("Binding limit") != std::string::npos);
    CHECK(text.find("Assumptions") != std::string::npos);
}

TEST_CASE("analyzeProject: unknown filter names are input errors", "[io][analysis][bad]")
{
    const Project p = readProjectFile(projects + "llama-h100.infrafit.json");
    CHECK_THROWS_AS(analyzeProject(p, emptyCatalog(), "nope", {}), InputError);
    CHECK(analyzeProject(p, emptyCatalog(), "llama-70b-serve", {}).size() == 1);
}

// CLI probe U1: "promt_tokens" in a workload was read as nothing, silently,
// and the 2,048-token default was used. Every member no reader looks at is
// now listed (the catalog import's wording for parts), and nothing else.
TEST_CASE("Project file: members InfraFit does not read are listed, not dropped silently",
          "[io][project]")
{
    auto json = nlohmann::json::parse(
        readTextFile(projects + "llama-h100.infrafit.json"));
    json["workloads"][0]["promt_tokens"] = 100000;
    json["notes"] = "top-level key of another tool";
    json["workloads"][0]["model"]["hidden"] = 4096;
    json["configurations"][0]["rack"]["unit"] = 42;
    json["configurations"][0]["a/b~c"] = 1;
    REQUIRE(json.contains("parts"));
    REQUIRE(!json["parts"].empty());
    json["parts"][0]["capacity_tbb"] = 3.84;
    std::vector<Problem> ignored;
    const Project project = projectFromJson(json, "typo.infrafit.json", &ignored);
    std::vector<std::string> pointers;
    for (const auto& p : ignored) {
        CHECK(p.message == "unknown field, ignored");
        pointers.push_back(p.pointer);
    }
    std::sort(pointers.begin(), pointers.end());
    CHECK(pointers
          == std::vector<std::string>{"/configurations/0/a~1b~0c", "/configurations/0/rack/unit",
                                      "/notes", "/parts/0/capacity_tbb",
                                      "/workloads/0/model/hidden", "/workloads/0/promt_tokens"});
    // The project is still read, with the default the typo did not replace.
    CHECK(project.workloads.at(0).name == json["workloads"][0]["name"].get<std::string>());
    // Without the list, reading is as before.
    CHECK_NOTHROW(projectFromJson(json, "typo.infrafit.json"));
}

TEST_CASE("Project file: every shipped example, and its rewrite, has no ignored member",
          "[io][project]")
{
    for (const char* name :
         {"gpt3-175b-pretrain", "llama-serving-sla", "llama-serving", "llama3-70b-finetune",
          "moe-models", "shared-cluster-portfolio"}) {
        INFO(name);
        const std::string file
            = std::string(INFRAFIT_SOURCE_DIR) + "/examples/" + name + ".infrafit.json";
        std::vector<Problem> ignored;
        const Project project = readProjectFile(file, &ignored);
        CHECK(ignored.empty());
        for (const auto& p : ignored)
            UNSCOPED_INFO(p.pointer);
        (void)projectFromJson(projectToJson(project), file, &ignored);
        CHECK(ignored.empty());
    }
}
