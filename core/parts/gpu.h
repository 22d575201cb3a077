// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/parts/part_info.h"

namespace infrafit {

/// How a GPU is mounted: on a baseboard (SXM, OAM) or as a PCIe card.
enum class GpuFormFactor { Sxm, Oam, Pcie };

template <>
struct EnumNames<GpuFormFactor> {
    static constexpr std::array<std::string_view, 3> names{"sxm", "oam", "pcie"};
};

/// Numeric formats a GPU may support natively (the `precisions` list).
inline constexpr std::array<std::string_view, 10> knownPrecisions{
    "fp64", "fp32", "tf32", "bf16", "fp16", "fp8", "fp6", "fp4", "int8", "int4"};

/// A GPU or accelerator. All TFLOPS figures are dense peak at boost clock
/// (no 2:4 sparsity); an absent figure means the format is not supported or
/// no source gave it. `memoryGb` is the vendor capacity (10^9 bytes); the
/// bytes the analysis counts are gpuMemoryBytes() (gpu_memory.h).
struct Gpu : PartInfo {
    std::string architecture;
    std::optional<int> releaseYear;
    double memoryGb = 0;
    std::string memoryType;
    double memoryBandwidthGbs = 0;
    std::optional<double> bf16Tflops;
    std::optional<double> fp16Tflops;
    std::optional<double> fp8Tflops;
    std::optional<double> fp4Tflops;
    std::optional<double> tf32Tflops;
    std::optional<double> fp32Tflops;
    std::optional<double> fp64Tflops;
    std::optional<double> int8Tops;
    double tdpW = 0;
    GpuFormFactor formFactor = GpuFormFactor::Pcie;
    std::optional<int> slotWidth;       ///< PCIe slots a card occupies
    std::string gpuLink;                ///< e.g. "NVLink 4 (18 links)"
    double gpuLinkGbs = 0;              ///< per GPU, bidirectional; 0 = PCIe only
    int pcieGen = 4;
    int pcieLanes = 16;
    std::vector<std::string> precisions;
    bool requiresLiquidCooling = false; ///< only sold or rated for liquid cooling
    /// MIG profiles or partition modes, one text item each
    /// (core/parts/partition_profile.h reads them); empty = not partitionable.
    std::vector<std::string> partitionProfiles;
    /// The GPU baseboard or platform a module (SXM, OAM) mounts on ("HGX
    /// H100", "MI300X UBB"): a chassis whose `gpuBaseboards` does not list
    /// it cannot take it (compat.gpu_baseboard). Empty = not known or a
    /// PCIe card; then only the form factor is checked.
    std::string baseboard;
    /// GB/s one way between this GPU and the CPU's memory over a coherent
    /// chip-to-chip link (NVLink-C2C on a Grace superchip: 225 for each of
    /// GB200's two GPUs, 450 for GH200's one). Empty = the GPU reaches host
    /// memory over its PCIe link (superchipHostLinkGbsPerDirection()).
    std::optional<double> hostLinkGbs;
    /// The memory in GiB (2^30 bytes) where the vendor sizes it in binary
    /// units, as every HBM part is: an A100 "80GB" holds 80 GiB (nvidia-smi
    /// 81,920 MiB), 7 % more than 80 × 10^9 bytes. Empty = `memoryGb` ×
    /// 10^9 bytes (gpuMemoryBytes()).
    std::optional<double> memoryGib;

    [[nodiscard]] bool supports(std::string_view precision) const
    {
        return std::find(precisions.begin(), precisions.end(), precision) != precisions.end();
    }
};

} // namespace infrafit
