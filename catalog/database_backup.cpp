// SPDX-License-Identifier: Apache-2.0
#include "catalog/database_backup.h"

#include "catalog/catalog_lock.h"

#include "catalog/catalog_store.h"

#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <string_view>
#include <system_error>
#include <vector>

#if defined(__linux__)
#include <fcntl.h> // AT_FDCWD
#endif
#if defined(__unix__) || defined(__APPLE__)
#include <unistd.h> // link, unlink
#endif

namespace infrafit::catalog {
namespace {

namespace fs = std::filesystem;

/// The files SQLite keeps next to a database, moved along with it.
constexpr std::array<std::string_view, 3> companionSuffixes {"-wal", "-shm", "-journal"};

/// How many numbered names are tried before giving up.
constexpr int maxAttempts = 1000;

std::string timeStamp(std::chrono::system_clock::time_point now)
{
    const std::time_t seconds = std::chrono::system_clock::to_time_t(now);
    std::tm local {};
#if defined(_WIN32)
    localtime_s(&local, &seconds);
#else
    localtime_r(&seconds, &local);
#endif
    std::array<char, 32> text {};
    const std::size_t length = std::strftime(text.data(), text.size(), "%Y%m%d-%H%M%S", &local);
    return std::string(text.data(), length);
}

bool pathExists(const std::string& path)
{
    std::error_code ec;
    return fs::symlink_status(path, ec).type() != fs::file_type::not_found;
}

/// Renames `from` to `to` unless `to` exists. Returns 0, or the errno value
/// (EEXIST when `to` is taken). Never replaces `to`.
int renameNoReplace(const std::string& from, const std::string& to)
{
#if defined(__linux__)
    // renameat2(RENAME_NOREPLACE) is atomic; filesystems without it report EINVAL.
    if (::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) == 0)
        return 0;
    if (errno != EINVAL && errno != ENOSYS)
        return errno;
#endif
#if defined(__unix__) || defined(__APPLE__)
    // link() fails with EEXIST instead of replacing; then drop the old name.
    if (::link(from.c_str(), to.c_str()) == 0) {
        if (::unlink(from.c_str()) == 0)
            return 0;
        const int error = errno;
        ::unlink(to.c_str());
        return error;
    }
    if (errno != EPERM && errno != ENOTSUP && errno != EOPNOTSUPP)
        return errno;
#endif
    // Last resort (no hard links): check, then rename. Not atomic against a
    // file created in between, but never replaces a file that was there.
    if (pathExists(to))
        return EEXIST;
    std::error_code ec;
    fs::rename(from, to, ec);
    return ec ? (ec.value() != 0 ? ec.value() : EIO) : 0;
}

[[noreturn]] void fail(const std::string& file, const std::string& what, int error)
{
    throw StoreError(StoreErrorKind::Io,
        file + ": cannot back up the catalog database: " + what + ": "
            + std::generic_category().message(error));
}

/// Picks `base`, `base-2`, `base-3`, ... for which neither the main file nor
/// any companion name exists, and moves the main file there.
std::string moveMainFile(const std::string& path, const std::string& base)
{
    for (int attempt = 1; attempt <= maxAttempts; ++attempt) {
        const std::string candidate = attempt == 1 ? base : base + "-" + std::to_string(attempt);
        bool companionTaken = false;
        for (const auto suffix : companionSuffixes)
            companionTaken = companionTaken || pathExists(candidate + std::string(suffix));
        if (companionTaken || pathExists(candidate))
            continue;
        const int error = renameNoReplace(path, candidate);
        if (error == 0)
            return candidate;
        if (error != EEXIST)
            fail(path, "cannot move it to " + candidate, error);
    }
    throw StoreError(StoreErrorKind::Io,
        path
            + ": cannot back up the catalog database: no unused "
              "backup name after "
            + std::to_string(maxAttempts) + " attempts at " + base);
}

} // namespace

std::string backUpDatabaseAt(const std::string& path, std::chrono::system_clock::time_point now)
{
    std::error_code ec;
    const auto status = fs::symlink_status(path, ec);
    if (status.type() == fs::file_type::not_found)
        throw StoreError(StoreErrorKind::Io,
            path + ": cannot back up the catalog database: the file does not exist");
    if (ec)
        fail(path, "cannot access it", ec.value());
    if (status.type() == fs::file_type::directory)
        throw StoreError(
            StoreErrorKind::Io, path + ": cannot back up the catalog database: it is a directory");

    const std::string backup = moveMainFile(path, path + ".broken-" + timeStamp(now));

    // Companions follow the main file; on a failure everything moved so far
    // goes back so the database stays whole under its old name.
    std::vector<std::pair<std::string, std::string>> moved {{path, backup}};
    for (const auto suffix : companionSuffixes) {
        const std::string from = path + std::string(suffix);
        if (!pathExists(from))
            continue;
        const std::string to = backup + std::string(suffix);
        const int error = renameNoReplace(from, to);
        if (error == 0) {
            moved.emplace_back(from, to);
            continue;
        }
        for (auto it = moved.rbegin(); it != moved.rend(); ++it)
            renameNoReplace(it->second, it->first);
        fail(from, "cannot move it to " + to, error);
    }
    return backup;
}

std::string backUpDatabase(const std::string& path)
{
    return backUpDatabaseAt(path, std::chrono::system_clock::now());
}

std::string backUpAndStartFresh(const std::string& path, OpenOptions options)
{
    std::string backup;
    {
        // Refused while any InfraFit process has the catalog open (an import,
        // a window): what it sees may be healthy, and moving the file under it
        // would lose what it writes.
        const CatalogLock lock = CatalogLock::exclusive(path);
        backup = backUpDatabase(path);
    }
    try {
        (void)CatalogStore::open(path, options);
    } catch (const StoreError& error) {
        throw StoreError(error.kind(),
            std::string(error.what()) + " (the old database was moved to " + backup + ")");
    }
    return backup;
}

} // namespace infrafit::catalog
