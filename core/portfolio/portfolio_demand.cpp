// SPDX-License-Identifier: Apache-2.0
#include "core/portfolio/portfolio_demand.h"

#include "core/io/default_software.h"
#include "core/parts/gpu_memory.h"
#include "core/pipeline/analyze.h"
#include "core/search/node_builds.h"
#include "core/software/software_check.h"

#include <cmath>
#include <sstream>

namespace infrafit {
namespace {

std::string demandGb(double bytes)
{
    std::ostringstream out;
    out.precision(3);
    out << bytes / 1e9 << " GB";
    return out.str();
}

/// The GPU as one partition of `profile` sees it: the profile's memory and
/// its share of compute (compute slices) and of memory bandwidth (memory
/// slices), docs/reference/partitioning.md §1-§2.
Gpu demandSliceGpu(Gpu gpu, const PartitionProfile& profile)
{
    const double compute = static_cast<double>(profile.computeSlices) / profile.computeSlicesTotal;
    const double memory = static_cast<double>(profile.memorySlices) / profile.memorySlicesTotal;
    // The profile's memory_gb names the instance's share in the GPU's own
    // unit: a MIG 7g.80gb or an MI300X spx+nps1 mode is the whole GPU. A GPU
    // counted in GiB (memory_gib) gives its slice the same share in GiB.
    const double share = gpu.memoryGb > 0 ? profile.memoryGb / gpu.memoryGb : 0.0;
    if (gpu.memoryGib)
        gpu.memoryGib = *gpu.memoryGib * share;
    gpu.memoryGb = profile.memoryGb;
    gpu.memoryBandwidthGbs *= memory;
    for (auto* rate : {&gpu.bf16Tflops, &gpu.fp16Tflops, &gpu.fp8Tflops, &gpu.fp4Tflops,
                       &gpu.tf32Tflops, &gpu.fp32Tflops, &gpu.fp64Tflops, &gpu.int8Tops})
        if (*rate)
            **rate *= compute;
    return gpu;
}

/// The analysis of `workload` on `gpus` GPUs of the configuration's node
/// build, with the plan searched for that size.
AnalysisResult demandAnalysis(Workload workload, ResolvedConfiguration config, int gpus)
{
    const int perNode = config.config.gpusPerNode;
    config.config.gpusPerNode = std::min(gpus, perNode);
    config.config.nodes = (gpus + perNode - 1) / perNode;
    workload.parallelism.reset();
    return analyze(workload, config);
}

void demandSizeSlice(PortfolioDemand& d, const Workload& workload,
                     const ResolvedConfiguration& config)
{
    const auto profiles = partitionProfilesOf(config.gpu);
    if (profiles.empty()) {
        d.problem = "the " + config.gpu.model
                    + " lists no partition profiles (MIG or partition modes), so it cannot be "
                      "given a slice";
        return;
    }
    double lastBytes = 0;
    for (const auto& profile : profiles) {
        ResolvedConfiguration slice = config;
        slice.gpu = demandSliceGpu(config.gpu, profile);
        const auto result = demandAnalysis(workload, slice, 1);
        lastBytes = result.memory.totalBytes();
        if (result.analyzed && result.fits) {
            d.profile = profile;
            d.memoryBytesPerGpu = lastBytes;
            return;
        }
    }
    d.problem = "needs " + demandGb(lastBytes) + " on one GPU, more than the largest partition ("
                + profiles.back().name + ") of the " + config.gpu.model + " holds";
}

void demandSizeGpus(PortfolioDemand& d, const Workload& workload,
                    const ResolvedConfiguration& config)
{
    const int perNode = config.config.gpusPerNode;
    const int total = config.totalGpus();
    if (workload.portfolioGpus > 0) {
        d.gpusPerReplica = workload.portfolioGpus;
    } else if (workload.parallelism && workload.parallelism->data > 0) {
        const auto& p = *workload.parallelism;
        d.gpusPerReplica = p.tensor * p.pipeline * p.data * p.context;
    } else {
        std::vector<int> sizes;
        for (int n = 1; n < perNode; n *= 2)
            sizes.push_back(n);
        for (int nodes = 1; nodes * perNode <= total; nodes *= 2)
            sizes.push_back(nodes * perNode);
        if (sizes.empty() || sizes.back() != total)
            sizes.push_back(total);
        double lastBytes = 0;
        for (int n : sizes) {
            // No plan needs less than the model states spread evenly (node_builds.h).
            if (const double bound = memoryLowerBoundBytes(workload, n);
                bound > gpuMemoryBytes(config.gpu)) {
                lastBytes = bound;
                continue;
            }
            const auto result = demandAnalysis(workload, config, n);
            lastBytes = result.memory.totalBytes();
            if (result.analyzed && result.fits) {
                d.gpusPerReplica = n;
                d.memoryBytesPerGpu = lastBytes;
                break;
            }
        }
        if (d.memoryBytesPerGpu == 0) {
            d.problem = "does not fit in memory even on all " + std::to_string(total)
                        + " GPUs of the configuration (at least " + demandGb(lastBytes)
                        + " per GPU)";
            return;
        }
    }
    if (d.placement == SharingPlacement::Nodes) {
        d.nodesPerReplica = (d.gpusPerReplica + perNode - 1) / perNode;
        d.gpusPerReplica = d.nodesPerReplica * perNode;
    }
}

} // namespace

PortfolioDemand portfolioDemand(const Workload& workload, const ResolvedConfiguration& config,
                                const SoftwareTable* software)
{
    PortfolioDemand d;
    d.workload = workload.name;
    d.placement = workload.placement;
    d.schedule = workload.schedule;
    d.timeShare = workload.timeShare;
    d.replicas = std::max(1, workload.portfolioReplicas);
    for (const Finding& f :
         checkSoftware(workload, config.gpu, software ? *software : defaultSoftwareTable()))
        if (f.severity == Severity::Error) {
            d.problem = "software: " + f.message;
            return d;
        }
    if (d.placement == SharingPlacement::Slice)
        demandSizeSlice(d, workload, config);
    else
        demandSizeGpus(d, workload, config);
    return d;
}

} // namespace infrafit
