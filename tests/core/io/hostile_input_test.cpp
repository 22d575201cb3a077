// SPDX-License-Identifier: Apache-2.0
// Reproducers of issue 22 items 5 and 6: hostile or odd project and catalog
// files are refused quickly, with every problem at once, a bounded list and
// messages that say what is wrong.
#include "core/io/catalog_json.h"
#include "core/base/input_error.h"
#include "core/io/json_document.h"
#include "core/io/part_reader.h"
#include "core/io/project_json.h"
#include "core/io/text_file.h"
#include "core/io/model_presets.h"

#include <catch2/catch.hpp>

#include <functional>

using namespace infrafit;

namespace {

std::string project(const std::string& configurations, const std::string& workloads = "[]")
{
    return R"({"format": "infrafit-project", "version": 1, "name": "t", "workloads": )"
           + workloads + R"(, "configurations": )" + configurations + "}";
}

/// The problems `read` throws; fails the test when it does not throw.
std::vector<Problem> problemsOf(const std::function<void()>& read)
{
    try {
        read();
    } catch (const InputError& error) {
        return error.problems();
    }
    FAIL("expected an InputError");
    return {};
}

Project readProjectText(const std::string& text)
{
    return projectFromJson(parseJsonDocument(text, "p.json"), "p.json");
}

/// The message of the first problem at `pointer`, or "(none)".
std::string messageAt(const std::vector<Problem>& problems, const std::string& pointer)
{
    for (const auto& problem : problems)
        if (problem.pointer == pointer)
            return problem.message;
    return "(none)";
}

bool hasProblem(const std::vector<Problem>& problems, const std::string& pointer,
                const std::string& fragment)
{
    for (const auto& problem : problems)
        if (problem.pointer == pointer && problem.message.find(fragment) != std::string::npos)
            return true;
    return false;
}

} // namespace

TEST_CASE("a key repeated in one object is an error naming the key and its pointer",
          "[io][hostile]")
{
    // "nodes": 4 then "nodes": 99999: last-wins would silently order 99,999 nodes.
    const auto problems = problemsOf([] {
        (void)readProjectText(project(
            R"([{"name": "c", "chassis": "x", "gpu": "y", "nodes": 4, "nodes": 99999}])"));
    });
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].pointer == "/configurations/0/nodes");
    CHECK_THAT(problems[0].message, Catch::StartsWith("duplicate key \"nodes\""));

    // The same in a catalog: inside a part, and a second "parts" member.
    const auto partProblems = problemsOf([] {
        (void)parseCatalog(R"({"format": "infrafit-catalog", "version": 1, "parts": [
            {"kind": "psu", "id": "p", "vendor": "v", "model": "m", "watts": 3000,
             "efficiency": 0.96, "watts": 1}]})",
                           "c.json");
    });
    CHECK(hasProblem(partProblems, "/parts/0/watts", "duplicate key \"watts\""));
    const auto topProblems = problemsOf([] {
        (void)parseCatalog(
            R"({"format": "infrafit-catalog", "version": 1, "parts": [], "parts": []})", "c.json");
    });
    CHECK(hasProblem(topProblems, "/parts", "duplicate key \"parts\""));
    // JSON pointer escapes (RFC 6901) for keys holding "/" and "~".
    const auto escaped = problemsOf([] {
        (void)parseJsonDocument(R"({"a/b~c": 1, "a/b~c": 2})", "x.json");
    });
    REQUIRE(escaped.size() == 1);
    CHECK(escaped[0].pointer == "/a~1b~0c");
}

TEST_CASE("integers of 2^63 and more are reported as written, not negative", "[io][hostile]")
{
    const auto problems = problemsOf([] {
        (void)readProjectText(project(
            R"([{"name": "c", "chassis": "x", "gpu": "y", "nodes": 9223372036854775808}])"));
    });
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].pointer == "/configurations/0/nodes");
    CHECK(problems[0].message == "must be at most 100000 (got 9223372036854775808)");
    // The version: too new, not "must be 1 or more".
    const auto version = problemsOf([] {
        (void)readProjectText(R"({"format": "infrafit-project", "version": 18446744073709551615})");
    });
    REQUIRE(version.size() == 1);
    CHECK_THAT(version[0].message, Catch::Contains("written by a newer InfraFit"));
}

