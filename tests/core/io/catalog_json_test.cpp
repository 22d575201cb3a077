// SPDX-License-Identifier: Apache-2.0
// Catalog file reading and writing, and every bad-input case of issue 2:
// each problem names the file, the JSON pointer and what is wrong.
#include "core/io/catalog_json.h"
#include "core/io/json_document.h"
#include "core/io/part_json.h"
#include "core/io/part_reader.h"
#include "core/io/text_file.h"
#include "core/parts/part_validation.h"

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
        CHECK_THAT(error.what(), Catch::Contains("file is 200,000,000 bytes, 65,782,272 bytes "
                                                 "over the limit of 128 MiB"));
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

namespace {

/// Reads `text` the way parseCatalog did before it streamed: a JSON tree,
/// then partFromJson on each part. The reference for the streaming reader.
std::vector<Problem> treeReaderProblems(const std::string& text, std::vector<Problem>& warnings)
{
    try {
        const auto document = parseJsonDocument(text, "t.json");
        checkDocumentHeader(document, catalogFormat, catalogFormatVersion, "t.json");
        const auto it = document.find("parts");
        if (it == document.end())
            throw InputError("t.json", "/parts", "is required (an array of parts)");
        if (!it->is_array())
            throw InputError("t.json", "/parts", "must be an array of parts");
        std::vector<Problem> problems;
        std::vector<Part> parts;
        for (std::size_t i = 0; i < it->size(); ++i) {
            if (auto part = partFromJson((*it)[i], "/parts/" + std::to_string(i), problems,
                                         &warnings))
                parts.push_back(std::move(*part));
        }
        if (problems.empty())
            problems = duplicateIdProblems(parts, "/parts");
        return problems;
    } catch (const InputError& error) {
        return error.problems();
    }
}

std::vector<Problem> streamingReaderProblems(const std::string& text, std::vector<Problem>& warnings)
{
    try {
        warnings = parseCatalog(text, "t.json").warnings;
        return {};
    } catch (const InputError& error) {
        return error.problems();
    }
}

std::string describe(const std::vector<Problem>& problems)
{
    std::string text;
    for (const auto& problem : problems)
        text += problem.pointer + ": " + problem.message + "\n";
    return text;
}

std::string catalogOf(const std::string& parts)
{
    return R"({"format": "infrafit-catalog", "version": 1, "parts": [)" + parts + "]}";
}

} // namespace

