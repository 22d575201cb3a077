// SPDX-License-Identifier: Apache-2.0
// importCatalogFile: the file is parsed on a second thread and stored batch
// by batch, yet the result must be exactly that of readCatalogFile followed
// by importParts, and a problem anywhere — even after thousands of parts
// were stored — must leave the database as it was.
#include "catalog/catalog_import.h"
#include "catalog/catalog_store.h"
#include "catalog_test_support.h"
#include "core/io/catalog_json.h"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

using namespace infrafit;
using namespace infrafit::catalog;
using namespace infrafit::catalog::test;

namespace {

/// More parts than several hand-over batches hold, every kind in turn.
std::vector<Part> manyParts(int count)
{
    std::vector<Part> parts;
    for (int i = 0; i < count; ++i)
        parts.push_back(fullPart(allPartKinds[static_cast<std::size_t>(i % 7)],
                                 "part-" + std::to_string(i), i % 100));
    return parts;
}

std::string writeCatalog(const TempDir& dir, const std::string& name, const std::string& json)
{
    const auto path = dir.file(name);
    writeBytes(path, json);
    return path;
}

/// The store's contents, as exported (a byte-exact picture of every field).
std::string contents(CatalogStore& store) { return catalogToJson(store.list()); }

} // namespace

TEST_CASE("a file import stores what reading the file and importing its parts stores",
          "[catalog][import]")
{
    TempDir dir;
    const auto parts = manyParts(9000);
    const auto file = writeCatalog(dir, "many.json", catalogToJson(parts));

    auto piped = CatalogStore::open(dir.file("piped.sqlite"), OpenOptions{false});
    piped.add(gpuPart("part-7", "Acme", "Before")); // replaced by the file's part-7
    const auto result = importCatalogFile(piped, file);
    CHECK(result.parts == parts.size());
    CHECK(result.summary.added == parts.size() - 1);
    CHECK(result.summary.replaced == 1);
    CHECK(result.warnings.empty());

    auto serial = CatalogStore::open(dir.file("serial.sqlite"), OpenOptions{false});
    serial.importParts(readCatalogFile(file).parts);
    CHECK(piped.count() == parts.size());
    CHECK(contents(piped) == contents(serial));
}

TEST_CASE("a bad part after thousands of good ones leaves the store unchanged",
          "[catalog][import]")
{
    TempDir dir;
    auto json = nlohmann::json::parse(catalogToJson(manyParts(7000)));
    SECTION("an invalid value")
    {
        json["parts"][6496]["tdp_w"] = -5; // a GPU: 6496 = 7 × 928
    }
    SECTION("an id used twice, far apart")
    {
        json["parts"][6999]["id"] = "part-3";
    }
    SECTION("a syntax error at the very end")
    {
        // Dumped below with the closing bracket cut off.
        json["parts"][0]["notes"] = "cut";
    }
    std::string text = json.dump(1);
    if (json["parts"][0]["notes"] == "cut")
        text.resize(text.size() - 2);
    const auto file = writeCatalog(dir, "bad.json", text);

    const auto db = dir.file("catalog.sqlite");
    std::string before;
    {
        auto store = CatalogStore::open(db, OpenOptions{false});
        store.add(gpuPart("kept", "Acme", "Original"));
        before = contents(store);
        CHECK_THROWS_AS(importCatalogFile(store, file), InputError);
        CHECK(store.count() == 1);
        CHECK(contents(store) == before);
    }
    const auto bytes = readBytes(db);
    auto reopened = CatalogStore::open(db, OpenOptions{false});
    CHECK(contents(reopened) == before);
    CHECK(readBytes(db) == bytes);
}

TEST_CASE("the problem of a late bad part names its pointer in the file", "[catalog][import]")
{
    TempDir dir;
    auto json = nlohmann::json::parse(catalogToJson(manyParts(5000)));
    json["parts"][4319]["memory_gb"] = 0; // a GPU: 4319 = 7 × 617
    const auto file = writeCatalog(dir, "bad.json", json.dump());
    auto store = CatalogStore::open(dir.file("catalog.sqlite"), OpenOptions{false});
    try {
        importCatalogFile(store, file);
        FAIL("expected an InputError");
    } catch (const InputError& error) {
        REQUIRE_FALSE(error.problems().empty());
        CHECK(error.problems().front().pointer.rfind("/parts/4319/memory_gb", 0) == 0);
    }
    CHECK(store.count() == 0);
}

TEST_CASE("a repeated parts member refuses the file; parts already handed on are not kept",
          "[catalog][import]")
{
    // A repeated key is an error (issue 22): the first, long "parts" array
    // was already handed over to the store when the second arrives, and
    // must not remain.
    TempDir dir;
    const auto first = nlohmann::json::parse(catalogToJson(manyParts(4500)))["parts"].dump();
    const std::string second =
        nlohmann::json::array({partToJson(gpuPart("only", "Acme", "Last"))}).dump();
    const auto file = writeCatalog(dir, "twice.json",
                                   R"({"format": "infrafit-catalog", "version": 1, "parts": )"
                                       + first + R"(, "parts": )" + second + "}");
    auto store = CatalogStore::open(dir.file("catalog.sqlite"), OpenOptions{false});
    try {
        (void)importCatalogFile(store, file);
        FAIL("expected the repeated \"parts\" to be refused");
    } catch (const InputError& error) {
        REQUIRE(error.problems().size() == 1);
        CHECK(error.problems()[0].pointer == "/parts");
        CHECK_THAT(error.problems()[0].message, Catch::StartsWith("duplicate key \"parts\""));
    }
    CHECK(store.count() == 0);
    CHECK_FALSE(store.find("only"));
    CHECK_THROWS_AS(readCatalogFile(file), InputError);
}

TEST_CASE("a missing file fails before the store is touched", "[catalog][import]")
{
    TempDir dir;
    auto store = CatalogStore::open(dir.file("catalog.sqlite"), OpenOptions{false});
    CHECK_THROWS_AS(importCatalogFile(store, dir.file("absent.json")), InputError);
    CHECK(store.count() == 0);
}
