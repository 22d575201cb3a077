// SPDX-License-Identifier: Apache-2.0
// infrafit-cli layout: every format written, bad input refused with exit 2.
#include "cli_runner.h"
#include "support/fixtures.h"
#include "support/report_readers.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>

using namespace infrafit::test;
namespace fs = std::filesystem;

namespace {

const std::string kLayoutProject = fixturePath("projects/bom-example.infrafit.json");

CliResult layoutCli(const TempDir& dir, const std::string& format, const std::string& output,
                    const std::string& config = "4x HGX H100")
{
    return runCli({"layout", kLayoutProject, "--config", config, "--format", format, "--output",
                   output, "--db", dir.file("catalog.sqlite")});
}

} // namespace

TEST_CASE("layout writes json, csv, svg and pdf", "[cli][layout]")
{
    TempDir dir;
    for (const std::string format : {"json", "csv", "svg", "pdf"}) {
        const auto output = dir.file("layout." + format);
        const auto result = layoutCli(dir, format, output);
        INFO(format << "\n" << result.err);
        REQUIRE(result.exitCode == 0);
        CHECK_THAT(result.out, Catch::StartsWith("Wrote " + output));
        REQUIRE(fs::exists(output));
        CHECK(fs::file_size(output) > 200);
    }
    const auto json = nlohmann::json::parse(readBytes(dir.file("layout.json")));
    CHECK(json.at("summary").at("gpu_nodes") == 4);
    CHECK(json.at("racks").size() >= 1);
    CHECK_THAT(readBytes(dir.file("layout.csv")),
               Catch::StartsWith("row,from,to,type,length_m,purpose,count,total_usd\r\n"));
    CHECK_THAT(readBytes(dir.file("layout.svg")), Catch::Contains("<svg"));
    CHECK_THAT(readBytes(dir.file("layout.pdf")), Catch::StartsWith("%PDF-1.4"));
}

TEST_CASE("layout refuses an unknown configuration or format with exit 2", "[cli][layout]")
{
    TempDir dir;
    const auto output = dir.file("layout.json");
    const auto unknown = layoutCli(dir, "json", output, "no such config");
    CHECK(unknown.exitCode == 2);
    CHECK_THAT(unknown.err, Catch::Contains("no configuration named"));
    CHECK_FALSE(fs::exists(output));
    const auto badFormat = layoutCli(dir, "png", output);
    CHECK(badFormat.exitCode == 2);
    CHECK_FALSE(fs::exists(output));
}
