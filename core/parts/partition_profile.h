// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/parts/gpu.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace infrafit {

/// One way to cut a GPU into isolated instances: an NVIDIA MIG GPU-instance
/// profile (e.g. `1g.10gb`) or an AMD compute/memory partition mode (e.g.
/// `cpx+nps4`). A GPU has `computeSlicesTotal` compute slices and
/// `memorySlicesTotal` memory slices; one instance of this profile takes
/// `computeSlices` and `memorySlices` of them and gives its workload
/// `memoryGb` of memory. At most `maxInstances` instances of it fit one GPU.
/// A `wholeGpu` profile (AMD modes) sets the whole GPU's mode: a GPU in that
/// mode holds only instances of that profile. Sources and tables:
/// docs/reference/partitioning.md.
struct PartitionProfile {
    std::string name;
    int computeSlices = 1;
    int computeSlicesTotal = 1;
    int memorySlices = 1;
    int memorySlicesTotal = 1;
    double memoryGb = 0;
    int maxInstances = 1;
    bool wholeGpu = false;
};

/// Reads one item of a GPU's `partition_profiles` list, written as
/// `NAME compute=A/B memory=C/D memory_gb=G max=N [whole_gpu]`
/// (docs/user-guide.md "GPU partition profiles"). On a malformed item returns
/// nothing and sets `error` to what is wrong.
std::optional<PartitionProfile> parsePartitionProfile(std::string_view text, std::string& error);

/// The inverse of parsePartitionProfile().
std::string formatPartitionProfile(const PartitionProfile& profile);

/// The GPU's profiles, parsed; items that do not parse are skipped (part
/// validation refuses them on load). Smallest memory first, in file order
/// among equals.
std::vector<PartitionProfile> partitionProfilesOf(const Gpu& gpu);

} // namespace infrafit
