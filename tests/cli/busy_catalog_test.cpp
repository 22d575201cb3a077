// SPDX-License-Identifier: Apache-2.0
// infrafit-cli while another process writes the catalog: a clear message
// and exit 1 when the write lock is not released in time; nothing is lost.
#include "cli_runner.h"
#include "support/child_process.h"
#include "support/fixtures.h"

#include <catch2/catch.hpp>

#include <sqlite3.h>

#include <stdexcept>

#include <unistd.h>

using namespace infrafit::test;

TEST_CASE("an import while another program holds the write lock exits 1 and says why",
    "[cli][catalog][concurrency]")
{
    TempDir dir;
    const auto db = dir.file("catalog.sqlite");
    REQUIRE(runCli({"catalog", "list", "--db", db}).exitCode == 0);
    const auto before = runCli({"catalog", "list", "--format", "json", "--db", db}).out;

    int ready[2];
    int release[2];
    REQUIRE(::pipe(ready) == 0);
    REQUIRE(::pipe(release) == 0);
    const pid_t holder = forkChild([&] {
        sqlite3* handle = nullptr;
        if (sqlite3_open(db.c_str(), &handle) != SQLITE_OK
            || sqlite3_exec(handle, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) != SQLITE_OK)
            throw std::runtime_error("cannot take the write lock");
        char byte = 1;
        if (::write(ready[1], &byte, 1) != 1 || ::read(release[0], &byte, 1) != 1)
            throw std::runtime_error("pipe failed");
        sqlite3_exec(handle, "COMMIT", nullptr, nullptr, nullptr);
        sqlite3_close(handle);
    });
    REQUIRE(holder > 0);
    char byte = 0;
    REQUIRE(::read(ready[0], &byte, 1) == 1);

    // Waits the CLI's busy timeout (5 s), then gives up.
    const auto import = std::vector<std::string> {
        "catalog", "import", fixturePath("catalogs/good.json"), "--db", db};
    const auto busy = runCli(import);
    CHECK(busy.exitCode == 1);
    REQUIRE(busy.errLines().size() == 1);
    CHECK_THAT(busy.err, Catch::StartsWith(db + ": "));
    CHECK_THAT(busy.err, Catch::Contains("another InfraFit window or program is writing"));
    CHECK_THAT(busy.err, Catch::Contains("try again"));
    // Reading still works while the other program writes (WAL).
    CHECK(runCli({"catalog", "list", "--format", "json", "--db", db}).out == before);

    REQUIRE(::write(release[1], &byte, 1) == 1);
    CHECK(waitChild(holder).exitCode == 0);
    for (const int fd : {ready[0], ready[1], release[0], release[1]})
        ::close(fd);
    const auto retry = runCli(import);
    CHECK(retry.exitCode == 0);
    CHECK_THAT(retry.out, Catch::StartsWith("Imported"));
}
