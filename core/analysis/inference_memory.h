// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/analysis/memory_lines.h"
#include "core/model/parameter_count.h"
#include "core/workload/workload.h"

namespace infrafit {

/// KV-cache bytes per token for the whole model (all layers, all KV heads):
/// 2·L·g·d·bytes for MHA/GQA/MQA (docs/reference/models.md §5; Kwon et al. 2023 (vLLM) §1:
/// OPT-13B 2·5120·40·2 B = 800 KiB), L·(kv_lora_rank + rope_dim)·bytes for
/// MLA (DeepSeek-V2 §2.1.1, compressed latent cache).
double kvBytesPerToken(const ModelSpec& model, double kvBytes);

/// KV bytes per token on one GPU of a `tensor`-way group holding `layers`
/// layers: KV heads per rank max(g/t, 1) (llm-analysis; replicated below one
/// head per rank); MLA's latent is replicated on every TP rank.
double kvBytesPerTokenPerGpu(const ModelSpec& model, double kvBytes, int tensor, int layers);

/// Tokens of one sequence that occupy KV cache: capped at the sliding
/// window (Jiang et al. 2023, Mistral 7B §2 rolling buffer) and rounded up to
/// whole paged blocks (Kwon et al. 2023, vLLM §4.2).
double kvTokensPerSequence(const ModelSpec& model, double tokens, int blockSize);

/// Whole KV slots (tokens) that fit in `freeBytes`, rounded down to whole
/// blocks (vLLM §4.2/§6: block-granular allocation). 0 when nothing fits.
double kvTokenCapacity(double freeBytes, double bytesPerToken, int blockSize);

/// Bytes per weight parameter when served at `precision`: int4 adds one fp16
/// scale per group of 128 (AWQ/GPTQ g128: +2/128 B); int8/fp8 per-channel
/// scales are negligible.
double servingWeightBytesPerParam(Precision precision);

/// The serving plan and what one GPU holds.
struct InferenceSetup {
    int tensor = 1, pipeline = 1, expert = 1, replicas = 1;
    double requestsPerReplica = 1;
    double tokensPerSequence = 0;      ///< KV tokens per request after window/blocks
    double kvBytesPerTokenGpu = 0;     ///< most-loaded stage
    double weightsBytes = 0;           ///< most-loaded stage
    double workspaceBytes = 0;         ///< peak activation workspace
    double frameworkBytes = 0;
    double budgetBytes = 0;            ///< gpu_memory_utilization × capacity
};

/// Serving memory per GPU: weights at the serving precision (embedding and
/// LM head kept in 16 bit, as quantised checkpoints do), KV cache for
/// ceil(concurrent/replicas) × (prompt + output) tokens, peak activation
/// workspace for a prefill chunk of min(requests·prompt, 8192) tokens (vLLM
/// max_num_batched_tokens) plus fp32 logits for the batch, CUDA context +
/// CUDA graphs (1.5 GiB), and a 5 % allocator margin on the non-KV lines
/// (the KV pool is one preallocated block).
InferenceSetup makeInferenceSetup(const Workload& workload, const ParameterCount& params,
                                  const Parallelism& plan, int totalGpus, double capacityBytes);
MemoryLines inferenceMemory(const Workload& workload, const InferenceSetup& setup);

} // namespace infrafit
