// SPDX-License-Identifier: Apache-2.0
// infrafit-cli portfolio: the shipped shared-cluster example packed onto its configuration, and
// a project without a portfolio refused with the file and the pointer.
#include "cli_runner.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

using namespace infrafit;

namespace {

std::string portfolioTestDb(const char* name)
{
    const auto path = std::filesystem::temp_directory_path() / name;
    std::filesystem::remove(path);
    return path.string();
}

std::string portfolioExample()
{
    return (std::filesystem::path(INFRAFIT_SOURCE_DIR) / "examples"
            / "shared-cluster-portfolio.infrafit.json")
        .string();
}

} // namespace

TEST_CASE("portfolio prints the packing of the shared-cluster example", "[cli][portfolio]")
{
    const auto db = portfolioTestDb("portfolio-cli.sqlite");
    const auto r = test::runCli({"portfolio", portfolioExample(), "--format", "json", "--db", db});
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const auto json = nlohmann::json::parse(r.out);
    CHECK(json["fits"] == true);
    CHECK(json["workloads"].size() == 4);
    CHECK(json["workloads"][2]["placement"] == "slice");
    CHECK(json["workloads"][2]["profile"] == "1g.10gb");
    CHECK(json["gpus"].size()
          == json["nodes"].get<std::size_t>() * json["gpus_per_node"].get<std::size_t>());

    const auto text = test::runCli({"portfolio", portfolioExample(), "--db", db});
    REQUIRE(text.exitCode == 0);
    CHECK(text.out.find("Fits: yes") != std::string::npos);
}

TEST_CASE("portfolio refuses a project without a portfolio with its pointer", "[cli][portfolio]")
{
    const auto db = portfolioTestDb("portfolio-cli-none.sqlite");
    const auto r = test::runCli({"portfolio",
                                 std::string(INFRAFIT_SOURCE_DIR)
                                     + "/examples/llama-serving.infrafit.json",
                                 "--db", db});
    CHECK(r.exitCode == 2);
    CHECK(r.err.find("/portfolio") != std::string::npos);
    CHECK(r.err.find("llama-serving.infrafit.json") != std::string::npos);
}

TEST_CASE("portfolio --config with an unknown name names the option and the known ones",
          "[cli][portfolio]")
{
    // CLI probe U12: it said "/portfolio/configuration", a JSON pointer, for an option.
    const auto r = test::runCli({"portfolio", portfolioExample(), "--config", "nope", "--db",
                                 portfolioTestDb("portfolio-cli-config.sqlite")});
    CHECK(r.exitCode == 2);
    CHECK(r.err.find("--config: no configuration named \"nope\"; the project has \"")
          != std::string::npos);
    CHECK(r.err.find("/portfolio/configuration") == std::string::npos);
}
