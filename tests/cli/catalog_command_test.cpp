// SPDX-License-Identifier: Apache-2.0
// infrafit-cli catalog: list, import, export and the bad-input contract of
// issue 2 (exit 2, one line per problem naming file and pointer, the
// database byte-for-byte unchanged).
#include "cli_runner.h"
#include "support/fixtures.h"

#include <catch2/catch.hpp>

#include <sqlite3.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

using namespace infrafit::test;

namespace {

std::string seededDb(const TempDir& dir)
{
    const auto db = dir.file("catalog.sqlite");
    REQUIRE(runCli({"catalog", "list", "--db", db}).exitCode == 0);
    return db;
}

void expectRefusedAndUnchanged(const std::string& fixture, const std::string& expectedPointer)
{
    TempDir dir;
    const auto db = seededDb(dir);
    const auto before = readBytes(db);
    const auto file = fixturePath("catalogs/" + fixture);
    const auto result = runCli({"catalog", "import", file, "--db", db});
    INFO(fixture << "\n" << result.err);
    CHECK(result.exitCode == 2);
    const auto lines = result.errLines();
    REQUIRE_FALSE(lines.empty());
    for (const auto& line : lines)
        CHECK_THAT(line, Catch::StartsWith(file + ": /"));
    CHECK_THAT(result.err, Catch::Contains(file + ": " + expectedPointer));
    CHECK(readBytes(db) == before);
}

} // namespace

TEST_CASE("--version and --help", "[cli]")
{
    auto result = runCli({"--version"});
    CHECK(result.exitCode == 0);
    CHECK_THAT(result.out, Catch::StartsWith("infrafit-cli " INFRAFIT_VERSION));
    result = runCli({"--help"});
    CHECK(result.exitCode == 0);
    CHECK_THAT(result.out, Catch::Contains("catalog   list [KIND]"));
    CHECK(runCli({"catalog", "list", "--help"}).exitCode == 0);
}

TEST_CASE("usage errors exit 2 with one line", "[cli]")
{
    for (const auto& args : std::vector<std::vector<std::string>>{
             {}, {"frobnicate"}, {"catalog"}, {"catalog", "list", "fpga"},
             {"catalog", "list", "--colour", "red"}, {"catalog", "list", "--format", "xml"},
             {"catalog", "import"}}) {
        const auto result = runCli(args);
        CHECK(result.exitCode == 2);
    }
    const auto result = runCli({"catalog", "list", "--format", "xml"});
    CHECK(result.errLines().size() == 1);
    CHECK_THAT(result.err, Catch::Contains("--format must be text|json"));
}

TEST_CASE("catalog list shows the default parts with units in the headers", "[cli][catalog]")
{
    TempDir dir;
    const auto db = dir.file("catalog.sqlite");
    const auto result = runCli({"catalog", "list", "gpu", "--db", db});
    REQUIRE(result.exitCode == 0);
    CHECK_THAT(result.out, Catch::Contains("Mem (GB)"));
    CHECK_THAT(result.out, Catch::Contains("TDP (W)"));
    CHECK_THAT(result.out, Catch::Contains("nvidia-h100-sxm5-80gb"));
    CHECK_THAT(result.out, Catch::Contains("amd-mi300x-192gb"));
    CHECK_THAT(result.out, !Catch::Contains("EPYC")); // other kinds are not listed

    const auto filtered = runCli({"catalog", "list", "--filter", "epyc", "--db", db});
    REQUIRE(filtered.exitCode == 0);
    CHECK_THAT(filtered.out, Catch::Contains("amd-epyc-9654"));
    CHECK_THAT(filtered.out, !Catch::Contains("nvidia-h100"));
}

