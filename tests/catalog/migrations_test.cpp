// SPDX-License-Identifier: Apache-2.0
#include "catalog/catalog_reader.h"
#include "catalog/catalog_store.h"
#include "catalog/catalog_writer.h"
#include "catalog/default_catalog.h"
#include "catalog/migrations.h"
#include "catalog/sqlite/database.h"
#include "catalog/sqlite/statement.h"
#include "catalog/sqlite/transaction.h"
#include "core/parts/system_parts.h"
#include "catalog_test_support.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

using namespace infrafit;
using namespace infrafit::catalog;
using namespace infrafit::catalog::test;

namespace {

/// The kinds of the first schema: the only ones a database older than
/// migration 9 can hold (switch and pdu tables came with it).
constexpr std::array<PartKind, 7> firstSchemaKinds{PartKind::Gpu, PartKind::Chassis, PartKind::Cpu,
                                                   PartKind::Nvme, PartKind::Nic, PartKind::Psu,
                                                   PartKind::Cooling};

/// The shipped switches and PDUs, which a catalog upgraded past migration 9
/// gains (catalog_store.cpp) besides its own parts.
std::size_t shippedNetworkParts()
{
    std::size_t n = 0;
    for (const auto& part : defaultCatalogParts())
        n += kindOf(part) == PartKind::Switch || kindOf(part) == PartKind::Pdu;
    return n;
}

/// FNV-1a, to notice any edit of a released migration.
std::uint64_t fingerprint(std::string_view text)
{
    std::uint64_t hash = 14695981039346656037ull;
    for (unsigned char c : text) {
        hash ^= c;
        hash *= 1099511628211ull;
    }
    return hash;
}

int migrate(sqlite::Database& db, std::span<const Migration> list)
{
    sqlite::Transaction transaction(db);
    const int before = applyMigrations(db, list);
    transaction.commit();
    return before;
}

/// Writes `parts` with today's writer into a database at an older schema
/// version, as that version stored them: today's writer also writes
/// migration 5's `part_number` column and migration 8's gpu
/// `partition_profiles`, so the kind tables get those columns for the writes
/// and lose them again afterwards (SQLite >= 3.35 drops columns).
/// Columns of migration 7 (manageability and security), which today's
/// writer writes too: added for the writes and dropped again like part_number.
const std::vector<std::pair<const char*, const char*>> migration7Columns{
    {"chassis", "bmc_type"},        {"chassis", "redfish_version"},
    {"chassis", "secure_boot"},     {"chassis", "tpm"},
    {"chassis", "hardware_root_of_trust"}, {"chassis", "signed_firmware"},
    {"chassis", "oob_management_nic"}, {"chassis", "hot_swap_psus"},
    {"chassis", "hot_swap_fans"},   {"chassis", "service_access"},
    {"nic", "dpu"},                 {"nic", "isolation_offload"},
    // and migration 10's CPU sockets and 11's GPU baseboards, handled the same way.
    {"chassis", "cpu_socket"},      {"cpu", "socket"},
    {"gpu", "baseboard"},           {"chassis", "gpu_baseboards"},
    {"chassis", "node_multiple"},   // and 12's
    {"chassis", "fabric_domain_gpus"}, // and 13's
    {"chassis", "nic_options"},        // and 14's
    {"gpu", "host_link_gbs"},          // and 15's
    {"gpu", "memory_gib"}};            // and 16's

void writeAsOlderSchema(sqlite::Database& db, const std::vector<Part>& parts)
{
    for (PartKind kind : firstSchemaKinds)
        db.exec("ALTER TABLE \"" + std::string(enumName(kind)) + "\" ADD COLUMN part_number TEXT");
    for (const auto& [table, column] : migration7Columns)
        db.exec("ALTER TABLE " + std::string(table) + " ADD COLUMN " + column);
    db.exec("ALTER TABLE gpu ADD COLUMN partition_profiles TEXT");
    {
        CatalogReader reader(db);
        CatalogWriter writer(db, reader);
        for (const auto& part : parts)
            CHECK_FALSE(writer.put(part));
    }
    db.exec("ALTER TABLE gpu DROP COLUMN partition_profiles");
    for (PartKind kind : firstSchemaKinds)
        db.exec("ALTER TABLE \"" + std::string(enumName(kind)) + "\" DROP COLUMN part_number");
    for (const auto& [table, column] : migration7Columns)
        db.exec("ALTER TABLE " + std::string(table) + " DROP COLUMN " + column);
}

/// The columns migrations 10 (CPU sockets), 11 (GPU baseboards), 12 (node
/// multiples), 13 (GPU fabric domains), 14 (NIC options), 15 (GPU host
/// links) and 16 (GPU memory in GiB) add, by the migration that adds them.
struct LaterColumn {
    int migration;
    const char* table;
    const char* column;
};
constexpr std::array<LaterColumn, 9> laterColumns{{{10, "chassis", "cpu_socket"},
                                                   {10, "cpu", "socket"},
                                                   {11, "gpu", "baseboard"},
                                                   {11, "chassis", "gpu_baseboards"},
                                                   {12, "chassis", "node_multiple"},
                                                   {13, "chassis", "fabric_domain_gpus"},
                                                   {14, "chassis", "nic_options"},
                                                   {15, "gpu", "host_link_gbs"},
                                                   {16, "gpu", "memory_gib"}}};

/// `part` without the fields of migration `from` and later (10: sockets,
/// 11: baseboards, 12: node multiples, 13: GPU fabric domains, 14: NIC
/// options, 15: GPU host links, 16: GPU memory in GiB).
Part withoutFieldsFrom(int from, Part part)
{
    if (auto* chassis = std::get_if<Chassis>(&part)) {
        if (from <= 10)
            chassis->cpuSocket.clear();
        if (from <= 11)
            chassis->gpuBaseboards.clear();
        if (from <= 12)
            chassis->nodeMultiple.reset();
        if (from <= 13)
            chassis->fabricDomainGpus.reset();
        if (from <= 14)
            chassis->nicOptions.clear();
    }
    if (auto* cpu = std::get_if<Cpu>(&part); cpu && from <= 10)
        cpu->socket.clear();
    if (auto* gpu = std::get_if<Gpu>(&part)) {
        if (from <= 11)
            gpu->baseboard.clear();
        if (from <= 15)
            gpu->hostLinkGbs.reset();
        gpu->memoryGib.reset();
    }
    return part;
}

/// Writes `parts` (without the fields of migration `from` on) with today's
/// writer into a database of the schema before migration `from`, whose
/// later columns exist only for the write.
void writeBeforeMigration(int from, sqlite::Database& db, const std::vector<Part>& parts)
{
    for (const auto& later : laterColumns)
        if (later.migration >= from)
            db.exec(std::string("ALTER TABLE ") + later.table + " ADD COLUMN " + later.column);
    {
        CatalogReader reader(db);
        CatalogWriter writer(db, reader);
        for (const auto& part : parts)
            CHECK_FALSE(writer.put(withoutFieldsFrom(from, part)));
    }
    for (const auto& later : laterColumns)
        if (later.migration >= from)
            db.exec(std::string("ALTER TABLE ") + later.table + " DROP COLUMN " + later.column);
}

/// The catalog store of a database that was at schema version `from` - 1
/// holding `parts` as that version stored them (writeBeforeMigration), so
/// migration `from` and every later one have run on it.
CatalogStore upgradedCatalog(const std::string& path, int from, const std::vector<Part>& parts)
{
    {
        sqlite::Database db(path, sqlite::OpenMode::ReadWriteCreate);
        db.exec("PRAGMA foreign_keys = ON");
        sqlite::Transaction transaction(db);
        CHECK(applyMigrations(db, catalogMigrations().first(from - 1)) == 0);
        writeBeforeMigration(from, db, parts);
        transaction.commit();
        REQUIRE(db.userVersion() == from - 1);
    }
    auto store = CatalogStore::open(path);
    REQUIRE(store.schemaVersion() == currentSchemaVersion());
    return store;
}

/// `part` without its part number and partition profiles, which a database
/// older than migrations 5 and 8 cannot have kept.
Part withoutPartNumber(Part part)
{
    std::visit([](auto& p) { p.partNumber.clear(); }, part);
    // Nor the manageability and security fields of migration 7.
    if (auto* chassis = std::get_if<Chassis>(&part)) {
        const Chassis blank;
        chassis->bmcType = blank.bmcType;
        chassis->redfishVersion = blank.redfishVersion;
        chassis->secureBoot = blank.secureBoot;
        chassis->tpm = blank.tpm;
        chassis->hardwareRootOfTrust = blank.hardwareRootOfTrust;
        chassis->signedFirmware = blank.signedFirmware;
        chassis->oobManagementNic = blank.oobManagementNic;
        chassis->hotSwapPsus = blank.hotSwapPsus;
        chassis->hotSwapFans = blank.hotSwapFans;
        chassis->serviceAccess = blank.serviceAccess;
        chassis->cpuSocket.clear();     // migration 10
        chassis->gpuBaseboards.clear(); // migration 11
        chassis->nodeMultiple.reset();  // migration 12
        chassis->fabricDomainGpus.reset(); // migration 13
        chassis->nicOptions.clear();       // migration 14
    }
    if (auto* cpu = std::get_if<Cpu>(&part))
        cpu->socket.clear(); // migration 10
    if (auto* nic = std::get_if<Nic>(&part)) {
        nic->dpu.reset();
        nic->isolationOffload.reset();
    }
    if (auto* gpu = std::get_if<Gpu>(&part)) {
        gpu->partitionProfiles.clear();
        gpu->baseboard.clear(); // migration 11
        gpu->hostLinkGbs.reset(); // migration 15
        gpu->memoryGib.reset();   // migration 16
    }
    return part;
}

struct Column {
    std::string name;
    std::string type;
    bool notNull = false;
};

std::vector<Column> columnsOf(sqlite::Database& db, std::string_view table)
{
    auto info = db.prepare("SELECT name, type, \"notnull\" FROM pragma_table_info(?1) ORDER BY cid");
    info.bind(1, table);
    std::vector<Column> columns;
    while (info.step())
        columns.push_back({std::string(info.columnText(0)), std::string(info.columnText(1)),
                           info.columnInt64(2) != 0});
    return columns;
}

std::string sqlType(FieldType type)
{
    switch (type) {
    case FieldType::Number: return "REAL";
    case FieldType::Integer:
    case FieldType::Flag: return "INTEGER";
    case FieldType::Text:
    case FieldType::Choice:
    case FieldType::TextList: return "TEXT";
    }
    return {};
}

} // namespace

