// SPDX-License-Identifier: Apache-2.0
#include "../search/search_test_support.h"
#include "core/analysis/training_constants.h"
#include "core/parts/gpu_memory.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

using namespace infrafit;

namespace {

constexpr double mib = 1024.0 * 1024.0;
constexpr double gib = 1024.0 * mib;

const std::vector<Gpu>& shippedGpus()
{
    static const std::vector<Gpu> gpus = testing::defaultCatalogSnapshot().gpus;
    return gpus;
}

Gpu catalogGpu(const std::string& id)
{
    const auto& gpus = shippedGpus();
    const auto it = std::find_if(gpus.begin(), gpus.end(), [&](const Gpu& g) { return g.id == id; });
    REQUIRE(it != gpus.end());
    return *it;
}

double usableBytes(const Gpu& gpu)
{
    return gpuMemoryBytes(gpu) * (1.0 - TrainingModelConstants{}.hbmReserveFraction);
}

} // namespace

TEST_CASE("GPU memory is counted as the drivers report it", "[parts][memory]")
{
    SECTION("an A100 80GB holds 81,920 MiB (nvidia-smi, modal-labs/modal-client PR #2797)")
    {
        CHECK(gpuMemoryBytes(catalogGpu("nvidia-a100-sxm4-80gb")) == Approx(81920 * mib));
    }
    SECTION("an H100 80GB: CUDA reports 81,559 MiB (vllm-project/vllm issue #27508); "
            "programs get no more than that")
    {
        const Gpu h100 = catalogGpu("nvidia-h100-sxm5-80gb");
        CHECK(gpuMemoryBytes(h100) == Approx(80 * gib));
        CHECK(usableBytes(h100) <= 81559 * mib);
        CHECK(usableBytes(h100) >= 0.99 * 81559 * mib);
    }
    SECTION("a V100 32GB: PyTorch reports 31.74 GiB total (haotian-liu/LLaVA issue #812)")
    {
        const Gpu v100 = catalogGpu("nvidia-v100-sxm2-32gb");
        CHECK(usableBytes(v100) <= 31.74 * gib);
        CHECK(usableBytes(v100) >= 0.99 * 31.74 * gib);
    }
    SECTION("an MI300X holds 192 GiB (rocm-smi, ROCm/legacy-rocm-build issue #4750)")
    {
        CHECK(gpuMemoryBytes(catalogGpu("amd-mi300x-192gb")) == Approx(192 * gib));
    }
    SECTION("GDDR with ECC: L40S 46,068 MiB and L4 23,034 MiB reported; 10^9 bytes per GB is "
            "within 1 % and never above")
    {
        const double l40s = gpuMemoryBytes(catalogGpu("nvidia-l40s-48gb"));
        const double l4 = gpuMemoryBytes(catalogGpu("nvidia-l4-24gb"));
        CHECK(l40s <= 46068 * mib);
        CHECK(l40s >= 0.99 * 46068 * mib);
        CHECK(l4 <= 23034 * mib);
        CHECK(l4 >= 0.99 * 23034 * mib);
    }
}

TEST_CASE("memory_gib counts in 2^30 bytes; without it memory_gb counts in 10^9",
          "[parts][memory]")
{
    Gpu g;
    g.memoryGb = 80;
    g.memoryType = "HBM3";
    CHECK(gpuMemoryBytes(g) == Approx(80e9));
    g.memoryGib = 80;
    CHECK(gpuMemoryBytes(g) == Approx(80 * gib));
    g.memoryGb = 1; // memory_gib wins over memory_gb
    CHECK(gpuMemoryBytes(g) == Approx(80 * gib));
}

TEST_CASE("HBM is recognised in every spelling the catalog uses", "[parts][memory]")
{
    Gpu g;
    for (const char* type : {"HBM2", "HBM2e", "HBM3E", "hbm3e", " HBM3e (12-high)"}) {
        g.memoryType = type;
        INFO(type);
        CHECK(hasHbm(g));
    }
    for (const char* type : {"GDDR6", "GDDR6 (ECC)", "GDDR7 (ECC), 512-bit", "LPDDR5X", "", "HB"}) {
        g.memoryType = type;
        INFO(type);
        CHECK_FALSE(hasHbm(g));
    }
}

TEST_CASE("every shipped HBM GPU states its memory in GiB", "[parts][memory]")
{
    int hbm = 0;
    for (const Gpu& gpu : shippedGpus()) {
        if (!hasHbm(gpu))
            continue;
        ++hbm;
        INFO(gpu.id);
        REQUIRE(gpu.memoryGib);
        CHECK(*gpu.memoryGib == gpu.memoryGb);
    }
    CHECK(hbm >= 15);
}
