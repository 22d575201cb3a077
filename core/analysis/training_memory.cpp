// SPDX-License-Identifier: Apache-2.0
#include "core/analysis/training_memory.h"

#include "core/analysis/activations.h"

#include <algorithm>

namespace infrafit {
namespace {

// LoRA/QLoRA adapters are trained in fp32 (HF PEFT's default): 4-byte
// weights and gradients whatever the frozen base's precision
// (docs/reference/models.md §2.13).
constexpr double adapterElementBytes = 4.0;

// QLoRA NF4 storage: 4 bits + double-quantised block constants 0.127 bit
// per parameter (Dettmers et al. 2023, QLoRA §3 "Double Quantization").
constexpr double nf4BytesPerParam = (4.0 + 0.127) / 8.0;

// LoRA adapters r·(d_in + d_out) per adapted matrix (Hu et al. 2021, LoRA §4.1);
// the targets choose which (default every attention projection and, in dense
// layers, every MLP matrix: QLoRA §4 recommends all linear layers; the LoRA
// paper's own GPT-3 runs adapt q and v only, §7.1).
bool targets(unsigned set, LoraTarget target)
{
    return (set & static_cast<unsigned>(target)) != 0;
}

double loraParamsPerLayer(const ModelSpec& m, int rank, bool moeLayer, unsigned set)
{
    const double h = m.hiddenSize;
    const double r = rank;
    const double a = m.attentionHeads;
    const double qW = a * m.qkHeadDim();
    const double kvW = (m.isMla() ? a : double(m.kvHeads)) * m.qkHeadDim();
    const double vW = (m.isMla() ? a : double(m.kvHeads)) * m.valueHeadDim();
    const double oIn = a * m.valueHeadDim();
    double p = 0;
    if (targets(set, LoraTarget::Q))
        p += r * (h + qW);
    if (targets(set, LoraTarget::K))
        p += r * (h + kvW);
    if (targets(set, LoraTarget::V))
        p += r * (h + vW);
    if (targets(set, LoraTarget::O))
        p += r * (oIn + h);
    if (!moeLayer) {
        const double mlp = r * (h + m.ffnHiddenSize);
        // Gated MLPs have gate, up and down; plain ones up (fc1) and down (fc2).
        if (m.gatedMlp && targets(set, LoraTarget::Gate))
            p += mlp;
        if (targets(set, LoraTarget::Up))
            p += mlp;
        if (targets(set, LoraTarget::Down))
            p += mlp;
    }
    return p;
}

/// Split units (layers, plus the embedding and the loss when they count).
int splitUnits(const ModelSpec& m, PipelineSplit split)
{
    return m.layers + (split.embedding ? 1 : 0) + (split.loss ? 1 : 0);
}

/// An fp4 recipe keeps the weight-gradient GEMM's input as its quantized
/// column-wise copy, as fp8 does (activations.h): NVFP4 stores 4 bits per
/// value plus one E4M3 scale per 16 values (Transformer Engine docs,
/// "NVFP4"; NVIDIA 2025, arXiv 2509.25149 §2), 0.5625 bytes.
constexpr double nvfp4StoredBytesPerElement = 0.5 + 1.0 / 16.0;

int firstUnitOfStage(int units, int pipeline, int stage)
{
    return stage * (units / pipeline) + std::min(stage, units % pipeline);
}

int firstLayerOfStage(const ModelSpec& m, int pipeline, int stage, PipelineSplit split)
{
    // The embedding is unit 0 of the first stage, so later stages start one
    // layer earlier than their first unit.
    const int first = firstUnitOfStage(splitUnits(m, split), pipeline, stage);
    return std::max(0, first - (split.embedding && stage > 0 ? 1 : 0));
}

} // namespace

StateBytesPerParam stateBytesPerParam(Optimizer optimizer, Precision precision,
                                      bool fp32GradBuffer, int hiddenSize)
{
    const bool pureFp32 = precision == Precision::Fp32 || optimizer == Optimizer::AdamFp32;
    StateBytesPerParam b;
    b.weight = pureFp32 ? 4.0 : 2.0;
    b.gradient = pureFp32 ? 4.0 : (fp32GradBuffer ? 4.0 : 2.0);
    const double master = pureFp32 ? 0.0 : 4.0; // fp32 master copy in mixed precision
    switch (optimizer) {
    case Optimizer::Adam:
    case Optimizer::AdamW:
    case Optimizer::AdamFp32:
        b.optimizer = master + 8.0; // fp32 m and v
        break;
    case Optimizer::Sgd:
        b.optimizer = master + 4.0; // fp32 momentum
        break;
    case Optimizer::Adam8bit:
        b.optimizer = master + 2.0; // 8-bit m and v (Dettmers et al. 2022, 8-bit optimizers)
        break;
    case Optimizer::Adafactor:
        b.optimizer = master + 8.0 / std::max(1, hiddenSize); // factored row/col statistics
        break;
    }
    return b;
}

StateBytesPerParam stateBytesPerParam(const Workload& w)
{
    return stateBytesPerParam(w.optimizer, w.precision, fp32GradBufferOn(w), w.model.hiddenSize);
}

MemoryLines modelStateBytes(double trainable, double frozen, double frozenWeightBytes,
                            const StateBytesPerParam& bytes, int zeroStage, int n)
{
    const double group = std::max(1, n);
    MemoryLines lines;
    lines.weightsBytes = trainable * bytes.weight + frozen * frozenWeightBytes;
    lines.gradientsBytes = trainable * bytes.gradient;
    lines.optimizerBytes = trainable * bytes.optimizer;
    if (zeroStage >= 1)
        lines.optimizerBytes /= group;
    if (zeroStage >= 2)
        lines.gradientsBytes /= group;
    if (zeroStage >= 3)
        lines.weightsBytes /= group;
    return lines;
}

double loraAdapterParameters(const ModelSpec& m, int rank, unsigned set)
{
    return m.denseLayers() * loraParamsPerLayer(m, rank, false, set)
           + m.moeLayers() * loraParamsPerLayer(m, rank, true, set);
}

PipelineSplit pipelineSplitOf(const Workload& w)
{
    return {w.embeddingInPipelineSplit, w.lossInPipelineSplit};
}

int layersOnStage(const ModelSpec& m, int pipeline, int stage, PipelineSplit split)
{
    const int p = std::max(1, pipeline);
    const int units = splitUnits(m, split);
    int layers = units / p + (stage < units % p ? 1 : 0);
    if (split.embedding && stage == 0)
        --layers;
    if (split.loss && stage == p - 1)
        --layers;
    return std::max(0, layers);
}

int mostLayersOnStage(const ModelSpec& m, int pipeline, PipelineSplit split)
{
    // The remainder sits on the first stages and only the first and last
    // stage lose a unit, so stage 0 or stage 1 holds the most.
    const int p = std::max(1, pipeline);
    return std::max(layersOnStage(m, p, 0, split), p > 1 ? layersOnStage(m, p, 1, split) : 0);
}

int representativeStages(const ModelSpec& m, int pipeline, int (&out)[6], PipelineSplit split)
{
    const int p = std::max(1, pipeline);
    const int units = splitUnits(m, split);
    const int base = std::max(1, units / p);
    const int extra = units % p;
    auto stageOfLayer = [&](int layer) {
        const int unit = layer + (split.embedding ? 1 : 0);
        const int wide = extra * (base + 1); // units held by the first `extra` stages
        return std::min(p - 1, unit < wide ? unit / (base + 1) : extra + (unit - wide) / base);
    };
    int candidates[6] = {0, 1, extra, p - 1, 0, 0};
    int n = 4;
    if (m.isMoe() && m.firstDenseLayers > 0 && m.firstDenseLayers < m.layers) {
        const int boundary = stageOfLayer(m.firstDenseLayers);
        candidates[n++] = boundary;
        candidates[n++] = boundary + 1;
    }
    std::sort(candidates, candidates + n);
    int count = 0;
    for (int i = 0; i < n; ++i) {
        const int stage = candidates[i];
        if (stage < 0 || stage >= p || (count > 0 && out[count - 1] == stage))
            continue;
        out[count++] = stage;
    }
    return count;
}

StageParams stageParams(const ModelSpec& m, const ParameterCount& c, int tensor, int pipeline,
                        int expert, int stage, PipelineSplit split)
{
    const double t = std::max(1, tensor);
    const int p = std::max(1, pipeline);
    const int nLayers = layersOnStage(m, p, stage, split);
    const int start = firstLayerOfStage(m, p, stage, split);
    const int denseEnd = m.isMoe() ? m.firstDenseLayers : m.layers;
    StageParams sp;
    sp.denseLayers = std::clamp(denseEnd - start, 0, nLayers);
    sp.moeLayers = nLayers - sp.denseLayers;
    // TP splits every matrix (Shoeybi et al. 2019, Megatron-LM §3); EP
    // splits routed experts (docs/reference/models.md §2.12).
    const double routed = m.experts * c.expertPerLayer;
    sp.expert = sp.moeLayers * routed / (t * std::max(1, expert));
    sp.nonExpert = (sp.denseLayers * c.perDenseLayer + sp.moeLayers * (c.perMoeLayer - routed)) / t;
    if (stage == 0)
        sp.nonExpert += (c.embedding + c.positions) / t;
    if (stage == p - 1) {
        double head = c.outputHead;
        if (m.tiedEmbeddings && p > 1)
            head = c.embedding; // Megatron keeps a tied copy on the last stage
        sp.nonExpert += (head + c.finalNorm) / t;
    }
    return sp;
}

TrainingSetup makeTrainingSetup(const Workload& w, const ParameterCount& params,
                                const Parallelism& plan)
{
    TrainingSetup s;
    s.workload = &w;
    s.params = params;
    s.tensor = std::max(1, plan.tensor);
    s.pipeline = std::max(1, plan.pipeline);
    s.data = std::max(1, plan.data);
    s.expert = std::max(1, plan.expert);
    s.zeroStage = plan.zeroStage;
    s.virtualStages = std::max(1, plan.virtualStages);
    s.split = pipelineSplitOf(w);
    if (w.kind == WorkloadKind::Training && s.pipeline == 1)
        s.offloadedLayers = std::clamp(w.activationOffloadLayers, 0, std::max(0, w.model.layers - 1));
    s.sequenceParallel = plan.sequenceParallel && s.tensor > 1;
    s.recompute = plan.recompute;
    s.context = std::max(1, plan.context);
    s.microBatches = std::max(1.0, double(w.globalBatchSize)
                                       / (double(std::max(1, w.microBatchSize)) * s.data));
    s.stateBytes = stateBytesPerParam(w);
    // ZeRO-3 / FSDP keep no Megatron fp32 main-grad buffer next to the
    // 16-bit weights: DeepSpeed ZeRO-3 holds 2 + 2 + 12 bytes per parameter
    // (ZeRO paper §5, Figure 1: (2 + 2 + K)Ψ/N), FSDP mixed precision 4
    // (fp32 sharded params) + 4 (fp32 grads) + 8 (Adam) — 16 either way.
    // Counting 2 + 4 + 12 = 18 over-states a 30B FSDP run on 8 GPUs by 7.5 GB.
    if (s.zeroStage >= 3 && s.stateBytes.weight < 4.0 && s.stateBytes.gradient > s.stateBytes.weight)
        s.stateBytes.gradient = s.stateBytes.weight;
    s.frozenWeightBytes = w.fineTune == FineTune::Qlora ? nf4BytesPerParam : s.stateBytes.weight;
    s.activationBytes = w.precision == Precision::Fp32 ? 4.0 : 2.0;
    ActivationInputs in;
    // Context parallelism keeps s/cp tokens of each sequence per GPU.
    in.sequenceLength = double(w.sequenceLength) / std::max(1, plan.context);
    in.microBatch = w.microBatchSize;
    in.tensor = s.tensor;
    in.sequenceParallel = s.sequenceParallel;
    in.recompute = s.recompute;
    in.flashAttention = w.flashAttention;
    in.dropout = w.dropout > 0;
    in.activationBytes = s.activationBytes;
    if (w.precision == Precision::Fp8)
        in.gemmInputBytes = 1.0; // activations.h: Transformer Engine keeps fp8 GEMM inputs
    else if (w.precision == Precision::Fp4)
        in.gemmInputBytes = nvfp4StoredBytesPerElement;
    if (w.fineTune != FineTune::Full)
        s.loraParamsPerLayer = loraParamsPerLayer(w.model, w.loraRank, false, w.loraTargets);
    s.denseLayerActivation = layerActivationBytes(w.model, in, false);
    s.moeLayerActivation = w.model.isMoe() ? layerActivationBytes(w.model, in, true) : 0;
    if (s.offloadedLayers > 0) {
        // Offloaded layers are taken as average layers of the model (one
        // stage: offload needs pipeline 1).
        const int layers = std::max(1, w.model.layers);
        const int dense = w.model.isMoe() ? std::clamp(w.model.firstDenseLayers, 0, layers) : layers;
        s.offloadedLayerActivation
            = (dense * s.denseLayerActivation + (layers - dense) * s.moeLayerActivation) / layers;
    }
    if (s.recompute == Recompute::Full) {
        in.recompute = Recompute::None;
        s.recomputeWorkingSet = std::max(layerActivationBytes(w.model, in, false),
                                         w.model.isMoe() ? layerActivationBytes(w.model, in, true)
                                                         : 0.0);
    }
    return s;
}

double optimizerShardParams(const TrainingSetup& s, int stage)
{
    const StageParams sp = stageParams(s.workload->model, s.params, s.tensor, s.pipeline,
                                       s.expert, stage, s.split);
    if (s.zeroStage < 1)
        return sp.nonExpert + sp.expert;
    return sp.nonExpert / std::max(1, s.shardGroup())
           + sp.expert / std::max(1, s.shardGroup() / s.expert);
}

bool optimizerOffloaded(const Workload& w)
{
    return w.kind == WorkloadKind::Training && w.offload != Offload::None
           && w.fineTune == FineTune::Full;
}

double gpuGradientBytesPerParam(const TrainingSetup& s)
{
    if (s.workload->fineTune != FineTune::Full)
        return adapterElementBytes;
    return optimizerOffloaded(*s.workload) ? s.stateBytes.weight : s.stateBytes.gradient;
}

double trainedWeightBytesPerParam(const TrainingSetup& s)
{
    return s.workload->fineTune != FineTune::Full ? adapterElementBytes : s.stateBytes.weight;
}

MemoryLines trainingStageMemory(const TrainingSetup& s, int stage, ActivationSplit* split)
{
    const Workload& w = *s.workload;
    const ModelSpec& m = w.model;
    const ParameterCount& c = s.params;
    const double t = s.tensor;
    const bool first = stage == 0;
    const bool last = stage == s.pipeline - 1;

    const StageParams sp = stageParams(m, c, s.tensor, s.pipeline, s.expert, stage, s.split);
    const int dense = sp.denseLayers;
    const int moe = sp.moeLayers;
    const double denseParams = sp.nonExpert;
    const double expertParams = sp.expert;

    MemoryLines lines;
    const bool lora = w.fineTune != FineTune::Full;
    if (!lora) {
        const auto a = modelStateBytes(denseParams, 0, 0, s.stateBytes, s.zeroStage, s.shardGroup());
        // Experts shard their states over the expert-data-parallel group
        // (d × cp)/e.
        const auto b = modelStateBytes(expertParams, 0, 0, s.stateBytes, s.zeroStage,
                                       std::max(1, s.shardGroup() / s.expert));
        lines.weightsBytes = a.weightsBytes + b.weightsBytes;
        lines.gradientsBytes = a.gradientsBytes + b.gradientsBytes;
        lines.optimizerBytes = a.optimizerBytes + b.optimizerBytes;
        if (w.offload != Offload::None) {
            // ZeRO-Offload (Ren et al. 2021, "offload strategy"): the
            // optimizer state and fp32 gradients live in host memory; the
            // GPU keeps the weights and streams gradients out in the
            // compute type (DeepSpeed estimate_zero2_model_states_mem_needs
            // with offload: GPU 2Ψ; docs/reference/models.md §2.4).
            lines.optimizerBytes = 0;
            lines.gradientsBytes *= gpuGradientBytesPerParam(s) / std::max(1e-9, s.stateBytes.gradient);
        }
        if (w.offload == Offload::OptimizerAndWeights) {
            // ZeRO-Infinity parameter offload (Rajbhandari et al. 2021):
            // weights are fetched layer by layer; the gathered unit is
            // counted in the ZeRO-3 communication buffers below
            // (DeepSpeed estimate_zero3: GPU = largest layer; docs/reference/models.md §2.4).
            lines.weightsBytes = 0;
        }
    } else {
        const double adapters = (dense * loraParamsPerLayer(m, w.loraRank, false, w.loraTargets)
                                 + moe * loraParamsPerLayer(m, w.loraRank, true, w.loraTargets))
                                / t;
        // Adapters are trained in fp32 (HF PEFT default): 4 + 4 + 8 (Adam m, v)
        // = 16 B per adapter parameter (docs/reference/models.md §2.13).
        StateBytesPerParam adapterBytes{adapterElementBytes, adapterElementBytes,
                                        s.stateBytes.optimizer - (s.stateBytes.weight < 4 ? 4.0 : 0.0)};
        const auto a = modelStateBytes(adapters, denseParams + expertParams, s.frozenWeightBytes,
                                       adapterBytes, s.zeroStage, s.shardGroup());
        lines.weightsBytes = a.weightsBytes;
        lines.gradientsBytes = a.gradientsBytes;
        lines.optimizerBytes = a.optimizerBytes;
    }

    // Activations (Korthikanti et al. 2022 §4; embedding/logit terms from
    // Megatron-LM theoretical_memory_usage.py and docs/reference/models.md §3).
    const double inFlight = inFlightMicroBatches(s.pipeline, s.virtualStages, s.microBatches, stage);
    const double sb = double(w.sequenceLength) * w.microBatchSize / s.context;
    const double rep = s.sequenceParallel ? 1.0 / t : 1.0;
    ActivationSplit a;
    a.layers = (dense * s.denseLayerActivation + moe * s.moeLayerActivation) * inFlight;
    if (s.offloadedLayers > 0 && dense + moe > 0) {
        // CPU activation offload (Transformer Engine cpu_offload.py,
        // AsyncDoubleBufferGroupOffloadHandler): the first n layers' tensors
        // are freed when their copy to the host is waited for, at the end of
        // its window of layers (activation_offload.h), the last at the end
        // of the forward pass; the backward pass reloads them over the same
        // windows. The peak, at the end of the forward pass, holds the L − n
        // layers not offloaded, and never less than two layers (the one
        // computing and the one whose copy is under way). Offloaded layers
        // are taken as average layers of the stage (makeTrainingSetup keeps
        // n below the layers).
        const int layers = dense + moe;
        const int resident = std::max(layers - s.offloadedLayers, std::min(layers, 2));
        a.layers *= double(resident) / layers;
    }
    a.recomputeWorkingSet = s.recomputeWorkingSet;
    if (first) {
        // int64 token ids (8·s·b) and the embedding-dropout mask (s·b·h).
        a.embedding = (8.0 * sb + (w.dropout > 0 ? sb * m.hiddenSize * rep : 0.0)) * inFlight;
    }
    if (last) {
        // Logits in the compute type plus the fp32 copy the cross-entropy
        // uses (vocab-parallel: /t), and the final-norm input. A fused loss
        // kernel keeps no fp32 copy: Transformer Engine's
        // parallel_cross_entropy saves its 16-bit input for the backward pass
        // and computes the loss and gradient in fp32 registers
        // (transformer_engine/pytorch/cross_entropy.py, CrossEntropyFunction).
        const double fp32Copy = w.fusedCrossEntropy ? 0.0 : 4.0;
        a.logits = sb * m.vocabSize / t * (s.activationBytes + fp32Copy)
                   + s.activationBytes * sb * m.hiddenSize * rep;
    }
    lines.activationsBytes = a.layers + a.recomputeWorkingSet + a.embedding + a.logits;
    if (split)
        *split = a;

    // Framework: CUDA context + one NCCL communicator per parallel group.
    int groups = 0;
    for (int size : {s.tensor, s.pipeline, s.data, s.expert, s.context})
        groups += size > 1 ? 1 : 0;
    lines.frameworkBytes = cudaContextBytes + groups * ncclCommunicatorBytes;

    // Communication buffers.
    const double gradCommBytes = w.precision == Precision::Fp32 ? 4.0 : 2.0;
    const double trainableOnGpu = lora ? 0.0 : denseParams + expertParams;
    if (s.shardGroup() > 1) {
        if (s.zeroStage < 3) {
            // One in-flight gradient bucket (training_constants.h).
            const double bucket = ddpBucketElements(s.data);
            lines.commBuffersBytes += std::min(bucket, trainableOnGpu) * gradCommBytes;
        } else {
            // ZeRO-3/FSDP: the gathered current and prefetched unit (one layer)
            // plus its gradient reduce-scatter buffer (docs/reference/models.md §2.4).
            const double unit = std::max(c.perDenseLayer, m.isMoe()
                                             ? c.perMoeLayer - m.experts * c.expertPerLayer
                                                   + m.experts * c.expertPerLayer / s.expert
                                             : 0.0) / t;
            lines.commBuffersBytes += unit * (2.0 * s.stateBytes.weight + gradCommBytes);
        }
    }
    if (s.pipeline > 1) {
        // Send and receive buffers for one micro-batch boundary tensor.
        lines.commBuffersBytes += 2.0 * s.activationBytes * sb * m.hiddenSize * rep;
    }
    lines.allocatorMarginBytes =
        allocatorMarginFraction
        * (lines.weightsBytes + lines.gradientsBytes + lines.optimizerBytes
           + lines.activationsBytes + lines.commBuffersBytes);
    return lines;
}

} // namespace infrafit
