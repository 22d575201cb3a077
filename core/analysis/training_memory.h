// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/analysis/training_constants.h"
#include "core/analysis/memory_lines.h"
#include "core/model/parameter_count.h"
#include "core/workload/workload.h"

namespace infrafit {

/// Bytes per parameter of each model state, before any sharding.
struct StateBytesPerParam {
    double weight = 2;
    double gradient = 4;
    double optimizer = 12;
};

/// Model-state bytes per parameter (EleutherAI "Transformer Math 101",
/// Optimizer/Gradients sections; Megatron-LM theoretical_memory_usage.py):
/// mixed-precision Adam/AdamW 2 + 4 (fp32 main grad; 2 without the buffer,
/// as in the ZeRO paper) + 12 (fp32 master, m, v); pure fp32 Adam 4 + 4 + 8;
/// SGD with momentum master + momentum (8 mixed, 4 fp32); 8-bit Adam
/// (bitsandbytes) 4 + 1 + 1 = 6; Adafactor master + factored second moment
/// (Shazeer & Stern 2018 §3: rows + cols per matrix ≈ 8/h per parameter).
StateBytesPerParam stateBytesPerParam(Optimizer optimizer, Precision precision,
                                      bool fp32GradBuffer, int hiddenSize);
/// The same for a workload's optimizer, precision, gradient buffer
/// (fp32GradBufferOn()) and hidden size.
StateBytesPerParam stateBytesPerParam(const Workload& workload);

/// LoRA adapter parameters of the whole model at `rank` for the target
/// modules `targets` (LoraTarget bits; default every attention projection
/// and dense layers' MLP matrices; Hu et al. 2021 §4.1).
double loraAdapterParameters(const ModelSpec& model, int rank,
                             unsigned targets = loraTargetsAll);

/// ZeRO sharding of model states over a data-parallel group of `n` GPUs
/// (Rajbhandari et al. 2020, §5.1 and Figure 1): stage 1 shards the
/// optimizer state, stage 2 also gradients, stage 3 also weights.
/// `trainable` parameters carry gradients and optimizer state; `frozen`
/// ones (LoRA base weights) only weights at `frozenWeightBytes` each.
MemoryLines modelStateBytes(double trainable, double frozen, double frozenWeightBytes,
                            const StateBytesPerParam& bytes, int zeroStage, int n);

/// How the layers are split over pipeline stages: evenly, the remainder on
/// the first stages. With `embedding` (`loss`) set the split counts the
/// embedding (the loss) as one more layer, so the first (last) stage holds
/// one transformer layer fewer (Megatron-Core get_num_layers_to_build,
/// account_for_embedding_in_pipeline_split / account_for_loss_in_pipeline_split).
struct PipelineSplit {
    bool embedding = false;
    bool loss = false;
};
PipelineSplit pipelineSplitOf(const Workload& workload);

/// Everything the per-stage training memory needs, precomputed once for a
/// (workload, plan). Build with makeTrainingSetup().
struct TrainingSetup {
    const Workload* workload = nullptr;
    ParameterCount params;
    int tensor = 1, pipeline = 1, data = 1, expert = 1, zeroStage = 0, virtualStages = 1;
    int context = 1; ///< context parallel size (tokens per GPU = s/context)
    /// Ranks the ZeRO/FSDP states shard over: data × context. Context-parallel
    /// ranks hold the same weights and reduce gradients together, so
    /// Megatron's distributed optimizer shards over the DP×CP group
    /// (megatron/core/optimizer/__init__.py, get_megatron_optimizer:
    /// data_parallel_group = get_data_parallel_group(with_context_parallel=
    /// True)), and the gradient reduction runs over the same ranks.
    int shardGroup() const { return data * context; }
    PipelineSplit split;
    bool sequenceParallel = false;
    Recompute recompute = Recompute::None;
    double microBatches = 1; ///< m = global / (micro × data)
    StateBytesPerParam stateBytes;
    double frozenWeightBytes = 2; ///< LoRA/QLoRA base weights
    double activationBytes = 2;
    double denseLayerActivation = 0; ///< one layer's stored activations on one GPU
    double moeLayerActivation = 0;
    double recomputeWorkingSet = 0;  ///< full recompute: one layer without recompute
    /// Layers whose activations go to host memory (activation_offload_layers,
    /// at most the layers less one; only without pipeline parallelism).
    int offloadedLayers = 0;
    /// With layers offloaded: one average layer's stored activations on one
    /// GPU, what each offload copy moves.
    double offloadedLayerActivation = 0;
    double loraParamsPerLayer = 0;   ///< adapter parameters per layer (whole layer)
};

TrainingSetup makeTrainingSetup(const Workload& workload, const ParameterCount& params,
                                const Parallelism& plan);

/// Layers held by pipeline stage `stage` (remainder spread over the first stages).
int layersOnStage(const ModelSpec& model, int pipeline, int stage, PipelineSplit split = {});
/// The most layers any stage holds.
int mostLayersOnStage(const ModelSpec& model, int pipeline, PipelineSplit split = {});

/// The pipeline stages that can hold the most memory or the most compute,
/// ascending, written to `out` (at most 6); returns their count. Stages
/// 1..p−2 form runs with equal (layers, dense layers); inside a run the
/// in-flight micro-batches (inFlightMicroBatches) do not grow with the
/// stage index, so the first stage of each run is at least as loaded as
/// the rest of it. The candidates are the first and last stage, stage 1,
/// the first stage with one layer fewer (layers % p) and the stages around
/// the dense/MoE boundary (first_dense_layers); a split that counts the
/// embedding or the loss only shortens the first or last stage, both
/// candidates already. Exact: the maximum over
/// these equals the maximum over all stages (tests/core/analysis check it).
int representativeStages(const ModelSpec& model, int pipeline, int (&out)[6],
                         PipelineSplit split = {});

/// Parameters one GPU of a pipeline stage holds, split into those sharded
/// over the data-parallel group (`nonExpert`: attention, dense MLPs, norms,
/// router, shared experts, embedding on the first stage, output layer on
/// the last) and routed experts (`expert`, split by expert parallelism).
struct StageParams {
    double nonExpert = 0;
    double expert = 0;
    int denseLayers = 0;
    int moeLayers = 0;
    [[nodiscard]] double total() const { return nonExpert + expert; }
};
StageParams stageParams(const ModelSpec& model, const ParameterCount& params, int tensor,
                        int pipeline, int expert, int stage, PipelineSplit split = {});

/// Parameters in one GPU's optimizer partition on pipeline stage `stage`
/// (full training): the stage's dense parameters over the ZeRO group and
/// its expert parameters over the expert-data-parallel group, as
/// trainingStageMemory() shards them; the whole stage without ZeRO.
double optimizerShardParams(const TrainingSetup& setup, int stage);
/// Whether ZeRO-Offload moves the optimizer step to the host: `offload`
/// on and full training (LoRA adapters keep their small state on the GPU).
bool optimizerOffloaded(const Workload& workload);
/// Bytes per parameter of the gradients the GPU keeps: the gradient type,
/// or the compute type when ZeRO-Offload sends them to the host (offload
/// on, full training); LoRA/QLoRA adapters' fp32 gradients (4 bytes).
double gpuGradientBytesPerParam(const TrainingSetup& setup);
/// Bytes per parameter of the weights being trained, as the data-parallel
/// gather moves them: the 16-bit (or fp32) weight type, or the fp32 LoRA
/// adapters.
double trainedWeightBytesPerParam(const TrainingSetup& setup);

/// Training memory of one GPU of pipeline stage `stage` (0-based): model
/// states of its layers (+ embedding on the first stage, output layer on the
/// last — Megatron keeps a copy of tied embeddings there when p > 1),
/// activations of its in-flight micro-batches (+ input ids and embedding
/// dropout mask on the first stage, logits in the compute type plus their
/// fp32 copy for the loss on the last), framework overhead, communication
/// buffers and a 5 % allocator margin. `activationBytes` split out in
/// `layerActivations`, `embeddingActivations`, `logitsActivations` when non-null.
struct ActivationSplit {
    double layers = 0, embedding = 0, logits = 0, recomputeWorkingSet = 0;
};
MemoryLines trainingStageMemory(const TrainingSetup& setup, int stage,
                                ActivationSplit* split = nullptr);

/// Framework constants (bytes) and the allocator margin: sourced in the
/// table of core/analysis/training_constants.h.
inline constexpr double cudaContextBytes = trainingModel.cudaContextBytes;
inline constexpr double ncclCommunicatorBytes = trainingModel.ncclCommunicatorBytes;
inline constexpr double allocatorMarginFraction = trainingModel.allocatorMarginFraction;

} // namespace infrafit
