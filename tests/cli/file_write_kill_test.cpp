// SPDX-License-Identifier: Apache-2.0
// Crash safety of written files (issue 9 item 3): a project save or a
// catalog export SIGKILLed at any point leaves the old or the new file,
// byte for byte, and no stray file that could be taken for it.
#include "cli_runner.h"
#include "core/io/project_json.h"
#include "support/child_process.h"
#include "support/fixtures.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <random>

using namespace infrafit;
using namespace infrafit::test;

namespace {

namespace fs = std::filesystem;

/// Kills a child that writes `path` over and over (alternating contents)
/// `kills` times at seeded random points within `maxDelay`, and checks after
/// each kill that `path` holds one of `allowed` and that any other file in
/// its folder is a hidden temporary of the writer (".NAME.tmp-*"), which no
/// program would open as the file. `rewrite(i)` writes version i % 2.
void killWhileRewriting(const std::string& testName, const std::string& path,
    const std::vector<std::string>& allowed, const std::function<void(int)>& rewrite,
    std::chrono::microseconds maxDelay, int kills)
{
    const auto seed = killTestSeed(testName);
    INFO("INFRAFIT_KILL_SEED=" << seed);
    std::mt19937_64 random(seed);
    std::uniform_int_distribution<std::int64_t> delay(0, maxDelay.count());
    const fs::path target(path);
    const std::string tempPrefix = "." + target.filename().string() + ".tmp-";
    int leftovers = 0;
    for (int kill = 0; kill < kills; ++kill) {
        const auto wait = std::chrono::microseconds(delay(random));
        INFO("kill " << kill << " after " << wait.count() << " us");
        const pid_t pid = forkChild([&] {
            for (int i = 0;; ++i)
                rewrite(i);
        });
        REQUIRE(pid > 0);
        const auto end = killAfter(pid, wait);
        REQUIRE(end.killed); // it writes until killed; an early exit is a write error

        const auto bytes = readBytes(path);
        CHECK(std::find(allowed.begin(), allowed.end(), bytes) != allowed.end());
        for (const auto& entry : fs::directory_iterator(target.parent_path())) {
            const auto name = entry.path().filename().string();
            if (entry.path() == target)
                continue;
            INFO("left in the folder: " << name);
            REQUIRE(name.rfind(tempPrefix, 0) == 0);
            ++leftovers;
            fs::remove(entry.path());
        }
    }
    std::cerr << testName << ": " << kills << " kills, " << leftovers
              << " hidden temporary files left by killed writes\n";
}

} // namespace

TEST_CASE("a project save killed at any point leaves the old or the new file", "[cli][crash]")
{
    TempDir dir;
    fs::create_directories(dir.path() / "out");
    const auto path = dir.file("out/plan.infrafit.json");
    const std::vector<Project> versions {
        readProjectFile(fixturePath("projects/llama-h100.infrafit.json")),
        readProjectFile(fixturePath("projects/bom-example.infrafit.json"))};
    std::vector<std::string> bytes;
    for (const auto& project : versions) {
        writeProjectFile(project, path);
        bytes.push_back(readBytes(path));
    }
    REQUIRE(bytes[0] != bytes[1]);
    const auto save
        = [&](int i) { writeProjectFile(versions[static_cast<std::size_t>(i % 2)], path); };
    killWhileRewriting(
        "project save kill test", path, bytes, save, std::chrono::milliseconds(40), 30);
}

TEST_CASE("a catalog export killed at any point leaves the old or the new file", "[cli][crash]")
{
    TempDir dir;
    const auto db = dir.file("catalog.sqlite");
    fs::create_directories(dir.path() / "out");
    const auto path = dir.file("out/parts.json");
    const std::vector<std::vector<std::string>> exports {
        {"catalog", "export", path, "--kind", "gpu", "--db", db},
        {"catalog", "export", path, "--db", db}};
    std::vector<std::string> bytes;
    for (const auto& args : exports) {
        REQUIRE(runCli(args).exitCode == 0);
        bytes.push_back(readBytes(path));
    }
    REQUIRE(bytes[0] != bytes[1]);
    killWhileRewriting(
        "catalog export kill test", path, bytes,
        [&](int i) {
            if (runCli(exports[static_cast<std::size_t>(i % 2)]).exitCode != 0)
                throw std::runtime_error("export failed");
        },
        std::chrono::milliseconds(80), 25);
}
