// SPDX-License-Identifier: Apache-2.0
#pragma once

// The modelling constants of the training memory and communication model,
// in one table with their sources (as core/infra/infrastructure_inputs.h
// does for the infrastructure checks). The code and the report's assumption
// lines (analyze.cpp) take their values from here; docs/reference/models.md
// §2.8 and §2.15 summarise the sources.

namespace infrafit {

struct TrainingModelConstants {
    /// Share of the GPU's memory (gpuMemoryBytes: 80 GiB for an "80 GB"
    /// HBM part) the driver keeps from programs (inference uses
    /// gpu_memory_utilization instead). The totals CUDA gives programs, as
    /// PyTorch's out-of-memory messages print them: an A100 80GB 79.25 GiB
    /// (0.94 % kept; levihsu/OOTDiffusion issue #235), an H100 NVL 94GB
    /// 93.00 GiB (1.06 %; ali-vilab/VACE issue #56), a V100 32GB 31.74 GiB
    /// (0.8 %; haotian-liu/LLaVA issue #812); a B200 180 GB 178.35 GiB
    /// (0.92 %; cudaGetDeviceProperties in pytorch/ao PR #4002). Rounded up
    /// from the largest to 1.1 %. The CUDA context and the NCCL buffers are
    /// lines of their own below.
    double hbmReserveFraction = 0.011;
    /// Allocator fragmentation margin as a fraction of the other memory
    /// lines (PyTorch caching allocator; docs/reference/models.md §3:
    /// 0.05–0.10 observed).
    double allocatorMarginFraction = 0.05;
    /// CUDA context + cuBLAS/cuDNN workspaces ≈ 1 GiB (PyTorch "CUDA
    /// semantics" notes: context 300 MiB–1 GiB+ by kernel set; cuBLAS
    /// workspace CUBLAS_WORKSPACE_CONFIG=:4096:8 per stream).
    double cudaContextBytes = 1.0 * 1073741824.0;
    /// One NCCL communicator ≈ 0.25 GiB (NCCL_BUFFSIZE 4 MiB × channels ×
    /// peers).
    double ncclCommunicatorBytes = 0.25 * 1073741824.0;
    /// Achieved share of a link's per-direction peak in collectives (NCCL
    /// "bus bandwidth", nccl-tests doc/PERFORMANCE.md). Calculon's
    /// calibrated A100 system file uses 0.65 for NVLink and 0.9 for
    /// InfiniBand (Isaev et al. SC'23; docs/reference/models.md §2.8): one
    /// value between them, 0.8, for every level.
    double linkBusEfficiency = 0.8;
    /// Latency of one ring step, from NCCL's own tuning model (NVIDIA/nccl
    /// src/graph/tuning.cc, hwLat, LL to Simple protocol): NVLink 0.6–3.4 µs,
    /// PCIe 1.0–5.7 µs, network 2.7–14 µs. Values near the LL end, which
    /// NCCL picks for the small messages where latency matters.
    double nvlinkStepLatencyS = 1.0e-6;
    double pcieStepLatencyS = 3.0e-6;
    double networkStepLatencyS = 5.0e-6;
    /// CPU memory bandwidth of a node whose configuration names no CPU: a
    /// DGX/HGX H100 host's two Xeon Platinum 8480C, 8 channels of DDR5-4800
    /// each (NVIDIA DGX H100 user guide, hardware overview; Intel ARK:
    /// 8 × 4,800 MT/s × 8 B = 307.2 GB/s per socket).
    double defaultHostMemoryGbsPerNode = 614.4;
    /// Fixed cost of one all-reduce between nodes, beyond its bandwidth
    /// term, measured rather than built from α: base + perDoubling ·
    /// log2(nodes). Fitted on nccl-tests all_reduce sweeps of H100 nodes with
    /// 8 × 400 Gb/s NICs at 4–512 nodes (Fernandez et al. 2024, arXiv
    /// 2411.13055, the scan figure; 16–128 MiB, where the fixed cost shows),
    /// judged on NVIDIA's NVLSTree sweep at 4–1,024 nodes (GTC 2024 S62129,
    /// slide 35): bus bandwidth at 16 MiB–1 GiB within 11 % median, 23 %
    /// worst (docs/validation.md, "Collectives at scale"). The base leaves
    /// out the 2(k−1)·α the model already charges inside an 8-GPU node. A
    /// step latency alone would give 10 µs per doubling; the sweeps show
    /// ~92 µs (tree depth × chunk pipeline fill).
    double networkCollectiveBaseS = 37e-6;
    double networkCollectivePerDoublingS = 92.5e-6;
    /// All-gather and reduce-scatter between nodes run as a ring in NCCL
    /// (no tree; PAT only with one GPU per node: Jeaugey 2025, arXiv
    /// 2506.20252, and NVIDIA/nccl src/graph/tuning.cc @5067397), so their
    /// fixed cost grows with the ranks, not the node count's logarithm.
    /// NCCL's own model for a ring of n ranks over N nodes, Simple protocol:
    /// base + (n − N) · intra step + (N − 1) · inter step, intra step =
    /// max(NVLink 3.4 | PCIe 5.7, 3 × 1.0 µs net overhead), inter step 14 µs
    /// (tuning.cc baseLatencies, hwLatencies, getNetOverhead).
    double ringBaseS = 8.4e-6;
    double ringNvlinkStepS = 3.4e-6;
    double ringPcieStepS = 5.7e-6;
    double ringNetOverheadStepS = 3.0e-6;
    double ringNetworkStepS = 14.0e-6;
    /// With one member per node NCCL (2.23 up to the pinned commit) may run
    /// them as PAT instead (Jeaugey 2025), its model in tuning.cc: 8.0 µs +
    /// ⌊log2 N⌋ · 14/3.5 µs + 2.8 µs per rank, at 0.75 of the ring's bus
    /// bandwidth. NCCL takes whichever its own model finds faster; InfraFit
    /// makes the same comparison with the scaled costs and its own bandwidth.
    double patBaseS = 8.0e-6;
    double patPerLevelS = 4.0e-6;
    double patPerRankS = 2.8e-6;
    double patBandwidthShare = 0.75;
    /// What collectives between nodes measure against NCCL's own model: the
    /// all-reduce fixed cost measured in the Fernandez et al. sweep (the
    /// median over its 16–128 MiB points at each node count) over NCCL's
    /// tree model (8.4 + 2·(7 · 4.0 + log2 N · 14) µs) is 1.9, 2.1, 2.5, 2.8
    /// and 2.7 at 4, 8, 32, 64 and 512 nodes (the fitted formula's ratio,
    /// 1.8–2.75, has the same median); the median 2.5 scales the ring's and
    /// PAT's. NCCL's net overhead is 2 µs per step on AMD hosts, 1 µs on
    /// Intel (getNetOverhead): the Intel value is used. Judged on one
    /// all-gather measurement: 256 H100 (32 nodes), 2 GiB, ~200 GB/s bus
    /// bandwidth (NVIDIA/nccl issue #1218): the model gives 221 (+10 %), a
    /// tree-shaped cost 308 (+54 %).
    double measuredOverNcclModel = 2.5;
    /// Gradient bucket of data-parallel training, elements: Megatron-LM
    /// DistributedDataParallelConfig sets bucket_size = max(40,000,000,
    /// 1,000,000 × data-parallel size) (megatron/core/distributed/
    /// distributed_data_parallel_config.py). One rule for the bucket held
    /// in memory and the bucket left exposed after the backward pass.
    double ddpBucketMinElements = 40.0e6;
    double ddpBucketElementsPerRank = 1.0e6;
    /// Overlap is not free: compute kernels that run while a collective is
    /// in flight share the SMs and HBM with it and slow down. Measured on
    /// 4 × A100, H100, MI250 and MI210 with GPT and LLaMA training kernels:
    /// 18.9 % slower on average (up to 40 %) than the same compute alone
    /// (arXiv 2507.03114, "Characterizing Compute-Communication Overlap in
    /// GPU-Accelerated Distributed Deep Learning", 2025, abstract). Every
    /// second of communication hidden behind compute adds this fraction.
    double overlapComputeSlowdown = 0.189;
    /// HBM bytes moved per element to quantize one 16-bit tensor for the
    /// low-precision GEMMs of a training step, both usages at once (the
    /// rowwise copy for forward/dgrad, the columnwise one for wgrad;
    /// Transformer Engine docs, "Performance Considerations", Handling
    /// transposes):
    /// - fp8, per-tensor current scaling (Megatron-Bridge's fp8 recipe):
    ///   one read for the amax, one read to cast, two 1-byte writes: 6.
    /// - fp4, NVFP4 (NVIDIA 2025, "Pretraining Large Language Models with
    ///   NVFP4", arXiv 2509.25149; TE docs, "NVFP4": a per-tensor FP32
    ///   scale, E4M3 scales per 16 values, random Hadamard transforms on
    ///   the wgrad inputs): an amax read for each of the two copies (the
    ///   columnwise one after its transform), one read to cast, two writes
    ///   of 4 bits plus a 1-byte scale per 16 values:
    ///   2 + 2 + 2 + 2 × 0.5625 = 7.125.
    /// Timed at the element-wise share of HBM bandwidth, this reproduces
    /// what TE's own benchmark measured as the autocast overhead over
    /// pre-quantized GEMMs (docs/examples/gemm_profiling, 5B config,
    /// 2,482.8 M elements quantized per layer): B300 fp8 current 2.335 ms
    /// (2.328 modelled), NVFP4 2.689 ms (2.764); H200 NVL fp8 current
    /// 3.500 ms (3.880). Checked in tests/core/analysis/kernel_rates_test.cpp.
    double fp8QuantizeBytesPerElement = 6.0;
    double fp4QuantizeBytesPerElement = 7.125;
    /// The other fp8 recipes (`fp8_recipe`), same convention:
    /// - delayed scaling takes the scale from the amax history, so one read
    ///   casts and records the amax, and two 1-byte copies are written: 4.
    ///   TE's benchmark: B300 0.99 ms over the per-tensor kernels (1.55
    ///   modelled), H200 NVL 2.19 ms (2.59): an upper bound.
    /// - block scaling (MXFP8, an E8M0 scale per 32 values; blockwise, an
    ///   fp32 scale per 128) computes each block's amax in the cast kernel:
    ///   one read, two 1-byte copies and their scales, 2 + 2 × (1 + 1/32) =
    ///   4.0625 (blockwise: 2 + 2 × (1 + 4/128), the same). TE's benchmark:
    ///   MXFP8 on B300 1.82 ms over its pre-quantized kernels (1.58
    ///   modelled).
    double fp8DelayedQuantizeBytesPerElement = 4.0;
    double fp8BlockQuantizeBytesPerElement = 4.0625;
};

/// The constants in effect (one table; no other copy of these numbers).
inline constexpr TrainingModelConstants trainingModel{};

/// What a collective of `commS` adds to a step when up to `hiddenS` of it
/// (clamped to 0..commS) overlaps compute.
struct OverlapCost {
    double exposedS = 0;  ///< the part not hidden, plus the slowdown below
    double slowdownS = 0; ///< compute slowed by the hidden part (overlapComputeSlowdown)
};

constexpr OverlapCost overlapCost(double commS, double hiddenS)
{
    const double hidden = hiddenS < commS ? (hiddenS > 0 ? hiddenS : 0) : commS;
    const double slowdown = trainingModel.overlapComputeSlowdown * hidden;
    return {commS - hidden + slowdown, slowdown};
}

/// Elements per ZeRO-2 gradient bucket: DeepSpeed's `reduce_bucket_size`
/// and `allgather_bucket_size` default, 5e8 (deepspeed/runtime/zero/
/// config.py, DeepSpeedZeroConfig).
inline constexpr double zero2BucketElements = 5.0e8;

/// Elements in one data-parallel gradient bucket for `dataParallel` ranks.
constexpr double ddpBucketElements(int dataParallel)
{
    const double perRank = trainingModel.ddpBucketElementsPerRank * dataParallel;
    return perRank > trainingModel.ddpBucketMinElements ? perRank
                                                         : trainingModel.ddpBucketMinElements;
}

} // namespace infrafit