TEST_CASE("migrations are numbered 1, 2, ... without gaps", "[catalog][migrations]")
{
    const auto list = catalogMigrations();
    REQUIRE_FALSE(list.empty());
    for (std::size_t i = 0; i < list.size(); ++i)
        CHECK(list[i].version == static_cast<int>(i) + 1);
    CHECK(currentSchemaVersion() == list.back().version);
}

TEST_CASE("migration 1 is frozen", "[catalog][migrations]")
{
    // Released migrations never change: write a new migration instead. If
    // this fails, undo the edit to migration 1.
    CHECK(fingerprint(catalogMigrations()[0].sql) == 0x7422dcb035e872caull);
}

TEST_CASE("migration 1: a fresh database reaches the current version", "[catalog][migrations]")
{
    TempDir dir;
    sqlite::Database db(dir.file("fresh.sqlite"), sqlite::OpenMode::ReadWriteCreate);
    CHECK(migrate(db, catalogMigrations()) == 0);
    CHECK(db.userVersion() == currentSchemaVersion());
    CHECK(db.applicationId() == catalogApplicationId);
    // part, nine kind tables and software_compat (migration 6)
    CHECK(db.queryInt("SELECT count(*) FROM sqlite_schema WHERE type = 'table'") == 11);
    CHECK(db.queryInt("SELECT count(*) FROM sqlite_schema WHERE name = 'part_by_kind'") == 1);
    // Running again changes nothing.
    CHECK(migrate(db, catalogMigrations()) == currentSchemaVersion());
}

