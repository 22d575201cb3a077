// SPDX-License-Identifier: Apache-2.0
#pragma once
// Every test binary runs with XDG_DATA_HOME in a fresh directory of its own,
// so no test — and no command it runs without --db — reads or writes the
// catalog of the user (or CI machine) running the tests. A CI run once failed
// because a catalog a newer build had left in ~/.local/share was refused.

#include <cstdlib>
#include <filesystem>
#include <string>
#include <system_error>

namespace infrafit::test {

/// Creates the directory and points XDG_DATA_HOME at it; it is removed when
/// the returned guard goes out of scope (the end of main).
class PrivateDataHome {
public:
    PrivateDataHome()
    {
        std::string pattern
            = (std::filesystem::temp_directory_path() / "infrafit-test-data-XXXXXX").string();
        if (const char* made = ::mkdtemp(pattern.data())) {
            mPath = made;
            ::setenv("XDG_DATA_HOME", made, 1);
        }
    }
    ~PrivateDataHome()
    {
        std::error_code ignored;
        if (!mPath.empty())
            std::filesystem::remove_all(mPath, ignored);
    }
    PrivateDataHome(const PrivateDataHome&) = delete;
    PrivateDataHome& operator=(const PrivateDataHome&) = delete;

private:
    std::string mPath;
};

} // namespace infrafit::test
