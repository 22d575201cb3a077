// SPDX-License-Identifier: Apache-2.0
#pragma once

// A fault-injecting SQLite VFS for the crash tests: a shim over the
// platform's default VFS that counts every xWrite, xSync and xTruncate of
// every file SQLite opens (database, -wal, -journal) and, when armed, ends
// the process with _exit() just before the Nth of them runs. What the files
// hold then is what a SIGKILL at that instant leaves: everything written
// before is in the page cache, nothing after. (Power loss, which also drops
// unsynced writes, is not modelled.)

#include <cstdint>

namespace infrafit::test {

class FaultVfs {
public:
    /// The exit status of a process the VFS ended.
    static constexpr int killedExitCode = 77;

    /// Which calls are counted towards the kill.
    enum class Calls {
        Any,         ///< every xWrite, xSync and xTruncate
        MainDbWrite, ///< xWrite of a main database file only
        Sync         ///< xSync only
    };
    /// Whether the process ends just before the call runs or just after it
    /// returned (the written bytes then are in the file): two crash states.
    enum class When { Before, After };

    /// Registers the shim as SQLite's default VFS (once per process).
    static void install();
    /// Ends the process at the `killAt`-th counted call from now (1 = the
    /// next one); 0 only counts. Resets the counters.
    static void arm(std::uint64_t killAt, Calls calls = Calls::Any, When when = When::Before);
    /// Counted calls of each sort since the last arm().
    static std::uint64_t count();
    static std::uint64_t mainDbWrites();
    static std::uint64_t syncs();
};

} // namespace infrafit::test