TEST_CASE("each kind's table has one typed column per field, in order", "[catalog][migrations]")
{
    TempDir dir;
    sqlite::Database db(dir.file("columns.sqlite"), sqlite::OpenMode::ReadWriteCreate);
    migrate(db, catalogMigrations());
    for (PartKind kind : allPartKinds) {
        DYNAMIC_SECTION("table " << enumName(kind))
        {
            const auto columns = columnsOf(db, enumName(kind));
            const auto fields = fieldsOf(kind);
            // A new field needs a new migration (ALTER TABLE ... ADD COLUMN).
            REQUIRE(columns.size() == fields.size());
            for (std::size_t i = 0; i < fields.size(); ++i) {
                INFO("field " << fields[i].key);
                CHECK(columns[i].name == fields[i].key);
                CHECK(columns[i].type == sqlType(fields[i].type));
                CHECK(columns[i].notNull == fields[i].required);
            }
        }
    }
}

TEST_CASE("the schema keeps ids unique across kinds and kind rows tied to their part",
          "[catalog][migrations]")
{
    TempDir dir;
    sqlite::Database db(dir.file("guard.sqlite"), sqlite::OpenMode::ReadWriteCreate);
    db.exec("PRAGMA foreign_keys = ON");
    migrate(db, catalogMigrations());
    db.exec("INSERT INTO part (id, kind) VALUES ('x', 'cpu')");
    CHECK_THROWS_AS(db.exec("INSERT INTO part (id, kind) VALUES ('x', 'gpu')"), StoreError);
    CHECK_THROWS_AS(db.exec("INSERT INTO part (id, kind) VALUES ('y', 'toaster')"), StoreError);
    CHECK_THROWS_AS(db.exec("INSERT INTO psu (id, vendor, model, watts, efficiency) "
                            "VALUES ('nobody', 'v', 'm', 1000, 0.9)"),
                    StoreError);
    CHECK_NOTHROW(db.exec("INSERT INTO cpu (id, vendor, model, cores, tdp_w, pcie_lanes, pcie_gen, "
                          "memory_bandwidth_gbs) VALUES ('x', 'v', 'm', 64, 300, 128, 5, 400)"));
    CHECK_THROWS_AS(db.exec("INSERT INTO cpu (id, vendor, model, cores, tdp_w, pcie_lanes, pcie_gen, "
                            "memory_bandwidth_gbs) VALUES ('x', 'v', 'm', 64, 300, 128, 5, 400)"),
                    StoreError);
    // That a row lives in its part's kind's table is the store's invariant
    // since migration 2 (see catalog_store_crud_test).
    CHECK(db.queryInt("SELECT count(*) FROM sqlite_schema WHERE type = 'trigger'") == 0);
}

TEST_CASE("migration 2: a version 1 catalog keeps its parts and loses the kind triggers",
          "[catalog][migrations]")
{
    TempDir dir;
    const auto path = dir.file("v1.sqlite");
    std::vector<Part> parts;
    for (std::size_t i = 0; i < firstSchemaKinds.size(); ++i) {
        // Not a chassis: today's writer writes `system_parts`, a column of
        // migration 3 that a version 1 database does not have yet.
        if (firstSchemaKinds[i] != PartKind::Chassis)
            parts.push_back(
                fullPart(firstSchemaKinds[i], "v1-" + std::to_string(i), static_cast<int>(i)));
    }
    {
        // A version 1 database with data, written by the writer the store uses.
        sqlite::Database db(path, sqlite::OpenMode::ReadWriteCreate);
        db.exec("PRAGMA foreign_keys = ON");
        sqlite::Transaction transaction(db);
        CHECK(applyMigrations(db, catalogMigrations().first(1)) == 0);
        writeAsOlderSchema(db, parts);
        transaction.commit();
        REQUIRE(db.userVersion() == 1);
        REQUIRE(db.queryInt("SELECT count(*) FROM sqlite_schema WHERE type = 'trigger'") == 7);
    }
    auto store = CatalogStore::open(path);
    CHECK(store.schemaVersion() == currentSchemaVersion());
    REQUIRE(store.count() == parts.size() + shippedNetworkParts()); // not reseeded: the database was not new
    for (const auto& part : parts) {
        const auto stored = store.find(infoOf(part).id);
        REQUIRE(stored);
        CHECK(sameFields(*stored, withoutPartNumber(part)));
    }
    // Still writable, also across kinds.
    store.importParts({fullPart(PartKind::Psu, "v1-0"), fullPart(PartKind::Gpu, "v2-new")});
    CHECK(kindOf(*store.find("v1-0")) == PartKind::Psu);
    CHECK(store.count() == parts.size() + shippedNetworkParts() + 1);
    sqlite::Database db(path, sqlite::OpenMode::ReadOnly);
    CHECK(db.queryInt("SELECT count(*) FROM sqlite_schema WHERE type = 'trigger'") == 0);
    CHECK(db.queryInt("SELECT count(*) FROM gpu WHERE id = 'v1-0'") == 0);
}

