// SPDX-License-Identifier: Apache-2.0
// MIG instance placement (issue 20 item 3) against NVIDIA's Multi-Instance GPU
// User Guide: the placement table of the A100/H100 profiles ("Supported MIG
// Profiles"; `nvidia-smi mig -lgipp`: 1g.10gb {0..6}:1, 1g.20gb {0,2,4,6}:2,
// 2g.20gb {0,2,4}:2, 3g.40gb {0,4}:4, 4g.40gb {0}:4, 7g.80gb {0}:8) and
// combinations from the guide's A100 valid-combination figure.
// docs/reference/partitioning.md §1.1.
#include "../analysis/test_hardware.h"

#include "core/io/catalog_json.h"
#include "core/parts/partition_placement.h"
#include "core/portfolio/portfolio_packing.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>

using namespace infrafit;

namespace {

/// The default catalog's H100 80GB profiles by name.
PartitionProfile migTestProfile(const std::string& name)
{
    static const auto profiles = [] {
        const auto doc = readCatalogFile(std::string(INFRAFIT_SOURCE_DIR)
                                         + "/catalog/data/default-catalog.json");
        for (const auto& part : doc.parts)
            if (const auto* gpu = std::get_if<Gpu>(&part); gpu && gpu->id == "nvidia-h100-sxm5-80gb")
                return partitionProfilesOf(*gpu);
        return std::vector<PartitionProfile>{};
    }();
    for (const auto& p : profiles)
        if (p.name == name)
            return p;
    FAIL("no H100 profile " << name);
    return {};
}

std::vector<PartitionProfile> migTestMix(std::initializer_list<const char*> names)
{
    std::vector<PartitionProfile> mix;
    for (const char* n : names)
        mix.push_back(migTestProfile(n));
    return mix;
}

PortfolioDemand migTestDemand(const char* name, const char* profile, int replicas)
{
    PortfolioDemand d;
    d.workload = name;
    d.placement = SharingPlacement::Slice;
    d.profile = migTestProfile(profile);
    d.replicas = replicas;
    return d;
}

} // namespace

TEST_CASE("MIG profiles start only where the guide's placement table allows", "[portfolio][mig]")
{
    CHECK(partitionStartSlots(migTestProfile("1g.10gb")) == std::vector<int>{0, 1, 2, 3, 4, 5, 6});
    CHECK(partitionStartSlots(migTestProfile("1g.20gb")) == std::vector<int>{0, 2, 4, 6});
    CHECK(partitionStartSlots(migTestProfile("2g.20gb")) == std::vector<int>{0, 2, 4});
    CHECK(partitionStartSlots(migTestProfile("3g.40gb")) == std::vector<int>{0, 4});
    CHECK(partitionStartSlots(migTestProfile("4g.40gb")) == std::vector<int>{0});
    CHECK(partitionStartSlots(migTestProfile("7g.80gb")) == std::vector<int>{0});
    // An AMD mode is a whole-GPU setting: no positions.
    PartitionProfile cpx;
    cpx.name = "cpx+nps4";
    cpx.wholeGpu = true;
    CHECK(partitionStartSlots(cpx).empty());
}

TEST_CASE("worked combinations of the guide's A100/H100 figure get their slots", "[portfolio][mig]")
{
    // 4g + 2g + 1g: the 4g at 0 (slices 0-3), the 2g at 4, the 1g at 6.
    CHECK(placePartitions(migTestMix({"1g.10gb", "2g.20gb", "4g.40gb"}))
          == std::vector<int>{6, 4, 0});
    // 3g + 3g: slots 0 and 4, the whole GPU.
    CHECK(placePartitions(migTestMix({"3g.40gb", "3g.40gb"})) == std::vector<int>{0, 4});
    // 2g + 2g + 1g + 1g + 1g: the 2g's at 0 and 2, the 1g's at 4, 5, 6.
    CHECK(placePartitions(migTestMix({"2g.20gb", "2g.20gb", "1g.10gb", "1g.10gb", "1g.10gb"}))
          == std::vector<int>{0, 2, 4, 5, 6});
    // A 3g asked for before a 4g still fits: the 4g takes slot 0, the 3g slot 4.
    CHECK(placePartitions(migTestMix({"3g.40gb", "4g.40gb"})) == std::vector<int>{4, 0});
    // Seven 1g.10gb: slots 0-6; slot 7 is never a 1g.10gb's.
    std::vector<PartitionProfile> seven(7, migTestProfile("1g.10gb"));
    CHECK(placePartitions(seven) == std::vector<int>{0, 1, 2, 3, 4, 5, 6});
}

