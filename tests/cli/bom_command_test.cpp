// SPDX-License-Identifier: Apache-2.0
// infrafit-cli bom and compare: every format written, and the bad-input
// contract of issue 7 (exit 2, one line naming the problem, no file left).
#include "cli_runner.h"
#include "support/fixtures.h"
#include "support/report_readers.h"

#include <catch2/catch.hpp>

#include <cctype>
#include <nlohmann/json.hpp>

#include <filesystem>

#include <unistd.h>

using namespace infrafit::test;
namespace fs = std::filesystem;

namespace {

const std::string kProject = fixturePath("projects/bom-example.infrafit.json");

CliResult bom(const TempDir& dir, const std::string& format, const std::string& output,
    const std::string& config = "4x HGX H100", const std::string& project = kProject)
{
    return runCli({"bom", project, "--config", config, "--format", format, "--output", output,
        "--db", dir.file("catalog.sqlite")});
}

} // namespace

TEST_CASE("bom writes every format", "[cli][bom]")
{
    TempDir dir;
    for (const std::string format : {"csv", "xlsx", "pdf", "html", "json"}) {
        const auto output = dir.file("bom." + format);
        const auto result = bom(dir, format, output);
        INFO(format << "\n" << result.err);
        REQUIRE(result.exitCode == 0);
        CHECK_THAT(result.out, Catch::StartsWith("Wrote " + output));
        REQUIRE(fs::exists(output));
        CHECK(fs::file_size(output) > 200);
    }
    CHECK_THAT(readBytes(dir.file("bom.pdf")), Catch::StartsWith("%PDF-1.4"));
    CHECK_THAT(readBytes(dir.file("bom.xlsx")), Catch::StartsWith("PK"));
    const auto json = nlohmann::json::parse(readBytes(dir.file("bom.json")));
    CHECK(json["format"] == "infrafit-bom");
    CHECK(json["summary"]["configuration"] == "4x HGX H100");
    CHECK(json["summary"]["verdict"]["workload"] == "llama-8b-pretrain");
}

TEST_CASE("bom --output - writes a text format to standard output, not a file named -",
          "[cli][bom]")
{
    // CLI probe C4: it wrote a file named "-" and said "Wrote -".
    TempDir dir;
    const WorkingDirectory inDir(dir.path());
    const auto json = bom(dir, "json", "-");
    const auto csv = bom(dir, "csv", "-");
    const auto pdf = bom(dir, "pdf", "-");
    const bool dashFile = fs::exists(dir.path() / "-");
    REQUIRE(json.exitCode == 0);
    CHECK(nlohmann::json::parse(json.out)["format"] == "infrafit-bom");
    REQUIRE(csv.exitCode == 0);
    CHECK(csv.out.find("Wrote") == std::string::npos);
    CHECK(csv.out.rfind("row,kind,vendor,model", 0) == 0); // the CSV itself
    CHECK(pdf.exitCode == 2);
    CHECK_THAT(pdf.err, Catch::Contains("pdf is a binary format"));
    CHECK_FALSE(dashFile);
}

TEST_CASE("bom --workload picks the workload; SOURCE_DATE_EPOCH dates the report", "[cli][bom]")
{
    TempDir dir;
    ::setenv("SOURCE_DATE_EPOCH", "1796169600", 1);
    const auto output = dir.file("bom.json");
    const auto result
        = runCli({"bom", kProject, "--config", "2x HGX H100", "--workload", "llama-70b-serve",
            "--format", "json", "--output", output, "--db", dir.file("catalog.sqlite")});
    ::unsetenv("SOURCE_DATE_EPOCH");
    REQUIRE(result.exitCode == 0);
    const auto json = nlohmann::json::parse(readBytes(output));
    CHECK(json["summary"]["date"] == "2026-12-02");
    CHECK(json["summary"]["verdict"]["kind"] == "inference");
}