TEST_CASE("migration 3: a version 2 catalog gets a row version of 1 for every part",
          "[catalog][migrations]")
{
    TempDir dir;
    const auto path = dir.file("v2.sqlite");
    std::vector<Part> parts;
    // Chassis are left out: today's writer also fills migration 4's
    // system_parts column, which a version 2 database does not have yet
    // (migration 4's own test covers chassis).
    for (std::size_t i = 0; i < firstSchemaKinds.size(); ++i)
        if (firstSchemaKinds[i] != PartKind::Chassis)
            parts.push_back(
                fullPart(firstSchemaKinds[i], "v2-" + std::to_string(i), static_cast<int>(i)));
    {
        sqlite::Database db(path, sqlite::OpenMode::ReadWriteCreate);
        db.exec("PRAGMA foreign_keys = ON");
        sqlite::Transaction transaction(db);
        CHECK(applyMigrations(db, catalogMigrations().first(2)) == 0);
        writeAsOlderSchema(db, parts); // new parts only: no version column yet
        transaction.commit();
        REQUIRE(db.userVersion() == 2);
        CHECK(columnsOf(db, "part").size() == 2);
    }
    auto store = CatalogStore::open(path);
    CHECK(store.schemaVersion() == currentSchemaVersion());
    REQUIRE(store.count() == parts.size() + shippedNetworkParts());
    for (const auto& part : parts) {
        CHECK(store.version(infoOf(part).id) == std::optional<std::int64_t>(1));
        CHECK(sameFields(*store.find(infoOf(part).id), withoutPartNumber(part)));
    }
    // Every later write of a part raises its version; other parts keep theirs.
    store.update("v2-0", fullPart(kindOf(parts[0]), "v2-0", 9));
    CHECK(store.version("v2-0") == std::optional<std::int64_t>(2));
    store.importParts({fullPart(PartKind::Psu, "v2-0")}); // replaced, and of another kind
    CHECK(store.version("v2-0") == std::optional<std::int64_t>(3));
    CHECK(store.version(infoOf(parts[1]).id) == std::optional<std::int64_t>(1));
    store.add(fullPart(PartKind::Gpu, "brand-new"));
    CHECK(store.version("brand-new") == std::optional<std::int64_t>(1));
    CHECK_FALSE(store.version("no-such-part"));
    sqlite::Database db(path, sqlite::OpenMode::ReadOnly);
    const auto columns = columnsOf(db, "part");
    REQUIRE(columns.size() == 3);
    CHECK(columns[2].name == "version");
    CHECK(columns[2].type == "INTEGER");
    CHECK(columns[2].notNull);
}

TEST_CASE("migration 4: a version 3 catalog's chassis gain empty system parts",
          "[catalog][migrations]")
{
    TempDir dir;
    const auto path = dir.file("v3.sqlite");
    {
        // A version 3 database with a chassis, written as version 3 wrote it.
        sqlite::Database db(path, sqlite::OpenMode::ReadWriteCreate);
        sqlite::Transaction transaction(db);
        CHECK(applyMigrations(db, catalogMigrations().first(3)) == 0);
        db.exec("INSERT INTO part (id, kind) VALUES ('dgx', 'chassis')");
        db.exec("INSERT INTO chassis (id, vendor, model, rack_units, max_gpus, gpu_form_factor, "
                "max_gpu_tdp_w, cpu_sockets, nvme_bays, pcie_slots, psu_slots, base_power_w, "
                "cooling, gpu_fabric) VALUES ('dgx', 'NVIDIA', 'DGX H100', 8, 8, 'sxm', 700, 2, "
                "8, 10, 6, 4600, 'air', 'nvswitch')");
        transaction.commit();
        REQUIRE(db.userVersion() == 3);
    }
    auto store = CatalogStore::open(path);
    CHECK(store.schemaVersion() == currentSchemaVersion());
    const auto before = store.find("dgx");
    REQUIRE(before);
    REQUIRE(kindOf(*before) == PartKind::Chassis);
    CHECK(std::get<Chassis>(*before).systemParts.empty());
    CHECK(std::get<Chassis>(*before).model == "DGX H100");
    // The new column stores and reads back a complete system's parts.
    Chassis updated = std::get<Chassis>(*before);
    updated.priceIncludesParts = true;
    updated.systemParts = {"intel-xeon-platinum-8480plus:2", "nvidia-connectx-7-ndr-osfp:8"};
    store.importParts({Part(updated)});
    const auto after = store.find("dgx");
    REQUIRE(after);
    CHECK(std::get<Chassis>(*after).systemParts == updated.systemParts);
}

TEST_CASE("an older database is upgraded with its data kept", "[catalog][migrations]")
{
    TempDir dir;
    const auto path = dir.file("old.sqlite");
    {
        // A catalog at version 1 with data, written through the store.
        auto store = CatalogStore::open(path, OpenOptions{false});
        store.importParts({fullPart(PartKind::Gpu, "g"), fullPart(PartKind::Psu, "p")});
    }
    // A future migration, applied the way the store applies migrations.
    const int next = currentSchemaVersion() + 1;
    std::vector<Migration> list(catalogMigrations().begin(), catalogMigrations().end());
    list.push_back({next, "ALTER TABLE gpu ADD COLUMN test_only_field REAL;"
                          "UPDATE gpu SET test_only_field = tdp_w * 2;"});
    sqlite::Database db(path, sqlite::OpenMode::ReadWrite);
    CHECK(migrate(db, list) == currentSchemaVersion());
    CHECK(db.userVersion() == next);
    CHECK(db.queryInt("SELECT count(*) FROM part") == 2);
    CHECK(db.queryText("SELECT vendor FROM gpu WHERE id = 'g'") == "text of vendor 0");
    CHECK(db.queryInt("SELECT count(*) FROM gpu WHERE test_only_field > 0") == 1);
}

TEST_CASE("a failing migration leaves the database as it was", "[catalog][migrations]")
{
    TempDir dir;
    const auto path = dir.file("fail.sqlite");
    {
        auto store = CatalogStore::open(path, OpenOptions{false});
        store.add(fullPart(PartKind::Nic, "n"));
    }
    std::vector<Migration> list(catalogMigrations().begin(), catalogMigrations().end());
    list.push_back({currentSchemaVersion() + 1,
                    "CREATE TABLE extra (x INTEGER); INSERT INTO no_such_table VALUES (1);"});
    sqlite::Database db(path, sqlite::OpenMode::ReadWrite);
    CHECK_THROWS_AS(migrate(db, list), StoreError);
    CHECK(db.userVersion() == currentSchemaVersion());
    CHECK(db.queryInt("SELECT count(*) FROM sqlite_schema WHERE name = 'extra'") == 0);
    CHECK(db.queryInt("SELECT count(*) FROM nic") == 1);
}

