// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <string>

namespace infrafit::catalog {

/// Tells InfraFit processes that share one catalog database apart: an
/// advisory flock(2) on `<database>.lock` beside it. Every open
/// CatalogStore holds it shared for its lifetime; moving a refused database
/// aside (database_backup.h) needs it exclusive and is refused while any
/// other InfraFit process (a window, an import, a listing) holds it. SQLite's
/// own POSIX locks are not touched: flock and fcntl locks are independent.
/// Move-only; the lock is released when the object is destroyed. A process
/// may hold several shared locks on one file (one per open store).
class CatalogLock {
public:
    CatalogLock() = default;
    CatalogLock(CatalogLock&& other) noexcept;
    CatalogLock& operator=(CatalogLock&& other) noexcept;
    CatalogLock(const CatalogLock&) = delete;
    CatalogLock& operator=(const CatalogLock&) = delete;
    ~CatalogLock();

    /// Holds the lock shared, creating the lock file when missing. Returns
    /// an empty lock when the lock file cannot be created (a read-only
    /// folder, where nothing can move the database either). Waits while a
    /// reset holds it exclusive; throws StoreError(Busy) after `timeoutMs`.
    static CatalogLock shared(const std::string& databasePath, long timeoutMs);
    /// Holds the lock exclusive without waiting. Throws StoreError(Busy)
    /// naming the database when another process holds it. An empty lock
    /// when there is no lock file (then no InfraFit process has the
    /// database open).
    static CatalogLock exclusive(const std::string& databasePath);

    /// True when any open CatalogStore (of any process, this one included)
    /// holds the lock: asked before offering a reset. Creates nothing.
    static bool inUse(const std::string& databasePath);

    /// `<database>.lock`.
    static std::string lockPath(const std::string& databasePath);

    [[nodiscard]] bool held() const { return mFd >= 0; }

private:
    explicit CatalogLock(int fd) : mFd(fd) {}
    int mFd = -1;
};

} // namespace infrafit::catalog
