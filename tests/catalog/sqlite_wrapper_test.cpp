// SPDX-License-Identifier: Apache-2.0
#include "catalog/catalog_store.h"
#include "catalog/sqlite/database.h"
#include "catalog/sqlite/statement.h"
#include "catalog/sqlite/transaction.h"
#include "catalog_test_support.h"

#include <catch2/catch.hpp>

using namespace infrafit::catalog;
using namespace infrafit::catalog::test;

TEST_CASE("statements bind by index and name and read columns", "[catalog][sqlite]")
{
    TempDir dir;
    sqlite::Database db(dir.file("w.sqlite"), sqlite::OpenMode::ReadWriteCreate);
    db.exec("CREATE TABLE t (a REAL, b INTEGER, c TEXT, d TEXT)");
    auto insert = db.prepare("INSERT INTO t VALUES (?1, :b, ?3, :d)");
    insert.bind(1, 2.5);
    insert.bind(":b", std::int64_t{42});
    insert.bind(3, std::string_view("it's \"quoted\""));
    insert.bindNull(":d");
    insert.run();
    insert.bind(1, 1.0);
    insert.run(); // bindings were cleared: the other columns are NULL
    auto select = db.prepare("SELECT a, b, c, d FROM t ORDER BY a DESC");
    REQUIRE(select.step());
    CHECK(select.columnCount() == 4);
    CHECK(select.columnName(2) == "c");
    CHECK(select.columnDouble(0) == 2.5);
    CHECK(select.columnInt64(1) == 42);
    CHECK(select.columnText(2) == "it's \"quoted\"");
    CHECK(select.isNull(3));
    REQUIRE(select.step());
    CHECK(select.isNull(1));
    CHECK_FALSE(select.step());
    select.reset();
    CHECK_THROWS_AS(insert.bind(":nope", 1.0), StoreError);
}

TEST_CASE("a transaction rolls back unless committed", "[catalog][sqlite]")
{
    TempDir dir;
    sqlite::Database db(dir.file("t.sqlite"), sqlite::OpenMode::ReadWriteCreate);
    db.exec("CREATE TABLE t (x INTEGER)");
    {
        sqlite::Transaction transaction(db);
        db.exec("INSERT INTO t VALUES (1)");
    }
    CHECK(db.queryInt("SELECT count(*) FROM t") == 0);
    {
        sqlite::Transaction transaction(db);
        db.exec("INSERT INTO t VALUES (1)");
        transaction.commit();
    }
    CHECK(db.queryInt("SELECT count(*) FROM t") == 1);
}

TEST_CASE("SQLite errors name the file and map to a kind", "[catalog][sqlite]")
{
    TempDir dir;
    const auto path = dir.file("e.sqlite");
    sqlite::Database db(path, sqlite::OpenMode::ReadWriteCreate);
    try {
        db.exec("SELECT * FROM missing_table");
        FAIL("expected a StoreError");
    } catch (const StoreError& error) {
        CHECK(error.kind() == StoreErrorKind::Io);
        CHECK_THAT(std::string(error.what()), Catch::Contains(path));
        CHECK_THAT(std::string(error.what()), Catch::Contains("missing_table"));
    }
    CHECK_THROWS_AS(sqlite::Database(dir.file("nope/x.sqlite"), sqlite::OpenMode::ReadWrite),
                    StoreError);
}

TEST_CASE("a second writer gets Busy after the timeout", "[catalog][sqlite]")
{
    TempDir dir;
    const auto path = dir.file("busy.sqlite");
    sqlite::Database first(path, sqlite::OpenMode::ReadWriteCreate);
    first.enableWal();
    first.exec("CREATE TABLE t (x INTEGER)");
    sqlite::Database second(path, sqlite::OpenMode::ReadWrite);
    second.setBusyTimeout(std::chrono::milliseconds(50));
    sqlite::Transaction holding(first);
    try {
        sqlite::Transaction blocked(second);
        FAIL("expected Busy");
    } catch (const StoreError& error) {
        CHECK(error.kind() == StoreErrorKind::Busy);
    }
    // Readers are not blocked under WAL.
    CHECK(second.queryInt("SELECT count(*) FROM t") == 0);
}