TEST_CASE("bom refuses bad input with exit 2, one line and no file", "[cli][bom]")
{
    TempDir dir;
    SECTION("unknown configuration")
    {
        const auto output = dir.file("bom.csv");
        const auto result = bom(dir, "csv", output, "nope");
        CHECK(result.exitCode == 2);
        REQUIRE(result.errLines().size() == 1);
        CHECK_THAT(result.err, Catch::Contains("no configuration named \"nope\""));
        CHECK_FALSE(fs::exists(output));
    }
    SECTION("output in a missing directory")
    {
        const auto output = dir.file("missing/bom.pdf");
        const auto result = bom(dir, "pdf", output);
        CHECK(result.exitCode == 2);
        REQUIRE(result.errLines().size() == 1);
        CHECK_THAT(result.err, Catch::Contains(output));
        CHECK_FALSE(fs::exists(output));
    }
    SECTION("output in a read-only directory")
    {
        const auto readOnly = dir.path() / "read-only";
        fs::create_directory(readOnly);
        fs::permissions(readOnly, fs::perms::owner_read | fs::perms::owner_exec);
        const auto output = (readOnly / "bom.xlsx").string();
        const auto result = bom(dir, "xlsx", output);
        if (::geteuid() == 0) {
            // Root writes through permissions; /proc refuses new files to anyone.
            const auto proc = bom(dir, "csv", "/proc/infrafit-bom.csv");
            CHECK(proc.exitCode == 2);
            CHECK(proc.errLines().size() == 1);
            CHECK_FALSE(fs::exists("/proc/infrafit-bom.csv"));
        } else {
            CHECK(result.exitCode == 2);
            REQUIRE(result.errLines().size() == 1);
            CHECK_THAT(result.err, Catch::Contains(output));
            CHECK(fs::is_empty(readOnly));
        }
        for (const auto& entry : fs::directory_iterator(readOnly))
            CHECK_THAT(entry.path().filename().string(), !Catch::Contains(".tmp-"));
        fs::permissions(readOnly, fs::perms::owner_all);
    }
    SECTION("a project with no configurations")
    {
        const auto output = dir.file("bom.html");
        const auto result = bom(
            dir, "html", output, "any", fixturePath("projects/no-configurations.infrafit.json"));
        CHECK(result.exitCode == 2);
        REQUIRE(result.errLines().size() == 1);
        CHECK_THAT(
            result.err, Catch::Contains("/configurations: the project has no configurations"));
        CHECK_FALSE(fs::exists(output));
    }
    SECTION("usage errors")
    {
        CHECK(runCli({"bom", kProject, "--config", "4x HGX H100", "--format", "docx", "--output",
                         dir.file("x")})
                  .exitCode
            == 2);
        CHECK(
            runCli({"bom", kProject, "--format", "csv", "--output", dir.file("x")}).exitCode == 2);
        CHECK(
            runCli({"bom", kProject, "--config", "4x HGX H100", "--format", "csv"}).exitCode == 2);
    }
}

TEST_CASE("compare prints the matrix in json, csv and text", "[cli][compare]")
{
    TempDir dir;
    const auto db = dir.file("catalog.sqlite");
    const auto result = runCli({"compare", kProject, "--format", "json", "--baseline",
        "llama-8b-pretrain/2x HGX H100", "--db", db});
    INFO(result.err);
    REQUIRE(result.exitCode == 0);
    const auto json = nlohmann::json::parse(result.out);
    REQUIRE(json["rows"].size() == 4);
    CHECK(json["baseline"]["configuration"] == "2x HGX H100");

    // Deltas equal the difference of two analyze runs.
    const auto analyze = [&](const std::string& config) {
        const auto r = runCli({"analyze", kProject, "--workload", "llama-8b-pretrain", "--config",
            config, "--format", "json", "--db", db});
        REQUIRE(r.exitCode == 0);
        return nlohmann::json::parse(r.out)["results"][0];
    };
    const auto base = analyze("2x HGX H100");
    const auto other = analyze("4x HGX H100");
    const double baseDays = base["performance"]["training_days"].get<double>();
    const double otherDays = other["performance"]["training_days"].get<double>();
    bool found = false;
    for (const auto& row : json["rows"]) {
        if (row["workload"] == "llama-8b-pretrain" && row["configuration"] == "4x HGX H100") {
            found = true;
            CHECK(row["values"]["training_days"].get<double>() == Approx(otherDays));
            CHECK(row["deltas"]["training_days"]["absolute"].get<double>()
                == Approx(otherDays - baseDays));
            CHECK(row["deltas"]["training_days"]["percent"].get<double>()
                == Approx(100 * (otherDays - baseDays) / baseDays));
        }
    }
    CHECK(found);

    const auto csv = runCli({"compare", kProject, "--format", "csv", "--db", db});
    REQUIRE(csv.exitCode == 0);
    CHECK(parseCsv(csv.out).size() == 5);
    const auto text = runCli({"compare", kProject, "--db", db});
    REQUIRE(text.exitCode == 0);
    CHECK_THAT(text.out, Catch::Contains("What-if comparison: 2 workloads x 2 configurations"));
}

