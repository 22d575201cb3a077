// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/finding.h"
#include "core/parts/gpu.h"
#include "core/software/software_compat.h"
#include "core/workload/workload.h"

#include <optional>
#include <string>

namespace infrafit {

/// Checks a workload's plan and its stated software stack against the
/// software compatibility row of its GPU's architecture. Findings (codes
/// `software.*`, docs/user-guide.md "Findings"):
/// - error `software.precision_unsupported`: fp8 or fp4 math the row's
///   hardware precisions lack (FP8 on Ampere, FP4 on Hopper);
/// - error `software.driver_too_old` / `software.driver_dropped`: a driver
///   branch before the architecture's first or after its last one;
/// - error `software.toolkit_too_old` / `software.toolkit_dropped`: the same
///   for the CUDA / ROCm / Intel Gaudi software release;
/// - error `software.framework_unsupported`, `software.framework_too_old`:
///   a framework or serving engine that does not run on the architecture,
///   or a version older than the first that does;
/// - error `software.framework_precision_unsupported`,
///   `software.framework_precision_too_old`: the framework cannot run the
///   plan's fp8/fp4, or only from a later version; info
///   `software.framework_precision_unlisted` when the table says nothing;
/// - warning `software.flash_attention_unavailable`: the plan assumes
///   FlashAttention where no FlashAttention 2 or 3 runs;
/// - warning `software.end_of_support`: the architecture's support has a
///   published end;
/// - info `software.no_compatibility_row`: a stated stack, or fp8/fp4, on a
///   GPU whose architecture has no row.
/// Pure and cheap (the table has one row per architecture).
Findings checkSoftware(const Workload& workload, const Gpu& gpu, const SoftwareTable& table);

/// The stack a bill of materials recommends for a GPU: its row's
/// recommended driver and toolkit and a container image, with the source.
struct SoftwareRecommendation {
    std::string architecture;
    SoftwareStack stack = SoftwareStack::Cuda;
    std::string driver;
    std::string toolkit;
    std::string containerImage;
    std::string minimumDriver;  ///< first supported branch ("R570"), may be empty
    std::string minimumToolkit; ///< first supported release ("12.8"), may be empty
    std::string endOfSupport;
    std::string source;
    std::string sourceDate;
};

/// nullopt when the table has no row for the GPU's architecture.
std::optional<SoftwareRecommendation> recommendSoftware(const Gpu& gpu,
                                                        const SoftwareTable& table);

} // namespace infrafit
