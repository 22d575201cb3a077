// SPDX-License-Identifier: Apache-2.0
// The size and nesting limits of core/io/text_file.h hold for every reader of
// user files: project files as well as catalog files (catalog_json_test.cpp
// covers parseCatalog/readCatalogFile directly).
#include "core/io/catalog_json.h"
#include "core/base/input_error.h"
#include "core/io/json_document.h"
#include "core/io/project_json.h"
#include "core/io/text_file.h"

#include "support/fixtures.h"

#include <catch2/catch.hpp>

#include <fstream>

using namespace infrafit;

namespace {

/// `depth` nested arrays around a number, as a project "parts" member.
std::string projectNested(int depth)
{
    return R"({"format": "infrafit-project", "version": 1, "parts": )"
           + std::string(static_cast<std::size_t>(depth - 1), '[') + "1"
           + std::string(static_cast<std::size_t>(depth - 1), ']') + "}";
}

void writeSparse(const std::string& path, std::uintmax_t bytes)
{
    std::ofstream out(path, std::ios::binary);
    out.seekp(static_cast<std::streamoff>(bytes - 1));
    out.put('\n');
}

} // namespace

TEST_CASE("a project file over the size limit is refused before it is read", "[io][limits]")
{
    test::TempDir dir;
    const auto path = dir.file("huge.infrafit.json");
    writeSparse(path, maxInputFileBytes + 1);
    try {
        (void)readProjectFile(path);
        FAIL("expected refusal");
    } catch (const InputError& error) {
        CHECK(error.file() == path);
        // By how much it is over, not "128 MiB, larger than the 128 MiB limit" (issue 22).
        CHECK_THAT(error.what(), Catch::Contains("file is 134,217,729 bytes, 1 byte over the "
                                                 "limit of 128 MiB (134,217,728 bytes)"));
    }
}

TEST_CASE("a file of exactly the size limit is not refused for its size", "[io][limits]")
{
    test::TempDir dir;
    const auto path = dir.file("exact.json");
    writeSparse(path, maxInputFileBytes);
    // Read in full (128 MiB of zero bytes): then refused as malformed JSON.
    try {
        (void)readCatalogFile(path);
        FAIL("expected refusal");
    } catch (const InputError& error) {
        CHECK_THAT(error.what(), !Catch::Contains("over the limit"));
        CHECK_THAT(error.what(), Catch::Contains("malformed JSON"));
    }
}

TEST_CASE("a project file nested too deeply is refused with its position", "[io][limits]")
{
    test::TempDir dir;
    const auto path = dir.file("deep.infrafit.json");
    test::writeBytes(path, projectNested(maxJsonDepth + 1));
    try {
        (void)readProjectFile(path);
        FAIL("expected refusal");
    } catch (const InputError& error) {
        CHECK(error.file() == path);
        CHECK_THAT(error.what(), Catch::Contains("nested deeper than 64 levels at line 1, column"));
    }
}

TEST_CASE("nesting of exactly the depth limit is parsed", "[io][limits]")
{
    // Refused for what it holds (parts must be objects), not for its depth.
    try {
        (void)projectFromJson(parseJsonDocument(projectNested(maxJsonDepth), "p.json"), "p.json");
        FAIL("expected refusal");
    } catch (const InputError& error) {
        CHECK_THAT(error.what(), !Catch::Contains("nested deeper"));
        CHECK_THAT(error.what(), Catch::Contains("/parts/0"));
    }
    CHECK_THROWS_WITH(parseJsonDocument(projectNested(maxJsonDepth + 1), "p.json"),
                      Catch::Contains("nested deeper than 64"));
}

TEST_CASE("brackets inside strings do not count as nesting", "[io][limits]")
{
    const std::string text = R"({"format": "infrafit-project", "version": 1, "name": ")"
                             + std::string(1000, '[') + R"(\")" + std::string(1000, '{') + "\"}";
    CHECK(parseJsonDocument(text, "p.json").at("name").get<std::string>().size() == 2001);
}

TEST_CASE("a catalog file nested too deeply is refused naming the file", "[io][limits]")
{
    test::TempDir dir;
    const auto path = dir.file("deep.json");
    test::writeBytes(path, std::string(100, '{') + std::string(100, '}'));
    try {
        (void)readCatalogFile(path);
        FAIL("expected refusal");
    } catch (const InputError& error) {
        CHECK(error.file() == path);
        CHECK_THAT(error.what(), Catch::StartsWith(path + ": /: JSON nested deeper than 64"));
    }
}

namespace {

/// A small valid project: one training workload with an inline model, one
/// configuration.
nlohmann::json smallProject()
{
    return nlohmann::json::parse(R"({"format": "infrafit-project", "version": 1,
        "workloads": [{"name": "w", "kind": "training", "sequence_length": 128,
          "global_batch_size": 8,
          "model": {"layers": 2, "hidden_size": 64, "attention_heads": 4,
                    "ffn_hidden_size": 256, "vocab_size": 1000}}],
        "configurations": [{"name": "c", "chassis": "x", "gpu": "g", "gpus_per_node": 8,
                            "nodes": 2}]})");
}

/// True when reading `document` is refused with exactly this problem.
bool refusedWith(const nlohmann::json& document, const std::string& pointer,
                 const std::string& message)
{
    try {
        (void)projectFromJson(document, "p.json");
    } catch (const InputError& error) {
        for (const auto& problem : error.problems())
            if (problem.pointer == pointer && problem.message == message)
                return true;
        FAIL_CHECK(error.what());
    }
    return false;
}

} // namespace

TEST_CASE("counts of a configuration have the editor's upper bounds", "[io][limits]")
{
    // Larger counts overflowed GPUs per node x nodes and the PCIe lane sums
    // (tests/fixtures/fuzz-regressions/analyze/config-*).
    auto document = smallProject();
    auto& config = document["configurations"][0];
    config["gpus_per_node"] = 1024;
    config["nodes"] = 100000;
    CHECK_NOTHROW(projectFromJson(document, "p.json"));
    config["gpus_per_node"] = 1025;
    CHECK(refusedWith(document, "/configurations/0/gpus_per_node",
                      "must be at most 1024 (got 1025)"));
    config["gpus_per_node"] = 8;
    config["nodes"] = 100001;
    CHECK(refusedWith(document, "/configurations/0/nodes", "must be at most 100000 (got 100001)"));
    config["nodes"] = 2;
    config["nics_per_node"] = 2000000000;
    CHECK(refusedWith(document, "/configurations/0/nics_per_node",
                      "must be at most 256 (got 2000000000)"));
}

TEST_CASE("an inline model has the editor's upper bounds", "[io][limits]")
{
    // 2,000,000,000 layers made the plan search run for minutes
    // (tests/fixtures/fuzz-regressions/analyze/model-layers-2e9.json).
    auto document = smallProject();
    auto& model = document["workloads"][0]["model"];
    model["layers"] = 1000;
    CHECK_NOTHROW(projectFromJson(document, "p.json"));
    model["layers"] = 1001;
    CHECK(refusedWith(document, "/workloads/0/model/layers", "must be at most 1000 (got 1001)"));
    model["layers"] = 2;
    model["hidden_size"] = 4194305;
    CHECK(refusedWith(document, "/workloads/0/model/hidden_size",
                      "must be at most 4194304 (got 4194305)"));
}
