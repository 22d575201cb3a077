// SPDX-License-Identifier: Apache-2.0
#include "crash/crash_harness.h"

#include "support/child_process.h"

#include <sqlite3.h>

#include <catch2/catch.hpp>

#include <filesystem>
#include <iostream>

#include <unistd.h>

namespace infrafit::test {
namespace {

namespace fs = std::filesystem;

} // namespace

ArmedEnd runArmed(const std::function<void()>& operation, std::uint64_t killAt,
                  FaultVfs::Calls calls, FaultVfs::When when)
{
    FaultVfs::install();
    int report[2];
    if (::pipe(report) != 0)
        throw std::runtime_error("pipe failed");
    std::cout.flush();
    std::cerr.flush();
    const pid_t pid = ::fork();
    if (pid < 0)
        throw std::runtime_error("fork failed");
    if (pid == 0) {
        ::close(report[0]);
        int status = 0;
        FaultVfs::arm(killAt, calls, when);
        try {
            operation();
        } catch (const std::exception& error) {
            std::cerr << "child " << ::getpid() << ": " << error.what() << "\n";
            status = 1;
        } catch (...) {
            status = 1;
        }
        const std::uint64_t counted = FaultVfs::count();
        if (::write(report[1], &counted, sizeof counted) != sizeof counted)
            status = 2;
        ::_exit(status);
    }
    ::close(report[1]);
    std::uint64_t counted = 0;
    const bool reported = ::read(report[0], &counted, sizeof counted) == sizeof counted;
    ::close(report[0]);
    const ChildEnd end = waitChild(pid);
    ArmedEnd result;
    result.exitCode = end.exitCode;
    result.killed = end.exitCode == FaultVfs::killedExitCode;
    result.calls = reported ? counted : 0;
    FaultVfs::arm(0); // the parent only counts
    return result;
}

KillSweep sweepKillPoints(const std::string& name, const std::function<void()>& setUp,
                          const std::function<void()>& operation,
                          const std::function<void(const std::string& point)>& check,
                          std::uint64_t minPoints)
{
    KillSweep sweep;
    setUp();
    const ArmedEnd whole = runArmed(operation, 0);
    INFO(name << ": the whole run");
    REQUIRE(whole.exitCode == 0);
    sweep.calls = whole.calls;
    // Two points per call (before, after): step over them so that at least
    // minPoints and fewer than 2 x minPoints are tried.
    const std::uint64_t points = 2 * sweep.calls;
    REQUIRE(points >= minPoints);
    const std::uint64_t step
        = minPoints == everyKillPoint ? 1 : std::max<std::uint64_t>(1, points / minPoints);
    for (std::uint64_t point = 0; point < points; point += step) {
        const std::uint64_t call = point / 2 + 1;
        const auto when = point % 2 == 0 ? FaultVfs::When::Before : FaultVfs::When::After;
        const std::string label = name + ": killed " + (point % 2 == 0 ? "before" : "after")
                                  + " call " + std::to_string(call) + " of "
                                  + std::to_string(sweep.calls);
        setUp();
        const ArmedEnd end = runArmed(operation, call, FaultVfs::Calls::Any, when);
        INFO(label);
        REQUIRE((end.killed || end.exitCode == 0));
        ++sweep.killPoints;
        if (end.killed)
            ++sweep.killed;
        check(label);
    }
    std::cerr << "crash harness, " << name << ": " << sweep.calls
              << " writes/syncs/truncates per run, " << sweep.killPoints << " kill points, "
              << sweep.killed << " children killed\n";
    return sweep;
}

CliResult listCatalogJson(const std::string& path)
{
    return runCli({"catalog", "list", "--format", "json", "--db", path});
}

std::string integrityCheck(const std::string& path)
{
    sqlite3* db = nullptr;
    std::string result;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr) == SQLITE_OK) {
        sqlite3_stmt* statement = nullptr;
        if (sqlite3_prepare_v2(db, "PRAGMA integrity_check", -1, &statement, nullptr) == SQLITE_OK
            && sqlite3_step(statement) == SQLITE_ROW)
            result = reinterpret_cast<const char*>(sqlite3_column_text(statement, 0));
        else
            result = sqlite3_errmsg(db);
        sqlite3_finalize(statement);
    } else {
        result = db ? sqlite3_errmsg(db) : "cannot open";
    }
    sqlite3_close(db);
    return result;
}

void removeDatabase(const std::string& path)
{
    std::error_code ignored;
    for (const char* suffix : {"", "-wal", "-shm", "-journal", ".lock"})
        fs::remove(path + suffix, ignored);
}

void copyDatabase(const std::string& from, const std::string& to)
{
    removeDatabase(to);
    for (const char* suffix : {"", "-wal", "-journal"}) {
        if (fs::exists(from + suffix))
            fs::copy_file(from + suffix, to + suffix);
    }
}

} // namespace infrafit::test
