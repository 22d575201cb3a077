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

/// GB/s one way between one GPU of a Grace superchip and the Grace CPU's
/// memory over NVLink-C2C: the part's `host_link_gbs` when it has one, else
/// from its name (900 GB/s both ways per superchip; the source is cited in
/// gpu_family.cpp): 450 for GH200's one GPU, 225 for each of GB200's and
/// GB300's two. 0 for GPUs that reach host memory over PCIe.
double superchipHostLinkGbsPerDirection(const Gpu& gpu);

} // namespace infrafit
