// SPDX-License-Identifier: Apache-2.0
// CatalogStore::setField: one column written, guarded by the part's row
// version (issue 22 item 4, what the GUI's cell edits use).
#include "catalog/catalog_store.h"
#include "catalog/sqlite/database.h"
#include "catalog_test_support.h"

#include <catch2/catch.hpp>

#include <functional>
#include <optional>

using namespace infrafit;
using namespace infrafit::catalog;
using namespace infrafit::catalog::test;

namespace {

const FieldSpec& gpuField(const char* key)
{
    const FieldSpec* spec = findField(PartKind::Gpu, key);
    REQUIRE(spec != nullptr);
    return *spec;
}

} // namespace

TEST_CASE("setField writes one field when the version matches and raises it",
          "[catalog][store][version]")
{
    TempDir dir;
    const auto path = dir.file("catalog.sqlite");
    auto store = CatalogStore::open(path, OpenOptions{false});
    store.importParts({gpuPart("g", "Acme", "M1"), gpuPart("h", "Acme", "M2")});
    const auto before = *store.find("g");
    REQUIRE(store.version("g") == std::optional<std::int64_t>(1));

    CHECK(store.setField("g", gpuField("tdp_w"), FieldValue(555.0), 1) == 2);
    CHECK(store.version("g") == std::optional<std::int64_t>(2));
    CHECK(store.version("h") == std::optional<std::int64_t>(1));
    auto expected = before;
    gpuField("tdp_w").set(expected, FieldValue(555.0));
    CHECK(sameFields(*store.find("g"), expected));

    // A stale version: nothing is written.
    try {
        store.setField("g", gpuField("vendor"), FieldValue(std::string("Stale")), 1);
        FAIL("expected a Conflict");
    } catch (const StoreError& error) {
        CHECK(error.kind() == StoreErrorKind::Conflict);
        CHECK_THAT(std::string(error.what()), Catch::Contains(path));
        CHECK_THAT(std::string(error.what()), Catch::Contains("\"g\""));
    }
    CHECK(infoOf(*store.find("g")).vendor == "Acme");
    CHECK(store.version("g") == std::optional<std::int64_t>(2));
}

TEST_CASE("setField refuses an invalid value, the id, a missing part and a foreign field",
          "[catalog][store][version]")
{
    TempDir dir;
    auto store = CatalogStore::open(dir.file("catalog.sqlite"), OpenOptions{false});
    store.importParts({gpuPart("g")});
    const auto kindOfError = [&](const std::function<void()>& action) {
        try {
            action();
        } catch (const StoreError& error) {
            return std::optional<StoreErrorKind>(error.kind());
        }
        return std::optional<StoreErrorKind>();
    };
    CHECK(kindOfError([&] { store.setField("g", gpuField("tdp_w"), FieldValue(-5.0), 1); })
          == StoreErrorKind::InvalidPart);
    CHECK(kindOfError([&] {
              store.setField("g", gpuField("id"), FieldValue(std::string("other")), 1);
          })
          == StoreErrorKind::InvalidPart);
    CHECK(kindOfError([&] { store.setField("nope", gpuField("tdp_w"), FieldValue(5.0), 1); })
          == StoreErrorKind::NotFound);
    const FieldSpec* watts = findField(PartKind::Psu, "watts");
    REQUIRE(watts != nullptr);
    CHECK(kindOfError([&] { store.setField("g", *watts, FieldValue(5.0), 1); })
          == StoreErrorKind::InvalidPart);
    // None of them wrote anything.
    CHECK(store.version("g") == std::optional<std::int64_t>(1));
    CHECK(sameFields(*store.find("g"), gpuPart("g")));
}

TEST_CASE("data_version changes for another connection's commits only",
          "[catalog][store][version]")
{
    TempDir dir;
    const auto path = dir.file("catalog.sqlite");
    auto store = CatalogStore::open(path, OpenOptions{false});
    const auto start = store.dataVersion();
    store.add(gpuPart("mine"));
    CHECK(store.dataVersion() == start);
    {
        auto other = CatalogStore::open(path, OpenOptions{false});
        other.add(gpuPart("theirs"));
    }
    CHECK(store.dataVersion() != start);
}
