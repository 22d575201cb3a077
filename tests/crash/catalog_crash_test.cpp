// SPDX-License-Identifier: Apache-2.0
// The crash harness (issue 22, item 3): import, first-use creation, export
// and a series of saves are each ended at every write, sync and truncate
// SQLite makes (before and after the call) by the fault-injecting VFS. After
// each kill: `catalog list` opens the catalog (never calling it broken), it
// passes PRAGMA integrity_check, and it holds the old or the new state.
#include "catalog/catalog_store.h"
#include "catalog/catalog_test_support.h"
#include "core/io/catalog_json.h"
#include "crash/crash_harness.h"
#include "support/child_process.h"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <iostream>

#include <unistd.h>

using namespace infrafit;
using infrafit::catalog::CatalogStore;
using infrafit::catalog::OpenOptions;
using infrafit::catalog::test::fullPart;
using infrafit::catalog::test::TempDir;
using infrafit::catalog::test::writeBytes;
using infrafit::test::checksum;
using infrafit::test::CliResult;
using infrafit::test::copyDatabase;
using infrafit::test::integrityCheck;
using infrafit::test::listCatalogJson;
using infrafit::test::removeDatabase;
using infrafit::test::runCli;
using infrafit::test::sweepKillPoints;

namespace {

namespace fs = std::filesystem;

/// `count` parts over all kinds; `variant` changes every field.
std::vector<Part> generatedParts(int first, int count, int variant)
{
    std::vector<Part> parts;
    for (int i = first; i < first + count; ++i)
        parts.push_back(fullPart(allPartKinds[static_cast<std::size_t>(i) % allPartKinds.size()],
                                 "part-" + std::to_string(i), variant));
    return parts;
}

/// A closed catalog (no -wal) holding `parts`.
void makeCatalog(const std::string& path, const std::vector<Part>& parts)
{
    auto store = CatalogStore::open(path, OpenOptions{false});
    store.importParts(parts);
}

/// The first command after a crash: it must open the catalog and not call
/// it broken. Returns the listing's checksum (the whole catalog as JSON).
std::string listedState(const std::string& path)
{
    const CliResult listed = listCatalogJson(path);
    INFO(listed.err);
    REQUIRE(listed.exitCode == 0);
    CHECK(listed.err.find("not an InfraFit catalog") == std::string::npos);
    CHECK(listed.err.find("moved") == std::string::npos);
    REQUIRE(integrityCheck(path) == "ok");
    return checksum(listed.out);
}

} // namespace

TEST_CASE("crash harness: import killed at every write and sync", "[crash][import]")
{
    TempDir dir;
    const auto old = dir.file("old.sqlite");
    const auto path = dir.file("catalog.sqlite");
    const auto incoming = dir.file("incoming.json");
    makeCatalog(old, generatedParts(0, 120, 1));
    // Replaces 60 of the old parts and adds 100.
    writeBytes(incoming, catalogToJson(generatedParts(60, 160, 2)));
    const auto setUp = [&] { copyDatabase(old, path); };
    const auto import = [&] {
        const auto result = runCli({"catalog", "import", incoming, "--db", path});
        if (result.exitCode != 0)
            throw std::runtime_error(result.err);
    };
    setUp();
    const std::string oldState = listedState(path);
    setUp();
    import();
    const std::string newState = listedState(path);
    REQUIRE(oldState != newState);

    int sawOld = 0;
    int sawNew = 0;
    const auto sweep = sweepKillPoints("import", setUp, import, [&](const std::string& point) {
        INFO(point);
        const std::string state = listedState(path);
        REQUIRE((state == oldState || state == newState));
        (state == oldState ? sawOld : sawNew)++;
    });
    CHECK(sweep.killPoints >= 200);
    CHECK(sweep.killed * 10 >= sweep.killPoints * 9); // nearly every run reached its point
    // Kills fell before and after the commit.
    CHECK(sawOld > 0);
    CHECK(sawNew > 0);
}

