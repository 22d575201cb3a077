// SPDX-License-Identifier: Apache-2.0
// Two processes on one catalog (issue 9 item 4): no lost committed change,
// no corruption, and a clear Busy error when a write waits too long.
#include "catalog/catalog_store.h"
#include "catalog/sqlite/database.h"
#include "catalog_test_support.h"
#include "support/child_process.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <functional>
#include <map>
#include <sstream>

#include <fcntl.h>
#include <unistd.h>

using namespace infrafit;
using namespace infrafit::catalog;
using namespace infrafit::catalog::test;
using infrafit::test::forkChild;
using infrafit::test::waitChild;

namespace {

/// Appends one line per committed change to a log file, written with one
/// write(2) each so the log survives the process without buffering.
class CommitLog {
public:
    explicit CommitLog(const std::string& path)
        : mFd(::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644))
    {
        if (mFd < 0)
            throw std::runtime_error(path + ": cannot open the commit log");
    }
    ~CommitLog() { ::close(mFd); }
    CommitLog(const CommitLog&) = delete;
    CommitLog& operator=(const CommitLog&) = delete;

    void record(const std::string& line)
    {
        const std::string text = line + "\n";
        if (::write(mFd, text.data(), text.size()) != static_cast<ssize_t>(text.size()))
            throw std::runtime_error("cannot write the commit log");
    }

private:
    int mFd;
};

/// What one writer process does: adds, updates and removes its own parts,
/// logging "put ID VENDOR" or "remove ID" after each commit returns.
void editCatalog(const std::string& path, const std::string& name, const std::string& logPath)
{
    OpenOptions options {false};
    options.busyTimeout = std::chrono::seconds(60); // the machine may be loaded
    auto store = CatalogStore::open(path, options);
    CommitLog log(logPath);
    std::mt19937 random(static_cast<unsigned>(std::hash<std::string> {}(name)));
    std::vector<std::string> live;
    for (int step = 0; step < 150; ++step) {
        const int action = live.size() < 5 ? 0 : static_cast<int>(random() % 4);
        if (action <= 1) {
            const std::string id = name + "-" + std::to_string(step);
            const std::string vendor = name + " v" + std::to_string(step);
            store.add(gpuPart(id, vendor));
            log.record("put " + id + " " + vendor);
            live.push_back(id);
        } else if (action == 2) {
            const std::string& id = live[random() % live.size()];
            const std::string vendor = name + " updated at " + std::to_string(step);
            store.update(id, gpuPart(id, vendor));
            log.record("put " + id + " " + vendor);
        } else {
            const std::size_t index = random() % live.size();
            store.remove(live[index]);
            log.record("remove " + live[index]);
            live.erase(live.begin() + static_cast<std::ptrdiff_t>(index));
        }
        if (step == 75) { // one bulk import in the middle
            std::vector<Part> batch;
            for (int i = 0; i < 100; ++i)
                batch.push_back(gpuPart(name + "-bulk-" + std::to_string(i), name + " bulk"));
            store.importParts(batch);
            for (const auto& part : batch) {
                log.record("put " + infoOf(part).id + " " + infoOf(part).vendor);
                live.push_back(infoOf(part).id);
            }
        }
    }
}

/// Replays a commit log: the vendor each surviving part must have.
std::map<std::string, std::string> expectedParts(const std::string& logPath)
{
    std::map<std::string, std::string> parts;
    std::ifstream in(logPath);
    for (std::string line; std::getline(in, line);) {
        std::istringstream words(line);
        std::string action;
        std::string id;
        words >> action >> id;
        if (action == "remove") {
            parts.erase(id);
        } else {
            std::string vendor;
            std::getline(words >> std::ws, vendor);
            parts[id] = vendor;
        }
    }
    return parts;
}

} // namespace

TEST_CASE("two processes editing one catalog lose no committed change", "[catalog][concurrency]")
{
    TempDir dir;
    const auto path = dir.file("catalog.sqlite");
    (void)CatalogStore::open(path, OpenOptions {false}); // created before the writers start

    const pid_t first = forkChild([&] { editCatalog(path, "alpha", dir.file("alpha.log")); });
    const pid_t second = forkChild([&] { editCatalog(path, "beta", dir.file("beta.log")); });
    REQUIRE(first > 0);
    REQUIRE(second > 0);
    CHECK(waitChild(first).exitCode == 0);
    CHECK(waitChild(second).exitCode == 0);

    auto expected = expectedParts(dir.file("alpha.log"));
    const auto beta = expectedParts(dir.file("beta.log"));
    REQUIRE(expected.size() > 100);
    REQUIRE(beta.size() > 100);
    expected.insert(beta.begin(), beta.end());

    {
        sqlite::Database db(path, sqlite::OpenMode::ReadWrite);
        CHECK(db.queryText("PRAGMA integrity_check") == "ok");
    }
    auto store = CatalogStore::open(path, OpenOptions {false});
    std::map<std::string, std::string> stored;
    for (const auto& part : store.list())
        stored[infoOf(part).id] = infoOf(part).vendor;
    CHECK(stored == expected);
}

TEST_CASE("a write that waits past the busy timeout fails clearly and loses nothing",
    "[catalog][concurrency]")
{
    TempDir dir;
    const auto path = dir.file("catalog.sqlite");
    {
        auto store = CatalogStore::open(path, OpenOptions {false});
        store.add(gpuPart("before"));
    }
    int ready[2];
    int release[2];
    REQUIRE(::pipe(ready) == 0);
    REQUIRE(::pipe(release) == 0);
    // The other "window": commits a part, then holds the write lock until released.
    const pid_t holder = forkChild([&] {
        {
            auto store = CatalogStore::open(path, OpenOptions {false});
            store.add(gpuPart("from-the-other-window"));
        }
        sqlite::Database db(path, sqlite::OpenMode::ReadWrite);
        db.exec("BEGIN IMMEDIATE");
        char byte = 1;
        if (::write(ready[1], &byte, 1) != 1 || ::read(release[0], &byte, 1) != 1)
            throw std::runtime_error("pipe failed");
        db.exec("COMMIT");
    });
    REQUIRE(holder > 0);
    char byte = 0;
    REQUIRE(::read(ready[0], &byte, 1) == 1);

    OpenOptions options {false};
    options.busyTimeout = std::chrono::milliseconds(200);
    auto store = CatalogStore::open(path, options);
    try {
        store.add(gpuPart("edited-while-busy"));
        FAIL("expected a Busy StoreError");
    } catch (const StoreError& error) {
        CHECK(error.kind() == StoreErrorKind::Busy);
        const std::string message = error.what();
        CHECK_THAT(message, Catch::Contains(path));
        CHECK_THAT(message, Catch::Contains("another InfraFit window or program is writing"));
        CHECK_THAT(message, Catch::Contains("try again"));
    }
    // Readers are not blocked by the writer (WAL) and see the committed state.
    CHECK(store.find("before"));
    CHECK(store.find("from-the-other-window"));
    CHECK_FALSE(store.find("edited-while-busy"));

    REQUIRE(::write(release[1], &byte, 1) == 1);
    CHECK(waitChild(holder).exitCode == 0);
    for (const int fd : {ready[0], ready[1], release[0], release[1]})
        ::close(fd);

    store.add(gpuPart("edited-while-busy")); // the retry succeeds
    const auto ids = idsOf(store.list());
    CHECK(ids == std::vector<std::string> {"before", "edited-while-busy", "from-the-other-window"});
    sqlite::Database db(path, sqlite::OpenMode::ReadOnly);
    CHECK(db.queryText("PRAGMA integrity_check") == "ok");
}