TEST_CASE("the streaming reader reports exactly what the tree reader reports", "[io][catalog][bad-input]")
{
    const std::vector<std::string> parts = {
        R"({"kind": "psu", "id": "p", "vendor": "v", "model": "m", "watts": 3000, "efficiency": 0.96})",
        // Unknown keys (reported in key order), a key of another kind, null
        // for an optional field.
        R"({"zz": 1, "kind": "psu", "id": "p2", "vendor": "v", "model": "m",
            "watts": 3000, "efficiency": 0.96, "aa": [1, {"x": [2]}], "memory_gb": 5,
            "price_usd": null})",
        R"({"id": "x"})",
        R"({"kind": 7})",
        R"({"kind": null})",
        R"([1, 2])",
        R"("text")",
        "null",
        R"({"kind": "gpu", "id": "g", "vendor": "v", "model": "m", "memory_gb": "80",
            "precisions": ["fp8", 1, [2], {"a": [3]}, null, "bf16"], "tdp_w": 700.5,
            "pcie_gen": 4.5, "pcie_lanes": 1e2, "form_factor": "box", "gpu_link_gbs": null,
            "requires_liquid_cooling": 1, "memory_bandwidth_gbs": 3350})",
        R"({"kind": "nic", "id": "n", "vendor": {"deep": [[[]]]}, "model": "m", "ports": 2,
            "port_speed_gbps": 400, "protocol": "ethernet", "pcie_gen": 5, "pcie_lanes": 16,
            "power_w": -1, "estimated_fields": ["ports", "colour"], "gpudirect_rdma": true})",
        R"({"kind": "cpu", "id": "bad id!", "vendor": "", "model": "m",
            "cores": 18446744073709551615, "tdp_w": 300, "pcie_lanes": 128, "pcie_gen": 5,
            "memory_bandwidth_gbs": 400, "threads": -9223372036854775808, "notes": "\u00b5 \" \\"})",
        R"({"kind": "cooling", "id": "c", "vendor": "v", "model": "m", "type": "air",
            "max_heat_kw_per_rack": 40, "estimated_fields": "pue_low"})",
    };
    std::vector<std::string> documents;
    for (const auto& part : parts)
        documents.push_back(catalogOf(part));
    std::string all;
    for (const auto& part : parts)
        all += (all.empty() ? "" : ",") + part;
    documents.push_back(catalogOf(all));
    // Repeated keys: refused by both readers, naming each (issue 22).
    documents.push_back(catalogOf(
        R"({"kind": "psu", "id": "p3", "watts": -1, "watts": 3000, "zz": 1, "zz": 2})"));
    documents.push_back(catalogOf(R"({"kind": "fpga", "kind": "toaster"})"));
    // Duplicate ids; then documents wrong as a whole.
    documents.push_back(catalogOf(parts[0] + "," + parts[1] + "," + parts[0]));
    documents.push_back(R"({"format": "infrafit-catalog", "version": 1,
                            "parts": [{"kind": 1}], "parts": [], "format": "infrafit-catalog"})");
    documents.push_back(R"({"format": "infrafit-catalog", "version": 1, "parts": [], "parts": {}})");
    documents.push_back(R"({"format": "infrafit-catalog", "version": 1, "parts": null})");
    documents.push_back(R"({"format": "infrafit-catalog", "version": 1})");
    documents.push_back(R"({"format": ["infrafit-catalog"], "version": 1, "parts": []})");
    documents.push_back(R"({"format": "infrafit-project", "version": 1, "parts": []})");
    documents.push_back(R"({"format": "infrafit-catalog", "version": 1.0, "parts": []})");
    documents.push_back(R"({"format": "infrafit-catalog", "version": 18446744073709551615, "parts": []})");
    documents.push_back(R"({"format": "infrafit-catalog", "version": 0, "parts": [{"kind": 1}]})");
    documents.push_back(R"({"format": "infrafit-catalog", "version": 2, "parts": []})");
    documents.push_back(R"([{"format": "infrafit-catalog", "version": 1, "parts": []}])");
    documents.push_back(R"("infrafit-catalog")");
    for (const auto& document : documents) {
        INFO(document);
        std::vector<Problem> treeWarnings;
        std::vector<Problem> streamWarnings;
        const auto expected = treeReaderProblems(document, treeWarnings);
        const auto actual = streamingReaderProblems(document, streamWarnings);
        CHECK(describe(actual) == describe(expected));
        if (expected.empty())
            CHECK(describe(streamWarnings) == describe(treeWarnings));
    }
    // The combined document has problems from many parts, in file order.
    std::vector<Problem> warnings;
    CHECK(streamingReaderProblems(documents[parts.size()], warnings).size() > 20);
}

TEST_CASE("a number too large for a double is malformed JSON, not a crash", "[io][catalog][bad-input]")
{
    const std::string text = catalogOf(R"({"kind": "psu", "watts": 1e400})");
    try {
        parseCatalog(text, "big.json");
        FAIL("expected refusal");
    } catch (const InputError& error) {
        REQUIRE(error.problems().size() == 1);
        CHECK(error.problems()[0].message
              == "malformed JSON: a number too large at line 1, column 85");
    }
    CHECK_THROWS_AS(parseJsonDocument(R"({"a": -1e999})", "p.json"), InputError);
}

TEST_CASE("a file with very many problems lists the first ten thousand", "[io][catalog][bad-input]")
{
    std::string parts;
    for (int i = 0; i < 12000; ++i)
        parts += i == 0 ? "{}" : ",{}";
    try {
        parseCatalog(catalogOf(parts), "many.json");
        FAIL("expected refusal");
    } catch (const InputError& error) {
        REQUIRE(error.problems().size() == maxListedProblems + 1);
        CHECK(error.problems()[9999].pointer == "/parts/9999/kind");
        CHECK(error.problems().back().message == "... and 2000 more problems not listed");
    }
}

