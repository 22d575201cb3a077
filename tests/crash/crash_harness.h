// SPDX-License-Identifier: Apache-2.0
#pragma once

// The crash harness: runs an operation in forked children, each ended by
// the fault-injecting VFS at one write, sync or truncate, and checks what
// it left behind. A kill point is (the Nth counted call, before or after
// it): two crash states per call.

#include "cli/cli_runner.h"
#include "crash/fault_vfs.h"

#include <cstdint>
#include <functional>
#include <string>

namespace infrafit::test {

/// How one armed child ended.
struct ArmedEnd {
    bool killed = false;     ///< ended by the VFS at its kill point
    int exitCode = -1;       ///< its exit status when it ended on its own
    std::uint64_t calls = 0; ///< calls counted (reported by a child that was not killed)
};

/// Runs `operation` in a forked child with the VFS armed at `killAt` (0:
/// count only). The child exits 0 when `operation` returns, 1 when it throws.
ArmedEnd runArmed(const std::function<void()>& operation, std::uint64_t killAt,
                  FaultVfs::Calls calls = FaultVfs::Calls::Any,
                  FaultVfs::When when = FaultVfs::When::Before);

/// Counts for one operation's kill test.
struct KillSweep {
    std::uint64_t calls = 0;      ///< writes, syncs and truncates of one whole run
    std::uint64_t killPoints = 0; ///< kill points tried
    std::uint64_t killed = 0;     ///< children ended at their kill point
};

/// Counts the calls of one whole run of `operation` (after `setUp`), then
/// for every kill point (call n before and after it, stepping so that at
/// least `minPoints` and fewer than 2 x `minPoints` are tried): `setUp`,
/// run `operation` in a child ended there, `check(point)`. Prints a summary
/// line to stderr. `minPoints` = everyKillPoint tries every point.
inline constexpr std::uint64_t everyKillPoint = 0;
KillSweep sweepKillPoints(const std::string& name, const std::function<void()>& setUp,
                          const std::function<void()>& operation,
                          const std::function<void(const std::string& point)>& check,
                          std::uint64_t minPoints = 220);

/// `infrafit-cli catalog list --format json --db path` in this process.
CliResult listCatalogJson(const std::string& path);

/// PRAGMA integrity_check on a fresh read-write connection.
std::string integrityCheck(const std::string& path);

/// Removes a database and its companions (-wal, -shm, -journal, .lock).
void removeDatabase(const std::string& path);

/// Copies `from` and whichever of its -wal/-journal exist to `to`.
void copyDatabase(const std::string& from, const std::string& to);

} // namespace infrafit::test
