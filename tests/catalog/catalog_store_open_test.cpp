// SPDX-License-Identifier: Apache-2.0
#include "catalog/catalog_store.h"
#include "catalog/migrations.h"
#include "catalog/sqlite/database.h"
#include "catalog_test_support.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <optional>

using namespace infrafit;
using namespace infrafit::catalog;
using namespace infrafit::catalog::test;

namespace {

/// Opens `path`, expects a StoreError of `kind` naming the file, and checks
/// the file's bytes did not change and no journal was left beside it.
void requireRefusedUnchanged(const std::string& path, StoreErrorKind kind)
{
    const std::string before = readBytes(path);
    REQUIRE_FALSE(before.empty());
    try {
        (void)CatalogStore::open(path);
        FAIL("expected a StoreError");
    } catch (const StoreError& error) {
        CHECK(error.kind() == kind);
        CHECK_THAT(std::string(error.what()), Catch::Contains(path));
    }
    CHECK(readBytes(path) == before);
    CHECK_FALSE(std::filesystem::exists(path + "-journal"));
    CHECK_FALSE(std::filesystem::exists(path + "-wal"));
}

/// A closed catalog database with `parts` generated parts.
std::string makeCatalog(const TempDir& dir, const std::string& name, int parts)
{
    const std::string path = dir.file(name);
    auto store = CatalogStore::open(path, OpenOptions{false});
    std::vector<Part> list;
    for (int i = 0; i < parts; ++i)
        list.push_back(fullPart(allPartKinds[i % 7], "p" + std::to_string(i), i));
    store.importParts(list);
    return path;
}

/// Sets an environment variable for a scope and restores it afterwards.
class ScopedEnv {
public:
    ScopedEnv(const char* name, const char* value) : mName(name)
    {
        if (const char* old = std::getenv(name))
            mOld = old;
        if (value)
            ::setenv(name, value, 1);
        else
            ::unsetenv(name);
    }
    ~ScopedEnv()
    {
        if (mOld)
            ::setenv(mName, mOld->c_str(), 1);
        else
            ::unsetenv(mName);
    }
    ScopedEnv(const ScopedEnv&) = delete;
    ScopedEnv& operator=(const ScopedEnv&) = delete;

private:
    const char* mName;
    std::optional<std::string> mOld;
};

} // namespace

TEST_CASE("a file that is not SQLite is refused and left unchanged", "[catalog][open]")
{
    TempDir dir;
    const auto text = dir.file("notes.sqlite");
    writeBytes(text, "these are my notes, not a database\n");
    requireRefusedUnchanged(text, StoreErrorKind::NotADatabase);

    const auto big = dir.file("random.sqlite");
    std::string bytes(8192, '\0');
    for (std::size_t i = 0; i < bytes.size(); ++i)
        bytes[i] = static_cast<char>((i * 7919) % 251);
    writeBytes(big, bytes);
    requireRefusedUnchanged(big, StoreErrorKind::NotADatabase);

    // A header that claims SQLite over garbage.
    const auto fake = dir.file("fake.sqlite");
    writeBytes(fake, std::string("SQLite format 3") + '\0' + bytes);
    requireRefusedUnchanged(fake, StoreErrorKind::NotADatabase);
}

TEST_CASE("a truncated catalog database is refused and left unchanged", "[catalog][open]")
{
    TempDir dir;
    const auto path = makeCatalog(dir, "catalog.sqlite", 300);
    const auto bytes = readBytes(path);
    REQUIRE(bytes.size() > 8192);
    writeBytes(path, bytes.substr(0, bytes.size() / 2));
    requireRefusedUnchanged(path, StoreErrorKind::NotADatabase);
    writeBytes(path, bytes.substr(0, 60));
    requireRefusedUnchanged(path, StoreErrorKind::NotADatabase);
}

TEST_CASE("a corrupt catalog database is refused and left unchanged", "[catalog][open]")
{
    TempDir dir;
    const auto path = makeCatalog(dir, "catalog.sqlite", 300);
    auto bytes = readBytes(path);
    const std::size_t pageSize = 4096;
    REQUIRE(bytes.size() >= 6 * pageSize);
    for (std::size_t i = 2 * pageSize; i < 5 * pageSize; ++i)
        bytes[i] = static_cast<char>(0xA5 ^ (i & 0xff));
    writeBytes(path, bytes);
    requireRefusedUnchanged(path, StoreErrorKind::NotADatabase);
}

