// SPDX-License-Identifier: Apache-2.0
#include "core/project/workload_fields.h"

#include "core/project/project_field_builders.h"

#include <array>
#include <vector>

namespace infrafit {
namespace {

using fieldaccess::optionalField;
using fieldaccess::plainField;
using fieldaccess::zeroAbsentField;
using WF = ProjectField<Workload>;
using MF = ProjectField<ModelSpec>;
using PF = ProjectField<Parallelism>;
using SF = ProjectField<ServingDemand>;

// Upper bounds (docs/security.md): far above any published model or job,
// they keep token, batch and layer products finite and plan loops short.
constexpr double workloadFieldsMaxParallel = 1024;
/// Data parallelism up to all GPUs of the largest configuration (1024 per
/// node × 100,000 nodes).
constexpr double workloadFieldsMaxDataParallel = 1024.0 * 100000;
constexpr double workloadFieldsMaxTokens = 1 << 22;
constexpr double workloadFieldsMaxRequests = 1 << 24;
constexpr double workloadFieldsMaxLayers = 1000;
constexpr double workloadFieldsMaxWidth = 1 << 22;
constexpr double workloadFieldsMaxHeads = 4096;
constexpr double workloadFieldsMaxVocabulary = 1 << 24;
constexpr double workloadFieldsMaxPositions = 1 << 24;

constexpr FieldShownFor trainingOnly = FieldShownFor::Training;
constexpr FieldShownFor inferenceOnly = FieldShownFor::Inference;

std::vector<WF> buildWorkloadFields()
{
    // The planned software stack: `software.` keys live in the `software`
    // object; its version texts are read by hand (core/io/workload_json.cpp).
    const char* stack = "Software stack";
    WF framework{.key = "software.framework", .label = "Framework", .type = FieldType::Choice,
                 .writeDefault = false, .shownFor = trainingOnly, .section = stack,
                 .help = "Training framework; its version is checked against the GPU's "
                         "software compatibility row",
                 .choices = EnumNames<SoftwareFramework>::names};
    framework.get = [](const Workload& w) -> std::optional<double> {
        return static_cast<double>(static_cast<int>(w.software.framework));
    };
    framework.set = [](Workload& w, std::optional<double> v) {
        if (v)
            w.software.framework = static_cast<SoftwareFramework>(static_cast<int>(*v));
    };
    WF engine{.key = "software.serving_engine", .label = "Serving engine",
              .type = FieldType::Choice, .writeDefault = false, .shownFor = inferenceOnly,
              .section = stack,
              .help = "Serving engine; its version is checked against the GPU's software "
                      "compatibility row",
              .choices = EnumNames<ServingEngine>::names};
    engine.get = [](const Workload& w) -> std::optional<double> {
        return static_cast<double>(static_cast<int>(w.software.servingEngine));
    };
    engine.set = [](Workload& w, std::optional<double> v) {
        if (v)
            w.software.servingEngine = static_cast<ServingEngine>(static_cast<int>(*v));
    };
    return {
        framework,
        engine,
        plainField<&Workload::kind>({.key = "kind", .label = "Kind", .section = "Workload",
            .help = "training or inference (serving)", .customFile = true}),
        plainField<&Workload::precision>({.key = "precision", .label = "Precision",
            .section = "Workload", .help = "Numeric format of the weights and the math"}),
        optionalField<&Workload::efficiency>({.key = "efficiency", .label = "Compute efficiency",
            .maximum = 1, .exclusiveMinimum = true, .absent = "GPU family default",
            .section = "Workload",
            .help = "Fraction of dense peak FLOP/s achieved while computing"}),
        plainField<&Workload::sequenceLength>({.key = "sequence_length",
            .label = "Sequence length", .unit = "tokens", .minimum = 1,
            .maximum = workloadFieldsMaxTokens, .shownFor = trainingOnly, .section = "Training",
            .help = "Tokens per training sequence (required for training)"}),
        plainField<&Workload::globalBatchSize>({.key = "global_batch_size",
            .label = "Global batch", .unit = "sequences", .minimum = 1,
            .maximum = workloadFieldsMaxRequests, .shownFor = trainingOnly, .section = "Training",
            .help = "Sequences per optimizer step"}),
        plainField<&Workload::microBatchSize>({.key = "micro_batch_size", .label = "Micro-batch",
            .unit = "sequences", .minimum = 1, .maximum = 1 << 16, .shownFor = trainingOnly,
            .section = "Training", .help = "Sequences per GPU per forward/backward pass"}),
        plainField<&Workload::optimizer>({.key = "optimizer", .label = "Optimizer",
            .shownFor = trainingOnly, .section = "Training",
            .help = "Sets the optimizer states kept per parameter"}),
        plainField<&Workload::fineTune>({.key = "fine_tune", .label = "Fine-tuning",
            .shownFor = trainingOnly, .section = "Training",
            .help = "full, or LoRA / QLoRA adapters"}),
        plainField<&Workload::loraRank>({.key = "lora_rank", .label = "LoRA rank", .minimum = 1,
            .maximum = 4096, .shownFor = trainingOnly, .section = "Training",
            .help = "Rank of the LoRA adapters"}),
        optionalField<&Workload::fp32GradBuffer>({.key = "fp32_grad_buffer",
            .label = "FP32 gradient buffer", .absent = "precision default (off for fp16)",
            .shownFor = trainingOnly, .section = "Training",
            .help = "Megatron's fp32 main-grad buffer (4 bytes per parameter), also the type of "
                    "the ZeRO-0/1 gradient reduction; by default on, off for fp16"}),
        plainField<&Workload::embeddingInPipelineSplit>({
            .key = "account_for_embedding_in_pipeline_split",
            .label = "Embedding counts as a pipeline layer", .writeDefault = false,
            .shownFor = trainingOnly, .section = "Training",
            .help = "Megatron-Core: the pipeline split counts the embedding as a layer, so the "
                    "first stage holds one transformer layer fewer (layers + 1 or 2 must "
                    "divide by pipeline × virtual stages)"}),
        plainField<&Workload::lossInPipelineSplit>({
            .key = "account_for_loss_in_pipeline_split",
            .label = "Loss counts as a pipeline layer", .writeDefault = false,
            .shownFor = trainingOnly, .section = "Training",
            .help = "Megatron-Core: the pipeline split counts the output layer and loss as a "
                    "layer, so the last stage holds one transformer layer fewer"}),
        zeroAbsentField<&Workload::activationOffloadLayers>({.key = "activation_offload_layers",
            .label = "Activation offload", .unit = "layers", .minimum = 1,
            .maximum = workloadFieldsMaxLayers, .absent = "off", .shownFor = trainingOnly,
            .section = "Training",
            .help = "Layers whose activations are copied to host memory in the forward pass "
                    "and back in the backward (Megatron cpu_offloading_num_layers); needs "
                    "pipeline 1 and no recompute"}),
        plainField<&Workload::fusedCrossEntropy>({.key = "fused_cross_entropy",
            .label = "Fused cross-entropy", .writeDefault = false, .shownFor = trainingOnly,
            .section = "Training",
            .help = "The loss kernel keeps only the logits in the compute type and writes its "
                    "gradient over them (Megatron cross_entropy_loss_fusion with Transformer "
                    "Engine); off: an fp32 copy of the logits is kept too"}),
        plainField<&Workload::flashAttention>({.key = "flash_attention",
            .label = "FlashAttention", .shownFor = trainingOnly, .section = "Training",
            .help = "Attention without storing the score matrix"}),
        plainField<&Workload::attentionKernel>({.key = "attention_kernel",
            .label = "Attention kernel", .writeDefault = false, .shownFor = trainingOnly,
            .section = "Training",
            .help = "fa2: FlashAttention-2 or Triton; fa3: FlashAttention-3 or cuDNN fused "
                    "attention (Hopper and later); auto: fa3 on Hopper and later, else fa2"}),
        plainField<&Workload::fp8Recipe>({.key = "fp8_recipe", .label = "FP8 recipe",
            .writeDefault = false, .shownFor = trainingOnly, .section = "Training",
            .help = "With fp8: current (per-tensor scale from the current amax), delayed "
                    "(from an amax history), mxfp8 (a scale per 32 values, Blackwell) or "
                    "blockwise (scales per 128-value block, Hopper)"}),
        plainField<&Workload::dropout>({.key = "dropout", .label = "Dropout", .maximum = 0.99,
            .shownFor = trainingOnly, .section = "Training",
            .help = "Dropout probability; above 0 it keeps masks in activation memory"}),
        plainField<&Workload::trainingTokens>({.key = "training_tokens",
            .label = "Training tokens", .unit = "tokens", .maximum = 1e18,
            .shownFor = trainingOnly, .section = "Training",
            .decimals = 0, .help = "Tokens the whole run trains on (0 = no run time)"}),
        plainField<&Workload::promptTokens>({.key = "prompt_tokens", .label = "Prompt",
            .unit = "tokens", .minimum = 1, .maximum = workloadFieldsMaxTokens,
            .shownFor = inferenceOnly, .section = "Serving",
            .help = "Prompt length (a number, or a distribution in the file)",
            .customFile = true}),
        plainField<&Workload::outputTokens>({.key = "output_tokens", .label = "Output",
            .unit = "tokens", .minimum = 1, .maximum = workloadFieldsMaxTokens,
            .shownFor = inferenceOnly, .section = "Serving",
            .help = "Output length (a number, or a distribution in the file)",
            .customFile = true}),
        plainField<&Workload::concurrentRequests>({.key = "concurrent_requests",
            .label = "Concurrent requests", .minimum = 1, .maximum = workloadFieldsMaxRequests,
            .shownFor = inferenceOnly, .section = "Serving",
            .help = "Requests in flight across the whole deployment"}),
        plainField<&Workload::kvCachePrecision>({.key = "kv_cache_precision",
            .label = "KV cache precision", .shownFor = inferenceOnly, .section = "Serving",
            .help = "fp16, bf16, fp8 or int8 (4-bit KV caches are refused)"}),
        plainField<&Workload::gpuMemoryUtilization>({.key = "gpu_memory_utilization",
            .label = "Engine memory fraction", .maximum = 1, .exclusiveMinimum = true,
            .shownFor = inferenceOnly, .section = "Serving",
            .help = "Fraction of GPU memory the serving engine may use (vLLM "
                    "gpu_memory_utilization)"}),
        plainField<&Workload::kvBlockSize>({.key = "kv_block_size", .label = "KV block size",
            .unit = "tokens", .minimum = 1, .maximum = workloadFieldsMaxTokens,
            .shownFor = inferenceOnly, .section = "Serving",
            .help = "Paged-attention block (vLLM default 16)"}),
        plainField<&Workload::maxBatch>({.key = "max_batch", .label = "Engine max batch",
            .unit = "sequences", .minimum = 1, .maximum = workloadFieldsMaxRequests,
            .shownFor = inferenceOnly, .section = "Serving",
            .help = "Sequences one engine replica runs at once (vLLM max_num_seqs, default 256; "
                    "TensorRT-LLM max_batch_size)"}),
        plainField<&Workload::batching>({.key = "batching", .label = "Batching",
            .shownFor = inferenceOnly, .section = "Serving",
            .help = "continuous: every step decodes the running batch and prefills new prompts "
                    "(vLLM, SGLang, TensorRT-LLM); static: a batch is prefilled, then decoded "
                    "to the end"}),
        plainField<&Workload::decodeKvPerQueryHead>({.key = "decode_kv_per_query_head",
            .label = "Decode reads KV per query head", .writeDefault = false,
            .shownFor = inferenceOnly, .section = "Serving",
            .help = "On: the decode kernel reads the KV cache once per query head (TensorRT-LLM "
                    "before its XQA kernel); off: a GQA group shares one read"}),
        plainField<&Workload::modelLoadSource>({.key = "model_load_source",
            .label = "Model load source", .shownFor = inferenceOnly, .section = "Serving",
            .help = "Where the weights are loaded from at start-up"}),
        plainField<&Workload::kvOffloadGbPerGpu>({.key = "kv_offload_gb_per_gpu",
            .label = "KV offload per GPU", .unit = "GB", .maximum = 1e6,
            .shownFor = inferenceOnly, .section = "Serving",
            .decimals = 1, .help = "Host memory per GPU for KV cache offloaded from the GPU"}),
        plainField<&Workload::checkpointIntervalHours>({.key = "checkpoint_interval_hours",
            .label = "Checkpoint interval", .unit = "h", .maximum = 1e6,
            .exclusiveMinimum = true, .shownFor = trainingOnly,
            .section = "Checkpoints and training data",
            .help = "Hours of training between checkpoints"}),
        plainField<&Workload::maxCheckpointShare>({.key = "max_checkpoint_share",
            .label = "Largest checkpoint share", .maximum = 0.99, .exclusiveMinimum = true,
            .shownFor = trainingOnly, .section = "Checkpoints and training data",
            .help = "Largest acceptable share of wall time spent writing checkpoints"}),
        plainField<&Workload::checkpointsKept>({.key = "checkpoints_kept",
            .label = "Checkpoints kept", .minimum = 1, .maximum = 1000,
            .shownFor = trainingOnly, .section = "Checkpoints and training data",
            .help = "Checkpoints kept on local NVMe at once"}),
        plainField<&Workload::checkpointTarget>({.key = "checkpoint_target",
            .label = "Checkpoint target", .shownFor = trainingOnly,
            .section = "Checkpoints and training data",
            .help = "auto: local NVMe when the nodes have drives, else shared storage"}),
        optionalField<&Workload::dataBytesPerToken>({.key = "data_bytes_per_token",
            .label = "Data bytes per token", .unit = "B", .maximum = 1e6,
            .exclusiveMinimum = true, .absent = "token-id width", .shownFor = trainingOnly,
            .section = "Checkpoints and training data",
            .help = "Stored training input per token; default: 2 below a 65,500 vocabulary, "
                    "else 4"}),
        optionalField<&Workload::sampleBytes>({.key = "sample_bytes", .label = "Bytes per sample",
            .unit = "B", .maximum = 1e15, .exclusiveMinimum = true, .absent = "from tokens",
            .shownFor = trainingOnly, .section = "Checkpoints and training data",
            .decimals = 0, .help = "Bytes per training sample for non-text data; replaces bytes per token"}),
        plainField<&Workload::dataSource>({.key = "data_source", .label = "Training data source",
            .shownFor = trainingOnly, .section = "Checkpoints and training data",
            .help = "Where training data is read from"}),
        plainField<&Workload::offload>({.key = "offload", .label = "Offload to host",
            .shownFor = trainingOnly, .section = "Checkpoints and training data",
            .help = "ZeRO-Offload: optimizer states (and weights) in host memory"}),
        optionalField<&Workload::cpuCoresPerGpuNeeded>({.key = "cpu_cores_per_gpu_needed",
            .label = "CPU cores needed per GPU", .maximum = 1024, .absent = "default",
            .section = "Host needs",
            .decimals = 1, .help = "Host CPU cores each GPU needs; default: the per-kind figure listed in the "
                    "assumptions"}),
        optionalField<&Workload::hostMemoryPerGpuGbNeeded>({.key = "host_memory_per_gpu_gb_needed",
            .label = "Host memory needed per GPU", .unit = "GB", .maximum = 1e6,
            .absent = "default", .section = "Host needs",
            .decimals = 0, .help = "Host memory each GPU needs; default: the per-kind figure listed in the "
                    "assumptions"}),
        plainField<&Workload::schedule>({.key = "portfolio.schedule", .label = "Schedule",
            .writeDefault = false, .section = "Sharing (portfolio)",
            .help = "When it runs in the project's portfolio; workloads whose schedules do not "
                    "overlap may share GPUs"}),
        optionalField<&Workload::timeShare>({.key = "portfolio.time_share",
            .label = "Share of time", .maximum = 1, .exclusiveMinimum = true,
            .absent = "by schedule", .section = "Sharing (portfolio)",
            .help = "Fraction of the week it needs at any time, instead of a schedule"}),
        plainField<&Workload::placement>({.key = "portfolio.placement", .label = "Placement",
            .writeDefault = false, .section = "Sharing (portfolio)",
            .help = "Whole nodes, whole GPUs, or the smallest GPU partition (MIG slice) that "
                    "holds it"}),
        zeroAbsentField<&Workload::portfolioGpus>({.key = "portfolio.gpus",
            .label = "GPUs per replica", .minimum = 1, .maximum = workloadFieldsMaxDataParallel,
            .absent = "fewest that fit", .section = "Sharing (portfolio)",
            .help = "GPUs each replica gets; absent: the fewest that hold it in memory"}),
        plainField<&Workload::portfolioReplicas>({.key = "portfolio.replicas",
            .label = "Replicas", .minimum = 1, .maximum = 4096, .writeDefault = false,
            .section = "Sharing (portfolio)",
            .help = "Copies placed side by side (serving replicas, one notebook per user)"}),
    };
}

std::vector<MF> buildModelFields()
{
    const char* arch = "Architecture";
    const char* details = "Architecture details";
    return {
        plainField<&ModelSpec::layers>({.key = "layers", .label = "Layers", .minimum = 1,
            .maximum = workloadFieldsMaxLayers, .section = arch,
            .help = "Transformer blocks (required without a preset)"}),
        plainField<&ModelSpec::hiddenSize>({.key = "hidden_size", .label = "Hidden size",
            .minimum = 1, .maximum = workloadFieldsMaxWidth, .section = arch,
            .help = "Width of the residual stream (required without a preset)"}),
        plainField<&ModelSpec::attentionHeads>({.key = "attention_heads",
            .label = "Attention heads", .minimum = 1, .maximum = workloadFieldsMaxHeads,
            .section = arch, .help = "Query heads (required without a preset)"}),
        plainField<&ModelSpec::kvHeads>({.key = "kv_heads", .label = "KV heads", .minimum = 1,
            .maximum = workloadFieldsMaxHeads, .section = arch,
            .help = "Key/value heads (GQA); absent in a file: as many as attention heads",
            .customFile = true}),
        plainField<&ModelSpec::ffnHiddenSize>({.key = "ffn_hidden_size",
            .label = "FFN hidden size", .minimum = 1, .maximum = workloadFieldsMaxWidth,
            .section = arch, .help = "Inner width of the MLP (required without a preset)"}),
        plainField<&ModelSpec::vocabSize>({.key = "vocab_size", .label = "Vocabulary",
            .minimum = 1, .maximum = workloadFieldsMaxVocabulary, .section = arch,
            .help = "Tokens in the vocabulary (required without a preset)"}),
        plainField<&ModelSpec::gatedMlp>({.key = "gated_mlp", .label = "Gated MLP (SwiGLU)",
            .section = arch, .help = "Three MLP matrices (gate, up, down) instead of two"}),
        plainField<&ModelSpec::tiedEmbeddings>({.key = "tied_embeddings",
            .label = "Tied embeddings", .section = arch,
            .help = "Input and output embeddings share one matrix"}),
        plainField<&ModelSpec::experts>({.key = "experts", .label = "Experts", .minimum = 1,
            .maximum = workloadFieldsMaxHeads, .section = arch,
            .help = "Experts per MoE layer; 1 for a dense model"}),
        plainField<&ModelSpec::expertsPerToken>({.key = "experts_per_token",
            .label = "Experts per token (top-k)", .minimum = 1,
            .maximum = workloadFieldsMaxHeads, .section = arch,
            .help = "Experts each token is routed to"}),
        plainField<&ModelSpec::norm>({.key = "norm", .label = "Norm", .section = arch,
            .help = "Normalisation layer"}),
        plainField<&ModelSpec::bias>({.key = "bias", .label = "Biases", .section = arch,
            .help = "Linear layers and norms have bias vectors"}),
        plainField<&ModelSpec::positionEmbedding>({.key = "position_embedding",
            .label = "Positions", .section = arch, .help = "How token positions are encoded"}),
        plainField<&ModelSpec::maxPositions>({.key = "max_positions", .label = "Max positions",
            .unit = "tokens", .minimum = 1, .maximum = workloadFieldsMaxPositions,
            .section = details, .help = "Rows of a learned position embedding"}),
        zeroAbsentField<&ModelSpec::headDim>({.key = "head_dim", .label = "Head dimension",
            .minimum = 1, .maximum = workloadFieldsMaxWidth, .absent = "hidden / heads",
            .section = details, .help = "Width of one attention head"}),
        zeroAbsentField<&ModelSpec::qLoraRank>({.key = "q_lora_rank", .label = "MLA query rank",
            .minimum = 1, .maximum = workloadFieldsMaxWidth, .absent = "none",
            .section = details, .help = "MLA: rank of the query compression"}),
        zeroAbsentField<&ModelSpec::kvLoraRank>({.key = "kv_lora_rank", .label = "MLA KV rank",
            .minimum = 1, .maximum = workloadFieldsMaxWidth, .absent = "no MLA",
            .section = details, .help = "MLA (DeepSeek-V2/V3): rank of the KV compression"}),
        zeroAbsentField<&ModelSpec::qkRopeHeadDim>({.key = "qk_rope_head_dim",
            .label = "MLA rotary head dimension", .minimum = 1,
            .maximum = workloadFieldsMaxWidth, .absent = "none", .section = details,
            .help = "MLA: rotary part of a query/key head"}),
        zeroAbsentField<&ModelSpec::qkNopeHeadDim>({.key = "qk_nope_head_dim",
            .label = "MLA non-rotary head dimension", .minimum = 1,
            .maximum = workloadFieldsMaxWidth, .absent = "none", .section = details,
            .help = "MLA: non-rotary part of a query/key head"}),
        zeroAbsentField<&ModelSpec::vHeadDim>({.key = "v_head_dim", .label = "Value head dimension",
            .minimum = 1, .maximum = workloadFieldsMaxWidth, .absent = "query/key head",
            .section = details, .help = "Width of one value head"}),
        zeroAbsentField<&ModelSpec::moeFfnHiddenSize>({.key = "moe_ffn_hidden_size",
            .label = "Expert FFN size", .minimum = 1, .maximum = workloadFieldsMaxWidth,
            .absent = "FFN hidden size", .section = details,
            .help = "Inner width of one expert's MLP"}),
        zeroAbsentField<&ModelSpec::sharedExperts>({.key = "shared_experts",
            .label = "Shared experts", .minimum = 1, .maximum = workloadFieldsMaxHeads,
            .absent = "none", .section = details,
            .help = "Experts every token passes through"}),
        zeroAbsentField<&ModelSpec::firstDenseLayers>({.key = "first_dense_layers",
            .label = "Dense layers first", .minimum = 1, .maximum = workloadFieldsMaxLayers,
            .absent = "none", .section = details,
            .help = "Dense layers before the MoE layers"}),
        zeroAbsentField<&ModelSpec::slidingWindow>({.key = "sliding_window",
            .label = "Sliding window", .unit = "tokens", .minimum = 1,
            .maximum = workloadFieldsMaxPositions, .absent = "full attention",
            .section = details, .help = "Tokens each position attends to"}),
    };
}

std::vector<PF> buildParallelismFields()
{
    const char* plan = "Parallel plan";
    return {
        plainField<&Parallelism::tensor>({.key = "tensor", .label = "Tensor", .minimum = 1,
            .maximum = workloadFieldsMaxParallel, .section = plan,
            .help = "GPUs each layer's matrices are split over"}),
        plainField<&Parallelism::pipeline>({.key = "pipeline", .label = "Pipeline", .minimum = 1,
            .maximum = workloadFieldsMaxParallel, .section = plan,
            .help = "Pipeline stages the layers are split into"}),
        plainField<&Parallelism::virtualStages>({.key = "virtual_stages",
            .label = "Virtual stages", .minimum = 1, .maximum = workloadFieldsMaxParallel,
            .section = plan, .help = "Layer chunks per stage; above 1: interleaved 1F1B"}),
        plainField<&Parallelism::context>({.key = "context", .label = "Context", .minimum = 1,
            .maximum = workloadFieldsMaxParallel, .writeDefault = false,
            .shownFor = trainingOnly, .section = plan,
            .help = "Context parallelism: each sequence split over this many GPUs (ring "
                    "attention)"}),
        zeroAbsentField<&Parallelism::data>({.key = "data", .label = "Data", .minimum = 1,
            .maximum = workloadFieldsMaxDataParallel, .absent = "rest of the GPUs",
            .section = plan, .help = "Data-parallel replicas"}),
        plainField<&Parallelism::expert>({.key = "expert", .label = "Expert", .minimum = 1,
            .maximum = workloadFieldsMaxParallel, .section = plan,
            .help = "GPUs the experts of a layer are spread over"}),
        plainField<&Parallelism::zeroStage>({.key = "zero_stage", .label = "ZeRO stage",
            .maximum = 3, .shownFor = trainingOnly, .section = plan,
            .help = "0 to 3; 3 is what FSDP FULL_SHARD does (fsdp: true in the file)"}),
        plainField<&Parallelism::recompute>({.key = "recompute", .label = "Recompute",
            .shownFor = trainingOnly, .section = plan,
            .help = "Activation recomputation: none, selective (attention) or full"}),
        plainField<&Parallelism::sequenceParallel>({.key = "sequence_parallel",
            .label = "Sequence parallel", .shownFor = trainingOnly, .section = plan,
            .help = "Norms and dropout split over the tensor-parallel GPUs"}),
    };
}

// As the file writes them (`"percentile": 99`).
constexpr std::array<std::string_view, 3> workloadFieldsPercentiles{"50", "90", "99"};
constexpr int workloadFieldsPercentileValues[] = {50, 90, 99};

std::vector<SF> buildServingDemandFields()
{
    const char* demand = "Serving demand and SLA";
    SF ttft{.key = "sla.ttft_ms", .label = "SLA time to first token", .unit = "ms",
            .type = FieldType::Number, .maximum = 1e9, .exclusiveMinimum = true,
            .absent = "no SLA", .shownFor = inferenceOnly, .section = demand,
            .decimals = 1, .help = "Limit on the percentile's time to first token; no limit: no SLA",
            .customFile = true};
    ttft.get = [](const ServingDemand& d) -> std::optional<double> {
        return d.sla ? std::optional(d.sla->ttftMs) : std::nullopt;
    };
    ttft.set = [](ServingDemand& d, std::optional<double> v) {
        if (!v) {
            d.sla.reset();
            return;
        }
        if (!d.sla)
            d.sla = ServiceLevel{};
        d.sla->ttftMs = *v;
    };
    SF tpot{.key = "sla.tpot_ms", .label = "SLA time per output token", .unit = "ms",
            .type = FieldType::Number, .maximum = 1e9, .exclusiveMinimum = true,
            .shownFor = inferenceOnly, .section = demand,
            .decimals = 1, .help = "Limit on the percentile's time per output token (with an SLA)",
            .customFile = true};
    tpot.get = [](const ServingDemand& d) -> std::optional<double> {
        return d.sla ? d.sla->tpotMs : 50.0;
    };
    tpot.set = [](ServingDemand& d, std::optional<double> v) {
        if (d.sla && v)
            d.sla->tpotMs = *v;
    };
    SF percentile{.key = "sla.percentile", .label = "SLA percentile", .type = FieldType::Choice,
                  .shownFor = inferenceOnly, .section = demand,
                  .help = "Which percentile must meet the limits",
                  .choices = workloadFieldsPercentiles, .customFile = true};
    percentile.get = [](const ServingDemand& d) -> std::optional<double> {
        const int p = d.sla ? d.sla->percentile : 99;
        return p == 50 ? 0.0 : p == 90 ? 1.0 : 2.0;
    };
    percentile.set = [](ServingDemand& d, std::optional<double> v) {
        if (d.sla && v && *v >= 0 && *v <= 2)
            d.sla->percentile = workloadFieldsPercentileValues[static_cast<int>(*v)];
    };
    return {
        optionalField<&ServingDemand::requestRatePerS>({.key = "request_rate_per_s",
            .label = "Request rate", .unit = "/s", .maximum = 1e7, .exclusiveMinimum = true,
            .absent = "not set", .shownFor = inferenceOnly, .section = demand,
            .help = "Open loop: requests per second (give a rate or users, not both)",
            .customFile = true}),
        optionalField<&ServingDemand::users>({.key = "users", .label = "Users", .minimum = 1,
            .maximum = workloadFieldsMaxRequests, .absent = "not set",
            .shownFor = inferenceOnly, .section = demand,
            .help = "Closed loop: users who each wait for an answer, then think",
            .customFile = true}),
        plainField<&ServingDemand::thinkTimeS>({.key = "think_time_s", .label = "Think time",
            .unit = "s", .maximum = 1e6, .shownFor = inferenceOnly, .section = demand,
            .decimals = 1, .help = "Mean time between one user's requests", .customFile = true}),
        plainField<&ServingDemand::arrival>({.key = "arrival", .label = "Arrivals",
            .shownFor = inferenceOnly, .section = demand,
            .help = "poisson: MLPerf server scenario; gamma: bursty", .customFile = true}),
        plainField<&ServingDemand::arrivalCv>({.key = "arrival_cv",
            .label = "Arrival burstiness (CV)", .maximum = 10, .exclusiveMinimum = true,
            .shownFor = inferenceOnly, .section = demand,
            .help = "Coefficient of variation of the gaps between requests (gamma)",
            .customFile = true}),
        ttft,
        tpot,
        percentile,
        optionalField<&ServingDemand::prefillChunkTokens>({.key = "prefill_chunk_tokens",
            .label = "Prefill chunk", .unit = "tokens", .minimum = 1,
            .maximum = workloadFieldsMaxTokens, .absent = "2048 (default)",
            .shownFor = inferenceOnly, .section = demand,
            .help = "Token budget of one engine step (vLLM max_num_batched_tokens)",
            .customFile = true}),
        plainField<&ServingDemand::prefillSchedule>({.key = "prefill_schedule",
            .label = "Prefill schedule", .shownFor = inferenceOnly, .section = demand,
            .help = "mixed: prefill chunks ride in the decode step (vLLM 0.6+); separate: "
                    "prefill steps run alone, decoders wait (SGLang 0.3, vLLM without chunked "
                    "prefill)",
            .customFile = true}),
        plainField<&ServingDemand::prefixCacheHitRate>({.key = "prefix_cache_hit_rate",
            .label = "Prefix cache hit rate", .maximum = 0.99, .shownFor = inferenceOnly,
            .section = demand, .help = "Share of prompt tokens found in the prefix cache",
            .customFile = true}),
        plainField<&ServingDemand::spareReplicas>({.key = "spare_replicas",
            .label = "Spare replicas", .maximum = 1000, .shownFor = inferenceOnly,
            .section = demand, .help = "Replicas added beyond the demand (1 = N+1)",
            .customFile = true}),
    };
}

template <class T>
const ProjectField<T>* workloadFieldsFind(std::span<const ProjectField<T>> fields,
                                          std::string_view key)
{
    return findProjectField(fields, key);
}

} // namespace

std::span<const ProjectField<Workload>> workloadFields()
{
    static const std::vector<WF> fields = buildWorkloadFields();
    return fields;
}

std::span<const ProjectField<ModelSpec>> modelFields()
{
    static const std::vector<MF> fields = buildModelFields();
    return fields;
}

std::span<const ProjectField<Parallelism>> parallelismFields()
{
    static const std::vector<PF> fields = buildParallelismFields();
    return fields;
}

std::span<const ProjectField<ServingDemand>> servingDemandFields()
{
    static const std::vector<SF> fields = buildServingDemandFields();
    return fields;
}

const ProjectField<Workload>* findWorkloadField(std::string_view key)
{
    return workloadFieldsFind(workloadFields(), key);
}

const ProjectField<ModelSpec>* findModelField(std::string_view key)
{
    return workloadFieldsFind(modelFields(), key);
}

const ProjectField<Parallelism>* findParallelismField(std::string_view key)
{
    return workloadFieldsFind(parallelismFields(), key);
}

const ProjectField<ServingDemand>* findServingDemandField(std::string_view key)
{
    return workloadFieldsFind(servingDemandFields(), key);
}

void checkWorkloadFieldRanges(const Workload& workload, const std::string& pointer,
                              std::vector<Problem>& problems)
{
    checkFieldRanges(workloadFields(), workload, pointer, problems);
    checkFieldRanges(modelFields(), workload.model, pointer + "/model", problems);
    if (workload.parallelism)
        checkFieldRanges(parallelismFields(), *workload.parallelism, pointer + "/parallelism",
                         problems);
    // The serving demand's keys are the workload object's own.
    checkFieldRanges(servingDemandFields(), workload.serving, pointer, problems);
}

} // namespace infrafit