TEST_CASE("UTF-16 and UTF-32 files are told to be UTF-8", "[io][hostile]")
{
    const std::string json = R"({"format": "infrafit-catalog", "version": 1, "parts": []})";
    auto widen = [&](int width, bool bigEndian, const std::string& bom) {
        std::string out = bom;
        for (const char c : json) {
            std::string unit(static_cast<std::size_t>(width), '\0');
            unit[bigEndian ? unit.size() - 1 : 0] = c;
            out += unit;
        }
        return out;
    };
    const struct {
        std::string text;
        const char* encoding;
    } cases[] = {
        {widen(2, false, "\xff\xfe"), "UTF-16 (little-endian)"},
        {widen(2, true, "\xfe\xff"), "UTF-16 (big-endian)"},
        {widen(2, false, ""), "UTF-16 (little-endian)"},
        {widen(2, true, ""), "UTF-16 (big-endian)"},
        {widen(4, false, std::string("\xff\xfe\0\0", 4)), "UTF-32 (little-endian)"},
        {widen(4, true, std::string("\0\0\xfe\xff", 4)), "UTF-32 (big-endian)"},
        {widen(4, false, ""), "UTF-32 (little-endian)"},
        {widen(4, true, ""), "UTF-32 (big-endian)"},
    };
    for (const auto& c : cases) {
        INFO(c.encoding);
        const std::string expected = std::string("the file is ") + c.encoding
                                     + " text; InfraFit files must be UTF-8";
        const auto catalog = problemsOf([&] { (void)parseCatalog(c.text, "c.json"); });
        REQUIRE(catalog.size() == 1);
        CHECK_THAT(catalog[0].message, Catch::StartsWith(expected));
        const auto projectProblems = problemsOf([&] { (void)readProjectText(c.text); });
        REQUIRE(projectProblems.size() == 1);
        CHECK_THAT(projectProblems[0].message, Catch::StartsWith(expected));
    }
}

// CLI probe U7: a trailing comma was "the file ends too early (truncated?)",
// and bytes that are not UTF-8 a bare "malformed JSON".
TEST_CASE("a trailing comma and bytes that are not UTF-8 are named as such", "[io][hostile]")
{
    const std::string head = R"({"format": "infrafit-project", "version": 1, "workloads": [)";
    const auto comma = problemsOf([&] { (void)readProjectText(head + "],}"); });
    REQUIRE(comma.size() == 1);
    CHECK_THAT(comma[0].message,
               Catch::StartsWith("malformed JSON: a comma before the closing } (JSON allows no "
                                 "trailing comma)"));
    const auto inArray = problemsOf([&] { (void)readProjectText(head + "1, 2,\n  ]}"); });
    REQUIRE(inArray.size() == 1);
    CHECK_THAT(inArray[0].message, Catch::Contains("a comma before the closing ]"));
    CHECK_THAT(inArray[0].message, Catch::Contains("line 2"));
    // A file cut short is still called truncated.
    const auto cut = problemsOf([&] { (void)readProjectText(head); });
    REQUIRE(cut.size() == 1);
    CHECK_THAT(cut[0].message, Catch::Contains("ends too early"));
    const std::string latin1 = R"({"format": "infrafit-project", "version": 1, "name": "caf)"
                               "\xe9\xff\xfe\"}";
    const auto bytes = problemsOf([&] { (void)readProjectText(latin1); });
    REQUIRE(bytes.size() == 1);
    CHECK_THAT(bytes[0].message, Catch::Contains("bytes that are not UTF-8"));
    const auto catalog = problemsOf([&] {
        (void)parseCatalog(R"({"format": "infrafit-catalog", "version": 1, "parts": [],})", "c.json");
    });
    REQUIRE(catalog.size() == 1);
    CHECK_THAT(catalog[0].message, Catch::Contains("a comma before the closing }"));
}

TEST_CASE("a NUL character in a project's text is refused with its pointer", "[io][hostile]")
{
    // CLI probe C1: "nul\u0000after" printed as "nul" in text headers.
    const auto problems = problemsOf([] {
        (void)readProjectText(R"({"format": "infrafit-project", "version": 1,
            "workloads": [{"name": "nul\u0000after", "kind": "inference",
                           "model": {"preset": "llama-3.1-8b"}}]})");
    });
    REQUIRE(problems.size() == 1); // not also "must not be empty"
    CHECK(problems[0].pointer == "/workloads/0/name");
    CHECK_THAT(problems[0].message, Catch::Contains("must not contain a NUL character"));
}

