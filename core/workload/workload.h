// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/model/model_spec.h"
#include "core/base/enum_names.h"
#include "core/workload/efficiency_calibration.h"
#include "core/workload/power_calibration.h"
#include "core/workload/serving_demand.h"
#include "core/workload/workload_sharing.h"

#include <optional>
#include <string>
#include <vector>

namespace infrafit {

enum class WorkloadKind { Training, Inference };
template <>
struct EnumNames<WorkloadKind> {
    static constexpr std::array<std::string_view, 2> names{"training", "inference"};
};

/// Numeric format of weights / math (training: mixed-precision compute type).
/// `fp4`: 4-bit floating point (NVFP4/MXFP4) weights and GEMMs at the GPU's
/// fp4_tflops (Blackwell and later).
enum class Precision { Fp32, Bf16, Fp16, Fp8, Int8, Int4, Fp4 };
template <>
struct EnumNames<Precision> {
    static constexpr std::array<std::string_view, 7> names{"fp32", "bf16", "fp16", "fp8",
                                                           "int8", "int4", "fp4"};
};

enum class Optimizer { Adam, AdamW, AdamFp32, Sgd, Adam8bit, Adafactor };
template <>
struct EnumNames<Optimizer> {
    static constexpr std::array<std::string_view, 6> names{"adam", "adamw",    "adam_fp32",
                                                           "sgd",  "adam_8bit", "adafactor"};
};

enum class FineTune { Full, Lora, Qlora };
template <>
struct EnumNames<FineTune> {
    static constexpr std::array<std::string_view, 3> names{"full", "lora", "qlora"};
};

/// Where model states live during training besides the GPU (ZeRO-Offload,
/// Ren et al. 2021; ZeRO-Infinity, Rajbhandari et al. 2021): `optimizer`
/// keeps the fp32 master, moments and fp32 gradients in host memory;
/// `optimizer_and_weights` also the weights (needs ZeRO stage 3).
enum class Offload { None, Optimizer, OptimizerAndWeights };
template <>
struct EnumNames<Offload> {
    static constexpr std::array<std::string_view, 3> names{"none", "optimizer",
                                                           "optimizer_and_weights"};
};

/// Which storage a job reads or writes: `auto` = local NVMe when the
/// configuration has drives, else shared storage over the NICs.
enum class StorageTarget { Auto, Local, Shared };
template <>
struct EnumNames<StorageTarget> {
    static constexpr std::array<std::string_view, 3> names{"auto", "local", "shared"};
};

/// How a serving engine forms batches: `continuous` = iteration-level
/// scheduling (Orca, Yu et al. OSDI'22; vLLM, SGLang, TensorRT-LLM in-flight
/// batching): each step decodes the running batch plus a chunk of prefill;
/// `static` = a batch is prefilled together and decoded to the end before
/// the next starts (FasterTransformer, TensorRT-LLM gptSessionBenchmark).
enum class Batching { Continuous, Static };
template <>
struct EnumNames<Batching> {
    static constexpr std::array<std::string_view, 2> names{"continuous", "static"};
};

/// The attention kernel a training run uses (`attention_kernel`), with
/// `flash_attention` on: `fa2` = FlashAttention-2 or a Triton kernel of its
/// generation; `fa3` = FlashAttention-3 or cuDNN's fused attention (Hopper
/// and later: Transformer Engine, PyTorch SDPA's cuDNN backend); `auto` =
/// fa3 on Hopper and later, else fa2.
enum class AttentionKernel { Auto, Fa2, Fa3 };
template <>
struct EnumNames<AttentionKernel> {
    static constexpr std::array<std::string_view, 3> names{"auto", "fa2", "fa3"};
};

/// How an fp8 training run scales its tensors (`fp8_recipe`, Transformer
/// Engine's recipes): `current` = one scale per tensor from its current amax
/// (Float8CurrentScaling; Megatron-Bridge's "fp8_cs" recipes, the default);
/// `delayed` = one scale per tensor from an amax history (DelayedScaling, TE
/// 1.x's default); `mxfp8` = an E8M0 scale per 32 values (MXFP8BlockScaling,
/// Blackwell); `blockwise` = fp32 scales per 1×128 and 128×128 blocks
/// (Float8BlockScaling, DeepSeek-V3's recipe, Hopper).
enum class Fp8Recipe { Current, Delayed, Mxfp8, Blockwise };
template <>
struct EnumNames<Fp8Recipe> {
    static constexpr std::array<std::string_view, 4> names{"current", "delayed", "mxfp8",
                                                           "blockwise"};
};

/// The training framework a workload runs on (`software.framework`); the
/// software compatibility table (core/software) says from which version it
/// supports a GPU architecture and a precision.
enum class SoftwareFramework { None, Pytorch, Jax, MegatronCore, Nemo, Deepspeed };
template <>
struct EnumNames<SoftwareFramework> {
    static constexpr std::array<std::string_view, 6> names{"none", "pytorch", "jax",
                                                           "megatron_core", "nemo", "deepspeed"};
};

/// The serving engine of an inference workload (`software.serving_engine`).
enum class ServingEngine { None, Vllm, Sglang, TensorrtLlm };
template <>
struct EnumNames<ServingEngine> {
    static constexpr std::array<std::string_view, 4> names{"none", "vllm", "sglang",
                                                           "tensorrt_llm"};
};

/// The software stack a workload is planned on (the optional `software`
/// object): all optional; an empty text or `None` means "not stated".
/// Versions are dotted numbers ("2.7.0"); the driver branch is "R570" or
/// "570"; `toolkitVersion` is the CUDA, ROCm or Intel Gaudi software release
/// matching the GPU's vendor.
struct WorkloadSoftware {
    SoftwareFramework framework = SoftwareFramework::None;
    std::string frameworkVersion;
    ServingEngine servingEngine = ServingEngine::None;
    std::string servingEngineVersion;
    std::string driverBranch;
    std::string toolkitVersion;

