// SPDX-License-Identifier: Apache-2.0
// Complete systems (DGX-style, price_includes_parts) are bought as they
// ship: the recommendation uses exactly their own CPUs, NICs, drives and
// PSUs, and a configuration that mixes other parts into one is an error.
#include "core/infra/compatibility.h"
#include "core/parts/system_parts.h"
#include "core/search/node_builds.h"
#include "core/search/recommend.h"
#include "core/search/search_test_support.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

using namespace infrafit;

namespace {

const Chassis& chassisNamed(const PartsSnapshot& parts, const std::string& id)
{
    const auto it = std::find_if(parts.chassis.begin(), parts.chassis.end(),
                                 [&](const Chassis& c) { return c.id == id; });
    REQUIRE(it != parts.chassis.end());
    return *it;
}

/// The configuration's host parts as "ID:COUNT", sorted.
std::vector<std::string> hostParts(const Configuration& c)
{
    std::vector<std::string> out;
    const auto add = [&](const std::string& id, int count) {
        if (!id.empty() && count > 0)
            out.push_back(id + ":" + std::to_string(count));
    };
    add(c.cpuId, c.cpusPerNode);
    add(c.nicId, c.nicsPerNode);
    add(c.nvmeId, c.nvmePerNode);
    add(c.psuId, c.psusPerNode);
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

TEST_CASE("system parts parse as ID:COUNT", "[search][complete-system]")
{
    const auto a = parseSystemPart("intel-xeon-platinum-8480plus:2");
    REQUIRE(a);
    CHECK(a->id == "intel-xeon-platinum-8480plus");
    CHECK(a->count == 2);
    const auto b = parseSystemPart("psu-x");
    REQUIRE(b);
    CHECK(b->count == 1);
    CHECK_FALSE(parseSystemPart(":2"));
    CHECK_FALSE(parseSystemPart("nic:0"));
    CHECK_FALSE(parseSystemPart("nic:two"));
}

TEST_CASE("the default catalog's DGX systems list their own host parts",
          "[search][complete-system]")
{
    // DGX H100/B200 user guides: 2 Xeon CPUs, 8 U.2 data drives, 8
    // ConnectX-7 400G compute NICs, 6 × 3.3 kW PSUs per system.
    const auto parts = testing::defaultCatalogSnapshot();
    for (const char* id : {"nvidia-dgx-h100", "nvidia-dgx-h200", "nvidia-dgx-b200"}) {
        INFO(id);
        const Chassis& dgx = chassisNamed(parts, id);
        CHECK(isCompleteSystem(dgx));
        const auto own = systemPartsOf(dgx);
        REQUIRE(own.size() == 4);
        CHECK(own[1].count == 8); // data drives
        CHECK(own[2].id == "nvidia-connectx-7-ndr-osfp");
        CHECK(own[2].count == 8);
        CHECK(own[3].id == "psu-nvidia-dgx-3300w");
        CHECK(own[3].count == 6);
    }
    CHECK(systemPartsOf(chassisNamed(parts, "nvidia-dgx-b200"))[0].id
          == "intel-xeon-platinum-8570");
}

TEST_CASE("recommended complete systems carry exactly their own parts",
          "[search][complete-system]")
{
    RecommendRequest r;
    r.workload = testing::fineTune70b();
    // The default catalog narrowed to H100 GPUs in a DGX H100 or an HGX
    // chassis, with every CPU, NIC, drive and PSU to choose from.
    r.parts = testing::defaultCatalogSnapshot();
    std::erase_if(r.parts.gpus, [](const Gpu& g) { return g.id != "nvidia-h100-sxm5-80gb"; });
    std::erase_if(r.parts.chassis, [](const Chassis& c) {
        return c.id != "nvidia-dgx-h100" && c.id != "supermicro-sys-821ge-tnhr";
    });
    r.constraints.nodeCounts = {1, 2, 4};
    r.constraints.maxNodes = 4;
    r.top = 1000;
    const auto rec = recommend(r);
    REQUIRE_FALSE(rec.candidates.empty());
    int completeSystems = 0;
    for (const auto& c : rec.candidates) {
        if (!isCompleteSystem(c.config.chassis))
            continue;
        ++completeSystems;
        INFO(c.config.config.name);
        std::vector<std::string> own = c.config.chassis.systemParts;
        std::sort(own.begin(), own.end());
        CHECK(hostParts(c.config.config) == own);
        CHECK(c.config.config.gpusPerNode == c.config.chassis.maxGpus);
        REQUIRE(c.analysis.infrastructure);
        CHECK(c.analysis.infrastructure->compatibility.systemPartsOk);
    }
    CHECK(completeSystems > 0); // the DGX systems are among the candidates
}

TEST_CASE("a foreign part in a complete system is an error finding",
          "[search][complete-system]")
{
    const auto parts = testing::defaultCatalogSnapshot();
    ResolvedConfiguration rc;
    rc.chassis = chassisNamed(parts, "nvidia-dgx-h100");
    rc.gpu = *std::find_if(parts.gpus.begin(), parts.gpus.end(),
                           [](const Gpu& g) { return g.id == "nvidia-h100-sxm5-80gb"; });
    auto& cfg = rc.config;
    cfg.chassisId = rc.chassis.id;
    cfg.gpuId = rc.gpu.id;
    cfg.gpusPerNode = 8;
    cfg.nodes = 2;
    cfg.cpuId = "intel-xeon-platinum-8480plus";
    cfg.cpusPerNode = 2;
    cfg.nicId = "nvidia-connectx-7-ndr-osfp";
    cfg.nicsPerNode = 8;
    cfg.psuId = "psu-nvidia-dgx-3300w";
    cfg.psusPerNode = 6;
    {
        Findings findings;
        CHECK(checkCompatibility(rc, InfrastructureInputs{}, findings).systemPartsOk);
        CHECK(std::none_of(findings.begin(), findings.end(),
                           [](const Finding& f) { return f.code == "compat.foreign_part"; }));
    }
    // The mix: AMD EPYC CPUs and Broadcom Thor2 NICs in a DGX.
    cfg.cpuId = "amd-epyc-9554";
    cfg.nicId = "broadcom-bcm57608-thor2";
    Findings findings;
    const auto report = checkCompatibility(rc, InfrastructureInputs{}, findings);
    CHECK_FALSE(report.systemPartsOk);
    CHECK_FALSE(report.ok);
    const auto it = std::find_if(findings.begin(), findings.end(),
                                 [](const Finding& f) { return f.code == "compat.foreign_part"; });
    REQUIRE(it != findings.end());
    CHECK(it->severity == Severity::Error);
    CHECK(it->message.find("amd-epyc-9554") != std::string::npos);
    CHECK(it->message.find("broadcom-bcm57608-thor2") != std::string::npos);
    // Another count of its own part is foreign too.
    cfg.cpuId = "intel-xeon-platinum-8480plus";
    cfg.nicId = "nvidia-connectx-7-ndr-osfp";
    cfg.nicsPerNode = 16;
    findings.clear();
    CHECK_FALSE(checkCompatibility(rc, InfrastructureInputs{}, findings).systemPartsOk);
}

TEST_CASE("a chassis built with its own NICs is built with those only, at their listed count",
          "[search][complete-system]")
{
    // nic_options (catalog migration 14): "ID:COUNT" fixes the count, an id
    // alone leaves one per GPU or one per two GPUs.
    PartsSnapshot parts = testing::defaultCatalogSnapshot();
    std::erase_if(parts.gpus, [](const Gpu& g) { return g.id != "nvidia-gb200-per-gpu"; });
    std::erase_if(parts.chassis,
                  [](const Chassis& c) { return c.id != "nvidia-gb200-nvl72-compute-tray"; });
    REQUIRE(parts.chassis.size() == 1);
    SearchConstraints constraints;
    constraints.maxNodes = 36;
    const auto nicBuilds = [&](std::vector<std::string> options) {
        parts.chassis[0].nicOptions = std::move(options);
        const auto space = enumerateNodeBuilds(testing::fineTune70b(), parts, constraints,
                                               InfrastructureInputs{});
        std::set<std::pair<std::string, int>> seen;
        for (const auto& b : space.builds)
            if (b.nic >= 0)
                seen.insert({parts.nics[std::size_t(b.nic)].id, b.nicsPerNode});
        return seen;
    };
    using Seen = std::set<std::pair<std::string, int>>;
    CHECK(nicBuilds({"nvidia-connectx-7-ndr-osfp:4", "nvidia-bluefield-3-b3140h-supernic:4"})
          == Seen{{"nvidia-connectx-7-ndr-osfp", 4}, {"nvidia-bluefield-3-b3140h-supernic", 4}});
    // A listed count that is neither one per GPU nor one per two GPUs.
    CHECK(nicBuilds({"nvidia-connectx-7-ndr-osfp:1"}) == Seen{{"nvidia-connectx-7-ndr-osfp", 1}});
    CHECK(nicBuilds({"intel-e810-cqda2"}) == Seen{{"intel-e810-cqda2", 4}, {"intel-e810-cqda2", 2}});
    // Without a list every NIC speed and protocol is tried, as before.
    CHECK(nicBuilds({}).size() > 4);
}