TEST_CASE("catalog list --format json is a catalog file", "[cli][catalog]")
{
    TempDir dir;
    const auto result = runCli({"catalog", "list", "psu", "--format", "json", "--db",
                                dir.file("c.sqlite")});
    REQUIRE(result.exitCode == 0);
    CHECK_THAT(result.out, Catch::StartsWith("{\n  \"format\": \"infrafit-catalog\""));
    CHECK_THAT(result.out, Catch::Contains("\"kind\": \"psu\""));
    CHECK_THAT(result.out, !Catch::Contains("\"kind\": \"gpu\""));
}

TEST_CASE("export, import into a new database, export again: identical files", "[cli][catalog]")
{
    TempDir dir;
    const auto first = dir.file("first.json");
    const auto second = dir.file("second.json");
    const auto dbA = dir.file("a.sqlite");
    const auto dbB = dir.file("b.sqlite");
    REQUIRE(runCli({"catalog", "import", fixturePath("catalogs/good.json"), "--db", dbA})
                .exitCode == 0);
    REQUIRE(runCli({"catalog", "export", first, "--db", dbA}).exitCode == 0);
    REQUIRE(runCli({"catalog", "import", first, "--db", dbB}).exitCode == 0);
    REQUIRE(runCli({"catalog", "export", second, "--db", dbB}).exitCode == 0);
    const auto text = readBytes(first);
    CHECK(text == readBytes(second));
    CHECK_THAT(text, Catch::Contains("\"id\": \"test-gpu\""));
    CHECK_THAT(text, Catch::Contains("\"id\": \"nvidia-h100-sxm5-80gb\""));

    // --kind narrows the export.
    const auto gpus = dir.file("gpus.json");
    REQUIRE(runCli({"catalog", "export", gpus, "--kind", "gpu", "--db", dbA}).exitCode == 0);
    CHECK_THAT(readBytes(gpus), !Catch::Contains("\"kind\": \"psu\""));
}

TEST_CASE("import reports counts and replaces parts with the same id", "[cli][catalog]")
{
    TempDir dir;
    const auto db = dir.file("c.sqlite");
    auto result = runCli({"catalog", "import", fixturePath("catalogs/good.json"), "--db", db});
    REQUIRE(result.exitCode == 0);
    CHECK_THAT(result.out, Catch::Contains("7 added, 0 replaced"));
    result = runCli({"catalog", "import", fixturePath("catalogs/good.json"), "--db", db});
    CHECK_THAT(result.out, Catch::Contains("0 added, 7 replaced"));
}

TEST_CASE("bad catalog files exit 2 naming file and pointer; the database is unchanged",
          "[cli][catalog][bad-input]")
{
    expectRefusedAndUnchanged("malformed.json", "/: malformed JSON");
    expectRefusedAndUnchanged("truncated.json", "/: malformed JSON");
    expectRefusedAndUnchanged("wrong-types.json", "/parts/0/memory_gb: must be a number");
    expectRefusedAndUnchanged("missing-fields.json", "/parts/0/port_speed_gbps: is required");
    expectRefusedAndUnchanged("bad-values.json", "/parts/0/watts: must be greater than 0");
    expectRefusedAndUnchanged("bad-values.json", "/parts/1/watts: must be between");
    expectRefusedAndUnchanged("nan.json", "/: malformed JSON");
    expectRefusedAndUnchanged("unknown-kind.json", "/parts/0/kind: unknown kind \"fpga\"");
    expectRefusedAndUnchanged("duplicate-ids.json", "/parts/1/id: duplicate id");
    expectRefusedAndUnchanged("newer-version.json", "/version:");
}

TEST_CASE("a 200 MB file is refused without reading it; the database is unchanged",
          "[cli][catalog][bad-input]")
{
    TempDir dir;
    const auto db = seededDb(dir);
    const auto before = readBytes(db);
    const auto huge = dir.file("huge.json");
    {
        std::ofstream out(huge, std::ios::binary);
        out.seekp(200'000'000 - 1);
        out.put('\n');
    }
    const auto result = runCli({"catalog", "import", huge, "--db", db});
    CHECK(result.exitCode == 2);
    CHECK_THAT(result.err,
               Catch::StartsWith(huge + ": /: file is 200,000,000 bytes, 65,782,272 bytes over"));
    CHECK(readBytes(db) == before);
}

