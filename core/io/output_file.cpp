// SPDX-License-Identifier: Apache-2.0
#include "core/io/output_file.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <random>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace infrafit {

namespace fs = std::filesystem;

namespace {

/// Links followed before a path is called a loop (Linux's own limit).
constexpr int maxSymlinkHops = 40;

std::string systemError(int error)
{
    return std::strerror(error);
}

/// "a directory", "a FIFO", ... for a file type that is not regular.
std::string describeType(mode_t mode)
{
    if (S_ISDIR(mode))
        return "a directory";
    if (S_ISCHR(mode))
        return "a character device";
    if (S_ISBLK(mode))
        return "a block device";
    if (S_ISFIFO(mode))
        return "a FIFO (named pipe)";
    if (S_ISSOCK(mode))
        return "a socket";
    return "not a regular file";
}

/// `path` made absolute and lexically normal, for comparing paths of files
/// that do not exist yet.
fs::path normalPath(const fs::path& path)
{
    std::error_code error;
    const auto canonical = fs::weakly_canonical(path, error);
    if (!error)
        return canonical;
    return fs::absolute(path, error).lexically_normal();
}

/// Removes the temporary file unless released after a successful rename.
class TemporaryGuard {
public:
    explicit TemporaryGuard(fs::path path) : mPath(std::move(path)) {}
    ~TemporaryGuard()
    {
        if (mFd >= 0)
            ::close(mFd);
        if (!mPath.empty())
            ::unlink(mPath.c_str());
    }
    TemporaryGuard(const TemporaryGuard&) = delete;
    TemporaryGuard& operator=(const TemporaryGuard&) = delete;

    void setFd(int fd) { mFd = fd; }
    /// Closes the file; returns 0 or the errno of a failed close.
    int close()
    {
        const int result = ::close(mFd);
        mFd = -1;
        return result == 0 ? 0 : errno;
    }
    void release() { mPath.clear(); }

private:
    fs::path mPath;
    int mFd = -1;
};

void writeAll(int fd, const std::string& contents, const std::string& path)
{
    const char* data = contents.data();
    std::size_t left = contents.size();
    while (left > 0) {
        const ssize_t written = ::write(fd, data, left);
        if (written < 0) {
            if (errno == EINTR)
                continue;
            throw FileWriteError(path + ": cannot write: " + systemError(errno));
        }
        data += written;
        left -= static_cast<std::size_t>(written);
    }
}

} // namespace

std::string resolveOutputPath(const std::string& path)
{
    fs::path current(path);
    for (int hop = 0; hop <= maxSymlinkHops; ++hop) {
        struct stat info {};
        if (::lstat(current.c_str(), &info) != 0 || !S_ISLNK(info.st_mode))
            return current.string();
        std::error_code error;
        const fs::path next = fs::read_symlink(current, error);
        if (error)
            throw FileWriteError(path + ": cannot follow the symbolic link: " + error.message());
        current = next.is_absolute() ? next : current.parent_path() / next;
    }
    throw FileWriteError(path + ": cannot write: too many levels of symbolic links (a loop?)");
}

std::vector<std::string> databaseFiles(const std::string& path)
{
    return {path, path + "-wal", path + "-shm", path + "-journal"};
}

void checkOutputIsNotInput(const std::string& output, const std::vector<std::string>& inputs)
{
    const std::string target = resolveOutputPath(output);
    struct stat outputInfo {};
    const bool outputExists = ::stat(target.c_str(), &outputInfo) == 0;
    const fs::path outputPath = normalPath(target);
    for (const auto& input : inputs) {
        struct stat inputInfo {};
        const bool inputExists = ::stat(input.c_str(), &inputInfo) == 0;
        bool same = false;
        if (outputExists && inputExists)
            same = outputInfo.st_dev == inputInfo.st_dev && outputInfo.st_ino == inputInfo.st_ino;
        else if (!outputExists)
            same = outputPath == normalPath(input);
        if (same)
            throw FileWriteError(output + ": refusing to write: it is the same file as the input "
                                 + input + ", which writing would destroy; choose another "
                                           "output file");
    }
}

void writeFileAtomic(const std::string& path, const std::string& contents)
{
    const fs::path target(resolveOutputPath(path));
    const std::string shown =
        target.string() == path ? path : path + " (-> " + target.string() + ")";
    const fs::path directory = target.has_parent_path() ? target.parent_path() : fs::path(".");
    std::error_code error;
    if (!fs::is_directory(directory, error))
        throw FileWriteError(shown + ": cannot write: directory " + directory.string()
                             + " does not exist");

    struct stat existing {};
    const bool replacing = ::lstat(target.c_str(), &existing) == 0;
    if (replacing && !S_ISREG(existing.st_mode))
        throw FileWriteError(shown + ": cannot write: it is " + describeType(existing.st_mode)
                             + "; InfraFit writes only regular files");
    if (replacing && ::access(target.c_str(), W_OK) != 0)
        throw FileWriteError(shown + ": cannot write: the file is read-only ("
                             + systemError(errno) + "); make it writable or choose another file");

    std::random_device random;
    const fs::path temporary =
        directory / ("." + target.filename().string() + ".tmp-" + std::to_string(random()));
    // A new file gets 0666 minus the umask; a replaced file's mode is set
    // below, so the temporary starts private in that case.
    const mode_t createMode = replacing ? S_IRUSR | S_IWUSR : 0666;
    const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, createMode);
    if (fd < 0)
        throw FileWriteError(shown + ": cannot write: " + systemError(errno));
    TemporaryGuard guard(temporary);
    guard.setFd(fd);
    writeAll(fd, contents, shown);
    if (replacing) {
        // Keep the owner and group where allowed (as root); failing that the
        // file belongs to whoever saved it, as with any editor's save.
        if (existing.st_uid != ::geteuid() || existing.st_gid != ::getegid()) {
            if (::fchown(fd, existing.st_uid, existing.st_gid) != 0) {
                // Not allowed: the new file keeps the saver's owner and group.
            }
        }
        if (::fchmod(fd, existing.st_mode & 07777) != 0)
            throw FileWriteError(shown + ": cannot keep its permissions: " + systemError(errno));
    }
    if (::fsync(fd) != 0)
        throw FileWriteError(shown + ": cannot write: " + systemError(errno));
    if (const int closeError = guard.close(); closeError != 0)
        throw FileWriteError(shown + ": cannot write: " + systemError(closeError));
    if (::rename(temporary.c_str(), target.c_str()) != 0)
        throw FileWriteError(shown + ": cannot replace: " + systemError(errno));
    guard.release();
    // Make the rename itself durable.
    const int dirFd = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dirFd >= 0) {
        ::fsync(dirFd);
        ::close(dirFd);
    }
}

} // namespace infrafit
