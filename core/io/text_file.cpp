// SPDX-License-Identifier: Apache-2.0
#include "core/io/text_file.h"

#include "core/io/input_error.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>

#include <fcntl.h>
#include <unistd.h>

namespace infrafit {

namespace fs = std::filesystem;

std::string readTextFile(const std::string& path)
{
    std::error_code error;
    const auto status = fs::status(path, error);
    if (error || !fs::exists(status))
        throw InputError(path, "/", "cannot open: no such file");
    if (!fs::is_regular_file(status))
        throw InputError(path, "/", "cannot open: not a regular file");
    const auto size = fs::file_size(path, error);
    if (error)
        throw InputError(path, "/", "cannot read its size: " + error.message());
    if (size > maxInputFileBytes)
        throw InputError(path, "/", "file is " + std::to_string(size / (1024 * 1024))
                                        + " MiB, larger than the "
                                        + std::to_string(maxInputFileBytes / (1024 * 1024))
                                        + " MiB limit for InfraFit files");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError(path, "/", std::string("cannot open: ") + std::strerror(errno));
    std::string contents(static_cast<std::size_t>(size), '\0');
    in.read(contents.data(), static_cast<std::streamsize>(size));
    if (in.gcount() != static_cast<std::streamsize>(size))
        throw InputError(path, "/", "cannot read the whole file");
    return contents;
}

void writeFileAtomic(const std::string& path, const std::string& contents)
{
    const fs::path target(path);
    const fs::path directory = target.has_parent_path() ? target.parent_path() : fs::path(".");
    std::error_code error;
    if (!fs::is_directory(directory, error))
        throw FileWriteError(path + ": cannot write: directory " + directory.string()
                                 + " does not exist");
    std::random_device random;
    const fs::path temporary =
        directory / ("." + target.filename().string() + ".tmp-" + std::to_string(random()));
    const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0)
        throw FileWriteError(path + ": cannot write: " + std::strerror(errno));
    const char* data = contents.data();
    std::size_t left = contents.size();
    while (left > 0) {
        const ssize_t written = ::write(fd, data, left);
        if (written < 0) {
            if (errno == EINTR)
                continue;
            const std::string reason = std::strerror(errno);
            ::close(fd);
            ::unlink(temporary.c_str());
            throw FileWriteError(path + ": cannot write: " + reason);
        }
        data += written;
        left -= static_cast<std::size_t>(written);
    }
    if (::fsync(fd) != 0 || ::close(fd) != 0) {
        const std::string reason = std::strerror(errno);
        ::unlink(temporary.c_str());
        throw FileWriteError(path + ": cannot write: " + reason);
    }
    if (::rename(temporary.c_str(), target.c_str()) != 0) {
        const std::string reason = std::strerror(errno);
        ::unlink(temporary.c_str());
        throw FileWriteError(path + ": cannot replace: " + reason);
    }
    // Make the rename itself durable.
    const int dirFd = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dirFd >= 0) {
        ::fsync(dirFd);
        ::close(dirFd);
    }
}

} // namespace infrafit