    [[nodiscard]] bool stated() const
    {
        return framework != SoftwareFramework::None || servingEngine != ServingEngine::None
               || !frameworkVersion.empty() || !servingEngineVersion.empty()
               || !driverBranch.empty() || !toolkitVersion.empty();
    }
};

enum class Recompute { None, Selective, Full };
template <>
struct EnumNames<Recompute> {
    static constexpr std::array<std::string_view, 3> names{"none", "selective", "full"};
};

/// Bytes per element of a precision (int4 = 0.5; block scales are added by
/// the memory model, not here).
constexpr double bytesPerElement(Precision p)
{
    switch (p) {
    case Precision::Fp32: return 4;
    case Precision::Bf16:
    case Precision::Fp16: return 2;
    case Precision::Fp8:
    case Precision::Int8: return 1;
    case Precision::Int4:
    case Precision::Fp4: return 0.5;
    }
    return 2;
}

/// LoRA target modules (PEFT `target_modules` names of Llama-style blocks):
/// attention q, k, v, o projections and the MLP's gate, up, down matrices
/// (non-gated MLPs have up and down only). A bit set; `all` = every bit.
enum class LoraTarget : unsigned { Q = 1, K = 2, V = 4, O = 8, Gate = 16, Up = 32, Down = 64 };
inline constexpr unsigned loraTargetsAll = 127;
inline constexpr std::array<std::string_view, 7> loraTargetNames{"q",    "k",  "v",   "o",
                                                                  "gate", "up", "down"};

/// How a workload is split over GPUs. `data` = 0 means "all remaining GPUs"
/// (total / (tensor·pipeline)). ZeRO stage 3 is what FSDP FULL_SHARD does.
/// `virtualStages` > 1 selects the interleaved 1F1B schedule.
struct Parallelism {
    int tensor = 1;
    int pipeline = 1;
    int data = 0;
    int expert = 1;
    int zeroStage = 0;
    bool sequenceParallel = false;
    Recompute recompute = Recompute::None;
    int virtualStages = 1;
    // Speed-model inputs (issue 16, training).
    /// Context parallelism: the sequence split over `context` GPUs (ring
    /// attention / Megatron-Core CP), rank order tensor → context → data.
    int context = 1;
};

/// One workload of a project: a model and how it is trained or served.
/// Training-only fields are ignored for inference and vice versa.
/// Validated on load (validateWorkload); analysis assumes a valid workload.
struct Workload {
    std::string name;
    WorkloadKind kind = WorkloadKind::Training;
    ModelSpec model;
    Precision precision = Precision::Bf16;
    int sequenceLength = 2048;
    // Training
    long long globalBatchSize = 1;
    int microBatchSize = 1;
    Optimizer optimizer = Optimizer::Adam;
    FineTune fineTune = FineTune::Full;
    int loraRank = 16;
    /// LoRA target modules as LoraTarget bits (`lora_targets`); default all.
    unsigned loraTargets = loraTargetsAll;
    /// Megatron's fp32 "main grad" buffer (4 B/param), also the type of the
    /// ZeRO-0/1 gradient reduction; false = gradients in the compute type
    /// (ZeRO paper's 2 B). Absent = Megatron's default for the precision
    /// (fp32GradBufferOn()).
    std::optional<bool> fp32GradBuffer;
    std::optional<Parallelism> parallelism; ///< absent: InfraFit chooses
    bool flashAttention = true;
    AttentionKernel attentionKernel = AttentionKernel::Auto;
    Fp8Recipe fp8Recipe = Fp8Recipe::Current; ///< with precision fp8, training
    double dropout = 0.0;
    double trainingTokens = 0;
    // Inference
    int promptTokens = 2048;
    int outputTokens = 256;
    int concurrentRequests = 1; ///< across the whole deployment
    Precision kvCachePrecision = Precision::Fp16;
    double gpuMemoryUtilization = 0.9; ///< vLLM-style engine memory fraction
    int kvBlockSize = 16;               ///< paged-attention block (vLLM default 16)
    /// Sequences an engine replica runs at once (vLLM `max_num_seqs`,
    /// default 256 in vLLM's EngineArgs; TensorRT-LLM `max_batch_size`);
    /// requests beyond it wait.
    int maxBatch = 256;
    Batching batching = Batching::Continuous;
    /// Decode attention reads a grouped-query (GQA/MQA) KV head once per
    /// *query* head instead of once per group: engines whose decode kernel
    /// runs one thread block per query head (TensorRT-LLM before its XQA
    /// kernel, docs/source/blogs/XQA-kernel.md). Off: the group shares one
    /// read (FlashAttention/FlashInfer decode, XQA).
    bool decodeKvPerQueryHead = false;
    /// Achieved fraction of peak FLOP/s while computing; absent = default
    /// for the GPU family (defaultEfficiency()).
    std::optional<double> efficiency;
    /// Efficiencies fitted per GPU by the project's calibration profile
    /// (not a file field: attached when the project is read). Used for the
    /// configuration's GPU when `efficiency` is absent
    /// (workloadEfficiencyFor()).
    std::vector<EfficiencyCalibration> calibration;
    /// GPU power fitted per GPU by the project's calibration profile (not a
    /// file field: attached when the project is read); the power model uses
    /// it for the configuration's GPU (infrastructureInputsFor()).
    std::vector<GpuPowerCalibration> powerCalibration;
    /// Serving demand and SLA (open or closed loop); `serving.isDemand()`
    /// turns on the capacity answer (core/serving).
    ServingDemand serving;
    // Speed-model inputs (issue 16, training).
    /// Tensor-parallel communication overlapped with GEMMs (userbuffers);
    /// absent = on for Hopper and later GPUs, off before.
    std::optional<bool> tpCommOverlap;
    /// Pipeline p2p overlapped with compute; absent = on with an
    /// interleaved schedule (virtual stages > 1), off without one.
    std::optional<bool> ppCommOverlap;
    /// Megatron-Core's account_for_embedding_in_pipeline_split and
    /// account_for_loss_in_pipeline_split: the pipeline is split as if the
    /// embedding (the loss) were one more layer, so the first (last) stage
    /// holds one transformer layer fewer (get_num_layers_to_build).
    bool embeddingInPipelineSplit = false;
    bool lossInPipelineSplit = false;
    /// Megatron-Core's cpu_offloading_num_layers (Transformer Engine's CPU
    /// offload of activations): the stored activations of this many layers
    /// are copied to host memory during the forward pass and back during
    /// the backward pass. 0 = off; only without pipeline parallelism and
    /// without recompute, and fewer than the model's layers
    /// (TransformerConfig.__post_init__).
    int activationOffloadLayers = 0;
    /// The loss kernel keeps only the logits in the compute type and writes
    /// its gradient over them (Megatron-Core cross_entropy_loss_fusion with Transformer
    /// Engine's parallel_cross_entropy, Megatron-Bridge's recipes' setting);
    /// off: an fp32 copy of the logits is kept too (PyTorch's cross-entropy
    /// on upcast logits).
    bool fusedCrossEntropy = false;
    /// Units the pipeline is split into: the layers, plus the embedding and
    /// the loss when they count as layers.
    [[nodiscard]] int pipelineSplitUnits() const
    {
        return model.layers + (embeddingInPipelineSplit ? 1 : 0) + (lossInPipelineSplit ? 1 : 0);
    }

