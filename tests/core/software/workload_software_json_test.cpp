// SPDX-License-Identifier: Apache-2.0
#include "core/io/workload_json.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace infrafit;

namespace {

nlohmann::json softwareWorkloadJson(nlohmann::json software)
{
    auto j = nlohmann::json::parse(R"({"name": "serve", "kind": "inference",
        "model": {"preset": "llama-3.1-8b"}, "precision": "fp8"})");
    j["software"] = std::move(software);
    return j;
}

} // namespace

TEST_CASE("a workload's software stack reads and writes back", "[software]")
{
    std::vector<Problem> problems;
    const auto w = workloadFromJson(
        softwareWorkloadJson({{"serving_engine", "vllm"}, {"serving_engine_version", "0.6.3"},
                              {"driver_branch", "R570"}, {"toolkit_version", "12.8"}}),
        "/workloads/0", problems);
    REQUIRE(problems.empty());
    REQUIRE(w);
    CHECK(w->software.servingEngine == ServingEngine::Vllm);
    CHECK(w->software.servingEngineVersion == "0.6.3");
    CHECK(w->software.driverBranch == "R570");
    CHECK(w->software.toolkitVersion == "12.8");
    const auto written = workloadToJson(*w);
    CHECK(written.at("software").at("serving_engine") == "vllm");
    CHECK(written.at("software").at("toolkit_version") == "12.8");
    CHECK_FALSE(written.at("software").contains("framework")); // "none" is not written
}

TEST_CASE("a workload without software writes no software object", "[software]")
{
    std::vector<Problem> problems;
    auto j = softwareWorkloadJson(nullptr);
    j.erase("software");
    const auto w = workloadFromJson(j, "/workloads/0", problems);
    REQUIRE(w);
    CHECK_FALSE(w->software.stated());
    CHECK_FALSE(workloadToJson(*w).contains("software"));
}

TEST_CASE("a bad software stack is refused naming the field", "[software]")
{
    std::vector<Problem> problems;
    const auto w = workloadFromJson(
        softwareWorkloadJson({{"serving_engine", "triton"}, {"driver_branch", "latest"}}),
        "/workloads/0", problems);
    CHECK_FALSE(w);
    const auto has = [&](std::string_view pointer) {
        return std::any_of(problems.begin(), problems.end(),
                           [&](const Problem& p) { return p.pointer == pointer; });
    };
    CHECK(has("/workloads/0/software/serving_engine"));
    CHECK(has("/workloads/0/software/driver_branch"));
}
