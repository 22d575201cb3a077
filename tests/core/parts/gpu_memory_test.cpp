// SPDX-License-Identifier: Apache-2.0
#include "../search/search_test_support.h"
#include "core/analysis/training_constants.h"
#include "core/parts/gpu_memory.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <utility>
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
    SECTION("an H100 80GB: nvidia-smi shows 81,559 MiB (vllm-project/vllm issue #27508), 80 GiB "
            "less the driver's share")
    {
        const double h100 = gpuMemoryBytes(catalogGpu("nvidia-h100-sxm5-80gb"));
        CHECK(h100 >= 81559 * mib);
        CHECK(h100 <= 1.005 * 81559 * mib);
    }
    SECTION("a B200: nvidia-smi shows 183,359 MiB (NVIDIA/TensorRT-LLM issue #10278)")
    {
        const double b200 = gpuMemoryBytes(catalogGpu("nvidia-b200-sxm-180gb"));
        CHECK(b200 >= 183359 * mib);
        CHECK(b200 <= 1.006 * 183359 * mib);
    }
    SECTION("a plan gets no more than the total CUDA gives programs, and at most 1 % less")
    {
        // PyTorch's out-of-memory messages: A100 80GB 79.25 GiB
        // (levihsu/OOTDiffusion issue #235), H100 NVL 93.00 GiB (ali-vilab/VACE
        // issue #56), V100 32GB 31.74 GiB (haotian-liu/LLaVA issue #812);
        // B200 178.35 GiB from cudaGetDeviceProperties (pytorch/ao PR #4002).
        const std::pair<const char*, double> totals[] = {{"nvidia-a100-sxm4-80gb", 79.25},
            {"nvidia-h100-nvl-94gb", 93.00}, {"nvidia-v100-sxm2-32gb", 31.74},
            {"nvidia-b200-sxm-180gb", 178.35}};
        for (const auto& [id, cudaGib] : totals) {
            INFO(id);
            const double usable = usableBytes(catalogGpu(id));
            CHECK(usable <= cudaGib * gib);
            CHECK(usable >= 0.99 * cudaGib * gib);
        }
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
        // The binary figure is never fewer bytes than the decimal one.
        CHECK(*gpu.memoryGib * gib >= gpu.memoryGb * 1e9);
    }
    CHECK(hbm >= 15);
}