TEST_CASE("migration refuses newer and foreign databases", "[catalog][migrations]")
{
    TempDir dir;
    sqlite::Database newer(dir.file("newer.sqlite"), sqlite::OpenMode::ReadWriteCreate);
    migrate(newer, catalogMigrations());
    newer.setUserVersion(currentSchemaVersion() + 1);
    try {
        migrate(newer, catalogMigrations());
        FAIL("expected NewerSchema");
    } catch (const StoreError& error) {
        CHECK(error.kind() == StoreErrorKind::NewerSchema);
    }

    sqlite::Database foreign(dir.file("foreign.sqlite"), sqlite::OpenMode::ReadWriteCreate);
    foreign.exec("CREATE TABLE t (x)");
    try {
        migrate(foreign, catalogMigrations());
        FAIL("expected NotADatabase");
    } catch (const StoreError& error) {
        CHECK(error.kind() == StoreErrorKind::NotADatabase);
    }
    CHECK(foreign.userVersion() == 0);
}

TEST_CASE("migration 5: every kind gains an empty part number that then stores and reads back",
          "[catalog][migrations]")
{
    TempDir dir;
    const auto path = dir.file("v4.sqlite");
    std::vector<Part> parts;
    for (std::size_t i = 0; i < firstSchemaKinds.size(); ++i)
        parts.push_back(fullPart(firstSchemaKinds[i], "v4-" + std::to_string(i), static_cast<int>(i)));
    {
        sqlite::Database db(path, sqlite::OpenMode::ReadWriteCreate);
        db.exec("PRAGMA foreign_keys = ON");
        sqlite::Transaction transaction(db);
        CHECK(applyMigrations(db, catalogMigrations().first(4)) == 0);
        writeAsOlderSchema(db, parts);
        transaction.commit();
        REQUIRE(db.userVersion() == 4);
    }
    auto store = CatalogStore::open(path);
    CHECK(store.schemaVersion() == currentSchemaVersion());
    REQUIRE(store.count() == parts.size() + shippedNetworkParts());
    for (const auto& part : parts) {
        const auto stored = store.find(infoOf(part).id);
        REQUIRE(stored);
        CHECK(infoOf(*stored).partNumber.empty());
        CHECK(sameFields(*stored, withoutPartNumber(part)));
    }
    Part numbered = parts.front();
    std::visit([](auto& p) { p.partNumber = "TEST-PN-0001"; }, numbered);
    store.importParts({numbered});
    const auto after = store.find(infoOf(numbered).id);
    REQUIRE(after);
    CHECK(infoOf(*after).partNumber == "TEST-PN-0001");
    sqlite::Database db(path, sqlite::OpenMode::ReadOnly);
    CHECK(db.queryText("SELECT part_number FROM \"" + std::string(enumName(kindOf(numbered)))
                       + "\" WHERE id = '" + infoOf(numbered).id + "'")
          == "TEST-PN-0001");
}

TEST_CASE("migration 8: a GPU gains empty partition profiles that then store and read back",
          "[catalog][migrations]")
{
    TempDir dir;
    const auto path = dir.file("v7.sqlite");
    // The shipped H100's id: migration 8 gives it its MIG profiles
    // (docs/reference/partitioning.md §1); another GPU keeps none.
    const std::vector<Part> parts{fullPart(PartKind::Gpu, "v5-gpu"),
                                  fullPart(PartKind::Psu, "v5-psu"),
                                  fullPart(PartKind::Gpu, "nvidia-h100-sxm5-80gb")};
    {
        sqlite::Database db(path, sqlite::OpenMode::ReadWriteCreate);
        db.exec("PRAGMA foreign_keys = ON");
        sqlite::Transaction transaction(db);
        CHECK(applyMigrations(db, catalogMigrations().first(7)) == 0);
        // Version 7 has every other column already: write, then drop only the
        // gpu columns of migrations 8, 11, 15 and 16.
        db.exec("ALTER TABLE gpu ADD COLUMN partition_profiles TEXT");
        db.exec("ALTER TABLE gpu ADD COLUMN baseboard TEXT");
        db.exec("ALTER TABLE gpu ADD COLUMN host_link_gbs REAL");
        db.exec("ALTER TABLE gpu ADD COLUMN memory_gib REAL");
        {
            CatalogReader reader(db);
            CatalogWriter writer(db, reader);
            for (const auto& part : parts)
                CHECK_FALSE(writer.put(withoutFieldsFrom(11, part)));
        }
        db.exec("ALTER TABLE gpu DROP COLUMN partition_profiles");
        db.exec("ALTER TABLE gpu DROP COLUMN baseboard");
        db.exec("ALTER TABLE gpu DROP COLUMN host_link_gbs");
        db.exec("ALTER TABLE gpu DROP COLUMN memory_gib");
        transaction.commit();
        REQUIRE(db.userVersion() == 7);
    }
    auto store = CatalogStore::open(path);
    CHECK(store.schemaVersion() == currentSchemaVersion());
    const auto shipped = store.find("nvidia-h100-sxm5-80gb");
    REQUIRE(shipped);
    const auto& profiles = std::get<Gpu>(*shipped).partitionProfiles;
    REQUIRE(profiles.size() == 6);
    CHECK(profiles.front() == "1g.10gb compute=1/7 memory=1/8 memory_gb=10 max=7");
    const auto gpu = store.find("v5-gpu");
    REQUIRE(gpu);
    CHECK(std::get<Gpu>(*gpu).partitionProfiles.empty());
    CHECK(infoOf(*gpu).partNumber == infoOf(parts.front()).partNumber);
    Gpu updated = std::get<Gpu>(*gpu);
    updated.partitionProfiles = {"1g.10gb compute=1/7 memory=1/8 memory_gb=10 max=7"};
    store.importParts({Part(updated)});
    const auto after = store.find("v5-gpu");
    REQUIRE(after);
    CHECK(std::get<Gpu>(*after).partitionProfiles == updated.partitionProfiles);
}

