// SPDX-License-Identifier: Apache-2.0
#include "catalog/catalog_store.h"
#include "catalog/default_catalog.h"
#include "catalog/sqlite/database.h"
#include "catalog_test_support.h"
#include "core/parts/part_validation.h"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <functional>

using namespace infrafit;
using namespace infrafit::catalog;
using namespace infrafit::catalog::test;

namespace {

CatalogStore emptyStore(const TempDir& dir, const std::string& name = "catalog.sqlite")
{
    return CatalogStore::open(dir.file(name), OpenOptions{false});
}

StoreErrorKind errorKindOf(const std::function<void()>& action)
{
    try {
        action();
    } catch (const StoreError& error) {
        return error.kind();
    }
    FAIL("expected a StoreError");
    return StoreErrorKind::Io;
}

} // namespace

TEST_CASE("a fully populated part of every kind round-trips", "[catalog][store]")
{
    TempDir dir;
    auto store = emptyStore(dir);
    for (PartKind kind : allPartKinds) {
        DYNAMIC_SECTION("kind " << enumName(kind))
        {
            const std::string id = "full-" + std::string(enumName(kind));
            const Part original = fullPart(kind, id);
            REQUIRE(validatePart(original).empty());
            store.add(original);
            const auto found = store.find(id);
            REQUIRE(found);
            CHECK(sameFields(*found, original));
            const auto listed = store.list(kind);
            REQUIRE(listed.size() == 1);
            CHECK(sameFields(listed.front(), original));
            CHECK(store.count(kind) == 1);
        }
    }
}

TEST_CASE("a part read through the JSON reader round-trips", "[catalog][store]")
{
    const auto json = nlohmann::json::parse(R"({
        "kind": "gpu", "id": "h100-sxm", "vendor": "NVIDIA", "model": "H100 SXM5 80GB",
        "price_usd": 30000, "source": "datasheet", "confidence": "published",
        "estimated_fields": ["price_usd"], "memory_gb": 80, "memory_bandwidth_gbs": 3350,
        "bf16_tflops": 989.4, "fp8_tflops": 1978.9, "fp32_tflops": 66.9, "tdp_w": 700,
        "form_factor": "sxm", "gpu_link_gbs": 900, "pcie_gen": 5, "pcie_lanes": 16,
        "precisions": ["fp64", "fp32", "tf32", "bf16", "fp16", "fp8", "int8"]})");
    std::vector<Problem> problems;
    const auto part = partFromJson(json, "", problems);
    REQUIRE(problems.empty());
    REQUIRE(part);
    TempDir dir;
    auto store = emptyStore(dir);
    store.add(*part);
    const auto found = store.find("h100-sxm");
    REQUIRE(found);
    CHECK(partToJson(*found) == partToJson(*part));
    CHECK(partToJson(*found) == json);
}

TEST_CASE("absent optional fields stay absent", "[catalog][store]")
{
    TempDir dir;
    auto store = emptyStore(dir);
    for (PartKind kind : allPartKinds) {
        const std::string id = "min-" + std::string(enumName(kind));
        const Part original = minimalPart(kind, id);
        store.add(original);
        const auto found = store.find(id);
        REQUIRE(found);
        CHECK(sameFields(*found, original));
        for (const auto& spec : fieldsOf(kind)) {
            if (!spec.required && std::holds_alternative<std::monostate>(spec.get(original)))
                CHECK(std::holds_alternative<std::monostate>(spec.get(*found)));
        }
    }
    CHECK(store.count() == allPartKinds.size());
}

TEST_CASE("update replaces a part, also with a new id or kind", "[catalog][store]")
{
    TempDir dir;
    auto store = emptyStore(dir);
    store.add(gpuPart("a", "Acme", "Old"));
    store.add(gpuPart("b"));

    store.update("a", gpuPart("a", "Acme", "New"));
    CHECK(infoOf(*store.find("a")).model == "New");

    store.update("a", fullPart(PartKind::Cpu, "a-cpu"));
    CHECK_FALSE(store.find("a"));
    REQUIRE(store.find("a-cpu"));
    CHECK(kindOf(*store.find("a-cpu")) == PartKind::Cpu);
    CHECK(store.count(PartKind::Gpu) == 1);
    CHECK(store.count(PartKind::Cpu) == 1);

    store.update("a-cpu", fullPart(PartKind::Psu, "a-cpu"));
    CHECK(kindOf(*store.find("a-cpu")) == PartKind::Psu);
    CHECK(store.count(PartKind::Cpu) == 0);

    CHECK(errorKindOf([&] { store.update("missing", gpuPart("missing")); })
          == StoreErrorKind::NotFound);
    CHECK(errorKindOf([&] { store.update("a-cpu", gpuPart("b")); }) == StoreErrorKind::DuplicateId);
    CHECK(store.count() == 2);
}