TEST_CASE("another program's SQLite database is refused and left unchanged", "[catalog][open]")
{
    TempDir dir;
    const auto path = dir.file("other.sqlite");
    {
        sqlite::Database db(path, sqlite::OpenMode::ReadWriteCreate);
        db.exec("CREATE TABLE contacts (name TEXT, phone TEXT);"
                "INSERT INTO contacts VALUES ('Ada', '123');");
    }
    requireRefusedUnchanged(path, StoreErrorKind::NotADatabase);

    // Even one that happens to have a `part` table.
    const auto lookalike = dir.file("lookalike.sqlite");
    {
        sqlite::Database db(lookalike, sqlite::OpenMode::ReadWriteCreate);
        db.exec("CREATE TABLE part (id TEXT PRIMARY KEY, kind TEXT); PRAGMA user_version = 1;");
    }
    requireRefusedUnchanged(lookalike, StoreErrorKind::NotADatabase);
}

TEST_CASE("a database from a newer InfraFit is refused and left unchanged", "[catalog][open]")
{
    TempDir dir;
    const auto path = makeCatalog(dir, "catalog.sqlite", 20);
    {
        sqlite::Database db(path, sqlite::OpenMode::ReadWrite);
        db.setUserVersion(999);
    }
    requireRefusedUnchanged(path, StoreErrorKind::NewerSchema);
    try {
        (void)CatalogStore::open(path);
    } catch (const StoreError& error) {
        CHECK_THAT(std::string(error.what()), Catch::Contains("999"));
    }
}

TEST_CASE("open creates the folder and the file; changes persist", "[catalog][open]")
{
    TempDir dir;
    const auto path = (dir.path() / "a" / "b" / "catalog.sqlite").string();
    {
        auto store = CatalogStore::open(path, OpenOptions{false});
        CHECK(store.path() == path);
        CHECK(store.schemaVersion() == currentSchemaVersion());
        store.add(fullPart(PartKind::Chassis, "dgx"));
    }
    REQUIRE(std::filesystem::exists(path));
    auto again = CatalogStore::open(path, OpenOptions{false});
    REQUIRE(again.find("dgx"));
    CHECK(sameFields(*again.find("dgx"), fullPart(PartKind::Chassis, "dgx")));

    auto moved = std::move(again);
    CHECK(moved.count() == 1);
}

TEST_CASE("an empty file becomes a catalog database", "[catalog][open]")
{
    TempDir dir;
    const auto path = dir.file("empty.sqlite");
    writeBytes(path, "");
    auto store = CatalogStore::open(path, OpenOptions{false});
    CHECK(store.schemaVersion() == currentSchemaVersion());
    store.add(gpuPart("g"));
    CHECK(store.count() == 1);
}

TEST_CASE("a database in a folder that cannot be created is an Io error", "[catalog][open]")
{
    TempDir dir;
    writeBytes(dir.file("plain-file"), "x");
    try {
        (void)CatalogStore::open(dir.file("plain-file") + "/sub/catalog.sqlite");
        FAIL("expected a StoreError");
    } catch (const StoreError& error) {
        CHECK(error.kind() == StoreErrorKind::Io);
    }
}

TEST_CASE("two stores on one file see each other's committed changes", "[catalog][open]")
{
    TempDir dir;
    const auto path = dir.file("shared.sqlite");
    auto first = CatalogStore::open(path, OpenOptions{false});
    auto second = CatalogStore::open(path, OpenOptions{false});
    CHECK(second.count() == 0);

    first.add(gpuPart("from-first"));
    CHECK(second.find("from-first"));
    CHECK(second.count() == 1);

    second.importParts({fullPart(PartKind::Cpu, "from-second")});
    CHECK(idsOf(first.list()) == std::vector<std::string>{"from-first", "from-second"});

    first.remove("from-second");
    CHECK_FALSE(second.find("from-second"));
    CHECK_THROWS_AS(second.add(gpuPart("from-first")), StoreError);
}

TEST_CASE("the default database path follows the XDG base directories", "[catalog][open]")
{
    {
        ScopedEnv xdg("XDG_DATA_HOME", "/data/home");
        CHECK(defaultDatabasePath() == "/data/home/infrafit/catalog.sqlite");
    }
    {
        ScopedEnv xdg("XDG_DATA_HOME", nullptr);
        ScopedEnv home("HOME", "/home/ada");
        CHECK(defaultDatabasePath() == "/home/ada/.local/share/infrafit/catalog.sqlite");
    }
    {
        ScopedEnv xdg("XDG_DATA_HOME", "relative/ignored");
        ScopedEnv home("HOME", "/home/ada");
        CHECK(defaultDatabasePath() == "/home/ada/.local/share/infrafit/catalog.sqlite");
    }
}
