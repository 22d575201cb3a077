// SPDX-License-Identifier: Apache-2.0
// Issue 23 item 11: finding messages and suggestions name fields by the
// labels of the forms that edit them ("PSUs per node"), never by JSON keys
// ("psus_per_node"); the finding codes keep the keys.
#include "core/pipeline/analyze_project.h"
#include "core/infra/infrastructure.h"
#include "core/io/catalog_json.h"
#include "core/io/project_json.h"

#include "infra_fixtures.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <regex>
#include <set>
#include <string>

using namespace infrafit;

namespace {

/// The snake_case words of `text` (a JSON key has at least one underscore),
/// less the names of other tools' settings a message may cite as such.
std::set<std::string> findingWordingKeys(const std::string& text)
{
    static const std::set<std::string> otherTools {
        "gpu_memory_utilization", // vLLM's engine setting
        "offload_optimizer", "offload_param", // DeepSpeed's ZeRO-Offload settings
    };
    static const std::regex key(R"(\b[a-z][a-z0-9]*(_[a-z0-9]+)+\b)");
    std::set<std::string> keys;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), key);
         it != std::sregex_iterator(); ++it)
        if (!otherTools.count(it->str()))
            keys.insert(it->str());
    return keys;
}

void checkFindingWording(const Findings& findings)
{
    for (const auto& f : findings) {
        INFO(f.code << ": " << f.message << " / " << f.suggestion);
        CHECK(findingWordingKeys(f.message).empty());
        CHECK(findingWordingKeys(f.suggestion).empty());
    }
}

bool findingWordingHas(const Findings& findings, const std::string& code)
{
    for (const auto& f : findings)
        if (f.code == code)
            return true;
    return false;
}

} // namespace

TEST_CASE("finding wording: the key detector finds keys and only keys", "[infra][findings]")
{
    CHECK(findingWordingKeys("Set psus_per_node, e.g. 6.")
          == std::set<std::string> {"psus_per_node"});
    CHECK(findingWordingKeys("Set PSUs per node, e.g. 6.").empty());
    CHECK(findingWordingKeys("engine memory fraction (vLLM gpu_memory_utilization)").empty());
}

TEST_CASE("finding wording: no finding of the example projects names a JSON key",
          "[infra][findings]")
{
    const auto catalog = readCatalogFile(std::string(INFRAFIT_SOURCE_DIR)
                                         + "/catalog/data/default-catalog.json");
    const PartLookup lookup = [&](std::string_view id) -> std::optional<Part> {
        for (const auto& part : catalog.parts)
            if (infoOf(part).id == id)
                return part;
        return std::nullopt;
    };
    int projects = 0;
    std::size_t findings = 0;
    for (const auto& entry :
         std::filesystem::directory_iterator(std::string(INFRAFIT_SOURCE_DIR) + "/examples")) {
        const std::string path = entry.path().string();
        if (path.find(".infrafit.json") == std::string::npos)
            continue;
        INFO(path);
        const Project project = readProjectFile(path);
        const auto results = analyzeProject(project, lookup, {}, {}, path);
        REQUIRE_FALSE(results.empty());
        for (const auto& r : results) {
            checkFindingWording(r.findings);
            findings += r.findings.size();
        }
        ++projects;
    }
    CHECK(projects >= 5);
    CHECK(findings > 0); // the check looked at something
}

TEST_CASE("finding wording: configuration and input errors use form labels, codes keep keys",
          "[infra][findings]")
{
    auto rc = test::dgxH100(4);
    rc.config.gpusPerNode = 0;
    rc.config.psusPerNode = 0; // with a PSU configured
    rc.config.nvmePerNode = -1;
    rc.nic.reset();
    rc.config.nicsPerNode = 2; // NICs counted but no NIC part
    InfrastructureInputs in;
    in.switchRadix = 1;
    in.feedPhases = 2;
    in.needsInterNodeTraffic = true;
    const auto r = checkInfrastructure(rc, in);
    for (const char* code : {"config.gpus_per_node", "config.psus_per_node",
                             "config.nvme_per_node", "config.part_missing", "inputs.switch_radix",
                             "inputs.feed_phases", "fabric.no_nic"})
        CHECK(findingWordingHas(r.findings, code));
    checkFindingWording(r.findings);
    // The PSU is named, so no "names no PSU" beside the count error (CLI probe C2).
    CHECK_FALSE(findingWordingHas(r.findings, "power.psu_missing"));
    for (const auto& f : r.findings) {
        if (f.code == "config.psus_per_node" && f.suggestion.find("e.g.") != std::string::npos) {
            CHECK_THAT(f.message, Catch::StartsWith("PSUs per node is 0"));
            CHECK(f.suggestion == "Set PSUs per node, e.g. 6.");
        }
        if (f.code == "inputs.switch_radix")
            CHECK_THAT(f.message, Catch::StartsWith("The switch radix is 1"));
    }
}

TEST_CASE("finding wording: chassis limits are named by their catalog labels", "[infra][findings]")
{
    auto rc = test::dgxH100();
    rc.config.gpusPerNode = 16; // the chassis takes 8
    const auto r = checkInfrastructure(rc, InfrastructureInputs {});
    REQUIRE(findingWordingHas(r.findings, "compat.gpu_count"));
    checkFindingWording(r.findings);
    for (const auto& f : r.findings)
        if (f.code == "compat.gpu_count")
            CHECK_THAT(f.message, Catch::EndsWith("has 8 (Max GPUs)."));
}
