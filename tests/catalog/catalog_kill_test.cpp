// SPDX-License-Identifier: Apache-2.0
// Crash safety of the catalog (issue 9 item 3): an import SIGKILLed at a
// random point leaves a sound database holding exactly the old or exactly
// the new catalog.
#include "catalog/catalog_store.h"
#include "catalog/sqlite/database.h"
#include "catalog_test_support.h"
#include "core/io/catalog_json.h"
#include "support/child_process.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>

using namespace infrafit;
using namespace infrafit::catalog;
using namespace infrafit::catalog::test;
using infrafit::test::checksum;
using infrafit::test::forkChild;
using infrafit::test::killAfter;
using infrafit::test::waitChild;

namespace {

namespace fs = std::filesystem;

/// What a catalog holds, for comparing whole states.
struct CatalogState {
    std::size_t count = 0;
    std::string contentChecksum; ///< over the catalog's JSON export, all fields of all parts

    bool operator==(const CatalogState&) const = default;
};

CatalogState stateOf(const std::string& path)
{
    auto store = CatalogStore::open(path, OpenOptions {false});
    const auto parts = store.list();
    return {parts.size(), checksum(catalogToJson(parts))};
}

std::string integrityCheck(const std::string& path)
{
    sqlite::Database db(path, sqlite::OpenMode::ReadWrite);
    return db.queryText("PRAGMA integrity_check");
}

void removeDatabase(const std::string& path)
{
    for (const char* suffix : {"", "-wal", "-shm", "-journal"})
        fs::remove(path + suffix);
}

/// `count` parts spread over all kinds; `variant` changes every field.
std::vector<Part> generatedParts(const std::string& prefix, int first, int count, int variant)
{
    std::vector<Part> parts;
    parts.reserve(static_cast<std::size_t>(count));
    for (int i = first; i < first + count; ++i)
        parts.push_back(fullPart(allPartKinds[static_cast<std::size_t>(i) % allPartKinds.size()],
            prefix + std::to_string(i), variant));
    return parts;
}

} // namespace

TEST_CASE(
    "an import killed at a random point leaves the old or the new catalog", "[catalog][crash]")
{
    const auto seed = infrafit::test::killTestSeed("catalog import kill test");
    INFO("INFRAFIT_KILL_SEED=" << seed);
    std::mt19937_64 random(seed);

    TempDir dir;
    const auto oldFile = dir.file("old.sqlite");
    const auto path = dir.file("catalog.sqlite");
    {
        auto store = CatalogStore::open(oldFile, OpenOptions {false});
        store.importParts(generatedParts("part-", 0, 600, 1));
    } // closed: checkpointed, no -wal left
    REQUIRE_FALSE(fs::exists(oldFile + "-wal"));
    // The import replaces 300 of the old parts and adds 1300 new ones.
    const auto incoming = generatedParts("part-", 300, 1600, 2);
    const auto runImport = [&] {
        auto store = CatalogStore::open(path, OpenOptions {false});
        store.importParts(incoming);
    };

    const CatalogState oldState = stateOf(oldFile);
    // One run to the end gives the new state and how long an import takes
    // here, so the kills spread over the whole run (not a timing assertion).
    fs::copy_file(oldFile, path);
    const auto started = std::chrono::steady_clock::now();
    const pid_t whole = forkChild(runImport);
    REQUIRE(whole > 0);
    const auto end = waitChild(whole);
    const auto importTime = std::chrono::duration_cast<std::chrono::microseconds>(
        std::chrono::steady_clock::now() - started);
    REQUIRE(end.exitCode == 0);
    const CatalogState newState = stateOf(path);
    REQUIRE(newState.count == 1900);
    REQUIRE_FALSE(newState == oldState);

    // Kills spread over [0, one import]; a run that ends before its kill
    // shrinks the range, so the kills keep landing inside imports.
    std::int64_t maxDelay = importTime.count();
    int killedOld = 0;
    int killedNew = 0;
    int finished = 0;
    for (int kill = 0; kill < 24; ++kill) {
        removeDatabase(path);
        fs::copy_file(oldFile, path);
        const auto wait = std::chrono::microseconds(
            std::uniform_int_distribution<std::int64_t>(0, maxDelay)(random));
        INFO("kill " << kill << " after " << wait.count() << " us");
        const pid_t pid = forkChild(runImport);
        REQUIRE(pid > 0);
        const auto ended = killAfter(pid, wait);
        REQUIRE((ended.killed || ended.exitCode == 0));

        REQUIRE(integrityCheck(path) == "ok");
        const CatalogState state = stateOf(path);
        const bool isOld = state == oldState;
        const bool isNew = state == newState;
        INFO("parts after the kill: " << state.count);
        REQUIRE((isOld || isNew));
        if (!ended.killed) {
            ++finished;
            maxDelay = std::max<std::int64_t>(1000, wait.count() * 9 / 10);
        } else if (isOld) {
            ++killedOld;
        } else {
            ++killedNew;
        }
    }
    std::cerr << "catalog import kill test: " << killedOld << " kills left the old catalog, "
              << killedNew << " the new one, " << finished << " imports finished first (one "
              << "import took " << importTime.count() / 1000 << " ms)\n";
}
