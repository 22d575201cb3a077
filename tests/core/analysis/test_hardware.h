// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/analysis/training_memory.h"
#include "core/config/resolved_configuration.h"
#include "core/io/model_presets.h"
#include "core/model/parameter_count.h"
#include "core/workload/workload.h"

namespace infrafit::testing {

/// DGX-H100-like node: 8 × H100 SXM 80 GB (docs/reference/hardware.md: 3,350 GB/s, 989 bf16
/// TFLOPS, 1,979 fp8, 900 GB/s NVLink 4), NVSwitch, 8 × 400 Gb/s NICs.
inline ResolvedConfiguration h100Cluster(int nodes)
{
    ResolvedConfiguration c;
    c.config.name = "h100x" + std::to_string(nodes);
    c.config.gpuId = "nvidia-h100-sxm";
    c.config.chassisId = "dgx-h100";
    c.config.gpusPerNode = 8;
    c.config.nodes = nodes;
    c.config.nicId = "cx7";
    c.config.nicsPerNode = 8;
    c.gpu.id = "nvidia-h100-sxm";
    c.gpu.model = "H100 SXM5 80GB";
    c.gpu.architecture = "Hopper";
    c.gpu.memoryGb = 80;
    c.gpu.memoryBandwidthGbs = 3350;
    c.gpu.bf16Tflops = 989;
    c.gpu.fp16Tflops = 989;
    c.gpu.fp8Tflops = 1979;
    c.gpu.fp32Tflops = 67;
    c.gpu.gpuLinkGbs = 900;
    c.gpu.pcieGen = 5;
    c.gpu.precisions = {"fp32", "tf32", "bf16", "fp16", "fp8", "int8"};
    c.chassis.id = "dgx-h100";
    c.chassis.maxGpus = 8;
    c.chassis.gpuFabric = GpuFabric::NvSwitch;
    Nic nic;
    nic.id = "cx7";
    nic.ports = 1;
    nic.portSpeedGbps = 400;
    c.nic = nic;
    return c;
}

/// GB200 NVL72 compute trays: 4 Blackwell GPUs each (catalog part
/// nvidia-gb200-per-gpu: 2,500 bf16 / 5,000 fp8 / 10,000 fp4 dense TFLOPS,
/// 8,000 GB/s, NVLink 5 at 1,800 GB/s) and one 400 Gb/s NIC per GPU; with
/// `rackDomain` the rack's 72-GPU NVLink domain (Chassis::fabricDomainGpus).
inline ResolvedConfiguration gb200Trays(int trays, bool rackDomain)
{
    ResolvedConfiguration c = h100Cluster(trays);
    c.config.gpusPerNode = 4;
    c.config.nicsPerNode = 4;
    c.gpu.id = "nvidia-gb200";
    c.gpu.model = "GB200";
    c.gpu.architecture = "Blackwell";
    c.gpu.memoryGb = 186;
    c.gpu.memoryBandwidthGbs = 8000;
    c.gpu.bf16Tflops = 2500;
    c.gpu.fp16Tflops = 2500;
    c.gpu.fp8Tflops = 5000;
    c.gpu.fp4Tflops = 10000;
    c.gpu.precisions.push_back("fp4");
    c.gpu.gpuLinkGbs = 1800;
    c.chassis.id = "gb200-tray";
    c.chassis.maxGpus = 4;
    if (rackDomain)
        c.chassis.fabricDomainGpus = 72;
    return c;
}

inline Workload presetTraining(const char* key, Parallelism plan, int seq = 4096,
                               long long globalBatch = 512)
{
    Workload w;
    w.name = key;
    w.kind = WorkloadKind::Training;
    w.model = *findModelPreset(key);
    w.sequenceLength = seq;
    w.globalBatchSize = globalBatch;
    w.microBatchSize = 1;
    w.parallelism = plan;
    return w;
}

/// The activations of a training workload's first pipeline stage, split
/// into layers, embedding and logits (trainingStageMemory()).
inline ActivationSplit firstStageActivations(const Workload& w)
{
    ActivationSplit split;
    (void)trainingStageMemory(makeTrainingSetup(w, countParameters(w.model), *w.parallelism), 0,
                              &split);
    return split;
}

} // namespace infrafit::testing
