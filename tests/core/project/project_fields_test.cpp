// SPDX-License-Identifier: Apache-2.0
// The field registries (core/project/workload_fields.h,
// configuration_fields.h) are the one statement of each project field's
// range: the file reader, the range check behind the GUI's edits and the
// forms (tests/ui/project_pages_test.cpp) all take it from there. These
// tests walk every registry and try each bound in a project file (issue 21:
// hidden_size was 2^22 in a file but 2^20 in the form, data 1.024e8 against
// 2^20, global_batch_size unbounded in a file but 2^24 in the form).
#include "core/base/input_error.h"
#include "core/io/project_json.h"
#include "core/project/configuration_fields.h"
#include "core/project/workload_fields.h"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <cmath>

using namespace infrafit;

namespace {

nlohmann::json fieldsTestProject()
{
    return {{"format", "infrafit-project"},
            {"version", 1},
            {"workloads",
             {{{"name", "w"},
               {"kind", "training"},
               {"sequence_length", 4096},
               {"model",
                {{"layers", 32},
                 {"hidden_size", 4096},
                 {"attention_heads", 32},
                 {"ffn_hidden_size", 11008},
                 {"vocab_size", 32000}}},
               {"parallelism", {{"tensor", 1}}}}}},
            {"configurations", {{{"name", "c"}, {"chassis", "x"}, {"gpu", "y"}}}}};
}

/// The problems reading `document` reports (empty: it was read).
std::vector<Problem> fieldsTestProblems(const nlohmann::json& document)
{
    try {
        (void)projectFromJson(document, "fields.infrafit.json");
    } catch (const InputError& error) {
        return error.problems();
    }
    return {};
}

/// Whether a problem at `pointer` says the value is out of its range.
bool fieldsTestRangeProblem(const std::vector<Problem>& problems, const std::string& pointer)
{
    for (const auto& p : problems)
        if (p.pointer == pointer
            && (p.message.find("at most") != std::string::npos
                || p.message.find("at least") != std::string::npos
                || p.message.find("greater than") != std::string::npos))
            return true;
    return false;
}

/// Sets `key` ("sla.ttft_ms" = sla/ttft_ms) under `object` to `value`.
void fieldsTestSet(nlohmann::json& object, std::string_view key, const nlohmann::json& value)
{
    const auto dot = key.find('.');
    if (dot == std::string_view::npos) {
        object[std::string(key)] = value;
        return;
    }
    fieldsTestSet(object[std::string(key.substr(0, dot))], key.substr(dot + 1), value);
}

std::string fieldsTestPointer(std::string base, std::string_view key)
{
    for (char c : key)
        base += c == '.' ? '/' : c;
    return base;
}

/// A value just beyond each bound of a field: whole numbers one step, other
/// numbers a little past (an exclusive minimum is itself refused).
template <class T>
void fieldsTestCheckBounds(const ProjectField<T>& field, const std::string& objectPointer,
                       nlohmann::json& (*objectOf)(nlohmann::json&))
{
    if (field.type != FieldType::Integer && field.type != FieldType::Number)
        return;
    const bool whole = field.type == FieldType::Integer;
    const std::string pointer = fieldsTestPointer(objectPointer + "/", field.key);
    INFO(pointer);
    const auto read = [&](double value) {
        auto document = fieldsTestProject();
        if (whole)
            fieldsTestSet(objectOf(document), field.key, static_cast<long long>(value));
        else
            fieldsTestSet(objectOf(document), field.key, value);
        return fieldsTestProblems(document);
    };
    // The maximum is read; one step more is refused, naming the maximum.
    CHECK_FALSE(fieldsTestRangeProblem(read(field.maximum), pointer));
    const double above = whole ? field.maximum + 1 : field.maximum * 1.5 + 1;
    CHECK(fieldsTestRangeProblem(read(above), pointer));
    // The minimum likewise (an exclusive one is itself refused).
    const double lowest = field.exclusiveMinimum
                              ? field.minimum + std::pow(10.0, -field.decimals)
                              : field.minimum;
    CHECK_FALSE(fieldsTestRangeProblem(read(lowest), pointer));
    const double below = field.exclusiveMinimum ? field.minimum
                         : field.zeroMeansAbsent ? -1.0 // 0 means "absent" there
                                                 : field.minimum - 1;
    CHECK(fieldsTestRangeProblem(read(below), pointer));
    // The range check behind the GUI's edits says the same.
    T object{};
    std::vector<Problem> problems;
    field.set(object, above);
    checkFieldRanges(std::span<const ProjectField<T>>(&field, 1), object, "", problems);
    if (field.get(object) == above) // sla.tpot_ms is set only with an SLA
        CHECK(problems.size() == 1);
}

nlohmann::json& fieldsTestWorkload(nlohmann::json& d) { return d["workloads"][0]; }
nlohmann::json& fieldsTestModel(nlohmann::json& d) { return d["workloads"][0]["model"]; }
nlohmann::json& fieldsTestPlan(nlohmann::json& d) { return d["workloads"][0]["parallelism"]; }
nlohmann::json& fieldsTestConfiguration(nlohmann::json& d) { return d["configurations"][0]; }

} // namespace

