// SPDX-License-Identifier: Apache-2.0
#include "core/io/catalog_json.h"
#include "core/parts/part_validation.h"
#include "core/parts/partition_profile.h"

#include <catch2/catch.hpp>

#include <string>

using namespace infrafit;

namespace {

Gpu partitionTestGpu(const std::string& id)
{
    const auto doc = readCatalogFile(std::string(INFRAFIT_SOURCE_DIR)
                                     + "/catalog/data/default-catalog.json");
    for (const auto& part : doc.parts)
        if (const auto* gpu = std::get_if<Gpu>(&part); gpu && gpu->id == id)
            return *gpu;
    FAIL("no GPU " << id << " in the default catalog");
    return {};
}

/// One row of a MIG profile table: name, compute slices of 7, memory slices
/// of 8, memory in GB, instances per GPU.
struct MigRow {
    const char* name;
    int compute;
    int memory;
    double memoryGb;
    int max;
};

void checkMigTable(const Gpu& gpu, std::initializer_list<MigRow> rows)
{
    const auto profiles = partitionProfilesOf(gpu);
    REQUIRE(profiles.size() == rows.size());
    for (const auto& row : rows) {
        INFO(gpu.id << " " << row.name);
        const auto it = std::find_if(profiles.begin(), profiles.end(),
                                     [&](const auto& p) { return p.name == row.name; });
        REQUIRE(it != profiles.end());
        CHECK(it->computeSlices == row.compute);
        CHECK(it->computeSlicesTotal == 7);
        CHECK(it->memorySlices == row.memory);
        CHECK(it->memorySlicesTotal == 8);
        CHECK(it->memoryGb == row.memoryGb);
        CHECK(it->maxInstances == row.max);
        CHECK_FALSE(it->wholeGpu);
    }
}

} // namespace

// Expected values: NVIDIA Multi-Instance GPU User Guide, "Supported MIG Profiles" (fraction of
// SMs in sevenths, fraction of memory in eighths, number of instances available), A100 table with
// the 80 GB names, H100 table, H200 table.
TEST_CASE("MIG profiles of the A100 80GB, H100 80GB and H200 match NVIDIA's MIG user guide",
          "[parts][partition]")
{
    const std::initializer_list<MigRow> eightyGb{{"1g.10gb", 1, 1, 10, 7}, {"1g.20gb", 1, 2, 20, 4},
                                                 {"2g.20gb", 2, 2, 20, 3}, {"3g.40gb", 3, 4, 40, 2},
                                                 {"4g.40gb", 4, 4, 40, 1}, {"7g.80gb", 7, 8, 80, 1}};
    checkMigTable(partitionTestGpu("nvidia-a100-sxm4-80gb"), eightyGb);
    checkMigTable(partitionTestGpu("nvidia-h100-sxm5-80gb"), eightyGb);
    checkMigTable(partitionTestGpu("nvidia-h200-sxm-141gb"),
                  {{"1g.18gb", 1, 1, 18, 7}, {"1g.35gb", 1, 2, 35, 4}, {"2g.35gb", 2, 2, 35, 3},
                   {"3g.71gb", 3, 4, 71, 2}, {"4g.71gb", 4, 4, 71, 1}, {"7g.141gb", 7, 8, 141, 1}});
    // Smallest memory first, so a packer tries the smallest slice that fits first.
    CHECK(partitionProfilesOf(partitionTestGpu("nvidia-h100-sxm5-80gb")).front().name == "1g.10gb");
}

// AMD Instinct MI300X GPU Partitioning Overview: CPX makes 8 partitions, NPS4 four 48 GB memory
// partitions (two XCDs each), so 24 GB per CPX partition; a mode is set for the whole GPU.
TEST_CASE("MI300X partition modes are whole-GPU modes with CPX+NPS4 at 8 x 24 GB",
          "[parts][partition]")
{
    const auto profiles = partitionProfilesOf(partitionTestGpu("amd-mi300x-192gb"));
    REQUIRE(profiles.size() == 3);
    const auto& cpx = profiles.front();
    CHECK(cpx.name == "cpx+nps4");
    CHECK(cpx.maxInstances == 8);
    CHECK(cpx.memoryGb == 24);
    CHECK(cpx.wholeGpu);
    CHECK(profiles.back().name == "spx+nps1");
}

TEST_CASE("a partition profile reads back what it writes and bad items name the problem",
          "[parts][partition]")
{
    std::string error;
    const auto parsed =
        parsePartitionProfile("  3g.40gb compute=3/7  memory=4/8 memory_gb=40 max=2 ", error);
    REQUIRE(parsed);
    CHECK(formatPartitionProfile(*parsed) == "3g.40gb compute=3/7 memory=4/8 memory_gb=40 max=2");
    CHECK_FALSE(parsePartitionProfile("", error));
    CHECK_FALSE(parsePartitionProfile("1g compute=1/7 memory=1/8 memory_gb=10", error));
    CHECK(error.find("max=N") != std::string::npos);
    CHECK_FALSE(parsePartitionProfile("1g compute=8/7 memory=1/8 memory_gb=10 max=1", error));
    CHECK(error.find("compute=8/7") != std::string::npos);
    CHECK_FALSE(parsePartitionProfile("1g compute=1/7 memory=1/8 memory_gb=nan max=1", error));
    // 8 instances of a 1/7 compute slice cannot fit.
    CHECK_FALSE(parsePartitionProfile("1g compute=1/7 memory=1/8 memory_gb=10 max=8", error));
    CHECK(error.find("more slices") != std::string::npos);

    Gpu gpu = partitionTestGpu("nvidia-h100-sxm5-80gb");
    gpu.partitionProfiles.push_back("broken");
    const auto problems = validatePart(gpu, "/parts/3");
    REQUIRE(problems.size() == 1);
    CHECK(problems.front().pointer == "/parts/3/partition_profiles/6");
}
