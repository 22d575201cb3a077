// SPDX-License-Identifier: Apache-2.0
// Issue 22 item 1 from the command line: a healthy catalog is never
// refused, a reset never happens while another InfraFit process has the
// catalog open, a read-only catalog can still be read, and a refusal says
// "left unchanged" or "moved", never both.
#include "catalog/catalog_store.h"
#include "cli_runner.h"
#include "support/child_process.h"
#include "support/fixtures.h"

#include <catch2/catch.hpp>

#include <sqlite3.h>

#include <filesystem>
#include <stdexcept>

#include <poll.h>
#include <unistd.h>

using namespace infrafit::test;

namespace {

namespace fs = std::filesystem;

void setUserVersion(const std::string& db, int version)
{
    sqlite3* handle = nullptr;
    REQUIRE(sqlite3_open(db.c_str(), &handle) == SQLITE_OK);
    const std::string sql = "PRAGMA user_version = " + std::to_string(version);
    REQUIRE(sqlite3_exec(handle, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(handle);
}

bool anyBackup(const fs::path& dir)
{
    for (const auto& entry : fs::directory_iterator(dir)) {
        if (entry.path().filename().string().find(".broken-") != std::string::npos)
            return true;
    }
    return false;
}

/// Restores write permission so TempDir can remove the folder.
struct WritableAgain {
    fs::path dir;
    ~WritableAgain()
    {
        std::error_code ignored;
        fs::permissions(dir, fs::perms::owner_all, fs::perm_options::add, ignored);
        for (const auto& entry : fs::directory_iterator(dir, ignored))
            fs::permissions(entry.path(), fs::perms::owner_read | fs::perms::owner_write,
                            fs::perm_options::add, ignored);
    }
};

} // namespace

TEST_CASE("a refusal says left unchanged, a reset says moved, never both",
          "[cli][catalog][regression]")
{
    TempDir dir;
    const auto db = dir.file("catalog.sqlite");
    REQUIRE(runCli({"catalog", "list", "--db", db}).exitCode == 0);
    setUserVersion(db, 999);

    const auto refused = runCli({"catalog", "list", "--db", db});
    CHECK(refused.exitCode == 2);
    CHECK_THAT(refused.err, Catch::Contains("left unchanged"));
    CHECK_THAT(refused.err, !Catch::Contains("moved"));

    const auto reset = runCli({"catalog", "list", "--db", db, "--reset-broken-catalog"});
    INFO(reset.err);
    CHECK(reset.exitCode == 0);
    CHECK_THAT(reset.err, Catch::Contains("moved the old catalog database to"));
    CHECK_THAT(reset.err, !Catch::Contains("left unchanged"));
}

TEST_CASE("no reset while another InfraFit process has the catalog open",
          "[cli][catalog][regression][concurrency]")
{
    TempDir dir;
    const auto db = dir.file("catalog.sqlite");
    REQUIRE(runCli({"catalog", "list", "--db", db}).exitCode == 0);

    // Another InfraFit process (an import, a window) holds the catalog open...
    int ready[2];
    int release[2];
    REQUIRE(::pipe(ready) == 0);
    REQUIRE(::pipe(release) == 0);
    const pid_t holder = forkChild([&] {
        auto store = infrafit::catalog::CatalogStore::open(db);
        char byte = 1;
        if (::write(ready[1], &byte, 1) != 1 || ::read(release[0], &byte, 1) != 1)
            throw std::runtime_error("pipe failed");
    });
    REQUIRE(holder > 0);
    char byte = 0;
    REQUIRE(::read(ready[0], &byte, 1) == 1);

    // ... while this one cannot use it (here: it looks newer).
    setUserVersion(db, 999);
    const auto before = readBytes(db);
    const auto refused = runCli({"catalog", "list", "--db", db, "--reset-broken-catalog"});
    INFO(refused.err);
    CHECK(refused.exitCode == 1);
    CHECK_THAT(refused.err, Catch::Contains("another InfraFit window or command"));
    CHECK_THAT(refused.err, Catch::Contains("left unchanged"));
    CHECK_THAT(refused.err, !Catch::Contains("moved the old"));
    CHECK(readBytes(db) == before);
    CHECK_FALSE(anyBackup(dir.path()));

    REQUIRE(::write(release[1], &byte, 1) == 1);
    CHECK(waitChild(holder).exitCode == 0);
    for (const int fd : {ready[0], ready[1], release[0], release[1]})
        ::close(fd);
    // Once it is closed, the reset goes ahead.
    const auto reset = runCli({"catalog", "list", "--db", db, "--reset-broken-catalog"});
    INFO(reset.err);
    CHECK(reset.exitCode == 0);
    CHECK(anyBackup(dir.path()));
}

TEST_CASE("catalog list during imports by another process is never refused",
          "[cli][catalog][regression][concurrency]")
{
    TempDir dir;
    const auto db = dir.file("catalog.sqlite");
    REQUIRE(runCli({"catalog", "list", "--db", db}).exitCode == 0);
    const auto file = fixturePath("catalogs/good.json");
    int stop[2];
    REQUIRE(::pipe(stop) == 0);
    // Each import is a whole CLI run: open, write, checkpoint on close.
    const pid_t importer = forkChild([&] {
        ::close(stop[1]);
        for (int round = 0; round < 2000; ++round) {
            if (runCli({"catalog", "import", file, "--db", db}).exitCode != 0)
                throw std::runtime_error("import failed");
            pollfd wait{stop[0], POLLIN, 0};
            if (::poll(&wait, 1, 0) > 0)
                break;
        }
    });
    REQUIRE(importer > 0);
    ::close(stop[0]);
    int refused = 0;
    std::string firstError;
    for (int i = 0; i < 150; ++i) {
        const auto listed = runCli({"catalog", "list", "--format", "json", "--db", db});
        if (listed.exitCode != 0 && ++refused == 1)
            firstError = listed.err;
    }
    ::close(stop[1]);
    CHECK(waitChild(importer).exitCode == 0);
    INFO(firstError);
    CHECK(refused == 0);
}

TEST_CASE("a read-only catalog can be read; a writing command says it is read-only",
          "[cli][catalog][regression]")
{
    TempDir dir;
    const auto folder = dir.path() / "readonly";
    fs::create_directories(folder);
    const auto db = (folder / "catalog.sqlite").string();
    REQUIRE(runCli({"catalog", "import", fixturePath("catalogs/good.json"), "--db", db}).exitCode
            == 0);
    const auto listedBefore = runCli({"catalog", "list", "--format", "json", "--db", db}).out;
    fs::remove(db + ".lock");
    fs::permissions(db, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
    fs::permissions(folder, fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read
                                | fs::perms::group_exec | fs::perms::others_read
                                | fs::perms::others_exec);
    WritableAgain restore{folder};
    const auto bytes = readBytes(db);

    const auto listed = runCli({"catalog", "list", "--format", "json", "--db", db});
    INFO(listed.err);
    CHECK(listed.exitCode == 0);
    CHECK(listed.out == listedBefore);
    const auto exported = runCli({"catalog", "export", dir.file("out.json"), "--db", db});
    INFO(exported.err);
    CHECK(exported.exitCode == 0);
    CHECK(fs::exists(dir.file("out.json")));

    const auto import = runCli({"catalog", "import", fixturePath("catalogs/good.json"), "--db", db});
    CHECK(import.exitCode == 1);
    CHECK_THAT(import.err, Catch::StartsWith(db + ": "));
    CHECK_THAT(import.err, Catch::Contains("read-only"));
    CHECK_THAT(import.err, !Catch::Contains("not an InfraFit catalog"));

    CHECK(readBytes(db) == bytes);
    for (const char* suffix : {"-wal", "-shm", "-journal", ".lock"})
        CHECK_FALSE(fs::exists(db + suffix));
}