TEST_CASE("remove deletes a part; a missing id is NotFound", "[catalog][store]")
{
    TempDir dir;
    auto store = emptyStore(dir);
    store.add(fullPart(PartKind::Nic, "nic-1"));
    store.remove("nic-1");
    CHECK_FALSE(store.find("nic-1"));
    CHECK(store.count() == 0);
    CHECK(errorKindOf([&] { store.remove("nic-1"); }) == StoreErrorKind::NotFound);
    // The id is free again, for any kind.
    store.add(fullPart(PartKind::Psu, "nic-1"));
    CHECK(store.count(PartKind::Psu) == 1);
}

TEST_CASE("list orders by kind, then id, and lists one kind", "[catalog][store]")
{
    TempDir dir;
    auto store = emptyStore(dir);
    store.importParts({fullPart(PartKind::Cooling, "c1"), gpuPart("g2"), fullPart(PartKind::Cpu, "p1"),
                       gpuPart("g1"), fullPart(PartKind::Nvme, "n1"), gpuPart("G0")});
    CHECK(idsOf(store.list()) == std::vector<std::string>{"G0", "g1", "g2", "p1", "n1", "c1"});
    CHECK(idsOf(store.list(PartKind::Gpu)) == std::vector<std::string>{"G0", "g1", "g2"});
    CHECK(store.list(PartKind::Chassis).empty());
    CHECK(store.count() == 6);
    CHECK(store.count(PartKind::Gpu) == 3);
}

TEST_CASE("filter matches id, vendor or model, ignoring case", "[catalog][store]")
{
    TempDir dir;
    auto store = emptyStore(dir);
    store.importParts({gpuPart("h100-sxm", "NVIDIA", "H100 SXM5"), gpuPart("mi300x", "AMD", "Instinct MI300X"),
                       gpuPart("gaudi3", "Intel", "Gaudi 3 100%_off")});
    Part cpu = fullPart(PartKind::Cpu, "epyc-9654");
    infoOf(cpu).vendor = "AMD";
    store.add(cpu);

    CHECK(idsOf(store.list(std::nullopt, "amd")) == std::vector<std::string>{"mi300x", "epyc-9654"});
    CHECK(idsOf(store.list(PartKind::Gpu, "amd")) == std::vector<std::string>{"mi300x"});
    CHECK(idsOf(store.list(PartKind::Gpu, "sXm")) == std::vector<std::string>{"h100-sxm"});
    CHECK(idsOf(store.list(PartKind::Gpu, "INSTINCT")) == std::vector<std::string>{"mi300x"});
    CHECK(store.list(PartKind::Gpu, "nothing").empty());
    // LIKE wildcards in the filter are plain characters.
    CHECK(idsOf(store.list(PartKind::Gpu, "%_")) == std::vector<std::string>{"gaudi3"});
    CHECK(store.list(PartKind::Gpu, "_").size() == 1);
    CHECK(store.list(PartKind::Gpu, "'; DROP TABLE part; --").empty());
    CHECK(store.count() == 4);
}

TEST_CASE("an id is unique across all kinds", "[catalog][store]")
{
    TempDir dir;
    auto store = emptyStore(dir);
    store.add(gpuPart("x"));
    CHECK(errorKindOf([&] { store.add(fullPart(PartKind::Cpu, "x")); }) == StoreErrorKind::DuplicateId);
    CHECK(errorKindOf([&] { store.add(gpuPart("x")); }) == StoreErrorKind::DuplicateId);
    CHECK(store.count() == 1);
    CHECK(kindOf(*store.find("x")) == PartKind::Gpu);
}

TEST_CASE("an invalid part is refused with the field named", "[catalog][store]")
{
    TempDir dir;
    auto store = emptyStore(dir);
    Part bad = gpuPart("bad");
    std::get<Gpu>(bad).tdpW = -5;
    try {
        store.add(bad);
        FAIL("expected InvalidPart");
    } catch (const StoreError& error) {
        CHECK(error.kind() == StoreErrorKind::InvalidPart);
        const std::string message = error.what();
        CHECK_THAT(message, Catch::Contains("tdp_w"));
        CHECK_THAT(message, Catch::Contains("bad"));
        CHECK_THAT(message, Catch::Contains(dir.file("catalog.sqlite")));
    }
    Part noId = gpuPart("");
    CHECK(errorKindOf([&] { store.add(noId); }) == StoreErrorKind::InvalidPart);
    store.add(gpuPart("good"));
    CHECK(errorKindOf([&] { store.update("good", bad); }) == StoreErrorKind::InvalidPart);
    CHECK(store.count() == 1);
    CHECK(infoOf(*store.find("good")).model == "Model");
}

