// SPDX-License-Identifier: Apache-2.0
#include "catalog/database_backup.h"

#include "catalog/catalog_store.h"
#include "catalog/sqlite/database.h"
#include "catalog_test_support.h"

#include <catch2/catch.hpp>

#include <ctime>
#include <filesystem>
#include <set>

#include <unistd.h>

using namespace infrafit;
using namespace infrafit::catalog;
using namespace infrafit::catalog::test;

namespace {

namespace fs = std::filesystem;

/// A fixed instant: 2026-12-02 17:15:00 local time.
std::chrono::system_clock::time_point fixedTime()
{
    std::tm local {};
    local.tm_year = 2026 - 1900;
    local.tm_mon = 11;
    local.tm_mday = 2;
    local.tm_hour = 17;
    local.tm_min = 15;
    local.tm_sec = 0;
    local.tm_isdst = -1;
    return std::chrono::system_clock::from_time_t(std::mktime(&local));
}

std::set<std::string> namesIn(const fs::path& dir)
{
    std::set<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir))
        names.insert(entry.path().filename().string());
    return names;
}

} // namespace

TEST_CASE(
    "backUpDatabase moves the file and its -wal and -shm to a dated name", "[catalog][backup]")
{
    TempDir dir;
    const auto path = dir.file("catalog.sqlite");
    writeBytes(path, "main bytes");
    writeBytes(path + "-wal", "wal bytes");
    writeBytes(path + "-shm", "shm bytes");

    const auto backup = backUpDatabaseAt(path, fixedTime());

    CHECK(backup == path + ".broken-20261202-171500");
    CHECK(namesIn(dir.path())
        == std::set<std::string> {"catalog.sqlite.broken-20261202-171500",
            "catalog.sqlite.broken-20261202-171500-wal",
            "catalog.sqlite.broken-20261202-171500-shm"});
    CHECK(readBytes(backup) == "main bytes");
    CHECK(readBytes(backup + "-wal") == "wal bytes");
    CHECK(readBytes(backup + "-shm") == "shm bytes");
}

TEST_CASE(
    "backUpDatabase adds a counter rather than overwrite an existing backup", "[catalog][backup]")
{
    TempDir dir;
    const auto path = dir.file("catalog.sqlite");
    const std::string taken = path + ".broken-20261202-171500";
    writeBytes(taken, "first backup");
    // A companion name of the second candidate is taken too: skip it whole.
    writeBytes(taken + "-2-wal", "stray wal");
    writeBytes(path, "second broken file");
    writeBytes(path + "-wal", "its wal");

    const auto backup = backUpDatabaseAt(path, fixedTime());

    CHECK(backup == taken + "-3");
    CHECK(readBytes(backup) == "second broken file");
    CHECK(readBytes(backup + "-wal") == "its wal");
    CHECK(readBytes(taken) == "first backup");
    CHECK(readBytes(taken + "-2-wal") == "stray wal");
    CHECK_FALSE(fs::exists(taken + "-2"));
    CHECK_FALSE(fs::exists(path));
    CHECK_FALSE(fs::exists(path + "-wal"));

    // The wall-clock variant picks its own unused name as well.
    writeBytes(path, "third");
    const auto third = backUpDatabase(path);
    CHECK(third.rfind(path + ".broken-", 0) == 0);
    CHECK(readBytes(third) == "third");
    CHECK(readBytes(taken) == "first backup");
}

TEST_CASE("backUpDatabase of a missing file is an Io error naming it", "[catalog][backup]")
{
    TempDir dir;
    const auto path = dir.file("absent.sqlite");
    try {
        (void)backUpDatabase(path);
        FAIL("expected a StoreError");
    } catch (const StoreError& error) {
        CHECK(error.kind() == StoreErrorKind::Io);
        CHECK_THAT(std::string(error.what()), Catch::Contains(path));
    }
    CHECK(namesIn(dir.path()).empty());
}

TEST_CASE("backUpDatabase in a read-only folder fails, naming the file, and moves nothing",
    "[catalog][backup]")
{
    TempDir dir;
    const auto folder = dir.path() / "locked";
    fs::create_directories(folder);
    const auto path = (folder / "catalog.sqlite").string();
    writeBytes(path, "bytes");
    fs::permissions(folder, fs::perms::owner_read | fs::perms::owner_exec);
    if (::access(folder.c_str(), W_OK) == 0) {
        fs::permissions(folder, fs::perms::owner_all);
        WARN("not checked: running with privileges that ignore folder permissions");
        return;
    }
    try {
        (void)backUpDatabase(path);
        FAIL("expected a StoreError");
    } catch (const StoreError& error) {
        CHECK(error.kind() == StoreErrorKind::Io);
        CHECK_THAT(std::string(error.what()), Catch::Contains(path));
    }
    fs::permissions(folder, fs::perms::owner_all);
    CHECK(readBytes(path) == "bytes");
    CHECK(namesIn(folder) == std::set<std::string> {"catalog.sqlite"});
}

TEST_CASE(
    "backUpAndStartFresh keeps a corrupt catalog and creates a default one", "[catalog][backup]")
{
    TempDir dir;
    const auto path = dir.file("catalog.sqlite");
    {
        auto store = CatalogStore::open(path, OpenOptions {false});
        store.add(gpuPart("kept-gpu"));
    }
    // Clobber the middle of the file: the header stays, the pages do not.
    std::string bytes = readBytes(path);
    REQUIRE(bytes.size() > 8192);
    for (std::size_t i = 4096; i < bytes.size(); ++i)
        bytes[i] = static_cast<char>(0xA5);
    writeBytes(path, bytes);
    REQUIRE_THROWS_AS(CatalogStore::open(path), StoreError);

    const auto backup = backUpAndStartFresh(path);

    CHECK(readBytes(backup) == bytes);
    auto fresh = CatalogStore::open(path);
    CHECK(fresh.count() > 0);
    CHECK_FALSE(fresh.find("kept-gpu"));
}

TEST_CASE("backUpAndStartFresh keeps a newer-schema catalog readable beside the new one",
    "[catalog][backup]")
{
    TempDir dir;
    const auto path = dir.file("catalog.sqlite");
    {
        auto store = CatalogStore::open(path, OpenOptions {false});
        store.add(gpuPart("from-the-future"));
    }
    {
        sqlite::Database db(path, sqlite::OpenMode::ReadWrite);
        db.setUserVersion(currentSchemaVersion() + 1);
    }
    REQUIRE_THROWS_AS(CatalogStore::open(path), StoreError);

    const auto backup = backUpAndStartFresh(path, OpenOptions {false});

    CHECK(CatalogStore::open(path).count() == 0);
    sqlite::Database old(backup, sqlite::OpenMode::ReadOnly);
    CHECK(old.userVersion() == currentSchemaVersion() + 1);
    CHECK(old.queryInt("SELECT count(*) FROM sqlite_schema") > 0);
}
