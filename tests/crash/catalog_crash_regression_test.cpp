// SPDX-License-Identifier: Apache-2.0
// Issue 22 item 1's crash reproducers, each rebuilt exactly with the
// fault-injecting VFS: a healthy catalog is never refused.
#include "catalog/catalog_store.h"
#include "catalog/catalog_test_support.h"
#include "crash/crash_harness.h"
#include "support/child_process.h"

#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>

#include <unistd.h>

using namespace infrafit;
using infrafit::catalog::CatalogStore;
using infrafit::catalog::OpenOptions;
using infrafit::catalog::test::fullPart;
using infrafit::catalog::test::TempDir;
using infrafit::test::FaultVfs;
using infrafit::test::integrityCheck;
using infrafit::test::listCatalogJson;
using infrafit::test::runArmed;
using infrafit::test::runCli;

namespace {

namespace fs = std::filesystem;

std::vector<Part> regressionParts(int first, int count, int variant)
{
    std::vector<Part> parts;
    for (int i = first; i < first + count; ++i)
        parts.push_back(fullPart(allPartKinds[static_cast<std::size_t>(i) % allPartKinds.size()],
            "part-" + std::to_string(i), variant));
    return parts;
}

/// Bytes the database header says the file holds (page size x page count,
/// https://www.sqlite.org/fileformat.html §1.3.2 and §1.3.7).
std::uintmax_t headerBytes(const std::string& path)
{
    std::array<unsigned char, 100> header {};
    std::ifstream in(path, std::ios::binary);
    in.read(reinterpret_cast<char*>(header.data()), header.size());
    std::uintmax_t pageSize = (std::uintmax_t {header[16]} << 8) | header[17];
    if (pageSize == 1)
        pageSize = 65536;
    std::uintmax_t pages = 0;
    for (std::size_t i = 28; i < 32; ++i)
        pages = (pages << 8) | header[i];
    return pageSize * pages;
}

} // namespace

TEST_CASE(
    "a catalog caught mid-checkpoint, shorter than its header says, opens", "[crash][regression]")
{
    TempDir dir;
    const auto path = dir.file("catalog.sqlite");
    {
        auto store = CatalogStore::open(path, OpenOptions {false});
        store.importParts(regressionParts(0, 20, 1));
    }
    // An import that grows the file, left in the -wal (its process ended
    // without closing) ...
    const auto left = infrafit::test::forkChild([&] {
        auto store = CatalogStore::open(path, OpenOptions {false});
        store.importParts(regressionParts(20, 300, 2));
        std::cout.flush();
        ::_exit(0);
    });
    REQUIRE(infrafit::test::waitChild(left).exitCode == 0);
    const auto sizeBefore = fs::file_size(path);
    // ... then the next connection's checkpoint, killed after it wrote the
    // first page (the header with the new page count) and before the rest.
    const auto killed = runArmed([&] { (void)CatalogStore::open(path, OpenOptions {false}); }, 1,
        FaultVfs::Calls::MainDbWrite, FaultVfs::When::After);
    REQUIRE(killed.killed);
    REQUIRE(fs::file_size(path) == sizeBefore);
    REQUIRE(fs::file_size(path) < headerBytes(path)); // the "truncated" file

    const auto listed = listCatalogJson(path);
    INFO(listed.err);
    CHECK(listed.exitCode == 0);
    CHECK(listed.err.empty());
    CHECK(nlohmann::json::parse(listed.out)["parts"].size() == 320);
    CHECK(integrityCheck(path) == "ok");
}

TEST_CASE("a hot journal left by a killed first-use creation is rolled back, not refused",
    "[crash][regression]")
{
    TempDir dir;
    const auto path = dir.file("catalog.sqlite");
    const auto create = [&] { (void)runCli({"catalog", "list", "--db", path}); };
    // The reproducer killed creation at its 4th fdatasync; which
    // sync leaves the journal depends on SQLite's version, so find the first
    // kill point that does.
    const auto leavesHotJournal = [&](std::uint64_t sync) {
        infrafit::test::removeDatabase(path);
        const auto end = runArmed(create, sync, FaultVfs::Calls::Sync, FaultVfs::When::After);
        return end.killed && fs::exists(path + "-journal") && fs::file_size(path + "-journal") > 0
            && fs::exists(path) && fs::file_size(path) > 0;
    };
    std::uint64_t killAt = 0;
    for (std::uint64_t sync = 1; sync <= 12 && killAt == 0; ++sync) {
        if (leavesHotJournal(sync))
            killAt = sync;
    }
    REQUIRE(killAt != 0);

    for (const bool withReset : {false, true}) {
        INFO((withReset ? "with" : "without")
            << " --reset-broken-catalog, killed at sync " << killAt);
        REQUIRE(leavesHotJournal(killAt));
        std::vector<std::string> args {"catalog", "list", "gpu", "--db", path};
        if (withReset)
            args.emplace_back("--reset-broken-catalog");
        const auto listed = runCli(args);
        INFO(listed.err);
        CHECK(listed.exitCode == 0);
        CHECK(listed.err.empty());
        CHECK_THAT(listed.out, Catch::Contains("GPU"));
        CHECK_FALSE(fs::exists(path + "-journal"));
        CHECK(integrityCheck(path) == "ok");
        for (const auto& entry : fs::directory_iterator(dir.path()))
            CHECK(entry.path().filename().string().find("broken") == std::string::npos);
    }
}