TEST_CASE("an unknown preset lists the presets", "[io][hostile]")
{
    const auto problems = problemsOf([] {
        (void)readProjectText(project("[]", R"([{"name": "w", "kind": "training",
            "model": {"preset": "llama-9"}, "precision": "bf16", "sequence_length": 8192,
            "global_batch_size": 256, "micro_batch_size": 1}])"));
    });
    const std::string message = messageAt(problems, "/workloads/0/model/preset");
    CHECK_THAT(message, Catch::StartsWith("unknown model preset \"llama-9\" (known presets: "));
    CHECK_THAT(message, !Catch::Contains("modelPresets()"));
    for (const auto& preset : modelPresets())
        CHECK_THAT(message, Catch::Contains(preset.key));
}

TEST_CASE("a refused project lists its unknown part ids with its other problems",
          "[io][hostile]")
{
    const std::string text = project(R"([
        {"name": "a", "chassis": "no-such-chassis", "gpu": "no-such-gpu", "nodes": 0},
        {"name": "b", "chassis": 7, "gpu": "also-missing"}])");
    const PartLookup emptyCatalog = [](std::string_view) { return std::optional<Part>(); };
    const auto problems = problemsOf(
        [&] { (void)projectFromJson(parseJsonDocument(text, "p.json"), "p.json", emptyCatalog); });
    CHECK(hasProblem(problems, "/configurations/0/nodes", "must be at least 1"));
    CHECK(hasProblem(problems, "/configurations/0/gpu", "unknown part id \"no-such-gpu\""));
    CHECK(hasProblem(problems, "/configurations/0/chassis", "unknown part id \"no-such-chassis\""));
    // An id of the wrong type is reported, and not again as "required".
    CHECK(hasProblem(problems, "/configurations/1/chassis", "must be a string"));
    CHECK(hasProblem(problems, "/configurations/1/gpu", "unknown part id \"also-missing\""));
    CHECK(problems.size() == 5);
}

TEST_CASE("a project's problem list is capped, the rest counted", "[io][hostile][limits]")
{
    // 50,000 empty configurations: each lacks its name, chassis and gpu.
    std::string configurations = "[";
    for (int i = 0; i < 50000; ++i)
        configurations += i == 0 ? "{}" : ",{}";
    configurations += "]";
    const auto problems = problemsOf([&] { (void)readProjectText(project(configurations)); });
    REQUIRE(problems.size() == maxListedProblems + 1);
    CHECK(problems[0].pointer == "/configurations/0/name");
    CHECK(problems.back().message == "... and 140000 more problems not listed");
}

TEST_CASE("a 40 MB project of empty objects stops at the value limit", "[io][hostile][limits]")
{
    // 13 million empty configurations: the parse stops at the millionth
    // value, so neither memory nor time grows with the file.
    std::string configurations = "[{}";
    configurations.reserve(40'000'000);
    while (configurations.size() < 40'000'000 - 4)
        configurations += ",{}";
    configurations += "]";
    const std::string text = project(configurations);
    REQUIRE(text.size() > 39'000'000);
    const auto problems = problemsOf([&] { (void)readProjectText(text); });
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].pointer == "/");
    CHECK_THAT(problems[0].message, Catch::StartsWith("the file holds more than 1,000,000 JSON values"));
}

TEST_CASE("a value echoed in a message is cut", "[io][hostile]")
{
    const std::string longPreset(1'000'000, 'q');
    const auto problems = problemsOf([&] {
        (void)readProjectText(project("[]", R"([{"name": "w", "kind": "training",
            "model": {"preset": ")" + longPreset + R"("}, "precision": "bf16"}])"));
    });
    const std::string message = messageAt(problems, "/workloads/0/model/preset");
    CHECK(message.size() < 2000);
    CHECK_THAT(message, Catch::StartsWith("unknown model preset \"qqqq"));
    CHECK_THAT(message, Catch::Contains("... (1,000,000 bytes)\""));
    const auto kind = problemsOf([&] {
        (void)parseCatalog(R"({"format": "infrafit-catalog", "version": 1, "parts": [
            {"kind": ")" + longPreset + R"(", "id": "p"}]})",
                           "c.json");
    });
    REQUIRE(kind.size() == 1);
    CHECK(kind[0].message.size() < 300);
}