TEST_CASE("crash harness: first-use creation killed at every write and sync",
          "[crash][create]")
{
    TempDir dir;
    const auto path = dir.file("catalog.sqlite");
    const auto incoming = dir.file("incoming.json");
    writeBytes(incoming, catalogToJson(generatedParts(0, 160, 2)));
    const auto setUp = [&] { removeDatabase(path); };
    // First use by a reading command: the built-in catalog is created.
    const auto create = [&] {
        if (runCli({"catalog", "list", "--db", path}).exitCode != 0)
            throw std::runtime_error("catalog list failed");
    };
    // First use by an import: created, then the import in its own transaction.
    const auto createByImport = [&] {
        const auto result = runCli({"catalog", "import", incoming, "--db", path});
        if (result.exitCode != 0)
            throw std::runtime_error(result.err);
    };
    setUp();
    create();
    const std::string created = listedState(path);
    setUp();
    createByImport();
    const std::string imported = listedState(path);
    REQUIRE(imported != created);

    // The old state is no catalog at all, which the next command creates:
    // after any kill the catalog is the complete built-in one. The built-in
    // catalog is small (about 160 calls), so every one of its points is
    // tried, and creation by an import adds the rest.
    const auto bare = sweepKillPoints("first-use creation", setUp, create,
                                      [&](const std::string& point) {
                                          INFO(point);
                                          CHECK(listedState(path) == created);
                                      },
                                      test::everyKillPoint);
    const auto byImport = sweepKillPoints("first-use creation by an import", setUp,
                                          createByImport, [&](const std::string& point) {
                                              INFO(point);
                                              const std::string state = listedState(path);
                                              CHECK((state == created || state == imported));
                                          },
                                          100);
    CHECK(bare.killPoints == 2 * bare.calls); // every call, before and after
    CHECK(bare.killPoints >= 150);
    CHECK(bare.killPoints + byImport.killPoints >= 200);
}

TEST_CASE("crash harness: export killed at every write and sync of its checkpoint",
          "[crash][export]")
{
    TempDir dir;
    const auto pending = dir.file("pending.sqlite");
    const auto path = dir.file("catalog.sqlite");
    const auto output = dir.file("export.json");
    makeCatalog(pending, generatedParts(0, 120, 1));
    // An import whose process ended without closing: its commit is in the
    // -wal only, which the next connection to close writes into the database.
    const auto left = infrafit::test::forkChild([&] {
        auto store = CatalogStore::open(pending, OpenOptions{false});
        store.importParts(generatedParts(60, 1200, 2));
        std::cout.flush();
        ::_exit(0);
    });
    REQUIRE(infrafit::test::waitChild(left).exitCode == 0);
    REQUIRE(fs::exists(pending + "-wal"));
    REQUIRE(fs::file_size(pending + "-wal") > 0);

    const auto setUp = [&] {
        copyDatabase(pending, path);
        fs::remove(output);
    };
    const auto exportCatalog = [&] {
        if (runCli({"catalog", "export", output, "--db", path}).exitCode != 0)
            throw std::runtime_error("catalog export failed");
    };
    setUp();
    const std::string committed = listedState(path);
    setUp();
    exportCatalog();
    const std::string exported = infrafit::catalog::test::readBytes(output);
    REQUIRE_FALSE(exported.empty());

    const auto sweep = sweepKillPoints("export", setUp, exportCatalog,
                                       [&](const std::string& point) {
                                           INFO(point);
                                           CHECK(listedState(path) == committed);
                                           // Written before the checkpoint: whole or absent.
                                           if (fs::exists(output))
                                               CHECK(infrafit::catalog::test::readBytes(output)
                                                     == exported);
                                       });
    CHECK(sweep.killPoints >= 200);
}

TEST_CASE("crash harness: a series of saves killed at every write and sync", "[crash][save]")
{
    TempDir dir;
    const auto old = dir.file("old.sqlite");
    const auto path = dir.file("catalog.sqlite");
    const auto parts = generatedParts(0, 120, 1);
    makeCatalog(old, parts);
    constexpr int saves = 80;
    const FieldSpec* notes = findField(PartKind::Gpu, "notes");
    REQUIRE(notes != nullptr);
    const auto savedNote = [](int i) { return "saved " + std::to_string(i); };
    const auto setUp = [&] { copyDatabase(old, path); };
    // What the GUI does for each edited cell: one field, one transaction.
    const auto save = [&] {
        auto store = CatalogStore::open(path, OpenOptions{false});
        for (int i = 0; i < saves; ++i) {
            const std::string id = "part-" + std::to_string(i);
            store.setField(id, *notes, FieldValue(savedNote(i)), *store.version(id));
        }
    };
    const auto sweep = sweepKillPoints("save", setUp, save, [&](const std::string& point) {
        INFO(point);
        (void)listedState(path);
        // Old or new per save, and saves land in order: edits 0..k-1 and no other.
        auto store = CatalogStore::open(path, OpenOptions{false});
        REQUIRE(store.count() == parts.size());
        int done = 0;
        while (done < saves && infoOf(*store.find("part-" + std::to_string(done))).notes
                                   == savedNote(done))
            ++done;
        for (int i = done; i < static_cast<int>(parts.size()); ++i) {
            const auto stored = store.find("part-" + std::to_string(i));
            REQUIRE(stored);
            CHECK(partToJson(*stored) == partToJson(parts[static_cast<std::size_t>(i)]));
        }
    });
    CHECK(sweep.killPoints >= 200);
}
