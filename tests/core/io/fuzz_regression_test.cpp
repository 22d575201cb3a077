// SPDX-License-Identifier: Apache-2.0
// Every input the fuzzers (fuzz/, scripts/fuzz) found a crash, hang or
// sanitizer report with is kept in tests/fixtures/fuzz-regressions/<target>/
// and fed here to the same function of core/output/untrusted_input.h the fuzzer
// calls: it must succeed or throw InputError naming the file, nothing else.
#include "core/io/catalog_json.h"
#include "core/base/input_error.h"
#include "core/output/untrusted_input.h"

#include "support/fixtures.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <functional>
#include <limits>

using namespace infrafit;

namespace {

std::vector<std::string> reproducersOf(const std::string& target)
{
    std::vector<std::string> files;
    const std::filesystem::path dir = test::fixturePath("fuzz-regressions/" + target);
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator(dir, error))
        if (entry.is_regular_file())
            files.push_back(entry.path().string());
    std::sort(files.begin(), files.end());
    return files;
}

/// Feeds each reproducer of `target` to `call`; returns how many there were.
std::size_t feedReproducers(const std::string& target,
                            const std::function<void(std::string_view, const std::string&)>& call)
{
    const auto files = reproducersOf(target);
    for (const auto& file : files) {
        INFO("reproducer " << file);
        const std::string text = test::readBytes(file);
        try {
            call(text, file);
            SUCCEED("accepted");
        } catch (const InputError& error) {
            CHECK(error.file() == file);
            CHECK_THAT(error.what(), Catch::StartsWith(file + ": "));
        } catch (const std::exception& error) {
            FAIL("not an InputError: " << error.what());
        }
    }
    return files.size();
}

} // namespace

TEST_CASE("fuzz reproducers: project files", "[io][fuzz][bad-input]")
{
    // The analyze reproducers are project files too: the reader alone must
    // also take or refuse them.
    feedReproducers("project", [](std::string_view text, const std::string& file) {
        (void)readUntrustedProject(text, file);
    });
    const auto count = feedReproducers("analyze", [](std::string_view text, const std::string& file) {
        (void)readUntrustedProject(text, file);
    });
    CHECK(count > 0);
}

TEST_CASE("fuzz reproducers: analysed project files", "[io][fuzz][bad-input]")
{
    const auto catalog = readCatalogFile(std::string(INFRAFIT_SOURCE_DIR)
                                         + "/catalog/data/default-catalog.json");
    const auto lookup = lookupIn(catalog.parts);
    const auto count = feedReproducers("analyze", [&](std::string_view text, const std::string& file) {
        (void)analyzeUntrustedProject(text, file, lookup);
    });
    CHECK(count > 0);
}

TEST_CASE("fuzz reproducers: catalog files", "[io][fuzz][bad-input]")
{
    feedReproducers("catalog", [](std::string_view text, const std::string& file) {
        (void)readUntrustedCatalog(text, file);
    });
}

TEST_CASE("fuzz entry points: the seed examples pass the round trip", "[io][fuzz]")
{
    const auto catalog = readCatalogFile(std::string(INFRAFIT_SOURCE_DIR)
                                         + "/catalog/data/default-catalog.json");
    const auto lookup = lookupIn(catalog.parts);
    const std::string file = std::string(INFRAFIT_SOURCE_DIR) + "/examples/llama-serving.infrafit.json";
    const auto report = nlohmann::json::parse(analyzeUntrustedProject(test::readBytes(file), file, lookup));
    CHECK_FALSE(report.at("results").empty());
    const auto catalogFile = test::fixturePath("catalogs/good.json");
    CHECK_FALSE(readUntrustedCatalog(test::readBytes(catalogFile), catalogFile).parts.empty());
}

TEST_CASE("requireFiniteNumbers names the first non-finite number", "[io][fuzz]")
{
    nlohmann::json report = {{"results", {{{"step_time_s", 1.5}, {"tokens", 3}}}}};
    CHECK_NOTHROW(requireFiniteNumbers(report));
    report["results"][0]["mfu"] = std::numeric_limits<double>::quiet_NaN();
    CHECK_THROWS_WITH(requireFiniteNumbers(report), Catch::Contains("/results/0/mfu"));
    report["results"][0]["mfu"] = -std::numeric_limits<double>::infinity();
    CHECK_THROWS_AS(requireFiniteNumbers(report), InvariantBroken);
}

TEST_CASE("lookupIn finds parts by id", "[io][fuzz]")
{
    const auto catalog = readCatalogFile(test::fixturePath("catalogs/good.json"));
    REQUIRE_FALSE(catalog.parts.empty());
    const auto lookup = lookupIn(catalog.parts);
    const auto& id = infoOf(catalog.parts.back()).id;
    const auto found = lookup(id);
    REQUIRE(found.has_value());
    CHECK(infoOf(*found).id == id);
    CHECK_FALSE(lookup("no-such-part").has_value());
}