TEST_CASE("compare refuses bad input with exit 2", "[cli][compare]")
{
    TempDir dir;
    const auto db = dir.file("catalog.sqlite");
    auto result
        = runCli({"compare", fixturePath("projects/no-configurations.infrafit.json"), "--db", db});
    CHECK(result.exitCode == 2);
    CHECK(result.errLines().size() == 1);
    CHECK_THAT(result.err, Catch::Contains("no configurations"));
    result = runCli({"compare", kProject, "--baseline", "nope/none", "--db", db});
    CHECK(result.exitCode == 2);
    CHECK_THAT(result.err, Catch::Contains("--baseline"));
    result = runCli({"compare", kProject, "--format", "xml", "--db", db});
    CHECK(result.exitCode == 2);
}

TEST_CASE("an unknown --config or --workload lists the names the project has", "[cli][bad-input]")
{
    TempDir dir;
    const auto db = dir.file("catalog.sqlite");
    for (const std::vector<std::string>& command :
         {std::vector<std::string>{"analyze", kProject, "--config", "nope", "--db", db},
          std::vector<std::string>{"bom", kProject, "--config", "nope", "--format", "csv",
                                   "--output", dir.file("x.csv"), "--db", db},
          std::vector<std::string>{"compare", kProject, "--config", "nope", "--db", db}}) {
        const auto result = runCli(command);
        INFO(command.front() << ": " << result.err);
        CHECK(result.exitCode == 2);
        CHECK_THAT(result.err, Catch::Contains("no configuration named \"nope\"; the project has "
                                               "\"4x HGX H100\", \"2x HGX H100\""));
    }
    const auto result = runCli({"analyze", kProject, "--workload", "nope", "--db", db});
    CHECK(result.exitCode == 2);
    CHECK_THAT(result.err, Catch::Contains("\"llama-8b-pretrain\", \"llama-70b-serve\""));
}

TEST_CASE("analyze text writes money with thousands separators and counts in the singular",
          "[cli][analyze][text]")
{
    TempDir dir;
    const auto result = runCli({"analyze", kProject, "--config", "2x HGX H100", "--db",
                                dir.file("catalog.sqlite")});
    REQUIRE(result.exitCode == 0);
    CHECK_THAT(result.out, !Catch::Contains("(s)"));
    CHECK_THAT(result.out, !Catch::Contains(" 1 switches"));
    CHECK_THAT(result.out, !Catch::Contains(" 1 racks"));
    CHECK_THAT(result.out, !Catch::Contains("rack.power_limit_kw"));
    // Every dollar figure of four digits or more has its separators.
    std::size_t at = 0;
    while ((at = result.out.find('$', at)) != std::string::npos) {
        std::size_t digits = 0;
        std::size_t i = at + 1;
        while (i < result.out.size() && std::isdigit(static_cast<unsigned char>(result.out[i]))) {
            ++digits;
            ++i;
        }
        INFO(result.out.substr(at, 16));
        CHECK(digits <= 3);
        at = i;
    }
}
