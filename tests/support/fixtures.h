// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

namespace infrafit::test {

inline std::string fixturePath(const std::string& relative)
{
    return std::string(INFRAFIT_FIXTURES_DIR) + "/" + relative;
}

inline std::string readBytes(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

inline void writeBytes(const std::string& path, const std::string& bytes)
{
    std::ofstream out(path, std::ios::binary);
    out << bytes;
}

/// A fresh directory under the system temp dir, removed when destroyed.
class TempDir {
public:
    TempDir()
    {
        std::random_device random;
        mPath = std::filesystem::temp_directory_path()
                / ("infrafit-test-" + std::to_string(random()) + std::to_string(random()));
        std::filesystem::create_directories(mPath);
    }
    ~TempDir()
    {
        std::error_code ignored;
        std::filesystem::remove_all(mPath, ignored);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    [[nodiscard]] std::string file(const std::string& name) const { return (mPath / name).string(); }
    [[nodiscard]] const std::filesystem::path& path() const { return mPath; }

private:
    std::filesystem::path mPath;
};

/// The working directory set to `dir` for this object's life (restored even
/// when a REQUIRE throws), so a file a command writes to a relative path
/// such as "-" lands there.
class WorkingDirectory {
public:
    explicit WorkingDirectory(const std::filesystem::path& dir)
        : mPrevious(std::filesystem::current_path())
    {
        std::filesystem::current_path(dir);
    }
    ~WorkingDirectory()
    {
        std::error_code ignored;
        std::filesystem::current_path(mPrevious, ignored);
    }
    WorkingDirectory(const WorkingDirectory&) = delete;
    WorkingDirectory& operator=(const WorkingDirectory&) = delete;

private:
    std::filesystem::path mPrevious;
};

} // namespace infrafit::test
