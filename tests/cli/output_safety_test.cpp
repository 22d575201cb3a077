// SPDX-License-Identifier: Apache-2.0
// Reproducers of issue 22 items 2, 3 and 5 through infrafit-cli: an output
// never destroys an input, outputs replace only regular files, and text from
// untrusted files cannot drive the terminal.
#include "cli_runner.h"
#include "support/fixtures.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>

#include <sys/stat.h>

using namespace infrafit::test;
namespace fs = std::filesystem;

namespace {

const std::string kSafetyProject = fixturePath("projects/bom-example.infrafit.json");

std::string safetySeededDb(const TempDir& dir)
{
    const auto db = dir.file("c.sqlite");
    REQUIRE(runCli({"catalog", "list", "--db", db}).exitCode == 0);
    return db;
}

void expectOneLineRefusal(const CliResult& result, const std::string& fragment)
{
    INFO(result.err);
    CHECK(result.exitCode == 2);
    CHECK(result.errLines().size() == 1);
    CHECK_THAT(result.err, Catch::Contains(fragment));
}

bool hasRawControl(const std::string& text)
{
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f)
            return true;
        if (c == 0xc2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) >= 0x80
            && static_cast<unsigned char>(text[i + 1]) <= 0x9f)
            return true;
    }
    return false;
}

} // namespace

TEST_CASE(
    "an output that is an input is refused with exit 2; the input is unchanged", "[cli][output]")
{
    TempDir dir;
    const auto db = safetySeededDb(dir);
    const auto dbBefore = readBytes(db);
    const std::string sameFile = "refusing to write: it is the same file as the input";

    SECTION("catalog export c.sqlite --db c.sqlite")
    {
        expectOneLineRefusal(runCli({"catalog", "export", db, "--db", db}), sameFile);
    }
    SECTION("bom ... --output c.sqlite --db c.sqlite")
    {
        expectOneLineRefusal(runCli({"bom", kSafetyProject, "--config", "4x HGX H100", "--format",
                                 "csv", "--output", db, "--db", db}),
            sameFile + " " + db);
    }
    SECTION("bom p.json ... --output p.json")
    {
        const auto project = dir.file("p.json");
        fs::copy_file(kSafetyProject, project);
        const auto before = readBytes(project);
        expectOneLineRefusal(runCli({"bom", project, "--config", "4x HGX H100", "--format", "json",
                                 "--output", project, "--db", db}),
            sameFile + " " + project);
        CHECK(readBytes(project) == before);
    }
    SECTION("through another name: a symbolic link and a relative path")
    {
        fs::create_symlink(db, dir.file("alias.sqlite"));
        expectOneLineRefusal(
            runCli({"catalog", "export", dir.file("alias.sqlite"), "--db", db}), sameFile);
        expectOneLineRefusal(
            runCli({"catalog", "export", dir.file("x/../c.sqlite"), "--db", db}), sameFile);
    }
    SECTION("catalog import FILE --db FILE: the database may not be the file read")
    {
        const auto file = dir.file("parts.json");
        fs::copy_file(fixturePath("catalogs/good.json"), file);
        const auto before = readBytes(file);
        expectOneLineRefusal(
            runCli({"catalog", "import", file, "--db", file, "--reset-broken-catalog"}), sameFile);
        CHECK(readBytes(file) == before);
        // Nothing was created beside the file (no database, journal or lock
        // named after it); c.sqlite and its lock file are the seeded catalog's.
        std::vector<std::string> beside;
        for (const auto& entry : fs::directory_iterator(dir.path()))
            if (entry.path().filename().string().rfind("parts.json", 0) == 0)
                beside.push_back(entry.path().filename().string());
        CHECK(beside == std::vector<std::string> {"parts.json"});
    }
    CHECK(readBytes(db) == dbBefore);
}

TEST_CASE("outputs replace only regular files and keep their mode", "[cli][output]")
{
    TempDir dir;
    const auto db = safetySeededDb(dir);
    SECTION("a FIFO stays a FIFO")
    {
        const auto fifo = dir.file("pipe.csv");
        REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
        expectOneLineRefusal(runCli({"bom", kSafetyProject, "--config", "4x HGX H100", "--format",
                                 "csv", "--output", fifo, "--db", db}),
            "it is a FIFO (named pipe); InfraFit writes only regular files");
        CHECK(fs::is_fifo(fifo));
    }
    SECTION("a directory stays a directory")
    {
        fs::create_directory(dir.file("out"));
        expectOneLineRefusal(
            runCli({"catalog", "export", dir.file("out"), "--db", db}), "it is a directory");
    }
    SECTION("a 0600 file stays 0600")
    {
        const auto output = dir.file("private.json");
        writeBytes(output, "old");
        REQUIRE(::chmod(output.c_str(), 0600) == 0);
        REQUIRE(runCli({"catalog", "export", output, "--db", db}).exitCode == 0);
        struct stat info { };
        REQUIRE(::stat(output.c_str(), &info) == 0);
        CHECK((info.st_mode & 07777) == 0600);
        CHECK(readBytes(output) != "old");
    }
    SECTION("a symbolic link is followed and kept")
    {
        fs::create_directory(dir.file("real"));
        fs::create_symlink(dir.file("real/bom.json"), dir.file("link.json"));
        REQUIRE(runCli({"bom", kSafetyProject, "--config", "4x HGX H100", "--format", "json",
                           "--output", dir.file("link.json"), "--db", db})
                    .exitCode
            == 0);
        CHECK(fs::is_symlink(dir.file("link.json")));
        CHECK_THAT(readBytes(dir.file("real/bom.json")), Catch::Contains("infrafit-bom"));
    }
}

