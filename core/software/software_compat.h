// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/enum_names.h"

#include <string>
#include <string_view>
#include <vector>

namespace infrafit {

/// The vendor software stack a GPU runs under: NVIDIA CUDA, AMD ROCm or the
/// Intel Gaudi software (formerly SynapseAI).
enum class SoftwareStack { Cuda, Rocm, Synapseai };

template <>
struct EnumNames<SoftwareStack> {
    static constexpr std::array<std::string_view, 3> names{"cuda", "rocm", "synapseai"};
};

/// Human name of a stack's toolkit ("CUDA", "ROCm", "Intel Gaudi software").
std::string_view softwareStackLabel(SoftwareStack stack);

/// One published statement "framework X supports feature Y on this
/// architecture from version Z" (or, with `supported` false, that it does
/// not). Features: `support` (the framework runs on the architecture at
/// all), `fp8`, `fp4`, `flash_attention_2`, `flash_attention_3`, `nvls`
/// (NVLink SHARP), `sharp` (InfiniBand in-network reduction). An empty
/// `minVersion` means supported, first version not published.
struct FrameworkFeature {
    std::string framework; ///< a softwareFrameworkNames key ("pytorch", "vllm", ...)
    std::string feature;
    bool supported = true;
    std::string minVersion;
    std::string source; ///< URL or document of this statement; empty: the row's source
};

/// One row of the software compatibility table: what a GPU architecture
/// needs and gets from its vendor stack and the main frameworks. Stored in
/// the catalog database beside the parts (catalog migration 6), shipped as
/// core/data/software-compat.json, editable and carried by catalog files
/// (docs/user-guide.md "Software compatibility"). Every row names its
/// source and the date it was checked. Version texts are dotted numbers
/// ("12.8", "2.7.0"); driver branches are "R570"; "12.x" in a last-version
/// field means every 12 release.
struct SoftwareCompat {
    std::string architecture; ///< key; equals the GPUs' `architecture` field
    std::string vendor;
    SoftwareStack stack = SoftwareStack::Cuda;
    std::string minDriverBranch;    ///< first driver branch for the architecture
    std::string lastDriverBranch;   ///< last one, when support has an announced end
    std::string minToolkitVersion;  ///< first CUDA / ROCm / Gaudi software release
    std::string lastToolkitVersion; ///< last one, when support has an announced end
    std::string recommendedDriver;
    std::string recommendedToolkit;
    std::string containerImage;     ///< a container image carrying a matching stack
    std::vector<std::string> precisions; ///< formats with hardware math
    std::vector<FrameworkFeature> frameworks;
    std::string endOfSupport; ///< published end of support ("2028-06"), empty when none
    std::string source;       ///< URLs or documents, "; "-separated
    std::string sourceDate;   ///< ISO date the source was checked
    std::string notes;

    [[nodiscard]] bool hasPrecision(std::string_view precision) const;
    /// The row's entry for (framework, feature), or nullptr.
    [[nodiscard]] const FrameworkFeature* feature(std::string_view framework,
                                                  std::string_view featureName) const;
};

/// The whole table, one row per architecture.
struct SoftwareTable {
    std::vector<SoftwareCompat> rows;

    [[nodiscard]] const SoftwareCompat* find(std::string_view architecture) const&;
    /// A row pointer into a temporary table would dangle: keep the table first.
    const SoftwareCompat* find(std::string_view architecture) const&& = delete;
};

/// Framework and serving-engine keys the table and workloads use.
inline constexpr std::array<std::string_view, 11> softwareFrameworkNames{
    "pytorch", "jax",    "megatron_core", "nemo", "deepspeed",      "tensorrt_llm",
    "vllm",    "sglang", "flash_attention", "nccl", "rccl"};

/// Feature keys of FrameworkFeature::feature.
inline constexpr std::array<std::string_view, 7> softwareFeatureNames{
    "support", "fp8", "fp4", "flash_attention_2", "flash_attention_3", "nvls", "sharp"};

} // namespace infrafit