TEST_CASE("impossible MIG mixes are refused", "[portfolio][mig]")
{
    // Two 4g: only one start (0) exists, and 8 compute slices exceed 7.
    CHECK_FALSE(placePartitions(migTestMix({"4g.40gb", "4g.40gb"})));
    // 3g + 3g + 1g: nine memory slices.
    CHECK_FALSE(placePartitions(migTestMix({"3g.40gb", "3g.40gb", "1g.10gb"})));
    // 7g + anything.
    CHECK_FALSE(placePartitions(migTestMix({"7g.80gb", "1g.10gb"})));
    // A profile outside the guide's table (three memory slices, aligned to
    // its size: starts 0 and 3): two of them and two 1g.10gb pass the slice
    // count (6 of 7 compute, 8 of 8 memory) but the last 1g would need
    // slot 7, which no 1g.10gb may take.
    PartitionProfile odd = migTestProfile("2g.20gb");
    odd.name = "2g.30gb";
    odd.memorySlices = 3;
    odd.memoryGb = 30;
    REQUIRE(partitionStartSlots(odd) == std::vector<int>{0, 3});
    const std::vector<PartitionProfile> mix{odd, odd, migTestProfile("1g.10gb"),
                                            migTestProfile("1g.10gb")};
    int compute = 0, memory = 0;
    for (const auto& p : mix) {
        compute += p.computeSlices;
        memory += p.memorySlices;
    }
    REQUIRE(compute <= 7);
    REQUIRE(memory <= 8);
    CHECK_FALSE(placePartitions(mix));
}

TEST_CASE("for the guide's profiles, every mix within the slice counts has a placement",
          "[portfolio][mig]")
{
    // Exhaustive over the six H100 profiles up to their instance limits: the
    // count (compute <= 7, memory <= 8) and the placement agree, so a mix
    // is refused only when it is truly impossible, and the order of
    // creation is all the placement adds.
    const auto all = migTestMix({"1g.10gb", "1g.20gb", "2g.20gb", "3g.40gb", "4g.40gb", "7g.80gb"});
    int mixes = 0;
    std::vector<int> counts(all.size(), 0);
    std::function<void(std::size_t)> walk = [&](std::size_t k) {
        if (k == all.size()) {
            std::vector<PartitionProfile> mix;
            int compute = 0, memory = 0;
            for (std::size_t i = 0; i < all.size(); ++i)
                for (int n = 0; n < counts[i]; ++n) {
                    mix.push_back(all[i]);
                    compute += all[i].computeSlices;
                    memory += all[i].memorySlices;
                }
            if (mix.empty() || compute > 7 || memory > 8)
                return;
            ++mixes;
            INFO("mix " << mixes);
            CHECK(placePartitions(mix));
            return;
        }
        for (counts[k] = 0; counts[k] <= all[k].maxInstances; ++counts[k])
            walk(k + 1);
        counts[k] = 0;
    };
    walk(0);
    CHECK(mixes == 77);
}

TEST_CASE("the packing reports each MIG instance's slots and never overlaps them",
          "[portfolio][mig]")
{
    // On one 8-GPU node: a 3g first, then a 4g — the packer puts both on
    // GPU 0 (4g at 0, 3g at 4) — and three 2g: one more GPU.
    const std::vector<PortfolioDemand> demands{migTestDemand("small", "3g.40gb", 1),
                                               migTestDemand("large", "4g.40gb", 1),
                                               migTestDemand("pairs", "2g.20gb", 3)};
    const PortfolioPlan plan = packPortfolio(demands, {"node", "H100", 1, 8});
    REQUIRE(plan.fits);
    for (const auto& gpu : plan.gpus) {
        std::vector<int> used(8, 0);
        for (const auto& o : gpu.occupants) {
            REQUIRE(o.startSlot >= 0);
            REQUIRE(o.slotCount > 0);
            for (int s = o.startSlot; s < o.startSlot + o.slotCount; ++s) {
                REQUIRE(s < 8);
                CHECK(++used[static_cast<std::size_t>(s)] == 1);
            }
        }
    }
    const auto slotOf = [&](const char* workload) {
        for (const auto& gpu : plan.gpus)
            for (const auto& o : gpu.occupants)
                if (plan.entries[static_cast<std::size_t>(o.entry)].demand.workload == workload)
                    return std::pair(gpu.gpu, o.startSlot);
        return std::pair(-1, -1);
    };
    CHECK(slotOf("large") == std::pair(0, 0));
    CHECK(slotOf("small") == std::pair(0, 4));
    // The 2g's do not fit beside a 4g and a 3g (no compute left): GPU 1, at 0, 2, 4.
    std::vector<int> pairStarts;
    for (const auto& o : plan.gpus[1].occupants)
        pairStarts.push_back(o.startSlot);
    CHECK(pairStarts == std::vector<int>{0, 2, 4});
    CHECK(plan.allocatedGpus == 2);
}
