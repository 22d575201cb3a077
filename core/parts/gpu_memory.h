// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/parts/gpu.h"

namespace infrafit {

/// Bytes of memory the analysis counts for a GPU: its `memory_gib` × 2^30
/// when the part has one (HBM parts: the vendor's "80 GB" is 80 GiB, as the
/// drivers report it), else its `memory_gb` × 10^9. The driver's own
/// reserve comes off later (TrainingModelConstants::hbmReserveFraction, or
/// the serving engine's memory fraction). Sources in gpu_memory.cpp.
double gpuMemoryBytes(const Gpu& gpu);

/// True when the part's `memory_type` names HBM (HBM2, HBM2e, HBM3, HBM3E, …):
/// such a part without `memory_gib` is counted about 7 % low.
bool hasHbm(const Gpu& gpu);

} // namespace infrafit