TEST_CASE("migration 9: a version 8 catalog keeps every part and gains switch and pdu kinds",
          "[catalog][migrations]")
{
    TempDir dir;
    const auto path = dir.file("v8.sqlite");
    std::vector<Part> parts;
    for (std::size_t i = 0; i < firstSchemaKinds.size(); ++i)
        parts.push_back(fullPart(firstSchemaKinds[i], "v8-" + std::to_string(i), static_cast<int>(i)));
    {
        // A version 8 database written as version 8 wrote it: every column
        // of the seven first kinds exists already, so today's writer writes them.
        sqlite::Database db(path, sqlite::OpenMode::ReadWriteCreate);
        db.exec("PRAGMA foreign_keys = ON");
        sqlite::Transaction transaction(db);
        CHECK(applyMigrations(db, catalogMigrations().first(8)) == 0);
        writeBeforeMigration(10, db, parts);
        // A part edited since it was written: its row version must survive the rebuild.
        db.exec("UPDATE part SET version = 7 WHERE id = 'v8-2'");
        CHECK_THROWS_AS(db.exec("INSERT INTO part (id, kind) VALUES ('s', 'switch')"), StoreError);
        transaction.commit();
        REQUIRE(db.userVersion() == 8);
    }
    auto store = CatalogStore::open(path);
    CHECK(store.schemaVersion() == currentSchemaVersion());
    for (const auto& part : parts) {
        const auto stored = store.find(infoOf(part).id);
        REQUIRE(stored);
        CHECK(sameFields(*stored, withoutFieldsFrom(10, part)));
    }
    CHECK(store.version("v8-2") == std::optional<std::int64_t>(7));
    CHECK(store.version("v8-0") == std::optional<std::int64_t>(1));
    // The upgrade brings the shipped switches and PDUs, not the other shipped parts.
    CHECK(store.count(PartKind::Gpu) == 1);
    CHECK(store.find("nvidia-qm9700"));
    CHECK(store.find("apc-ap8886"));
    CHECK(store.count(PartKind::Switch) >= 3);
    CHECK(store.count(PartKind::Pdu) >= 1);
    // The new kinds store and read back every field.
    const Part sw = fullPart(PartKind::Switch, "new-switch", 3);
    const Part pdu = fullPart(PartKind::Pdu, "new-pdu", 4);
    store.importParts({sw, pdu});
    CHECK(sameFields(*store.find("new-switch"), sw));
    CHECK(sameFields(*store.find("new-pdu"), pdu));

    sqlite::Database db(path, sqlite::OpenMode::ReadWrite);
    db.exec("PRAGMA foreign_keys = ON");
    // The kind check still refuses an unknown kind, and kind rows still need their part.
    CHECK_THROWS_AS(db.exec("INSERT INTO part (id, kind) VALUES ('t', 'toaster')"), StoreError);
    CHECK_THROWS_AS(db.exec("INSERT INTO pdu (id, vendor, model, outlets_c13, outlets_c19, phases, "
                            "voltage_v, breaker_a, rack_units) VALUES ('orphan', 'v', 'm', 1, 1, 3, "
                            "400, 32, 0)"),
                    StoreError);
    CHECK(db.queryInt("SELECT count(*) FROM sqlite_schema WHERE name = 'part_by_kind'") == 1);
    CHECK(db.queryInt("SELECT count(*) FROM sqlite_schema WHERE name LIKE '%migration9%'") == 0);
    CHECK(db.queryInt("SELECT count(*) FROM pragma_foreign_key_check") == 0);
}

TEST_CASE("migration 10: shipped CPUs and chassis gain their sockets, others stay unknown",
          "[catalog][migrations]")
{
    TempDir dir;
    const auto path = dir.file("v9.sqlite");
    const std::vector<Part> parts{fullPart(PartKind::Cpu, "nvidia-grace"),
                                  fullPart(PartKind::Chassis, "dell-poweredge-xe9680"),
                                  fullPart(PartKind::Cpu, "v9-cpu")};
    auto store = upgradedCatalog(path, 10, parts);
    const auto grace = store.find("nvidia-grace");
    REQUIRE(grace);
    CHECK(std::get<Cpu>(*grace).socket == "Grace module");
    CHECK(store.version("nvidia-grace") == std::optional<std::int64_t>(2));
    const auto xe9680 = store.find("dell-poweredge-xe9680");
    REQUIRE(xe9680);
    CHECK(std::get<Chassis>(*xe9680).cpuSocket == "LGA4677");
    const auto own = store.find("v9-cpu");
    REQUIRE(own);
    CHECK(std::get<Cpu>(*own).socket.empty());
    CHECK(store.version("v9-cpu") == std::optional<std::int64_t>(1));
    Cpu updated = std::get<Cpu>(*own);
    updated.socket = "SP5";
    store.importParts({Part(updated)});
    CHECK(std::get<Cpu>(*store.find("v9-cpu")).socket == "SP5");
}

TEST_CASE("migration 11: shipped GPUs and chassis gain their baseboards, others stay unknown",
          "[catalog][migrations]")
{
    TempDir dir;
    const auto path = dir.file("v10.sqlite");
    const std::vector<Part> parts{fullPart(PartKind::Gpu, "nvidia-h200-sxm-141gb"),
                                  fullPart(PartKind::Chassis, "nvidia-gb200-nvl72-compute-tray"),
                                  fullPart(PartKind::Chassis, "dell-poweredge-xe9680"),
                                  fullPart(PartKind::Gpu, "v10-gpu")};
    auto store = upgradedCatalog(path, 11, parts);
    const auto h200 = store.find("nvidia-h200-sxm-141gb");
    REQUIRE(h200);
    CHECK(std::get<Gpu>(*h200).baseboard == "HGX H200");
    CHECK(store.version("nvidia-h200-sxm-141gb") == std::optional<std::int64_t>(2));
    const auto tray = store.find("nvidia-gb200-nvl72-compute-tray");
    REQUIRE(tray);
    const auto& trayChassis = std::get<Chassis>(*tray);
    CHECK(trayChassis.gpuBaseboards == std::vector<std::string>{"GB200 NVL72"});
    // The point of the migration: the tray no longer takes H200 modules.
    CHECK_FALSE(trayChassis.acceptsGpuBaseboard(std::get<Gpu>(*h200).baseboard));
    const auto xe9680 = store.find("dell-poweredge-xe9680");
    REQUIRE(xe9680);
    CHECK(std::get<Chassis>(*xe9680).acceptsGpuBaseboard("HGX H200"));
    CHECK(std::get<Chassis>(*xe9680).acceptsGpuBaseboard("mi300x ubb"));
    // Everything else stored stays as written.
    CHECK(sameFields(*xe9680, [&] {
        Part expected = withoutFieldsFrom(11, parts[2]);
        std::get<Chassis>(expected).gpuBaseboards = std::get<Chassis>(*xe9680).gpuBaseboards;
        return expected;
    }()));
    const auto own = store.find("v10-gpu");
    REQUIRE(own);
    CHECK(std::get<Gpu>(*own).baseboard.empty());
    CHECK(store.version("v10-gpu") == std::optional<std::int64_t>(1));
    Gpu updated = std::get<Gpu>(*own);
    updated.baseboard = "HGX H100";
    store.importParts({Part(updated)});
    CHECK(std::get<Gpu>(*store.find("v10-gpu")).baseboard == "HGX H100");
}

