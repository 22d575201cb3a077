// SPDX-License-Identifier: Apache-2.0
#include "catalog/catalog_import.h"
#include "catalog/catalog_store.h"
#include "catalog/default_catalog.h"
#include "catalog/migrations.h"
#include "catalog/sqlite/database.h"
#include "catalog/sqlite/transaction.h"
#include "catalog_test_support.h"
#include "core/io/catalog_json.h"
#include "core/io/output_file.h"
#include "core/io/default_software.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <optional>
#include <set>

using namespace infrafit;
using namespace infrafit::catalog;
using namespace infrafit::catalog::test;

namespace {

/// A copy of the stored row, so nothing points into the temporary table softwareTable() returns.
std::optional<SoftwareCompat> storedRow(const CatalogStore& store, std::string_view architecture)
{
    const SoftwareTable table = store.softwareTable();
    if (const auto* row = table.find(architecture))
        return *row;
    return std::nullopt;
}

} // namespace

TEST_CASE("the software table covers every GPU architecture of the default catalog",
          "[catalog][software]")
{
    std::set<std::string> missing;
    for (const auto& part : defaultCatalogParts())
        if (const auto* gpu = std::get_if<Gpu>(&part); gpu && !defaultSoftwareTable().find(gpu->architecture))
            missing.insert(gpu->id + " (" + gpu->architecture + ")");
    INFO("GPUs without a software compatibility row: " << missing.size());
    for (const auto& id : missing)
        UNSCOPED_INFO(id);
    CHECK(missing.empty());
}

TEST_CASE("a new catalog holds the shipped software rows; an empty one holds none",
          "[catalog][software]")
{
    TempDir dir;
    auto seeded = CatalogStore::open(dir.file("seeded.sqlite"));
    CHECK(seeded.softwareTable().rows.size() == defaultSoftwareTable().rows.size());
    const SoftwareTable seededTable = seeded.softwareTable();
    const auto* blackwell = seededTable.find("Blackwell");
    REQUIRE(blackwell);
    CHECK(blackwell->minDriverBranch == "R570");
    CHECK_FALSE(blackwell->frameworks.empty());
    auto empty = CatalogStore::open(dir.file("empty.sqlite"), OpenOptions{false});
    CHECK(empty.softwareTable().rows.empty());
}

TEST_CASE("migration 6: a version 5 catalog keeps its parts and gains the shipped rows",
          "[catalog][migrations][software]")
{
    TempDir dir;
    const auto path = dir.file("v5.sqlite");
    {
        sqlite::Database db(path, sqlite::OpenMode::ReadWriteCreate);
        sqlite::Transaction transaction(db);
        CHECK(applyMigrations(db, catalogMigrations().first(5)) == 0);
        transaction.commit();
    }
    {
        // Parts written at version 5 (the store would migrate, so write raw).
        sqlite::Database db(path, sqlite::OpenMode::ReadWrite);
        db.exec("INSERT INTO part (id, kind) VALUES ('p', 'psu');"
                "INSERT INTO psu (id, vendor, model, watts, efficiency) "
                "VALUES ('p', 'v', 'm', 3000, 0.96)");
    }
    auto store = CatalogStore::open(path);
    CHECK(store.schemaVersion() == currentSchemaVersion());
    // Its own part, and the shipped switches and PDUs of migration 9.
    CHECK(store.count() == 1 + store.count(PartKind::Switch) + store.count(PartKind::Pdu));
    CHECK(store.find("p"));
    CHECK(store.softwareTable().rows.size() == defaultSoftwareTable().rows.size());
}

TEST_CASE("software rows are edited, refused when bad, and removed", "[catalog][software]")
{
    TempDir dir;
    auto store = CatalogStore::open(dir.file("c.sqlite"));
    SoftwareTable table = store.softwareTable();
    SoftwareCompat hopper = *table.find("Hopper");
    hopper.recommendedToolkit = "CUDA 13.1";
    CHECK(store.putSoftware(hopper)); // replaced
    CHECK(storedRow(store, "Hopper").value_or(SoftwareCompat{}).recommendedToolkit == "CUDA 13.1");

    SoftwareCompat bad = hopper;
    bad.architecture = "Rubin";
    bad.source.clear();
    try {
        store.putSoftware(bad);
        FAIL("a row without a source was stored");
    } catch (const StoreError& error) {
        CHECK(error.kind() == StoreErrorKind::InvalidPart);
        CHECK(std::string(error.what()).find("/source") != std::string::npos);
    }
    CHECK_FALSE(storedRow(store, "Rubin"));

    store.removeSoftware("Hopper");
    CHECK_FALSE(storedRow(store, "Hopper"));
    CHECK_THROWS_AS(store.removeSoftware("Hopper"), StoreError);
}

TEST_CASE("a catalog file's software rows are imported with its parts", "[catalog][software]")
{
    TempDir dir;
    auto store = CatalogStore::open(dir.file("c.sqlite"), OpenOptions{false});
    SoftwareTable table;
    table.rows.push_back(*defaultSoftwareTable().find("CDNA 3"));
    table.rows.back().recommendedToolkit = "ROCm 9.9";
    const auto file = dir.file("catalog.json");
    {
        std::ofstream out(file);
        out << catalogToJson(defaultCatalogParts(), &table);
    }
    const auto result = importCatalogFile(store, file);
    CHECK(result.softwareRows == 1);
    CHECK(store.count() == defaultCatalogParts().size());
    const auto cdna3 = storedRow(store, "CDNA 3");
    REQUIRE(cdna3);
    CHECK(cdna3->recommendedToolkit == "ROCm 9.9");
}
