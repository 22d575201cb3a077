// SPDX-License-Identifier: Apache-2.0
// infrafit-cli netbox export | import, and `catalog list switch|pdu`.
#include "cli_runner.h"
#include "support/fixtures.h"

#include <catch2/catch.hpp>

#include <filesystem>

using namespace infrafit::test;
namespace fs = std::filesystem;

namespace {

const std::string kNetboxProject
    = std::string(INFRAFIT_SOURCE_DIR) + "/examples/gpt3-175b-pretrain.infrafit.json";

std::size_t netboxCliFiles(const fs::path& dir)
{
    std::size_t n = 0;
    for (const auto& entry : fs::directory_iterator(dir))
        n += entry.is_regular_file() ? 1 : 0;
    return n;
}

} // namespace

TEST_CASE("netbox export writes device types and CSVs; import reads them back", "[cli][netbox]")
{
    TempDir dir;
    const auto out = dir.path() / "netbox";
    const auto list = runCli({"catalog", "list", "--db", dir.file("catalog.sqlite")});
    REQUIRE(list.exitCode == 0);
    const auto exported = runCli({"netbox", "export", kNetboxProject, "--config",
                                  "128 nodes x 8 A100 80GB (HGX)", "--output", out.string(), "--db",
                                  dir.file("catalog.sqlite")});
    INFO(exported.err);
    REQUIRE(exported.exitCode == 0);
    CHECK_THAT(exported.out, Catch::Contains("5 device types"));
    CHECK(netboxCliFiles(out / "device-types") == 5);
    for (const char* csv : {"sites.csv", "racks.csv", "devices.csv", "cables.csv",
                            "power-feeds.csv", "power-panels.csv", "manufacturers.csv",
                            "device-roles.csv", "power-feed-cables.csv"})
        CHECK(fs::exists(out / csv));

    // Into another catalog database: the built-in front-end switch, which
    // is no catalog part, arrives as a new switch; the rest replace theirs.
    const std::string db = dir.file("other.sqlite");
    REQUIRE(runCli({"catalog", "list", "switch", "--db", db}).exitCode == 0);
    const auto imported = runCli({"netbox", "import", (out / "device-types").string(), "--db", db});
    INFO(imported.err);
    REQUIRE(imported.exitCode == 0);
    CHECK_THAT(imported.out, Catch::Contains("switch nvidia-qm9700"));
    CHECK_THAT(imported.out, Catch::Contains("pdu apc-ap8886"));
    CHECK_THAT(imported.out, Catch::Contains("left blank"));
    CHECK_THAT(imported.out, Catch::Contains("Imported 5 parts"));
    const auto switches = runCli({"catalog", "list", "switch", "--db", db});
    CHECK_THAT(switches.out, Catch::Contains("nvidia-qm9700"));
    CHECK_THAT(switches.out, Catch::Contains("frontend-switch"));
    const auto pdus = runCli({"catalog", "list", "pdu", "--db", db});
    CHECK_THAT(pdus.out, Catch::Contains("apc-ap8886"));
    CHECK_THAT(pdus.out, Catch::Contains("C13"));
}

TEST_CASE("netbox import takes the folder export wrote and names a folder without YAML",
          "[cli][netbox]")
{
    // CLI probe U9: the export's own folder gave "no .yaml or .yml files
    // found", naming neither the folder nor that subfolders were not read.
    TempDir dir;
    const auto out = dir.path() / "netbox";
    REQUIRE(runCli({"netbox", "export", kNetboxProject, "--config",
                    "128 nodes x 8 A100 80GB (HGX)", "--output", out.string(), "--db",
                    dir.file("catalog.sqlite")})
                .exitCode
            == 0);
    const auto imported
        = runCli({"netbox", "import", out.string(), "--db", dir.file("other.sqlite")});
    INFO(imported.err);
    CHECK(imported.exitCode == 0);
    CHECK_THAT(imported.out, Catch::Contains("Imported 5 parts"));
    const auto empty = dir.path() / "empty";
    fs::create_directories(empty / "sub");
    const auto none = runCli({"netbox", "import", empty.string(), "--db", dir.file("other.sqlite")});
    CHECK(none.exitCode != 0);
    CHECK_THAT(none.err, Catch::Contains("no .yaml or .yml files in " + empty.string()));
    CHECK_THAT(none.err, Catch::Contains("subfolders"));
}

TEST_CASE("netbox import stores nothing when one file is bad", "[cli][netbox]")
{
    TempDir dir;
    const auto folder = dir.path() / "types";
    fs::create_directories(folder);
    writeBytes((folder / "a-good.yaml").string(),
               "manufacturer: Acme\nmodel: P1\nslug: acme-p1\nu_height: 0\nis_full_depth: false\n"
               "power-outlets:\n  - name: o1\n    type: iec-60320-c13\n    feed_leg: A\n");
    writeBytes((folder / "b-bad.yaml").string(),
               "manufacturer: Acme\nmodel: P2\nslug: acme-p2\nu_height: tall\n");
    const std::string db = dir.file("catalog.sqlite");
    const auto before = runCli({"catalog", "list", "pdu", "--format", "json", "--db", db});
    REQUIRE(before.exitCode == 0);
    const auto result = runCli({"netbox", "import", folder.string(), "--db", db});
    CHECK(result.exitCode == 2);
    // The good file's PDU lacks voltage and breaker (NetBox has no key for them).
    CHECK_THAT(result.err, Catch::Contains("a-good.yaml: /voltage_v: is required for a pdu"));
    CHECK_THAT(result.err, Catch::Contains("b-bad.yaml: /u_height: must be a number (got \"tall\")"));
    CHECK_THAT(result.err, Catch::Contains("nothing was stored"));
    const auto after = runCli({"catalog", "list", "pdu", "--format", "json", "--db", db});
    CHECK(after.out == before.out);
    const auto missing = runCli({"netbox", "import", dir.file("none.yaml"), "--db", db});
    CHECK(missing.exitCode == 2);
    CHECK_THAT(missing.err, Catch::Contains("none.yaml"));
    const auto usage = runCli({"netbox", "frobnicate"});
    CHECK(usage.exitCode == 2);
}