TEST_CASE("a database that is not SQLite is refused and left byte-for-byte unchanged",
          "[cli][catalog][bad-input]")
{
    TempDir dir;
    const auto db = dir.file("notes.sqlite");
    const std::string bytes = "These are my notes, not a database.\n";
    writeBytes(db, bytes);
    for (const auto& args : std::vector<std::vector<std::string>>{
             {"catalog", "list", "--db", db},
             {"catalog", "import", fixturePath("catalogs/good.json"), "--db", db}}) {
        const auto result = runCli(args);
        CHECK(result.exitCode == 2);
        CHECK(result.errLines().size() == 1);
        CHECK_THAT(result.err, Catch::Contains(db));
        CHECK(readBytes(db) == bytes);
    }
}

TEST_CASE("a database from a newer InfraFit is refused and left unchanged",
          "[cli][catalog][bad-input]")
{
    TempDir dir;
    const auto db = seededDb(dir);
    sqlite3* handle = nullptr;
    REQUIRE(sqlite3_open(db.c_str(), &handle) == SQLITE_OK);
    REQUIRE(sqlite3_exec(handle, "PRAGMA user_version = 999", nullptr, nullptr, nullptr)
            == SQLITE_OK);
    sqlite3_close(handle);
    const auto before = readBytes(db);
    const auto result = runCli({"catalog", "import", fixturePath("catalogs/good.json"), "--db", db});
    CHECK(result.exitCode == 2);
    CHECK_THAT(result.err, Catch::Contains(db));
    CHECK_THAT(result.err, Catch::Contains("newer"));
    CHECK(readBytes(db) == before);
}

TEST_CASE("export to a missing directory exits 2 and writes nothing", "[cli][catalog][bad-input]")
{
    TempDir dir;
    const auto db = seededDb(dir);
    const auto target = dir.file("missing/out.json");
    const auto result = runCli({"catalog", "export", target, "--db", db});
    CHECK(result.exitCode == 2);
    CHECK_THAT(result.err, Catch::Contains("does not exist"));
    CHECK_FALSE(std::filesystem::exists(target));
}

TEST_CASE("the built executable follows the exit-code contract", "[cli][process]")
{
    TempDir dir;
    const std::string cli = INFRAFIT_CLI_PATH;
    const auto db = dir.file("c.sqlite");
    const auto status = [](const std::string& command) {
        const int raw = std::system((command + " >/dev/null 2>&1").c_str());
        return WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    };
    CHECK(status(cli + " --version") == 0);
    CHECK(status(cli + " catalog list gpu --db " + db) == 0);
    CHECK(status(cli + " catalog import " + fixturePath("catalogs/malformed.json") + " --db " + db)
          == 2);
    CHECK(status(cli + " no-such-command") == 2);
}

TEST_CASE("a refused import into a database that did not exist leaves none behind", "[cli][catalog]")
{
    TempDir dir;
    const auto db = dir.file("new.sqlite");
    const auto result =
        runCli({"catalog", "import", fixturePath("catalogs/duplicate-ids.json"), "--db", db});
    CHECK(result.exitCode == 2);
    CHECK_THAT(result.err, Catch::Contains("/parts/1/id"));
    for (const char* suffix : {"", "-wal", "-shm"})
        CHECK_FALSE(std::filesystem::exists(db + suffix));
    // A good import then creates it as usual.
    CHECK(runCli({"catalog", "import", fixturePath("catalogs/good.json"), "--db", db}).exitCode == 0);
    CHECK(std::filesystem::exists(db));
}