TEST_CASE("migration 12: the shipped GB200 tray is sold in racks of 18, other chassis stay unknown",
          "[catalog][migrations]")
{
    TempDir dir;
    const auto path = dir.file("v11.sqlite");
    const std::vector<Part> parts{fullPart(PartKind::Chassis, "nvidia-gb200-nvl72-compute-tray"),
                                  fullPart(PartKind::Chassis, "v11-chassis")};
    auto store = upgradedCatalog(path, 12, parts);
    const auto tray = store.find("nvidia-gb200-nvl72-compute-tray");
    REQUIRE(tray);
    CHECK(std::get<Chassis>(*tray).nodeMultiple == std::optional<int>(18));
    // Migrations 12, 13 and 14 each raise the tray's row version.
    CHECK(store.version("nvidia-gb200-nvl72-compute-tray") == std::optional<std::int64_t>(4));
    const auto own = store.find("v11-chassis");
    REQUIRE(own);
    CHECK_FALSE(std::get<Chassis>(*own).nodeMultiple);
    CHECK(sameFields(*own, withoutFieldsFrom(12, parts[1])));
    Chassis updated = std::get<Chassis>(*own);
    updated.nodeMultiple = 4;
    store.importParts({Part(updated)});
    CHECK(std::get<Chassis>(*store.find("v11-chassis")).nodeMultiple == std::optional<int>(4));
}

TEST_CASE("migrations 11 to 16 give every shipped part exactly the default catalog's values",
          "[catalog][migrations]")
{
    // The migrations' SQL repeats default-catalog.json's baseboards, node
    // multiples, GPU fabric domains, NIC options, host links and GiB memories by hand: an upgraded catalog must end
    // up field for field as a fresh one.
    TempDir dir;
    const auto path = dir.file("v10-all.sqlite");
    const std::vector<Part> shipped = defaultCatalogParts();
    auto store = upgradedCatalog(path, 11, shipped);
    for (const auto& part : shipped) {
        INFO(infoOf(part).id);
        const auto stored = store.find(infoOf(part).id);
        REQUIRE(stored);
        CHECK(sameFields(*stored, part));
    }
}

TEST_CASE("migration 13: the shipped GB200 tray is one 72-GPU NVLink domain, other chassis stay "
          "unknown",
          "[catalog][migrations]")
{
    TempDir dir;
    const auto path = dir.file("v12.sqlite");
    const std::vector<Part> parts{fullPart(PartKind::Chassis, "nvidia-gb200-nvl72-compute-tray"),
                                  fullPart(PartKind::Chassis, "v12-chassis")};
    auto store = upgradedCatalog(path, 13, parts);
    const auto tray = store.find("nvidia-gb200-nvl72-compute-tray");
    REQUIRE(tray);
    CHECK(std::get<Chassis>(*tray).fabricDomainGpus == std::optional<int>(72));
    // The value written before migration 13 (fullPart's node multiple) stays.
    CHECK(std::get<Chassis>(*tray).nodeMultiple
          == std::get<Chassis>(parts[0]).nodeMultiple);
    // Migrations 13 and 14 each raise the tray's row version.
    CHECK(store.version("nvidia-gb200-nvl72-compute-tray") == std::optional<std::int64_t>(3));
    const auto own = store.find("v12-chassis");
    REQUIRE(own);
    CHECK_FALSE(std::get<Chassis>(*own).fabricDomainGpus);
    CHECK(sameFields(*own, withoutFieldsFrom(13, parts[1])));
    Chassis updated = std::get<Chassis>(*own);
    updated.fabricDomainGpus = 16;
    store.importParts({Part(updated)});
    CHECK(std::get<Chassis>(*store.find("v12-chassis")).fabricDomainGpus
          == std::optional<int>(16));
}

TEST_CASE("migration 14: the shipped GB200 tray takes only its own NICs, other chassis any",
          "[catalog][migrations]")
{
    TempDir dir;
    const auto path = dir.file("v13.sqlite");
    const std::vector<Part> parts{fullPart(PartKind::Chassis, "nvidia-gb200-nvl72-compute-tray"),
                                  fullPart(PartKind::Chassis, "v13-chassis")};
    auto store = upgradedCatalog(path, 14, parts);
    const auto tray = store.find("nvidia-gb200-nvl72-compute-tray");
    REQUIRE(tray);
    const Chassis& t = std::get<Chassis>(*tray);
    CHECK(t.nicOptions
          == std::vector<std::string>{"nvidia-connectx-7-ndr-osfp:4",
                                      "nvidia-bluefield-3-b3140h-supernic:4"});
    CHECK(chassisTakesNic(t, "nvidia-connectx-7-ndr-osfp", 4));
    CHECK_FALSE(chassisTakesNic(t, "nvidia-connectx-7-ndr-osfp", 2));
    CHECK_FALSE(chassisTakesNic(t, "intel-e810-cqda2", 4));
    // The value written before migration 14 (fullPart's fabric domain) stays.
    CHECK(t.fabricDomainGpus == std::get<Chassis>(parts[0]).fabricDomainGpus);
    CHECK(store.version("nvidia-gb200-nvl72-compute-tray") == std::optional<std::int64_t>(2));
    const auto own = store.find("v13-chassis");
    REQUIRE(own);
    CHECK(std::get<Chassis>(*own).nicOptions.empty());
    CHECK(chassisTakesNic(std::get<Chassis>(*own), "intel-e810-cqda2", 1));
    CHECK(sameFields(*own, withoutFieldsFrom(14, parts[1])));
    Chassis updated = std::get<Chassis>(*own);
    updated.nicOptions = {"intel-e810-cqda2"};
    store.importParts({Part(updated)});
    const auto back = store.find("v13-chassis");
    REQUIRE(back);
    CHECK(std::get<Chassis>(*back).nicOptions == std::vector<std::string>{"intel-e810-cqda2"});
    // An option without a count takes any count.
    CHECK(chassisTakesNic(std::get<Chassis>(*back), "intel-e810-cqda2", 3));
}