TEST_CASE("a list with very many bad items lists the first thousand", "[io][catalog][bad-input]")
{
    std::string items;
    for (int i = 0; i < 1500; ++i)
        items += (i == 0 ? "\"no-such-field-" : ",\"no-such-field-") + std::to_string(i) + "\"";
    const std::string text = catalogOf(R"({"kind": "psu", "id": "p", "vendor": "v", "model": "m",
        "watts": 3000, "efficiency": 0.96, "estimated_fields": [)" + items + "]}");
    try {
        parseCatalog(text, "items.json");
        FAIL("expected refusal");
    } catch (const InputError& error) {
        REQUIRE(error.problems().size() == 1001);
        CHECK(error.problems()[999].pointer == "/parts/0/estimated_fields/999");
        CHECK(error.problems()[1000].pointer == "/parts/0/estimated_fields");
        CHECK(error.problems()[1000].message == "... and 500 more items not listed");
    }
}

TEST_CASE("parsing in batches hands on every part, in order, in full batches", "[io][catalog]")
{
    // 7 parts, batches of 3: 3 + 3 + the last 1 (handed on by finish).
    const std::string text = readTextFile(fixturePath("catalogs/good.json"));
    std::vector<std::size_t> sizes;
    std::vector<Part> handedOn;
    bool replaced = true;
    const auto document = parseCatalogInBatches(
        text, "good.json", 3,
        [&](std::vector<Part>&& batch) {
            sizes.push_back(batch.size());
            for (auto& part : batch)
                handedOn.push_back(std::move(part));
        },
        &replaced);
    CHECK(sizes == std::vector<std::size_t>{3, 3, 1});
    CHECK(document.parts.empty());
    CHECK_FALSE(replaced);
    CHECK(catalogToJson(handedOn) == catalogToJson(parseCatalog(text, "good.json").parts));
}

TEST_CASE("parsing in batches still refuses an id repeated across batches",
          "[io][catalog][bad-input]")
{
    // duplicate-ids.json repeats the id of part 0 at part 1: with batches of
    // one, the first copy has left before the second is read.
    const std::string path = fixturePath("catalogs/duplicate-ids.json");
    std::size_t batches = 0;
    try {
        parseCatalogInBatches(readTextFile(path), path, 1,
                              [&](std::vector<Part>&&) { ++batches; }, nullptr);
        FAIL("expected the duplicate id to be refused");
    } catch (const InputError& error) {
        REQUIRE(error.problems().size() == 1);
        CHECK(error.problems()[0].pointer == "/parts/1/id");
    }
    CHECK(batches >= 1);
}

TEST_CASE("a part number is read, written back and optional on every kind", "[io][catalog]")
{
    // Issue 23 item 10: `part_number`, the manufacturer's orderable number.
    const auto first = readCatalogFile(fixturePath("catalogs/good.json"));
    auto parts = first.parts;
    for (auto& part : parts) {
        CHECK(infoOf(part).partNumber.empty()); // absent in the file: empty, no error
        std::visit([](auto& p) { p.partNumber = "PN-" + p.id; }, part);
    }
    const std::string text = catalogToJson(parts);
    CHECK_THAT(text, Catch::Contains("\"part_number\": \"PN-"));
    const auto second = parseCatalog(text, "part-number.json");
    REQUIRE(second.parts.size() == parts.size());
    for (const auto& part : second.parts)
        CHECK(infoOf(part).partNumber == "PN-" + infoOf(part).id);
    // An empty part number is not written.
    CHECK_THAT(catalogToJson(first.parts), !Catch::Contains("part_number"));
}

TEST_CASE("an integer field far out of range is reported as written, not wrapped",
          "[io][catalog][bad-input]")
{
    for (const auto& [written, shown] : {std::pair<std::string, std::string>{"3e9", "3000000000"},
                                         {"1e308", "1e+308"}}) {
        try {
            parseCatalog(R"({"format": "infrafit-catalog", "version": 1, "parts": [
                {"kind": "nic", "id": "n", "vendor": "v", "model": "m", "ports": 1,
                 "port_speed_gbps": 400, "protocol": "infiniband", "pcie_gen": 5,
                 "power_w": 25, "pcie_lanes": )" + written + "}]}",
                         "r.json");
            FAIL("expected refusal");
        } catch (const InputError& error) {
            INFO(error.what());
            CHECK_THAT(error.what(), Catch::Contains("/parts/0/pcie_lanes"));
            CHECK_THAT(error.what(), Catch::Contains("(got " + shown));
        }
    }
}
