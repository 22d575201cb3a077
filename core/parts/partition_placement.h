// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/parts/partition_profile.h"

#include <optional>
#include <span>
#include <vector>

namespace infrafit {

/// The memory-slice positions at which an instance of a MIG `profile` may
/// start, from NVIDIA's placement table (*Multi-Instance GPU User Guide*,
/// "Supported MIG Profiles" placement figures and `nvidia-smi mig -lgipp`;
/// docs/reference/partitioning.md §1.1). On the 8-memory-slice GPUs (A100,
/// H100, H200, B200): one compute and one memory slice at 0-6, one compute
/// and two memory slices at 0, 2, 4, 6, 2g at 0, 2, 4, 3g at 0 or 4, 4g at 0,
/// 7g at 0; on the 4-slice A30: 1g at 0-3, 2g at 0 or 2, 4g at 0. A shape
/// the guide does not list starts at any multiple of its own memory slices
/// (InfraFit's assumption, stated in §1.1). An instance at start s occupies
/// memory slices s .. s + memorySlices - 1. Empty for a `wholeGpu` profile
/// (AMD modes: partitions of one size, no positions).
std::vector<int> partitionStartSlots(const PartitionProfile& profile);

/// Start slots for MIG instances of these profiles on one GPU (same order),
/// so that no two overlap, each starts where partitionStartSlots() allows
/// and the compute slices add up to at most the GPU's; nullopt when no such
/// placement exists. Larger instances are placed first and each at its
/// lowest free start (the order an operator creates them in). Exhaustive
/// (at most 8 instances of a few positions each), so a mix is refused only
/// when no creation order can build it. Pure.
std::optional<std::vector<int>> placePartitions(std::span<const PartitionProfile> instances);

} // namespace infrafit
