// SPDX-License-Identifier: Apache-2.0
#pragma once

// Helpers for crash and concurrency tests: run work in a forked child,
// SIGKILL it after a delay, and a seed that can be replayed.

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <random>
#include <string>
#include <thread>

#include <csignal>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

namespace infrafit::test {

/// The seed for a randomised kill test: INFRAFIT_KILL_SEED when set, else a
/// fresh random one. Printed so a failing run can be replayed.
inline std::uint64_t killTestSeed(const std::string& testName)
{
    std::uint64_t seed = 0;
    if (const char* text = std::getenv("INFRAFIT_KILL_SEED"); text && *text) {
        seed = std::strtoull(text, nullptr, 10);
    } else {
        std::random_device random;
        seed = (static_cast<std::uint64_t>(random()) << 32) ^ random();
    }
    std::cerr << testName << ": seed " << seed << " (INFRAFIT_KILL_SEED=" << seed
              << " replays it)\n";
    return seed;
}

/// Runs `work` in a forked child that exits 0 when it returns and 1 when it
/// throws. The caller must hold no open SQLite connection across the fork.
template <typename Work>
pid_t forkChild(Work&& work)
{
    std::cout.flush();
    std::cerr.flush();
    const pid_t pid = ::fork();
    if (pid != 0)
        return pid; // parent (or -1 on failure, which the caller checks)
    int status = 0;
    try {
        work();
    } catch (const std::exception& error) {
        std::cerr << "child " << ::getpid() << ": " << error.what() << "\n";
        status = 1;
    } catch (...) {
        status = 1;
    }
    ::_exit(status); // no atexit handlers, no Catch2 reporting in the child
}

/// How a child ended.
struct ChildEnd {
    bool killed = false; ///< ended by our SIGKILL (true) or on its own
    int exitCode = -1; ///< its exit status when it ended on its own
};

inline ChildEnd waitChild(pid_t pid)
{
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR)
            return {};
    }
    ChildEnd end;
    end.killed = WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
    end.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return end;
}

/// Waits `delay`, sends SIGKILL (a no-op when the child already exited) and reaps it.
inline ChildEnd killAfter(pid_t pid, std::chrono::microseconds delay)
{
    std::this_thread::sleep_for(delay);
    ::kill(pid, SIGKILL);
    return waitChild(pid);
}

/// 64-bit FNV-1a hash of `bytes` as hex: a content checksum for comparisons.
/// (Fowler-Noll-Vo, http://www.isthe.com/chongo/tech/comp/fnv/ : offset basis
/// 14695981039346656037, prime 1099511628211.)
inline std::string checksum(const std::string& bytes)
{
    std::uint64_t hash = 14695981039346656037ull;
    for (const unsigned char c : bytes) {
        hash ^= c;
        hash *= 1099511628211ull;
    }
    static constexpr char hex[] = "0123456789abcdef";
    std::string text(16, '0');
    for (int i = 15; i >= 0; --i) {
        text[static_cast<std::size_t>(i)] = hex[hash & 0xf];
        hash >>= 4;
    }
    return text;
}

} // namespace infrafit::test
