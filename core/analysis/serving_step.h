// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/analysis/gemm_efficiency.h"
#include "core/analysis/hardware_rates.h"
#include "core/config/resolved_configuration.h"
#include "core/parts/gpu.h"
#include "core/workload/workload.h"

#include <array>
#include <optional>

namespace infrafit {

/// Achieved fraction of the hardware's peak for each operation class of a
/// serving step, and the fixed per-step costs. Defaults are fitted on the
/// named subset of tests/validation/serving_runs.json (docs/validation.md,
/// "Serving"); every figure is reported in the analysis' assumptions.
struct ServingEfficiency {
    /// Dense GEMMs, fraction of dense peak FLOP/s at the precision that
    /// large products reach; a step's products reach this times their
    /// shape fraction (gemm_efficiency.h), which falls for few tokens.
    double gemmCompute = 0.7;
    /// Attention (flash attention, run in 16 bit), fraction of the 16-bit dense peak.
    double attentionCompute = 0.5;
    double memory = 0.9;           ///< weight, KV and activation streams, of HBM bandwidth
    /// Fixed host + launch cost of one step (sampling, scheduling, output
    /// processing), seconds.
    double stepOverheadS = 0;
    /// Launch cost per transformer block of a step that contains prefill
    /// tokens (run eagerly; vLLM and TensorRT-LLM replay CUDA graphs for
    /// decode-only steps), seconds.
    double prefillLayerOverheadS = 0;
    /// Floor per transformer block of a decode-only step (CUDA-graph
    /// replay: the minimum time of the block's small kernels), charged
    /// where it exceeds the block's element-wise traffic time, seconds.
    double decodeLayerOverheadS = 0;
};

/// The weight matrix products of one group (a block's attention and MLP,
/// or one expert), per GPU: for each, log2(N·K) of its weight and its
/// FLOPs per token (the weights of the mean). M is the step's token count, so the shape
/// efficiency (gemmShapeFraction) is evaluated per step. No entry = the
/// plateau rate (hand-built models in tests).
struct ServingGemmGroup {
    struct Gemm {
        double log2NK = 0;
        double flopsPerToken = 0;
    };
    std::array<Gemm, 4> gemms{};
    int count = 0;
    double minLog2NK = 0;   ///< of the smallest product (the lowest fraction)
    double totalFlops = 0;  ///< per token, of all products
    GemmShapeCurve curve = GemmShapeCurve::H100Bf16; ///< the GPU family's measured curve
    void add(double n, double k, double flops);
};

/// What one GPU of a serving replica does per transformer block, in the
/// units the per-operation timing needs. Built once per analysis by
/// makeServingStepModel() (inference_analysis.cpp); blocks are alike, so a
/// step times one block of each kind and multiplies by the block count.
/// All byte and FLOP figures are per GPU (already divided by tensor
/// parallelism); `layers` is the whole replica's depth (pipeline stages run
/// one after the other for one step, so a step's latency crosses them all).
struct ServingStepModel {
    int layers = 0;              ///< transformer blocks of the replica
    int moeLayers = 0;           ///< of which MoE blocks
    int tensor = 1;              ///< tensor-parallel group size
    int pipeline = 1;
    // Per dense block, per GPU
    double denseGemmFlopsPerToken = 0;   ///< 2 × matrix parameters of the block / t
    double denseWeightBytes = 0;         ///< weights read once per step
    // Per MoE block, per GPU
    double moeSharedGemmFlopsPerToken = 0; ///< attention + shared experts + router
    double moeSharedWeightBytes = 0;
    double expertGemmFlopsPerToken = 0;  ///< one routed expert
    double expertWeightBytes = 0;        ///< one routed expert's weights on this GPU
    ServingGemmGroup denseGemms;         ///< shapes of a dense block's products
    ServingGemmGroup moeSharedGemms;     ///< shapes of an MoE block's non-expert products
    ServingGemmGroup expertGemms;        ///< shapes of one expert's products
    ServingGemmGroup headGemm;           ///< the LM head's shape
    int experts = 1;
    int expertsPerToken = 1;
    // Attention per block, per GPU
    double attentionFlopsPerTokenPerContext = 0; ///< QKᵀ + A·V: 2·2·heads·head_dim / t
    double kvBytesPerTokenPerLayer = 0;          ///< K and V of one token, one block, this GPU
    /// Times a decoding sequence's KV is read per step: 1 when a query group
    /// shares its KV head's read, heads/kv_heads when every query head
    /// reads it (Workload::decodeKvPerQueryHead).
    double decodeKvReads = 1;
    int slidingWindow = 0;                       ///< 0 = full attention
    // Element-wise per block, per GPU
    double elementwiseBytesPerToken = 0; ///< norms, residuals, activation function, rotary
    // LM head (last stage)
    double headFlopsPerToken = 0;  ///< 2·V·h / t
    double headWeightBytes = 0;
    // Tensor-parallel all-reduce (2 per block: after attention and MLP)
    double allReduceBytesPerToken = 0; ///< hidden × activation bytes
    double linkBytesPerS = 0;          ///< bus bandwidth of the TP level
    double allReduceLatencyS = 0;      ///< α of one small all-reduce on the TP level
    double ppHopS = 0;                 ///< per pipeline boundary per step
    // Hardware, per GPU
    double peakFlopsPerS = 0;          ///< dense, at the serving precision
    /// Dense peak of attention's math: 16 bit, or the precision's if lower.
    double attentionPeakFlopsPerS = 0;
    double hbmBytesPerS = 0;
    ServingEfficiency efficiency;
};

/// One continuous-batching step: `decodeTokens` sequences each generate a
/// token at a mean context of `decodeContextTokens`, and `prefillTokens`
/// prompt tokens (one chunk, possibly of several requests) are processed
/// whose queries attend on average to `prefillContextTokens` keys (a whole
/// prompt of P tokens alone: P/2, the causal average).
struct ServingStep {
    double prefillTokens = 0;
    double prefillContextTokens = 0;
    double decodeTokens = 0;
    double decodeContextTokens = 0;
    /// Sequences whose logits are computed this step (decoders + prompts
    /// that finish in this chunk); < 0 = decodeTokens + (prefill ? 1 : 0).
    double logitTokens = -1;
};

/// Time of one step by operation, seconds (each already × block count).
struct ServingStepTimes {
    double gemmS = 0;        ///< block GEMMs: max(FLOPs/compute, weight bytes/HBM) per GEMM group
    double attentionS = 0;   ///< prefill: FLOP-bound; decode: KV bytes read
    double elementwiseS = 0; ///< HBM-bound
    double headS = 0;        ///< LM head
    double communicationS = 0; ///< TP all-reduces + pipeline hops
    double overheadS = 0;    ///< launches, sampling, scheduling
    double flops = 0;        ///< per GPU, the work the step did
    double hbmBytes = 0;     ///< per GPU, the bytes the step read and wrote
    [[nodiscard]] double totalS() const
    {
        return gemmS + attentionS + elementwiseS + headS + communicationS + overheadS;
    }
};

/// Per-step time of a continuous-batching engine (vLLM, SGLang,
/// TensorRT-LLM in-flight batching): each operation of a block is timed as
/// max(FLOPs / (peak × η_compute × shape), bytes / (HBM × η_memory)) — the
/// roofline of Williams et al. 2009 applied per operation as Calculon
/// (Isaev et al. SC'23 §3) and LLMCompass (Zhang et al. ISCA'24 §4) do —
/// one block of each kind is timed and multiplied by the block count, and
/// the fixed per-step costs are added. Tensor-parallel all-reduces follow
/// the α-β model: α + 2(t−1)/t · S/B (Patarasuk & Yuan 2009; NCCL's tuning
/// model: base latency + per-hop latency). Pure and allocation-free (the
/// request-level simulator in core/serving calls it per step).
ServingStepTimes servingStepTimes(const ServingStepModel& model, const ServingStep& step);

/// servingStepTimes(...).totalS() for a step of `prefillTokens` (one
/// chunk of prompts of mean length meanContextTokens, attending to half of
/// it) and `decodeTokens` sequences at `meanContextTokens` context.
double servingStepTimeS(const ServingStepModel& model, int prefillTokens, int decodeTokens,
                        double meanContextTokens);

/// The step model of one replica of an inference workload served with
/// `plan` on `config` — what the request-level simulator (core/serving)
/// times its steps with. nullopt when the GPU has no FLOP/s figure for the
/// workload's precision (analyze() reports that as "precision.unsupported").
std::optional<ServingStepModel> servingStepModel(const Workload& workload,
                                                 const ResolvedConfiguration& config,
                                                 const Parallelism& plan);

/// Default efficiencies and fixed costs for serving at `precision` on the
/// GPU (see docs/validation.md "Serving" for the fit and its out-of-sample
/// errors): fp8 math reaches a lower fraction of its (doubled) peak.
ServingEfficiency defaultServingEfficiency(const Gpu& gpu, Precision precision);
ServingEfficiency defaultServingEfficiency(GpuFamily family, Precision precision);

/// Share of the fitted (Ampere/Hopper) serving GEMM efficiency a GPU's
/// family reaches at `precision`: 1 for the fitted families, the training
/// model's family plateau ÷ Hopper's otherwise (Blackwell 0.93 and AMD CDNA
/// 0.65 in 16 bit / 0.585 in fp8 and fp4, from measured GEMM tables; Ada
/// and unknown their assumed 0.40 over Hopper's 0.52, 0.77).
double servingFamilyShare(const Gpu& gpu, Precision precision = Precision::Bf16);
double servingFamilyShare(GpuFamily family, Precision precision = Precision::Bf16);

} // namespace infrafit