TEST_CASE("catalog list has no blank line per empty kind and stars only with estimates",
          "[cli][catalog]")
{
    TempDir dir;
    const auto db = dir.file("catalog.sqlite");
    // Only CPUs match: one table, no blank lines for the six empty kinds.
    const auto cpus = runCli({"catalog", "list", "--filter", "epyc", "--db", db});
    REQUIRE(cpus.exitCode == 0);
    CHECK_THAT(cpus.out, !Catch::Contains("\n\n\n"));
    CHECK_THAT(cpus.out, !Catch::StartsWith("\n"));
    // The footnote explains a star, so it appears only when a cell has one.
    const bool starred = cpus.out.find("*") != std::string::npos
                         && cpus.out.find("* estimate") != std::string::npos;
    const auto stars = std::count(cpus.out.begin(), cpus.out.end(), '*');
    CHECK((stars == 0 || starred));
    // A part with no estimated figure: no footnote.
    writeBytes(dir.file("exact.json"),
               R"({"format": "infrafit-catalog", "version": 1, "parts": [
                   {"kind": "psu", "id": "exact-psu", "vendor": "x", "model": "Exact 2000 W",
                    "watts": 2000, "efficiency": 0.94, "efficiency_50": 0.94}]})");
    REQUIRE(runCli({"catalog", "import", dir.file("exact.json"), "--db", db}).exitCode == 0);
    const auto exact = runCli({"catalog", "list", "--filter", "exact-psu", "--db", db});
    REQUIRE(exact.exitCode == 0);
    CHECK_THAT(exact.out, Catch::Contains("exact-psu"));
    CHECK_THAT(exact.out, !Catch::Contains("* estimate"));
}

TEST_CASE("catalog list fits a wide terminal", "[cli][catalog]")
{
    // Issue 23 item 11: the full list was 212 columns wide.
    TempDir dir;
    const auto result = runCli({"catalog", "list", "--db", dir.file("catalog.sqlite")});
    REQUIRE(result.exitCode == 0);
    std::size_t widest = 0;
    std::size_t start = 0;
    while (start < result.out.size()) {
        const std::size_t end = result.out.find('\n', start);
        const std::size_t stop = end == std::string::npos ? result.out.size() : end;
        widest = std::max(widest, stop - start);
        start = stop + 1;
    }
    // Round 2: at most 160 columns (it was 184); long chassis and GPU model
    // names continue on the next line instead of widening the table.
    CHECK(widest <= 160);
    CHECK_THAT(result.out, Catch::Contains("Mem BW (GB/s)"));
    // The ASUS chassis model is 41 characters: its first words start the
    // row, the rest follows on a line of its own; the count stays 13.
    CHECK_THAT(result.out, Catch::Contains("ESC8000A-E13 (E13P ="));
    CHECK_THAT(result.out, !Catch::Contains("ESC8000A-E13 (E13P = PCIe-switch variant)"));
    CHECK_THAT(result.out, Catch::Contains("Chassis (13)"));
}

TEST_CASE("the README's vendor quote example imports", "[cli][catalog]")
{
    TempDir dir;
    const auto result = runCli({"catalog", "import",
                                std::string(INFRAFIT_SOURCE_DIR) + "/examples/vendor-quote.json",
                                "--db", dir.file("catalog.sqlite")});
    INFO(result.err);
    CHECK(result.exitCode == 0);
    CHECK_THAT(result.out, Catch::Contains("2 added"));
}

TEST_CASE("catalog import of a catalog database says it is one", "[cli][catalog]")
{
    // CLI probe U10: importing the --db file itself said "refusing to write:
    // it is the same file as the input", a message about writing.
    TempDir dir;
    const std::string db = dir.file("catalog.sqlite");
    REQUIRE(runCli({"catalog", "list", "--db", db}).exitCode == 0);
    for (const std::string& target : {db, dir.file("other.sqlite")}) {
        const auto r = runCli({"catalog", "import", db, "--db", target});
        CHECK(r.exitCode == 2);
        CHECK_THAT(r.err, Catch::Contains(db + ": /: the file is an SQLite database"));
        CHECK_THAT(r.err, Catch::Contains("--db FILE"));
    }
}
