// SPDX-License-Identifier: Apache-2.0
// --reset-broken-catalog: a refused catalog database names the flag; with
// the flag it is moved to a backup and a fresh default catalog is used.
#include "cli_runner.h"
#include "support/fixtures.h"

#include <catch2/catch.hpp>

#include <sqlite3.h>

#include <algorithm>
#include <filesystem>

using namespace infrafit::test;

namespace {

namespace fs = std::filesystem;

const std::string resetFlag = "--reset-broken-catalog";

/// The files in `dir` whose names start with `prefix`.
std::vector<std::string> filesStartingWith(const fs::path& dir, const std::string& prefix)
{
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir)) {
        const auto name = entry.path().filename().string();
        if (name.rfind(prefix, 0) == 0)
            names.push_back(name);
    }
    std::sort(names.begin(), names.end());
    return names;
}

} // namespace

TEST_CASE("a refused catalog names --reset-broken-catalog and stays unchanged",
    "[cli][catalog][bad-input]")
{
    TempDir dir;
    const auto db = dir.file("catalog.sqlite");
    const std::string bytes = "These are my notes, not a database.\n";
    writeBytes(db, bytes);
    const auto result = runCli({"catalog", "list", "--db", db});
    CHECK(result.exitCode == 2);
    REQUIRE(result.errLines().size() == 1);
    CHECK_THAT(result.err, Catch::StartsWith(db + ": "));
    CHECK_THAT(result.err, Catch::Contains("run the command again with --reset-broken-catalog"));
    CHECK(readBytes(db) == bytes);
    CHECK(filesStartingWith(dir.path(), "catalog.sqlite")
        == std::vector<std::string> {"catalog.sqlite"});
}

TEST_CASE(
    "--reset-broken-catalog backs up a corrupt catalog and starts a default one", "[cli][catalog]")
{
    TempDir dir;
    const auto db = dir.file("catalog.sqlite");
    REQUIRE(runCli({"catalog", "list", "--db", db}).exitCode == 0);
    // Keep the SQLite header, overwrite every page after the first two.
    std::string bytes = readBytes(db);
    REQUIRE(bytes.size() > 8192);
    for (std::size_t i = 8192; i < bytes.size(); ++i)
        bytes[i] = static_cast<char>(0x5A);
    writeBytes(db, bytes);
    REQUIRE(runCli({"catalog", "list", "--db", db}).exitCode == 2);

    const auto result = runCli({"catalog", "list", "gpu", "--db", db, "--reset-broken-catalog"});
    INFO(result.err);
    CHECK(result.exitCode == 0);
    CHECK_THAT(result.out, Catch::Contains("GPU"));
    const auto names = filesStartingWith(dir.path(), "catalog.sqlite.broken-");
    REQUIRE(names.size() == 1);
    const auto backup = dir.file(names.front());
    CHECK(readBytes(backup) == bytes);
    CHECK_THAT(result.err, Catch::Contains("moved the old catalog database to " + backup));
    // The fresh catalog opens without the flag now, and the backup is kept.
    CHECK(runCli({"catalog", "list", "--db", db}).exitCode == 0);
    CHECK(filesStartingWith(dir.path(), "catalog.sqlite.broken-") == names);
}

TEST_CASE("--reset-broken-catalog on a healthy catalog changes nothing", "[cli][catalog]")
{
    TempDir dir;
    const auto db = dir.file("catalog.sqlite");
    REQUIRE(
        runCli({"catalog", "import", fixturePath("catalogs/good.json"), "--db", db}).exitCode == 0);
    const auto before = runCli({"catalog", "list", "--format", "json", "--db", db});
    const auto after
        = runCli({"catalog", "list", "--format", "json", "--db", db, "--reset-broken-catalog"});
    CHECK(after.exitCode == 0);
    CHECK(after.err.empty());
    CHECK(after.out == before.out);
    CHECK(filesStartingWith(dir.path(), "catalog.sqlite.broken-").empty());
}

TEST_CASE("every command that reads the catalog accepts --reset-broken-catalog", "[cli][catalog]")
{
    const auto project = fixturePath("projects/llama-h100.infrafit.json");
    const std::vector<std::vector<std::string>> commands {
        {"analyze", project},
        {"compare", project},
        {"catalog", "import", fixturePath("catalogs/good.json")},
    };
    for (const auto& command : commands) {
        TempDir dir;
        const auto db = dir.file("catalog.sqlite");
        REQUIRE(runCli({"catalog", "list", "--db", db}).exitCode == 0);
        sqlite3* handle = nullptr;
        REQUIRE(sqlite3_open(db.c_str(), &handle) == SQLITE_OK);
        REQUIRE(sqlite3_exec(handle, "PRAGMA user_version = 999", nullptr, nullptr, nullptr)
            == SQLITE_OK);
        sqlite3_close(handle);
        const auto newer = readBytes(db);

        auto args = command;
        args.insert(args.end(), {"--db", db});
        const auto refused = runCli(args);
        INFO(command.front() << ": " << refused.err);
        CHECK(refused.exitCode == 2);
        CHECK_THAT(refused.err, Catch::Contains("newer"));
        CHECK_THAT(refused.err, Catch::Contains("--reset-broken-catalog"));
        CHECK(readBytes(db) == newer);

        args.push_back(resetFlag);
        const auto reset = runCli(args);
        INFO(reset.err);
        CHECK(reset.exitCode == 0);
        const auto names = filesStartingWith(dir.path(), "catalog.sqlite.broken-");
        REQUIRE(names.size() == 1);
        CHECK(readBytes(dir.file(names.front())) == newer);
    }
}
