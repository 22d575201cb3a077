// SPDX-License-Identifier: Apache-2.0
#include "core/storage/host.h"

#include "core/analysis/training_memory.h"
#include "core/base/finding_text.h"
#include "core/config/host_memory.h"
#include "core/storage/storage_defaults.h"

#include <algorithm>
#include <cmath>

namespace infrafit {

using infra::addFinding;
using infra::num;

namespace {

std::string gb(double bytes)
{
    return num(bytes / 1e9, bytes < 100e9 ? 1 : 0) + " GB";
}

double processAllowanceBytes(WorkloadKind kind)
{
    return 1e9
        * (kind == WorkloadKind::Training ? storage::defaultTrainingProcessMemoryGbPerGpu
                                          : storage::defaultInferenceProcessMemoryGbPerGpu);
}

} // namespace

double offloadBytesPerGpu(const Workload& w, const ParameterCount& params, const Parallelism& plan)
{
    if (w.kind != WorkloadKind::Training || w.offload == Offload::None)
        return 0;
    const auto s = stateBytesPerParam(w);
    constexpr double fp32GradientBytes = 4.0;
    double optimizerBytes = 0;
    double weightBytes = 0;
    if (w.fineTune == FineTune::Full) {
        optimizerBytes = params.total * (s.optimizer + fp32GradientBytes);
        weightBytes = params.total * s.weight;
    } else {
        const double adapters = loraAdapterParameters(w.model, w.loraRank, w.loraTargets);
        optimizerBytes = adapters * (s.optimizer - (s.weight < 4 ? 4.0 : 0.0) + fp32GradientBytes);
        // QLoRA NF4: 4.127 bits per weight (Dettmers et al. 2023 §3).
        const double frozen = w.fineTune == FineTune::Qlora ? (4.0 + 0.127) / 8.0 : s.weight;
        weightBytes = params.total * frozen;
    }
    double total = optimizerBytes;
    if (w.offload == Offload::OptimizerAndWeights)
        total += weightBytes;
    const double gpus = static_cast<double>(std::max(1, plan.tensor)) * std::max(1, plan.pipeline)
        * std::max(1, plan.data);
    return total / gpus;
}

double hostMemoryPerNodeBytes(const Configuration& c)
{
    if (!c.dimmsPerNode || !std::isfinite(c.dimmSizeGb))
        return 0;
    return std::max(0, *c.dimmsPerNode) * std::max(0.0, c.dimmSizeGb) * 1e9;
}

HostReport checkHost(const Workload& w, const ResolvedConfiguration& rc, const Parallelism& plan,
    double stagingPerGpuBytes, double offloadPerGpuBytes, Findings& findings)
{
    HostReport h;
    const auto& cfg = rc.config;
    const double gpus = std::max(1, cfg.gpusPerNode);
    h.offload = w.kind == WorkloadKind::Training ? w.offload : Offload::None;
    h.dimmSlots = rc.chassis.dimmSlots.value_or(0);
    h.dimmsPerNode = cfg.dimmsPerNode.value_or(0);

    // --- CPU cores -----------------------------------------------------------
    const int cpus = std::max(0, cfg.cpusPerNode);
    h.cpuCoresPerGpuNeeded
        = w.cpuCoresPerGpuNeeded.value_or(storage::defaultCpuCoresPerGpu(w.kind));
    if (rc.cpu && cpus > 0) {
        h.cpuCoresPerGpu = cpus * std::max(0, rc.cpu->cores) / gpus;
        const int channels = cpus * rc.cpu->memoryChannels.value_or(0);
        h.populatedChannelFraction = populatedChannelFraction(rc);
        h.memoryBandwidthPerGpuGbs = cpuMemoryGbsPerNode(rc) / gpus;
        if (cfg.dimmsPerNode && channels > 0 && h.dimmsPerNode < channels)
            addFinding(findings, Severity::Warning, "host.memory_channels_unpopulated",
                std::to_string(h.dimmsPerNode) + " DIMMs fill " + std::to_string(h.dimmsPerNode)
                    + " of " + std::to_string(channels)
                    + " memory channels: host memory bandwidth drops to "
                    + num(100 * h.populatedChannelFraction) + " % of peak ("
                    + num(h.memoryBandwidthPerGpuGbs, 1) + " GB/s per GPU).",
                "Install at least one DIMM per channel (" + std::to_string(channels)
                    + " per node).");
        if (h.cpuCoresPerGpu < h.cpuCoresPerGpuNeeded)
            addFinding(findings, Severity::Warning, "host.cpu_cores_low",
                num(h.cpuCoresPerGpu, 1) + " CPU cores per GPU (" + std::to_string(cpus) + " x "
                    + std::to_string(rc.cpu->cores) + " cores for "
                    + std::to_string(cfg.gpusPerNode) + " GPUs) but the workload needs "
                    + num(h.cpuCoresPerGpuNeeded, 1) + ".",
                "Choose CPUs with more cores or set the CPU cores needed per GPU.");
    } else {
        addFinding(findings, Severity::Warning, "host.no_cpu",
            "No CPU is configured (CPU part and CPUs per node): CPU cores per GPU cannot be "
            "checked against the "
                + num(h.cpuCoresPerGpuNeeded, 1) + " needed.",
            "Choose a CPU and CPUs per node.");
    }

    // --- Host memory -----------------------------------------------------------
    h.offloadPerGpuBytes = std::max(0.0, offloadPerGpuBytes);
    h.kvOffloadPerGpuBytes
        = w.kind == WorkloadKind::Inference ? std::max(0.0, w.kvOffloadGbPerGpu) * 1e9 : 0.0;
    h.stagingPerGpuBytes = std::max(0.0, stagingPerGpuBytes);
    h.baseNeedPerGpuBytes = w.hostMemoryPerGpuGbNeeded
        ? *w.hostMemoryPerGpuGbNeeded * 1e9
        : processAllowanceBytes(w.kind) + h.stagingPerGpuBytes;
    const double hardNeed = h.offloadPerGpuBytes + h.kvOffloadPerGpuBytes;
    h.neededPerGpuBytes = h.baseNeedPerGpuBytes + hardNeed;
    h.hostMemoryPerNodeBytes = hostMemoryPerNodeBytes(cfg);
    h.hostMemoryKnown = h.hostMemoryPerNodeBytes > 0;
    h.hostMemoryPerGpuBytes = h.hostMemoryPerNodeBytes / gpus;

    if (h.offload != Offload::None) {
        const int needed = h.offload == Offload::OptimizerAndWeights ? 3 : 1;
        if (plan.zeroStage < needed)
            addFinding(findings, Severity::Warning, "host.offload_needs_zero",
                std::string("offload \"") + std::string(enumName(h.offload))
                    + "\" needs ZeRO stage " + std::to_string(needed)
                    + " or higher (DeepSpeed offload_optimizer / offload_param) but the "
                      "plan uses stage "
                    + std::to_string(plan.zeroStage) + ".",
                "Set the plan's ZeRO stage to " + std::to_string(needed) + ".");
    }
    if (!h.hostMemoryKnown) {
        addFinding(findings, Severity::Warning, "host.memory_unspecified",
            "Host memory is not stated (DIMMs per node, DIMM size): the workload "
            "needs about "
                + gb(h.neededPerGpuBytes) + " per GPU, " + gb(h.neededPerGpuBytes * gpus)
                + " per node.",
            "Set DIMMs per node and DIMM size in the configuration (Host memory and shared storage).");
    } else {
        if (h.dimmSlots > 0 && h.dimmsPerNode > h.dimmSlots)
            addFinding(findings, Severity::Error, "host.dimm_slots_exceeded",
                "DIMMs per node is " + std::to_string(h.dimmsPerNode) + " but chassis "
                    + rc.chassis.model + " has " + std::to_string(h.dimmSlots) + " DIMM slots.",
                "Use fewer, larger DIMMs (DIMM size).");
        if (h.hostMemoryPerGpuBytes < hardNeed) {
            addFinding(findings, Severity::Error, "host.memory_insufficient",
                "Offloaded state needs " + gb(hardNeed)
                    + " of host memory per GPU but "
                      "the node has "
                    + gb(h.hostMemoryPerGpuBytes) + " per GPU (" + gb(h.hostMemoryPerNodeBytes)
                    + " per node).",
                "Add DIMMs, use larger DIMMs, offload less or shard over more GPUs.");
        } else if (h.hostMemoryPerGpuBytes < h.neededPerGpuBytes) {
            addFinding(findings, Severity::Warning, "host.memory_low",
                gb(h.hostMemoryPerGpuBytes)
                    + " of host memory per GPU but the workload "
                      "needs about "
                    + gb(h.neededPerGpuBytes) + " (base " + gb(h.baseNeedPerGpuBytes)
                    + ", offloaded " + gb(hardNeed) + ").",
                "Add DIMMs or use larger ones, or set the host memory needed per GPU.");
        }
    }
    return h;
}

} // namespace infrafit
