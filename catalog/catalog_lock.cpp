// SPDX-License-Identifier: Apache-2.0
#include "catalog/catalog_lock.h"

#include "catalog/catalog_store.h"

#include <cerrno>
#include <chrono>
#include <thread>
#include <utility>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace infrafit::catalog {
namespace {

int openLockFile(const std::string& path, bool create)
{
    const int flags = O_CLOEXEC | O_NOFOLLOW | (create ? O_RDWR | O_CREAT : O_RDONLY);
    int fd = ::open(path.c_str(), flags, 0644);
    if (fd < 0 && create)
        fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW); // flock needs no write access
    return fd;
}

[[noreturn]] void inUseError(const std::string& databasePath)
{
    throw StoreError(StoreErrorKind::Busy,
        databasePath + ": is open in another InfraFit window or command (it holds "
            + CatalogLock::lockPath(databasePath)
            + "); close it or wait for it to finish and try again");
}

} // namespace

std::string CatalogLock::lockPath(const std::string& databasePath) { return databasePath + ".lock"; }

CatalogLock::CatalogLock(CatalogLock&& other) noexcept : mFd(std::exchange(other.mFd, -1)) {}

CatalogLock& CatalogLock::operator=(CatalogLock&& other) noexcept
{
    if (this != &other) {
        if (mFd >= 0)
            ::close(mFd);
        mFd = std::exchange(other.mFd, -1);
    }
    return *this;
}

CatalogLock::~CatalogLock()
{
    if (mFd >= 0)
        ::close(mFd); // releases the flock
}

CatalogLock CatalogLock::shared(const std::string& databasePath, long timeoutMs)
{
    const int fd = openLockFile(lockPath(databasePath), true);
    if (fd < 0)
        return {};
    CatalogLock lock(fd);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
    while (::flock(fd, LOCK_SH | LOCK_NB) != 0) {
        if (errno != EWOULDBLOCK && errno != EINTR)
            return {}; // a file system without flock: no protection, but no failure
        if (std::chrono::steady_clock::now() >= deadline)
            throw StoreError(StoreErrorKind::Busy,
                databasePath + ": another InfraFit process is moving this catalog aside; try "
                               "again when it is done");
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return lock;
}

CatalogLock CatalogLock::exclusive(const std::string& databasePath)
{
    const int fd = openLockFile(lockPath(databasePath), false);
    if (fd < 0)
        return {};
    CatalogLock lock(fd);
    while (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        if (errno == EINTR)
            continue;
        if (errno == EWOULDBLOCK)
            inUseError(databasePath);
        return {};
    }
    return lock;
}

bool CatalogLock::inUse(const std::string& databasePath)
{
    const int fd = openLockFile(lockPath(databasePath), false);
    if (fd < 0)
        return false;
    const CatalogLock probe(fd);
    int rc = 0;
    while ((rc = ::flock(fd, LOCK_EX | LOCK_NB)) != 0 && errno == EINTR) {
    }
    return rc != 0 && errno == EWOULDBLOCK;
}

} // namespace infrafit::catalog
