// SPDX-License-Identifier: Apache-2.0
// The layering rule of docs/architecture.md "Layers": core/ includes no Qt header, so the
// analysis can be read, built and tested without Qt.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>

TEST_CASE("no file under core/ includes a Qt header", "[layering]")
{
    const std::regex qtInclude(R"(^\s*#\s*include\s*[<"](Q[A-Za-z]+|Qt[A-Za-z]*/)[^>"]*[>"])");
    int filesChecked = 0;
    for (const auto& entry :
         std::filesystem::recursive_directory_iterator(std::string(INFRAFIT_SOURCE_DIR) + "/core")) {
        const auto ext = entry.path().extension().string();
        if (!entry.is_regular_file() || (ext != ".h" && ext != ".cpp"))
            continue;
        ++filesChecked;
        std::ifstream in(entry.path());
        std::string line;
        int lineNumber = 0;
        while (std::getline(in, line)) {
            ++lineNumber;
            INFO(entry.path().string() << ":" << lineNumber << ": " << line);
            CHECK_FALSE(std::regex_search(line, qtInclude));
        }
    }
    CHECK(filesChecked > 10);
}