TEST_CASE("the base project of the registry walk is read without problems", "[fields]")
{
    CHECK(fieldsTestProblems(fieldsTestProject()).empty());
}

TEST_CASE("every registry field's range is the file reader's, at both ends", "[fields][io]")
{
    for (const auto& field : workloadFields())
        fieldsTestCheckBounds(field, "/workloads/0", fieldsTestWorkload);
    for (const auto& field : modelFields())
        fieldsTestCheckBounds(field, "/workloads/0/model", fieldsTestModel);
    for (const auto& field : parallelismFields())
        fieldsTestCheckBounds(field, "/workloads/0/parallelism", fieldsTestPlan);
    for (const auto& field : servingDemandFields())
        fieldsTestCheckBounds(field, "/workloads/0", fieldsTestWorkload);
    for (const auto& field : configurationFields())
        fieldsTestCheckBounds(field, "/configurations/0", fieldsTestConfiguration);
}

TEST_CASE("the limits issue 21 found drifting are one value each", "[fields]")
{
    CHECK(findModelField("hidden_size")->maximum == 4194304); // 2^22 in files and the form
    CHECK(findParallelismField("data")->maximum == 102400000); // 1024 GPUs × 100,000 nodes
    CHECK(findWorkloadField("global_batch_size")->maximum == 16777216); // 2^24
    auto document = fieldsTestProject();
    document["workloads"][0]["global_batch_size"] = 16777217;
    CHECK(fieldsTestRangeProblem(fieldsTestProblems(document), "/workloads/0/global_batch_size"));
}

namespace {

/// The member a registry key names: "portfolio.schedule" is `schedule` in the
/// object `portfolio`, "software.framework" `framework` in `software`.
nlohmann::json& fieldsTestMember(nlohmann::json& object, std::string_view key)
{
    const auto dot = key.find('.');
    if (dot == std::string_view::npos)
        return object[std::string(key)];
    return object[std::string(key.substr(0, dot))][std::string(key.substr(dot + 1))];
}

} // namespace

TEST_CASE("every choice field accepts each of its names and refuses others", "[fields]")
{
    for (const auto& field : workloadFields()) {
        if (field.type != FieldType::Choice || field.customFile)
            continue;
        INFO(field.key);
        for (const auto name : field.choices) {
            auto document = fieldsTestProject();
            fieldsTestMember(document["workloads"][0], field.key) = std::string(name);
            document["workloads"][0]["kind"] = "inference"; // no training-only rules
            const auto problems = fieldsTestProblems(document);
            for (const auto& p : problems)
                CHECK_THAT(p.message, !Catch::Contains("unknown value"));
        }
        auto document = fieldsTestProject();
        fieldsTestMember(document["workloads"][0], field.key) = "no-such-value";
        const auto problems = fieldsTestProblems(document);
        REQUIRE_FALSE(problems.empty());
        CHECK_THAT(problems.front().message, Catch::Contains("unknown value"));
    }
}

TEST_CASE("registry defaults are the structs' defaults and lie in range", "[fields]")
{
    const Workload workload{};
    std::vector<Problem> problems;
    checkFieldRanges(workloadFields(), workload, "", problems);
    checkFieldRanges(parallelismFields(), Parallelism{}, "", problems);
    checkFieldRanges(servingDemandFields(), ServingDemand{}, "", problems);
    checkFieldRanges(configurationFields(), Configuration{}, "", problems);
    CHECK(problems.empty());
    CHECK(findWorkloadField("sequence_length")->get(workload) == 2048);
    CHECK(findConfigurationField("nodes")->get(Configuration{}) == 1);
    // Absent optional fields read as absent, not as 0.
    CHECK_FALSE(findWorkloadField("efficiency")->get(workload).has_value());
    CHECK_FALSE(findParallelismField("data")->get(Parallelism{}).has_value());
}

TEST_CASE("a field written by the registry reads back to the same value", "[fields][io]")
{
    Project project = projectFromJson(fieldsTestProject(), "fields.infrafit.json");
    Workload& w = project.workloads.at(0);
    findWorkloadField("efficiency")->set(w, 0.37);
    findModelField("sliding_window")->set(w.model, 4096.0);
    findParallelismField("data")->set(*w.parallelism, 4.0);
    findWorkloadField("offload")->set(w, 1.0); // "optimizer"
    w.parallelism->zeroStage = 1;
    w.globalBatchSize = 64;
    const Project back = projectFromJson(projectToJson(project), "back.infrafit.json");
    const Workload& b = back.workloads.at(0);
    CHECK(b.efficiency == 0.37);
    CHECK(b.model.slidingWindow == 4096);
    CHECK(b.parallelism->data == 4);
    CHECK(b.offload == Offload::Optimizer);
    // Absent stays absent: no key is written for it.
    const auto json = projectToJson(back);
    CHECK_FALSE(json["workloads"][0].contains("sample_bytes"));
    CHECK_FALSE(json["workloads"][0]["model"].contains("head_dim"));
    CHECK_FALSE(json["workloads"][0]["parallelism"].contains("context"));
}
