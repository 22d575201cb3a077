// SPDX-License-Identifier: Apache-2.0
#include "core/io/catalog_json.h"
#include "core/base/input_error.h"
#include "core/io/software_compat_json.h"
#include "core/io/default_software.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace infrafit;

namespace {

bool softwareJsonHasProblem(const std::vector<Problem>& problems, std::string_view pointer,
                            std::string_view words)
{
    return std::any_of(problems.begin(), problems.end(), [&](const Problem& p) {
        return p.pointer == pointer && p.message.find(words) != std::string::npos;
    });
}

} // namespace

TEST_CASE("every shipped software row names its source and date", "[software]")
{
    const auto& table = defaultSoftwareTable();
    REQUIRE(table.rows.size() >= 11);
    for (const auto& row : table.rows) {
        INFO(row.architecture);
        CHECK_FALSE(row.source.empty());
        CHECK(row.sourceDate.size() == 10);
        CHECK_FALSE(row.recommendedToolkit.empty());
        CHECK_FALSE(row.containerImage.empty());
        CHECK_FALSE(row.precisions.empty());
    }
}

/// Whether `row` lists "framework feature version" among its notes'
/// "Unsourced estimates:" (docs/reference/software.md §5).
static bool softwareJsonListedAsEstimate(const SoftwareCompat& row, const FrameworkFeature& f)
{
    const auto at = row.notes.find("Unsourced estimates:");
    return at != std::string::npos
           && row.notes.find(f.framework + " " + f.feature + " " + f.minVersion, at)
                  != std::string::npos;
}

TEST_CASE("every framework first version names its source or is listed as an unsourced estimate",
          "[software]")
{
    int sourced = 0, estimates = 0;
    for (const auto& row : defaultSoftwareTable().rows) {
        INFO(row.architecture);
        CHECK_FALSE(row.source.empty());
        CHECK_FALSE(row.sourceDate.empty());
        for (const auto& f : row.frameworks) {
            if (f.minVersion.empty())
                continue;
            INFO(f.framework << " " << f.feature << " " << f.minVersion);
            const bool listed = softwareJsonListedAsEstimate(row, f);
            CHECK((!f.source.empty() || listed));
            sourced += f.source.empty() ? 0 : 1;
            estimates += listed ? 1 : 0;
        }
    }
    CHECK(sourced >= 20);
    CHECK(estimates == 5); // docs/reference/software.md §5
    // The rule bites: a first version with neither fails it.
    SoftwareCompat row = *defaultSoftwareTable().find("Hopper");
    FrameworkFeature guess{"jax", "fp8", true, "0.4.0", ""};
    CHECK_FALSE(softwareJsonListedAsEstimate(row, guess));
    row.notes += " Unsourced estimates: jax fp8 0.4.0 (a guess).";
    CHECK(softwareJsonListedAsEstimate(row, guess));
}

TEST_CASE("the software table reads back what it writes", "[software]")
{
    const auto& table = defaultSoftwareTable();
    std::vector<Problem> problems;
    const auto back = softwareTableFromJson(softwareTableToJson(table), "/software", problems);
    CHECK(problems.empty());
    REQUIRE(back.rows.size() == table.rows.size());
    CHECK(softwareTableToJson(back) == softwareTableToJson(table));
}

TEST_CASE("a bad software row is refused naming each field", "[software]")
{
    const auto json = nlohmann::json::parse(R"([
        {"architecture": "Hopper", "stack": "cuda", "min_driver_branch": "newest",
         "precisions": ["fp8", "fp3"],
         "frameworks": [{"framework": "torch", "feature": "fp8"}],
         "source": "", "source_date": "last week"},
        {"architecture": "Ampere", "stack": "opencl", "source": "x", "source_date": "2026-01-01"},
        {"architecture": "Ada", "stack": "cuda", "source": "x", "source_date": "2026-01-01"},
        {"architecture": "Ada", "stack": "cuda", "source": "x", "source_date": "2026-01-01"}
    ])");
    std::vector<Problem> problems;
    const auto table = softwareTableFromJson(json, "/software", problems);
    CHECK(softwareJsonHasProblem(problems, "/software/0/min_driver_branch", "version"));
    CHECK(softwareJsonHasProblem(problems, "/software/0/precisions/1", "fp3"));
    CHECK(softwareJsonHasProblem(problems, "/software/0/frameworks/0/framework", "torch"));
    CHECK(softwareJsonHasProblem(problems, "/software/0/source", "must name"));
    CHECK(softwareJsonHasProblem(problems, "/software/0/source_date", "last week"));
    CHECK(softwareJsonHasProblem(problems, "/software/1/stack", "opencl"));
    CHECK(softwareJsonHasProblem(problems, "/software/3/architecture", "duplicate"));
    REQUIRE(table.rows.size() == 1);
    CHECK(table.rows[0].architecture == "Ada");
}

TEST_CASE("a catalog file carries software rows beside its parts", "[software]")
{
    const SoftwareTable& table = defaultSoftwareTable();
    const std::string text = catalogToJson({}, &table);
    const auto document = parseCatalog(text, "c.json");
    REQUIRE(document.software);
    CHECK(document.software->rows.size() == table.rows.size());
    CHECK_FALSE(parseCatalog(catalogToJson({}), "c.json").software.has_value());
    // A bad row refuses the whole file, naming the row's field.
    std::string bad = text;
    bad.replace(bad.find("\"cuda\""), 6, "\"metal\"");
    try {
        parseCatalog(bad, "c.json");
        FAIL("a bad software row was accepted");
    } catch (const InputError& error) {
        CHECK(std::string(error.what()).find("c.json") != std::string::npos);
        CHECK(std::string(error.what()).find("/software/0/stack") != std::string::npos);
    }
}
