// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/finding.h"
#include "core/config/resolved_configuration.h"
#include "core/model/parameter_count.h"
#include "core/analysis/storage_report.h"
#include "core/workload/workload.h"

namespace infrafit {

/// Host memory one GPU's rank needs for offloaded model states. DeepSpeed's
/// estimators (docs/reference/models.md §2.4, estimate_zero2/zero3_model_states_mem_needs):
/// optimizer offload keeps fp32 master + Adam m, v + fp32 gradients in host
/// memory, 4 + 8 + 4 = 16 B per parameter (the optimizer's state per
/// stateBytesPerParam() + 4 for the fp32 gradient in general); weight offload
/// adds the weights (18 B for bf16 Adam). States are partitioned over the
/// plan's tensor x pipeline x data GPUs, so one GPU's share is total / GPUs.
/// DeepSpeed's estimator adds a 1.5x buffer factor on top; this figure does
/// not. LoRA offloads the adapters' state and, with weights, the frozen base.
double offloadBytesPerGpu(
    const Workload& workload, const ParameterCount& params, const Parallelism& plan);

/// Host memory per node from the configuration's DIMMs (count x size GB
/// x 10^9); 0 when not stated.
double hostMemoryPerNodeBytes(const Configuration& config);

/// CPU cores and host memory per GPU against the workload's needs.
/// Supply: cores per GPU = CPUs per node x cores / GPUs per node; memory per
/// GPU = DIMMs x size / GPUs per node (NVIDIA DGX H100: 2 x 56 cores / 8 =
/// 14; 32 x 64 GB / 8 = 256 GB). Memory bandwidth per GPU = CPUs x peak
/// bandwidth x populated-channel fraction / GPUs per node (peak = channels x
/// MT/s x 8 B; an empty channel adds nothing, so with fewer DIMMs than
/// channels bandwidth falls in proportion). Need per GPU = base (workload
/// override, else the per-kind process allowance plus `stagingPerGpuBytes`)
/// + offloaded state + KV-cache offload.
/// Findings: "host.memory_unspecified" (warning), "host.memory_insufficient"
/// (error: offloaded state does not fit), "host.memory_low" (warning),
/// "host.cpu_cores_low" (warning), "host.no_cpu" (warning),
/// "host.dimm_slots_exceeded" (error), "host.memory_channels_unpopulated"
/// (warning), "host.offload_needs_zero" (warning).
HostReport checkHost(const Workload& workload, const ResolvedConfiguration& rc,
    const Parallelism& plan, double stagingPerGpuBytes, double offloadPerGpuBytes,
    Findings& findings);

} // namespace infrafit