TEST_CASE("migration 15: the shipped GB200 reaches Grace's memory over NVLink-C2C, other GPUs "
          "over PCIe",
          "[catalog][migrations]")
{
    TempDir dir;
    const auto path = dir.file("v14.sqlite");
    const std::vector<Part> parts{fullPart(PartKind::Gpu, "nvidia-gb200-per-gpu"),
                                  fullPart(PartKind::Gpu, "v14-gpu")};
    auto store = upgradedCatalog(path, 15, parts);
    const auto gb200 = store.find("nvidia-gb200-per-gpu");
    REQUIRE(gb200);
    const Gpu& g = std::get<Gpu>(*gb200);
    CHECK(g.hostLinkGbs == std::optional<double>(225));
    // The value written before migration 15 (fullPart's baseboard) stays.
    CHECK(g.baseboard == std::get<Gpu>(parts[0]).baseboard);
    CHECK(store.version("nvidia-gb200-per-gpu") == std::optional<std::int64_t>(2));
    const auto own = store.find("v14-gpu");
    REQUIRE(own);
    CHECK_FALSE(std::get<Gpu>(*own).hostLinkGbs);
    CHECK(sameFields(*own, withoutFieldsFrom(15, parts[1])));
    Gpu updated = std::get<Gpu>(*own);
    updated.hostLinkGbs = 450;
    store.importParts({Part(updated)});
    CHECK(std::get<Gpu>(*store.find("v14-gpu")).hostLinkGbs == std::optional<double>(450));
}

/// A shipped GPU as catalogs before migration 16 stored it: no memory_gib,
/// and neither its note nor its estimate mark (build_default_catalog.py
/// writes both last).
Part beforeMigration16(Part part)
{
    if (auto* gpu = std::get_if<Gpu>(&part)) {
        gpu->memoryGib.reset();
        auto& estimated = gpu->estimatedFields;
        estimated.erase(std::remove(estimated.begin(), estimated.end(), "memory_gib"),
                        estimated.end());
        for (const char* mark : {"[InfraFit estimate] memory_gib", "Memory in GiB:"})
            if (const auto at = gpu->notes.find(mark); at != std::string::npos)
                gpu->notes.erase(at > 0 ? at - 1 : at);
    }
    return part;
}

TEST_CASE("migration 16 brings stored shipped GPUs to the default catalog's memory, notes and "
          "estimates",
          "[catalog][migrations]")
{
    TempDir dir;
    const auto path = dir.file("v15-shipped.sqlite");
    const std::vector<Part> shipped = defaultCatalogParts();
    std::vector<Part> stored;
    int hbm = 0;
    int noteStripped = 0;
    for (const auto& part : shipped) {
        stored.push_back(beforeMigration16(part));
        if (const auto* gpu = std::get_if<Gpu>(&part); gpu && gpu->memoryGib) {
            ++hbm;
            // The stored row must lack the note (else the migration's guard
            // would skip it and the comparison below would prove nothing).
            noteStripped += std::get<Gpu>(stored.back()).notes != gpu->notes ? 1 : 0;
        }
    }
    REQUIRE(hbm == 18); // every shipped HBM GPU
    REQUIRE(noteStripped == hbm);
    auto store = upgradedCatalog(path, 16, stored);
    for (const auto& part : shipped) {
        INFO(infoOf(part).id);
        const auto found = store.find(infoOf(part).id);
        REQUIRE(found);
        CHECK(sameFields(*found, part));
    }
}

TEST_CASE("migration 16: the shipped HBM GPUs count their memory in GiB, other GPUs in 10^9 bytes",
          "[catalog][migrations]")
{
    TempDir dir;
    const auto path = dir.file("v15.sqlite");
    Part h100 = fullPart(PartKind::Gpu, "nvidia-h100-sxm5-80gb");
    std::get<Gpu>(h100).memoryGb = 80;
    Part edited = fullPart(PartKind::Gpu, "amd-mi300x-192gb");
    std::get<Gpu>(edited).memoryGb = 190; // a user's own figure for a shipped id, in 10^9 bytes
    const std::vector<Part> parts{h100, edited, fullPart(PartKind::Gpu, "v15-gpu")};
    auto store = upgradedCatalog(path, 16, parts);
    const auto shipped = store.find("nvidia-h100-sxm5-80gb");
    REQUIRE(shipped);
    const Gpu& g = std::get<Gpu>(*shipped);
    CHECK(g.memoryGib == std::optional<double>(80));
    CHECK(g.notes.ends_with("(vllm-project/vllm issue #27508)."));
    CHECK(store.version("nvidia-h100-sxm5-80gb") == std::optional<std::int64_t>(2));
    // A capacity the user changed stays in the unit they wrote it in.
    const auto own = store.find("amd-mi300x-192gb");
    REQUIRE(own);
    CHECK_FALSE(std::get<Gpu>(*own).memoryGib);
    CHECK(sameFields(*own, withoutFieldsFrom(16, parts[1])));
    CHECK(store.version("amd-mi300x-192gb") == std::optional<std::int64_t>(1));
    const auto other = store.find("v15-gpu");
    REQUIRE(other);
    CHECK_FALSE(std::get<Gpu>(*other).memoryGib);
    CHECK(sameFields(*other, withoutFieldsFrom(16, parts[2])));
    Gpu updated = std::get<Gpu>(*other);
    updated.memoryGib = 24;
    store.importParts({Part(updated)});
    CHECK(std::get<Gpu>(*store.find("v15-gpu")).memoryGib == std::optional<double>(24));
}