    // Storage and host (core/storage). Defaults and their sources are in
    // core/storage/storage_defaults.h and are listed as assumptions.
    // Training
    /// Hours of training between checkpoints (> 0).
    double checkpointIntervalHours = 1.0;
    /// Largest acceptable share of wall time spent writing checkpoints (0, 1).
    double maxCheckpointShare = 0.05;
    /// Checkpoints kept on local NVMe at once (>= 1).
    int checkpointsKept = 2;
    StorageTarget checkpointTarget = StorageTarget::Auto;
    /// Bytes of stored training input per token; absent = the token-id width
    /// the tokenized dataset uses (2 below a 65,500 vocabulary, else 4).
    std::optional<double> dataBytesPerToken;
    /// Bytes per training sample (one sequence) for non-text data; when set
    /// it replaces bytes per token.
    std::optional<double> sampleBytes;
    StorageTarget dataSource = StorageTarget::Auto;
    Offload offload = Offload::None;
    // Inference
    StorageTarget modelLoadSource = StorageTarget::Auto;
    /// Host memory per GPU for KV cache offloaded from the GPU, GB (10^9).
    double kvOffloadGbPerGpu = 0;
    // Both kinds: host needs per GPU; absent = the per-kind default.
    std::optional<double> cpuCoresPerGpuNeeded;
    std::optional<double> hostMemoryPerGpuGbNeeded;
    /// Planned software stack (issue 20); checked against the software
    /// compatibility table.
    WorkloadSoftware software;

