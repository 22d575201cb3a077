// SPDX-License-Identifier: Apache-2.0
#include "core/analysis/inference_memory.h"

#include "core/analysis/training_memory.h"

#include <algorithm>
#include <cmath>

namespace infrafit {

double kvBytesPerToken(const ModelSpec& m, double kvBytes)
{
    if (m.isMla())
        return double(m.layers) * (m.kvLoraRank + m.qkRopeHeadDim) * kvBytes;
    return double(m.layers) * m.kvHeads * (m.qkHeadDim() + m.valueHeadDim()) * kvBytes;
}

double kvBytesPerTokenPerGpu(const ModelSpec& m, double kvBytes, int tensor, int layers)
{
    if (m.isMla())
        return double(layers) * (m.kvLoraRank + m.qkRopeHeadDim) * kvBytes;
    const double headsPerRank = std::max(double(m.kvHeads) / std::max(1, tensor), 1.0);
    return double(layers) * headsPerRank * (m.qkHeadDim() + m.valueHeadDim()) * kvBytes;
}

double kvTokensPerSequence(const ModelSpec& m, double tokens, int blockSize)
{
    double kept = tokens;
    if (m.slidingWindow > 0)
        kept = std::min(kept, double(m.slidingWindow));
    const double block = std::max(1, blockSize);
    return std::ceil(kept / block) * block;
}

double kvTokenCapacity(double freeBytes, double bytesPerToken, int blockSize)
{
    if (freeBytes <= 0 || bytesPerToken <= 0)
        return 0;
    const double block = std::max(1, blockSize);
    return std::floor(freeBytes / (bytesPerToken * block)) * block;
}

double servingWeightBytesPerParam(Precision precision)
{
    if (precision == Precision::Int4)
        return 0.5 + 2.0 / 128.0;
    if (precision == Precision::Fp4)
        return 0.5 + 1.0 / 16.0; // NVFP4: one fp8 scale per 16 values (NVIDIA Blackwell docs)
    return bytesPerElement(precision);
}

InferenceSetup makeInferenceSetup(const Workload& w, const ParameterCount& c,
                                  const Parallelism& plan, int totalGpus, double capacityBytes)
{
    const ModelSpec& m = w.model;
    InferenceSetup s;
    s.tensor = std::max(1, plan.tensor);
    s.pipeline = std::max(1, plan.pipeline);
    s.expert = std::max(1, plan.expert);
    const int perReplica = s.tensor * s.pipeline;
    s.replicas = plan.data > 0 ? plan.data : std::max(1, totalGpus / perReplica);
    s.requestsPerReplica = std::ceil(double(w.concurrentRequests) / s.replicas);
    s.tokensPerSequence = kvTokensPerSequence(m, double(w.promptTokens) + w.outputTokens,
                                              w.kvBlockSize);
    const double blockBytes = servingWeightBytesPerParam(w.precision);
    const double embedBytes = std::max(2.0, blockBytes); // embeddings/LM head stay 16-bit
    double worst = -1;
    // Every stage that can be the most loaded, not only the first and last:
    // with uneven layers or a dense/MoE boundary a middle stage can hold
    // more (DeepSeek-V3, 61 layers on 8 stages: stage 1 has 8 MoE layers,
    // the last stage 7 plus the head). Found by the property tests
    // (tests/core/property: memory is the most-loaded GPU's, docs/architecture.md "Analysis JSON").
    int stages[6];
    const int stageCount = representativeStages(m, s.pipeline, stages);
    for (int i = 0; i < stageCount; ++i) {
        const int stage = stages[i];
        const StageParams sp = stageParams(m, c, s.tensor, s.pipeline, s.expert, stage);
        double embedOnStage = 0;
        if (stage == 0)
            embedOnStage += (c.embedding + c.positions) / s.tensor;
        if (stage == s.pipeline - 1)
            embedOnStage += (s.pipeline > 1 && m.tiedEmbeddings ? c.embedding : c.outputHead)
                            / s.tensor;
        const double weights = (sp.total() - embedOnStage) * blockBytes + embedOnStage * embedBytes;
        const double kv = kvBytesPerTokenPerGpu(m, bytesPerElement(w.kvCachePrecision), s.tensor,
                                                sp.denseLayers + sp.moeLayers);
        const double load = weights + kv * s.tokensPerSequence * s.requestsPerReplica;
        if (load > worst) {
            worst = load;
            s.weightsBytes = weights;
            s.kvBytesPerTokenGpu = kv;
        }
    }
    // Peak activation workspace (llm-analysis: inference activation = the
    // largest live set of one layer): hidden states, QKV and MLP
    // intermediates of a prefill chunk, plus fp32 logits of one token per request.
    const double chunk = std::min(double(w.concurrentRequests) / s.replicas * w.promptTokens,
                                  8192.0);
    const double a = 2.0; // 16-bit activations
    const double ffn = m.isMoe() ? double(m.expertFfnSize()) * m.expertsPerToken
                                 : double(m.ffnHiddenSize);
    const double perToken = a * (3.0 * m.hiddenSize
                                 + (double(m.attentionHeads) * m.qkHeadDim() * 3.0
                                    + (m.gatedMlp ? 3.0 : 2.0) * ffn) / s.tensor);
    s.workspaceBytes = std::max(chunk, 1.0) * perToken
                       + s.requestsPerReplica * double(m.vocabSize) / s.tensor * 4.0;
    // CUDA context + cuBLAS (1 GiB) + CUDA graphs and NCCL (0.5 GiB): vLLM
    // logs ~0.5–1 GiB "non-torch memory" and graph capture of 0.3–1 GiB.
    s.frameworkBytes = cudaContextBytes + 0.5 * 1073741824.0;
    s.budgetBytes = w.gpuMemoryUtilization * capacityBytes;
    return s;
}

MemoryLines inferenceMemory(const Workload& /*workload*/, const InferenceSetup& s)
{
    MemoryLines lines;
    lines.weightsBytes = s.weightsBytes;
    lines.activationsBytes = s.workspaceBytes;
    lines.kvCacheBytes = s.kvBytesPerTokenGpu * s.tokensPerSequence * s.requestsPerReplica;
    lines.frameworkBytes = s.frameworkBytes;
    lines.allocatorMarginBytes = allocatorMarginFraction * (lines.weightsBytes + lines.activationsBytes);
    return lines;
}

} // namespace infrafit
