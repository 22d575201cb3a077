// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/analysis/gemm_efficiency.h"
#include "core/config/resolved_configuration.h"
#include "core/parts/gpu_family.h"
#include "core/workload/workload.h"

#include <optional>
#include <string_view>

namespace infrafit {

/// Dense peak FLOP/s of one GPU for matrix math at `precision`, from the
/// GPU's datasheet fields; nullopt when the GPU has no figure for it (the
/// analysis then reports "precision.unsupported"). int4/int8 weights are
/// weight-only quantisation served with bf16/fp16 math (W4A16/W8A16, as
/// AWQ/GPTQ kernels do) unless the GPU lists int8 TOPS for int8.
std::optional<double> peakFlopsPerS(const Gpu& gpu, Precision precision);

/// Achieved fraction of peak FLOP/s and of HBM bandwidth, with where the
/// default came from (shown in the report's assumptions).
struct Efficiency {
    /// Training: fraction of the dense peak (at the workload precision) that
    /// large GEMMs reach inside a training framework; smaller GEMMs get less
    /// (gemmShapeFraction()). Fitted per family on named published runs
    /// (docs/validation.md).
    double trainCompute = 0.45;
    /// The part of trainCompute that is the narrow format's lower share of
    /// its doubled peak (fp8/fp4: hardware_rates.cpp; 1 otherwise). A GEMM a
    /// low-precision recipe leaves in 16-bit (the output layer) runs at the
    /// 16-bit peak × trainCompute / lowPrecisionShare.
    double lowPrecisionShare = 1.0;
    /// Training: FlashAttention core as a fraction of the bf16/fp16 peak.
    double attentionCompute = 0.45;
    /// Training: element-wise operations as a fraction of HBM bandwidth.
    double elementwiseMemory = 0.8;
    double prefillCompute = 0.6;
    double decodeMemory = 0.8;
    bool hopperOrLater = false; ///< TP comm overlap on by default (tp_comm_overlap)
    /// The family the defaults are for: matched once per analysis, so the
    /// serving defaults and the assumption text reuse it.
    GpuFamily family = GpuFamily::Unknown;
    /// The measured GEMM shape curve of the family and precision.
    GemmShapeCurve gemmCurve = GemmShapeCurve::H100Bf16;
    std::string_view basis;     ///< short text: family and source of the default
    /// Where the family's plateau relative to Hopper's fitted one comes
    /// from (for the report: fitted, a measured ratio, or an assumption).
    std::string_view shareBasis = "an assumed share";
};

/// Default efficiencies for the GPU's family (by architecture/model name):
/// honest figures fitted on published runs, not vendor peaks. fp8/fp4
/// GEMMs reach a lower fraction of their (2×/4×) peak (a measured H100
/// GEMM benchmark, hardware_rates.cpp; docs/validation.md).
Efficiency defaultEfficiency(const Gpu& gpu, Precision precision);
Efficiency defaultEfficiency(GpuFamily family, Precision precision);

/// How far below fp8's share of its peak an fp4 GEMM runs (Transformer
/// Engine's measured B300 kernels, hardware_rates.cpp): serving takes the
/// same ratio.
double fp4GemmShareOfFp8();

/// An fp8 recipe's GEMM kernel rate over per-tensor scaling's (Transformer
/// Engine's benchmark, hardware_rates.cpp): 1 for current and delayed
/// scaling, 0.951 for MXFP8, 0.829 for blockwise.
double fp8RecipeKernelShare(Fp8Recipe recipe);

/// A training workload's attention kernel after `auto`: fa3 on Hopper and
/// later, fa2 before (FlashAttention-3 and cuDNN's fused attention need
/// Hopper's TMA and warpgroup MMA: Shah et al. 2024 §1).
AttentionKernel resolvedAttentionKernel(const Workload& w, const Efficiency& e);

/// How much faster than the FlashAttention-2 figure (Efficiency::
/// attentionCompute) the attention core of a training step runs with
/// `kernel`: 1 for fa2, and for fa3 on Hopper and later the measured ratio
/// of cuDNN's fused attention to FlashAttention-2 (hardware_rates.cpp).
/// fa3 on an older GPU runs as fa2.
double attentionKernelFactor(AttentionKernel kernel, const Efficiency& e);

/// The bf16 training GEMM plateau of the reference family (Hopper, fitted:
/// docs/validation.md): the value an efficiency override starts from
/// before the user sets one, so no UI repeats a number of the table above.
double referenceTrainComputeEfficiency();

/// Where a collective's traffic goes.
enum class LinkLevel { None, GpuLink, Pcie, Nic };

/// Bandwidths (bytes/s, one direction, already derated to what NCCL
/// reaches) and latencies of the two link levels of a configuration.
struct LinkRates {
    double intraNodeBytesPerS = 0; ///< per GPU over NVLink/xGMI, or PCIe
    LinkLevel intraNodeLevel = LinkLevel::Pcie;
    double interNodeBytesPerS = 0; ///< per GPU share of the node's NICs
    /// Per GPU over its own PCIe link to the host and the NICs (GPUDirect
    /// RDMA sends inter-node traffic through it), whatever the GPU fabric.
    double hostLinkBytesPerS = 0;
    /// Per GPU, one way, to the host's memory: NVLink-C2C on a Grace
    /// superchip (superchipHostLinkGbsPerDirection()), else the PCIe link
    /// above, at most the GPU's share of the CPUs' PCIe lanes when the CPU
    /// is known (every GPU copies at once). Activation and optimizer
    /// offload copies run at this rate.
    double hostMemoryBytesPerS = 0;
    /// Whether that path is the PCIe link (its traffic then loads PCIe).
    bool hostMemoryOverPcie = true;
    /// Per GPU, its share of the node's CPU memory bandwidth (peak:
    /// cpuMemoryGbsPerNode(), the CPUs' catalog figure scaled down when
    /// fewer DIMMs than channels are fitted). ZeRO-Offload's CPU optimizer
    /// step runs at it. When the configuration gives none, a two-socket HGX
    /// host's (TrainingModelConstants::defaultHostMemoryGbsPerNode) and
    /// `hostDramAssumed` is set.
    double hostDramBytesPerS = 0;
    bool hostDramAssumed = false;
    double intraLatencyS = 0;
    double interLatencyS = 0;
    /// GPUs that reach each other over the GPU link: the node's, or the GPU
    /// fabric domain's across nodes (Chassis::fabricDomainGpus, NVL72: 72).
    int gpusPerNode = 1;
    /// NVLink SHARP (NVLS): the NVSwitch reduces in the switch, so an
    /// all-reduce inside the node moves each byte once per GPU instead of
    /// 2(n−1)/n times (NCCL 2.17+ on NVSwitch gen 3 and later: Hopper and
    /// Blackwell HGX/DGX). False on PCIe and xGMI nodes.
    bool nvls = false;
};

/// Link rates for a resolved configuration: GPU link (gpu_link_gbs is
/// bidirectional → /2) when the chassis has a GPU fabric (NVSwitch/xGMI),
/// else PCIe of the GPU's generation; NICs: nics × ports × Gbit/s / 8 shared
/// by the node's GPUs. Both derated by 0.8 (nccl-tests PERFORMANCE.md: bus
/// bandwidth reaches ~75–85 % of link peak for large messages).
LinkRates linkRates(const ResolvedConfiguration& config);

} // namespace infrafit
