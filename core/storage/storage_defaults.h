// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/workload/workload.h"

namespace infrafit::storage {

/// Defaults of the storage and host checks, each with where it comes from.
/// They are listed in a report's assumptions whenever they are in effect.

/// Hours between checkpoints: 1 h. Estimate; Llama 3 pre-training saw 466
/// interruptions in 54 days (Dubey et al. 2024, "The Llama 3 Herd of
/// Models" §3.3.4), one per ~2.8 h, so an hourly checkpoint loses ~0.5 h of
/// work per interruption on average.
inline constexpr double defaultCheckpointIntervalHours = 1.0;
/// Largest share of wall time spent checkpointing: 5 %. Estimate in line
/// with the single-digit overheads CheckFreq targets (Mohan et al., FAST '21).
inline constexpr double defaultMaxCheckpointShare = 0.05;
/// Megatron-LM stores token ids as uint16 when the vocabulary is below
/// 65,500 and int32 otherwise (megatron/core/datasets/indexed_dataset.py,
/// DType.optimal_dtype).
inline constexpr int tokenIdUint16VocabLimit = 65500;
inline double defaultDataBytesPerToken(int vocabSize)
{
    return vocabSize < tokenIdUint16VocabLimit ? 2.0 : 4.0;
}

/// CPU cores per GPU a job needs. Estimates: training 8 (the rank's own
/// process plus PyTorch DataLoader workers, commonly 4-8 per GPU, and NCCL
/// proxy threads); inference 4 (engine process, tokenizer/detokenizer, HTTP
/// front end). For comparison NVIDIA DGX H100/B200 supply 112 cores / 8
/// GPUs = 14 (docs/reference/hardware.md §1.2/§1.3: 2 x 56-core Xeon).
inline constexpr double defaultTrainingCoresPerGpu = 8;
inline constexpr double defaultInferenceCoresPerGpu = 4;
inline double defaultCpuCoresPerGpu(WorkloadKind kind)
{
    return kind == WorkloadKind::Training ? defaultTrainingCoresPerGpu
                                          : defaultInferenceCoresPerGpu;
}

/// Host memory per GPU for the process, CUDA pinned buffers and data
/// loading, added to what is staged or offloaded. Estimates: training 32 GB
/// (DataLoader workers each hold a copy of the Python state and prefetch
/// buffers), inference 16 GB. For comparison DGX H100/H200/B200 ship 2 TB
/// for 8 GPUs = 256 GB per GPU (docs/reference/hardware.md §1.2; NVIDIA DGX datasheets).
inline constexpr double defaultTrainingProcessMemoryGbPerGpu = 32;
inline constexpr double defaultInferenceProcessMemoryGbPerGpu = 16;

} // namespace infrafit::storage
