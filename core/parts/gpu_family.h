// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/parts/gpu.h"

namespace infrafit {

/// GPU families that defaults (efficiencies, power curves) are kept for.
enum class GpuFamily { Ampere, Ada, Hopper, Blackwell, AmdCdna, Unknown };

/// The GPU's family, from its architecture, model or id (case-insensitive
/// names such as "Hopper", "H100", "MI300"): the one place the core matches
/// GPU names, so speed and power always agree on a GPU's family.
GpuFamily gpuFamily(const Gpu& gpu);

/// Blackwell Ultra (B300, GB300): a Blackwell whose published training runs
/// this model times about a fifth too slow (docs/validation.md, "GB300").
bool isBlackwellUltra(const Gpu& gpu);

} // namespace infrafit
