// SPDX-License-Identifier: Apache-2.0
// The user guide's project field tables are the registries' (issue 21): a
// field added, renamed or re-ranged in core/project/*_fields.cpp changes
// the guide, or this test fails. INFRAFIT_UPDATE_GOLDEN=1 rewrites the
// section from the registries; review the diff.
#include "core/project/field_tables.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace {

constexpr const char* fieldTablesBegin = "<!-- project-field-tables:begin (generated) -->\n";
constexpr const char* fieldTablesEnd = "<!-- project-field-tables:end -->";

std::string fieldTablesGuidePath()
{
    return std::string(INFRAFIT_SOURCE_DIR) + "/docs/user-guide.md";
}

} // namespace

TEST_CASE("the user guide's project field tables are the registries'", "[fields][docs][golden]")
{
    std::ifstream in(fieldTablesGuidePath());
    REQUIRE(in);
    std::stringstream buffer;
    buffer << in.rdbuf();
    std::string guide = buffer.str();
    const auto begin = guide.find(fieldTablesBegin);
    const auto end = guide.find(fieldTablesEnd);
    REQUIRE(begin != std::string::npos);
    REQUIRE(end != std::string::npos);
    const auto start = begin + std::string(fieldTablesBegin).size();
    const std::string inGuide = guide.substr(start, end - start);
    const std::string expected = "\n" + infrafit::projectFieldTables();
    if (inGuide != expected && std::getenv("INFRAFIT_UPDATE_GOLDEN")) {
        guide.replace(start, end - start, expected);
        std::ofstream(fieldTablesGuidePath()) << guide;
        SUCCEED("docs/user-guide.md updated");
        return;
    }
    CHECK(inGuide == expected);
}