    // Sharing a cluster (the project's portfolio, docs/user-guide.md "Portfolio"):
    // when it runs, what unit it gets, and how many of them.
    SharingSchedule schedule = SharingSchedule::Always;
    /// Fraction of the week it needs, at any time; replaces `schedule`.
    std::optional<double> timeShare;
    SharingPlacement placement = SharingPlacement::Gpus;
    /// GPUs per replica; 0 = the fewest that hold it in memory.
    int portfolioGpus = 0;
    /// Copies placed side by side (serving replicas, notebooks of a team).
    int portfolioReplicas = 1;
};

/// Whether the workload keeps an fp32 main-grad buffer: its own
/// `fp32_grad_buffer`, else Megatron-LM's default for the precision. bf16
/// forces it ("bfloat16 requires gradient accumulation and all-reduce to be
/// done in fp32", megatron/training/arguments.py, which sets
/// accumulate_allreduce_grads_in_fp32); fp16 leaves that flag at its default,
/// off, so gradients stay 16-bit. fp8 and fp4 training keep bf16 parameters
/// (Transformer Engine), so they follow bf16.
inline bool fp32GradBufferOn(const Workload& w)
{
    return w.fp32GradBuffer.value_or(w.precision != Precision::Fp16);
}

} // namespace infrafit
