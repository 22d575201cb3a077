// SPDX-License-Identifier: Apache-2.0
#pragma once

namespace infrafit {

/// DeepSpeed's CPU Adam kernel moves 28 bytes of host memory per parameter
/// and step: it reads the fp32 weight, gradient and both moments and writes
/// back the weight and moments (deepspeedai/DeepSpeed csrc/includes/
/// cpu_adam.h, Step_AVX; csrc/adam/cpu_adam_impl.cpp).
inline constexpr double cpuAdamKernelBytesPerParam = 28.0;
/// The rest of the host's step in ZeRO stage 1/2 offload
/// (deepspeed/runtime/zero/stage_1_and_2.py, step() with cpu_offload):
/// the fp32 gradients unscaled in place (read 4 + write 4) and the updated
/// fp32 weights copied to the 16-bit buffer sent back (read 4 + write 2).
inline constexpr double cpuStepOtherBytesPerParam = 14.0;
/// Achieved share of the host's peak memory bandwidth in the CPU Adam
/// kernel: the mean of two measurements, 0.43 on a DGX-2's two Xeon
/// Platinum 8168 (Ren et al. 2021, ZeRO-Offload, Table 4, median over 1–10B
/// parameters; 10B in 2.57 s against 2 × 6 × DDR4-2666 = 256 GB/s) and 0.56
/// on a GH200's Grace (DeepSpeed SuperOffload blog, 2025, Fig. 5: CPU-Adam,
/// 8B in 0.769 s against 512 GB/s LPDDR5X). Each host judged with the
/// other's figure is off by a median 24–31 % (docs/validation.md,
/// "ZeRO-Offload's host step").
inline constexpr double cpuAdamMemoryEfficiency = 0.5;

/// Seconds DeepSpeed's CPU Adam kernel takes for `params` parameters at
/// `hostMemoryBytesPerS` of peak host memory bandwidth (cpuAdamMemoryEfficiency).
double cpuAdamKernelS(double params, double hostMemoryBytesPerS);

/// One GPU's share of a ZeRO-Offload step (offload "optimizer" or
/// "optimizer_and_weights").
struct OptimizerOffloadInputs {
    double shardParams = 0;          ///< parameters in this GPU's optimizer partition
    int zeroStage = 2;               ///< 1, 2 or 3 (0 is timed as 1)
    int shardGroup = 1;              ///< ranks the partition is one of (data × context)
    double microBatches = 1;
    double forwardS = 0;             ///< one micro-batch's forward compute
    double backwardS = 0;            ///< one micro-batch's backward compute
    double hostLinkBytesPerS = 0;    ///< GPU ↔ host memory, one way (achieved)
    double hostMemoryBytesPerS = 0;  ///< this GPU's share of the host's peak memory bandwidth
    double gradientElementBytes = 2; ///< the GPU's gradient type (bf16/fp16: 2)
    double weightElementBytes = 2;   ///< the compute-type weights sent back
    /// optimizer_and_weights (ZeRO-Infinity offload_param): this GPU's weight
    /// partition, fetched from host memory for the forward and again for
    /// the backward of every micro-batch. 0 otherwise.
    double fetchedWeightBytes = 0;
};

/// Exposed seconds per step, each part on the step's critical path.
struct OptimizerOffloadTime {
    /// Gradient and weight copies during the micro-batches that outlast the
    /// compute they overlap.
    double copiesS = 0;
    double cpuStepS = 0;     ///< the host's optimizer step (Adam and its passes)
    /// The updated 16-bit weights copied back to the GPU (none with
    /// optimizer_and_weights: the weights stay in host memory and are
    /// fetched per micro-batch).
    double weightReturnS = 0;
    double hostLinkBytes = 0; ///< per step, both directions
    [[nodiscard]] double totalS() const { return copiesS + cpuStepS + weightReturnS; }
};

/// DeepSpeed ZeRO-Offload's default schedule (deepspeed/runtime/zero/
/// stage_1_and_2.py and stage3.py, with overlap_comm on as its tutorial
/// sets it; Ren et al. 2021 §4), per micro-batch k of m:
/// - ZeRO-2: k = 0 saves the gradient partition to a host accumulation
///   buffer in the gradient type; later ones restore it first, one copy
///   after the other on one stream (async_accumulate_grad_in_cpu_via_gpu).
///   Partitions are contiguous slices in model order, so the slowest rank's
///   copies fall in the last 1/N of the backward pass. The last micro-batch
///   also sends the fp32 gradients, and checks each for overflow with a
///   host sync, so its copies are exposed. With m = 1 only the fp32 copy.
/// - ZeRO-1 (and stage 0): gradients are reduced once, after the last
///   backward pass: restore, save and the fp32 copy, all exposed.
/// - ZeRO-3: every rank holds a slice of every parameter, so its copies
///   spread over the whole backward pass; k = 0 saves and copies back, later
///   ones restore and save; the last adds the fp32 copy.
/// - optimizer_and_weights (ZeRO-3 offload_param): the weight partition is
///   fetched for the forward and the backward pass on its own stream,
///   hidden by the micro-batch's compute where it fits.
/// The CPU step and (without offload_param) the weights' return follow the
/// last backward pass: DeepSpeed's default offload path does not overlap
/// them (the paper's delayed parameter update is not in it; ZenFlow and
/// SuperOffload, newer options, are not modelled).
OptimizerOffloadTime optimizerOffloadTime(const OptimizerOffloadInputs& in);

} // namespace infrafit