TEST_CASE("escape sequences from untrusted files never reach the terminal", "[cli][escape]")
{
    TempDir dir;
    const auto db = dir.file("c.sqlite");
    // A part whose vendor and model carry an SGR sequence, an OSC title and a
    // C1 CSI (U+009B).
    const auto catalogFile = dir.file("evil.json");
    writeBytes(catalogFile, R"({"format": "infrafit-catalog", "version": 1, "parts": [
        {"kind": "gpu", "id": "evil-gpu", "vendor": "\u001b[31mRed", "model": "\u001b]0;owned\u0007 X\u009b2J",
         "memory_gb": 80, "memory_bandwidth_gbs": 3350, "bf16_tflops": 989, "fp8_tflops": 1979,
         "fp32_tflops": 67, "tdp_w": 700, "form_factor": "sxm", "gpu_link_gbs": 900,
         "pcie_gen": 5, "pcie_lanes": 16, "precisions": ["fp32", "bf16", "fp16", "fp8"]}]})");
    const auto imported = runCli({"catalog", "import", catalogFile, "--db", db});
    INFO(imported.err);
    REQUIRE(imported.exitCode == 0);

    const auto list = runCli({"catalog", "list", "gpu", "--db", db});
    REQUIRE(list.exitCode == 0);
    CHECK_FALSE(hasRawControl(list.out));
    CHECK_THAT(list.out, Catch::Contains("\\u001b[31mRed"));
    CHECK_THAT(list.out, Catch::Contains("\\u009b2J"));

    // JSON output stays valid JSON with the same strings.
    const auto json = runCli({"catalog", "list", "gpu", "--format", "json", "--db", db});
    REQUIRE(json.exitCode == 0);
    CHECK_FALSE(hasRawControl(json.out));
    const auto parsed = nlohmann::json::parse(json.out);
    bool found = false;
    for (const auto& part : parsed["parts"])
        if (part["id"] == "evil-gpu") {
            found = true;
            CHECK(part["model"]
                == "\x1b]0;owned\x07 X\xc2\x9b"
                   "2J");
        }
    CHECK(found);

    // An import error echoing an untrusted value.
    const auto badFile = dir.file("bad.json");
    writeBytes(badFile, R"({"format": "infrafit-catalog", "version": 1, "parts": [
        {"kind": "\u001b[2Jgpu", "id": "x"}]})");
    const auto refused = runCli({"catalog", "import", badFile, "--db", db});
    CHECK(refused.exitCode == 2);
    CHECK_FALSE(hasRawControl(refused.err));
    CHECK_THAT(refused.err, Catch::Contains("unknown kind \"\\u001b[2Jgpu\""));

    // analyze and compare text of a project whose names carry escapes.
    std::string project = readBytes(kSafetyProject);
    const std::string from = "\"name\": \"4x HGX H100\"";
    REQUIRE(project.find(from) != std::string::npos);
    project.replace(project.find(from), from.size(), "\"name\": \"\\u001b[5m4x\\u009b\"");
    const auto projectFile = dir.file("evil.infrafit.json");
    writeBytes(projectFile, project);
    for (const auto& command : {"analyze", "compare"}) {
        INFO(command);
        const auto result = runCli({command, projectFile, "--db", dir.file("fresh.sqlite")});
        INFO(result.err);
        CHECK(result.exitCode == 0);
        CHECK_FALSE(hasRawControl(result.out));
        CHECK_FALSE(hasRawControl(result.err));
        CHECK_THAT(result.out, Catch::Contains("\\u001b[5m4x"));
    }
}

TEST_CASE("an option given an empty value or no value is refused, never a fallback",
          "[cli][safety]")
{
    // `--db "$DB"` with DB unset must not open the user's default catalog.
    expectOneLineRefusal(runCli({"analyze", kSafetyProject, "--db", ""}),
                         "option --db needs a value, got an empty one");
    expectOneLineRefusal(runCli({"analyze", kSafetyProject, "--db="}),
                         "option --db needs a value, got an empty one");
    // A forgotten value: the next option is not taken as it.
    TempDir dir;
    expectOneLineRefusal(
        runCli({"analyze", kSafetyProject, "--format", "--db", safetySeededDb(dir)}),
        "option --format needs a value (got the option --db)");
}
