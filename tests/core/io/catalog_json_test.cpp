// SPDX-License-Identifier: Apache-2.0
// Catalog file reading and writing, and every bad-input case of issue 2:
// each problem names the file, the JSON pointer and what is wrong.
#include "core/io/catalog_json.h"
#include "core/io/part_json.h"
#include "core/io/text_file.h"

#include "support/fixtures.h"

#include <catch2/catch.hpp>

#include <set>

using namespace infrafit;
using infrafit::test::fixturePath;

namespace {

/// The problems an invalid fixture produces (fails the test if it parses).
std::vector<Problem> problemsOf(const std::string& fixture)
{
    try {
        readCatalogFile(fixturePath("catalogs/" + fixture));
    } catch (const InputError& error) {
        CHECK(error.file() == fixturePath("catalogs/" + fixture));
        for (const auto& line : error.lines())
            CHECK_THAT(line, Catch::StartsWith(error.file() + ": /"));
        return error.problems();
    }
    FAIL("expected " << fixture << " to be refused");
    return {};
}

bool hasPointer(const std::vector<Problem>& problems, const std::string& pointer)
{
    for (const auto& p : problems) {
        if (p.pointer == pointer)
            return true;
    }
    return false;
}

} // namespace

TEST_CASE("a good catalog reads all seven kinds", "[io][catalog]")
{
    const auto document = readCatalogFile(fixturePath("catalogs/good.json"));
    REQUIRE(document.parts.size() == 7);
    std::set<PartKind> kinds;
    for (const auto& part : document.parts)
        kinds.insert(kindOf(part));
    CHECK(kinds.size() == 7);
    const auto& gpu = std::get<Gpu>(document.parts[0]);
    CHECK(gpu.memoryGb == 80);
    CHECK(gpu.fp8Tflops == 1979);
    CHECK(gpu.formFactor == GpuFormFactor::Sxm);
    CHECK(gpu.supports("fp8"));
    CHECK(gpu.isEstimated("price_usd"));
    CHECK_FALSE(gpu.bf16Tflops == std::nullopt);
    CHECK(std::get<Chassis>(document.parts[1]).basePowerIncludesComponents);
    CHECK(std::get<Cpu>(document.parts[2]).memoryBandwidthGbs == Approx(460.8));
    CHECK(document.warnings.empty());
}

TEST_CASE("write then read gives the same parts and the same text", "[io][catalog]")
{
    const auto first = readCatalogFile(fixturePath("catalogs/good.json"));
    const std::string text = catalogToJson(first.parts);
    const auto second = parseCatalog(text, "roundtrip.json");
    REQUIRE(second.parts.size() == first.parts.size());
    CHECK(catalogToJson(second.parts) == text);
    CHECK_THAT(text, Catch::Contains("\"tdp_w\": 700"));      // whole numbers stay integers
    CHECK_THAT(text, Catch::Contains("\"efficiency\": 0.96")); // shortest round-trip form
}

TEST_CASE("malformed JSON names the line and column", "[io][catalog][bad-input]")
{
    const auto problems = problemsOf("malformed.json");
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].pointer == "/");
    CHECK_THAT(problems[0].message, Catch::Contains("malformed JSON at line 2"));
}

TEST_CASE("a truncated file says so", "[io][catalog][bad-input]")
{
    const auto problems = problemsOf("truncated.json");
    REQUIRE(problems.size() == 1);
    CHECK_THAT(problems[0].message, Catch::Contains("ends too early"));
}

TEST_CASE("wrong types name each field", "[io][catalog][bad-input]")
{
    const auto problems = problemsOf("wrong-types.json");
    CHECK(hasPointer(problems, "/parts/0/memory_gb"));
    CHECK(hasPointer(problems, "/parts/0/precisions"));
    CHECK(problems.size() == 2);
}

TEST_CASE("missing required fields are named", "[io][catalog][bad-input]")
{
    const auto problems = problemsOf("missing-fields.json");
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].pointer == "/parts/0/port_speed_gbps");
    CHECK_THAT(problems[0].message, Catch::Contains("required"));
}

TEST_CASE("negative, huge, zero and fractional values are refused", "[io][catalog][bad-input]")
{
    const auto problems = problemsOf("bad-values.json");
    CHECK(hasPointer(problems, "/parts/0/watts")); // -3000
    CHECK(hasPointer(problems, "/parts/1/watts")); // 1e308
    CHECK(hasPointer(problems, "/parts/2/memory_gb")); // 0
    CHECK(hasPointer(problems, "/parts/2/pcie_gen")); // 5.5
    CHECK(problems.size() == 4);
}

TEST_CASE("NaN is not JSON and is refused as malformed", "[io][catalog][bad-input]")
{
    const auto problems = problemsOf("nan.json");
    REQUIRE(problems.size() == 1);
    CHECK_THAT(problems[0].message, Catch::Contains("malformed JSON at line 2"));
}

