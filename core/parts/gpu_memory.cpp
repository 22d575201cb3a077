// SPDX-License-Identifier: Apache-2.0
#include "core/parts/gpu_memory.h"

#include "core/base/ascii_text.h"

#include <algorithm>
#include <string_view>

namespace infrafit {

bool hasHbm(const Gpu& gpu)
{
    std::string_view type = gpu.memoryType;
    type.remove_prefix(std::min(type.find_first_not_of(' '), type.size()));
    return startsWithNoCase(type, "HBM");
}

double gpuMemoryBytes(const Gpu& gpu)
{
    // What the drivers report (MiB = 2^20 bytes):
    // - HBM: nvidia-smi shows 81,920 MiB for an A100 80GB, exactly 80 GiB
    //   (modal-labs/modal-client PR #2797), and 81,559 MiB for an H100
    //   80GB, 80 GiB less 361 MiB the driver keeps (vllm-project/vllm
    //   issue #27508); rocm-smi shows 192 GiB for an MI300X
    //   (ROCm/legacy-rocm-build issue #4750). HBM dies hold a power of two
    //   of GiB, so the default catalog gives its HBM parts `memory_gib`.
    // - GDDR with ECC on, as data-centre cards ship: the L40S "48 GB" shows
    //   46,068 MiB (48.3 × 10^9 bytes) and the L4 "24 GB" 23,034 MiB
    //   (24.2 × 10^9): `memory_gb` × 10^9 is within 1 % and never above.
    constexpr double gib = 1024.0 * 1024.0 * 1024.0;
    if (gpu.memoryGib && *gpu.memoryGib > 0)
        return *gpu.memoryGib * gib;
    return gpu.memoryGb * 1e9;
}

} // namespace infrafit