TEST_CASE("import is all or nothing", "[catalog][store]")
{
    TempDir dir;
    auto store = emptyStore(dir);
    store.add(gpuPart("kept", "Acme", "Original"));

    std::vector<Part> parts;
    for (int i = 0; i < 10; ++i)
        parts.push_back(fullPart(allPartKinds[i % 7], "part-" + std::to_string(i), i));
    parts.push_back(gpuPart("kept", "Acme", "Changed"));
    Part bad = fullPart(PartKind::Psu, "bad-psu");
    std::get<Psu>(bad).efficiency = 7;
    parts.insert(parts.begin() + 5, bad);

    try {
        store.importParts(parts);
        FAIL("expected InvalidPart");
    } catch (const StoreError& error) {
        CHECK(error.kind() == StoreErrorKind::InvalidPart);
        CHECK_THAT(std::string(error.what()), Catch::Contains("/5/efficiency"));
        CHECK_THAT(std::string(error.what()), Catch::Contains("bad-psu"));
    }
    CHECK(store.count() == 1);
    CHECK(infoOf(*store.find("kept")).model == "Original");

    auto twice = parts;
    twice.erase(twice.begin() + 5);
    twice.push_back(fullPart(PartKind::Cpu, "part-1"));
    CHECK(errorKindOf([&] { store.importParts(twice); }) == StoreErrorKind::DuplicateId);
    CHECK(store.count() == 1);
}

TEST_CASE("import adds and replaces, also across kinds", "[catalog][store]")
{
    TempDir dir;
    auto store = emptyStore(dir);
    store.importParts({gpuPart("a", "Acme", "Old"), fullPart(PartKind::Cpu, "b"), gpuPart("c")});
    const auto summary = store.importParts(
        {gpuPart("a", "Acme", "New"), fullPart(PartKind::Nic, "b"), fullPart(PartKind::Psu, "d")});
    CHECK(summary.added == 1);
    CHECK(summary.replaced == 2);
    CHECK(infoOf(*store.find("a")).model == "New");
    CHECK(kindOf(*store.find("b")) == PartKind::Nic);
    CHECK(store.count(PartKind::Cpu) == 0);
    CHECK(store.count() == 4);
    CHECK(store.importParts({}).added == 0);
}

TEST_CASE("a new database is seeded with the default catalog when asked", "[catalog][store]")
{
    TempDir dir;
    const auto defaults = defaultCatalogParts();
    {
        auto seeded = CatalogStore::open(dir.file("seeded.sqlite"));
        CHECK(seeded.count() == defaults.size());
        CHECK(seeded.schemaVersion() == currentSchemaVersion());
        seeded.add(gpuPart("mine"));
    }
    // Reopening does not seed again.
    auto reopened = CatalogStore::open(dir.file("seeded.sqlite"));
    CHECK(reopened.count() == defaults.size() + 1);
    auto empty = CatalogStore::open(dir.file("empty.sqlite"), OpenOptions{false});
    CHECK(empty.count() == 0);
}

TEST_CASE("every row is in the table of its part's kind", "[catalog][store]")
{
    // Migration 2 dropped the triggers that checked this on every insert;
    // the writer keeps it. Any add, update, remove or import that moves a
    // part between kinds must leave no row behind in the old kind's table.
    TempDir dir;
    const auto path = dir.file("catalog.sqlite");
    {
        auto store = CatalogStore::open(path, OpenOptions{false});
        store.importParts({gpuPart("a"), fullPart(PartKind::Cpu, "b"), fullPart(PartKind::Nic, "c")});
        store.importParts({fullPart(PartKind::Psu, "a"), fullPart(PartKind::Cpu, "b", 1),
                           gpuPart("d")});
        store.update("c", fullPart(PartKind::Cooling, "c"));
        store.update("d", fullPart(PartKind::Nvme, "e"));
        store.add(fullPart(PartKind::Chassis, "f"));
        store.remove("b");
        CHECK(store.count() == 4);
    }
    sqlite::Database db(path, sqlite::OpenMode::ReadOnly);
    std::int64_t rows = 0;
    for (PartKind kind : allPartKinds) {
        const std::string table(enumName(kind));
        INFO("table " << table);
        // Rows whose part is of another kind, and parts of this kind without a row.
        CHECK(db.queryInt("SELECT count(*) FROM \"" + table + "\" JOIN part USING (id) "
                          "WHERE part.kind <> '" + table + "'")
              == 0);
        CHECK(db.queryInt("SELECT count(*) FROM part WHERE kind = '" + table
                          + "' AND id NOT IN (SELECT id FROM \"" + table + "\")")
              == 0);
        rows += db.queryInt("SELECT count(*) FROM \"" + table + "\"");
    }
    CHECK(rows == 4);
    CHECK(db.queryText("SELECT kind FROM part WHERE id = 'a'") == "psu");
    CHECK(db.queryText("SELECT kind FROM part WHERE id = 'e'") == "nvme");
}