TEST_CASE("unknown kind and unknown enum values are named", "[io][catalog][bad-input]")
{
    auto problems = problemsOf("unknown-kind.json");
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].pointer == "/parts/0/kind");
    CHECK_THAT(problems[0].message, Catch::Contains("fpga"));

    problems = problemsOf("bad-enum.json");
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].pointer == "/parts/0/type");
    CHECK_THAT(problems[0].message, Catch::Contains("air, rear_door, direct_liquid, immersion"));
}

TEST_CASE("duplicate ids are refused", "[io][catalog][bad-input]")
{
    const auto problems = problemsOf("duplicate-ids.json");
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].pointer == "/parts/1/id");
}

TEST_CASE("a file from a newer InfraFit is refused", "[io][catalog][bad-input]")
{
    const auto problems = problemsOf("newer-version.json");
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].pointer == "/version");
    CHECK_THAT(problems[0].message, Catch::Contains("newer InfraFit"));
}

TEST_CASE("the wrong kind of document is refused", "[io][catalog][bad-input]")
{
    CHECK_THROWS_AS(parseCatalog(R"({"format": "infrafit-project", "version": 1})", "p.json"),
                    InputError);
    CHECK_THROWS_AS(parseCatalog(R"([1, 2, 3])", "p.json"), InputError);
    CHECK_THROWS_AS(parseCatalog(R"({"format": "infrafit-catalog", "version": 1})", "p.json"),
                    InputError);
}

TEST_CASE("deeply nested JSON is refused before parsing", "[io][catalog][bad-input]")
{
    const std::string deep = std::string(10000, '[') + std::string(10000, ']');
    try {
        parseCatalog(deep, "deep.json");
        FAIL("expected refusal");
    } catch (const InputError& error) {
        CHECK_THAT(error.what(), Catch::Contains("nested deeper than 64"));
    }
}

TEST_CASE("a file over the size limit is refused before it is read", "[io][catalog][bad-input]")
{
    infrafit::test::TempDir dir;
    const auto path = dir.file("huge.json");
    {
        // A sparse 200 MB file: the size check must refuse it without reading.
        std::ofstream out(path, std::ios::binary);
        out.seekp(200'000'000 - 1);
        out.put('\n');
    }
    try {
        readCatalogFile(path);
        FAIL("expected refusal");
    } catch (const InputError& error) {
        CHECK_THAT(error.what(), Catch::Contains("larger than the 128 MiB limit"));
    }
}

TEST_CASE("unknown fields are kept as warnings, not errors", "[io][catalog]")
{
    const auto document = parseCatalog(
        R"({"format": "infrafit-catalog", "version": 1, "parts": [
            {"kind": "psu", "id": "p", "vendor": "v", "model": "m", "watts": 3000,
             "efficiency": 0.96, "colour": "grey"}]})",
        "w.json");
    REQUIRE(document.parts.size() == 1);
    REQUIRE(document.warnings.size() == 1);
    CHECK(document.warnings[0].pointer == "/parts/0/colour");
}

TEST_CASE("atomic write replaces the file and leaves no temporary behind", "[io]")
{
    infrafit::test::TempDir dir;
    const auto path = dir.file("out.json");
    writeFileAtomic(path, "old\n");
    writeFileAtomic(path, "new\n");
    CHECK(infrafit::test::readBytes(path) == "new\n");
    int entries = 0;
    for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(dir.path()))
        ++entries;
    CHECK(entries == 1);
    CHECK_THROWS_AS(writeFileAtomic(dir.file("missing/dir/out.json"), "x"), FileWriteError);
}

TEST_CASE("the direct catalog writer prints exactly what the JSON library would", "[io][catalog]")
{
    // catalogToJson writes text directly for speed; it must equal nlohmann's
    // dump(2) of the same document, for every field type and for escapes.
    auto parts = readCatalogFile(fixturePath("catalogs/good.json")).parts;
    auto& gpu = std::get<Gpu>(parts[0]);
    gpu.notes = "quote \" backslash \\ newline \n tab \t control \x01 unicode µ";
    gpu.requiresLiquidCooling = true;
    gpu.priceUsd = 27500.5;
    nlohmann::json reference = {{"format", "infrafit-catalog"}, {"version", 1}};
    reference["parts"] = nlohmann::json::array();
    for (const auto& part : parts)
        reference["parts"].push_back(partToJson(part));
    CHECK(catalogToJson(parts) == reference.dump(2) + "\n");
    CHECK(catalogToJson({}) == nlohmann::json({{"format", "infrafit-catalog"},
                                               {"version", 1},
                                               {"parts", nlohmann::json::array()}})
                                       .dump(2)
                                   + "\n");
}
