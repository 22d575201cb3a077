// SPDX-License-Identifier: Apache-2.0
#include "core/workload/workload_validation.h"

namespace infrafit {
namespace {

std::string str(long long v) { return std::to_string(v); }

} // namespace

std::string planRuleViolation(const Workload& w, const Parallelism& p)
{
    const auto& m = w.model;
    if (p.tensor < 1 || p.pipeline < 1 || p.expert < 1 || p.virtualStages < 1)
        return "tensor, pipeline, expert and virtual_stages must be at least 1";
    if (p.zeroStage < 0 || p.zeroStage > 3)
        return "zero_stage must be 0, 1, 2 or 3 (got " + str(p.zeroStage) + ")";
    if (m.attentionHeads % p.tensor != 0)
        return "attention_heads (" + str(m.attentionHeads) + ") must be divisible by tensor ("
               + str(p.tensor) + ")";
    if (!m.isMla() && m.kvHeads % p.tensor != 0 && p.tensor % m.kvHeads != 0)
        return "kv_heads (" + str(m.kvHeads) + ") and tensor (" + str(p.tensor)
               + ") must divide one another (KV heads are split or replicated)";
    if (p.pipeline > m.layers)
        return "pipeline (" + str(p.pipeline) + ") must not exceed layers (" + str(m.layers) + ")";
    const bool unitSplit = w.kind == WorkloadKind::Training && p.pipeline > 1
                           && (w.embeddingInPipelineSplit || w.lossInPipelineSplit);
    if (unitSplit) {
        // Megatron-Core counts the embedding and the loss as layers and
        // builds (layers + 1 or 2) / (p·v) units per chunk, asserting the
        // division is exact (get_num_layers_to_build); the first chunk of the
        // first stage may then hold the embedding alone.
        const long long units = w.pipelineSplitUnits();
        const long long chunks = static_cast<long long>(p.pipeline) * p.virtualStages;
        const char* counted = w.embeddingInPipelineSplit && w.lossInPipelineSplit
                                  ? "the embedding and the loss"
                              : w.embeddingInPipelineSplit ? "the embedding"
                                                           : "the loss";
        if (units % chunks != 0)
            return "layers plus " + std::string(counted) + " (" + str(units)
                   + ") must be divisible by pipeline × virtual_stages (" + str(chunks)
                   + ") when account_for_embedding_in_pipeline_split or "
                     "account_for_loss_in_pipeline_split is on (Megatron-Core splits them "
                     "evenly)";
    }
    // Interleaving with layers that do not divide evenly (126 layers over
    // 8 stages × 8 chunks) is analysed: chunks hold ⌊L/(p·v)⌋ or one more
    // layer and the slowest stage sets the pace. Every chunk needs a layer.
    if (!unitSplit && p.virtualStages > 1 && m.layers < p.pipeline * p.virtualStages)
        return "layers (" + str(m.layers) + ") must be at least pipeline × virtual_stages ("
               + str(p.pipeline * p.virtualStages) + ") for the interleaved schedule";
    if (p.context < 1)
        return "context must be at least 1";
    if (p.context > 1 && w.kind != WorkloadKind::Training)
        return "context parallelism (context > 1) is a training option";
    // Megatron-Core splits each sequence into 2·cp chunks so causal work is
    // balanced (each rank holds chunk i and 2·cp−1−i).
    if (p.context > 1 && w.sequenceLength % (2 * p.context) != 0)
        return "sequence_length (" + str(w.sequenceLength) + ") must be divisible by 2 × context ("
               + str(2 * p.context) + ") for load-balanced context parallelism";
    if (p.expert > 1 && m.experts % p.expert != 0)
        return "experts (" + str(m.experts) + ") must be divisible by expert parallelism ("
               + str(p.expert) + ")";
    if (w.kind == WorkloadKind::Training && p.data > 0) {
        const long long unit = static_cast<long long>(w.microBatchSize) * p.data;
        if (unit <= 0 || w.globalBatchSize % unit != 0)
            return "global_batch_size (" + str(w.globalBatchSize)
                   + ") must be divisible by micro_batch_size × data (" + str(unit) + ")";
        if (p.expert > 1 && p.data % p.expert != 0)
            return "data (" + str(p.data) + ") must be divisible by expert (" + str(p.expert)
                   + ") (expert parallelism shards the data-parallel group)";
    }
    if (w.kind == WorkloadKind::Training && p.virtualStages > 1 && p.pipeline == 1)
        return "virtual_stages > 1 needs pipeline > 1";
    // Megatron-Core refuses CPU activation offload with pipeline parallelism
    // and with recompute (TransformerConfig.__post_init__: "no support for
    // Pipeline parallelism with CPU offloading", "CPU offloading does not
    // work when activation recomputation is enabled").
    if (w.kind == WorkloadKind::Training && w.activationOffloadLayers > 0) {
        if (p.pipeline > 1)
            return "activation_offload_layers needs pipeline 1 (Megatron-Core offloads "
                   "activations only without pipeline parallelism)";
        if (p.recompute != Recompute::None)
            return "activation_offload_layers needs recompute \"none\" (Megatron-Core does not "
                   "offload activations that are recomputed)";
    }
    return {};
}

void validateWorkload(const Workload& w, const std::string& pointer, std::vector<Problem>& problems)
{
    if (w.kind == WorkloadKind::Training) {
        if (w.fineTune == FineTune::Qlora && w.precision == Precision::Fp32)
            problems.push_back({pointer + "/precision",
                                "qlora computes in bf16/fp16; fp32 precision is not a QLoRA setup"});
        if ((w.fineTune != FineTune::Full) && w.loraRank <= 0)
            problems.push_back({pointer + "/lora_rank", "must be greater than 0"});
        if (w.precision == Precision::Int8 || w.precision == Precision::Int4)
            problems.push_back({pointer + "/precision",
                                "training math precision must be fp32, bf16, fp16 or fp8 (int8/int4 "
                                "are serving formats; use fine_tune \"qlora\" for 4-bit weights)"});
    }
    if (w.kind == WorkloadKind::Training && w.offload == Offload::OptimizerAndWeights
        && w.parallelism && w.parallelism->zeroStage < 3)
        problems.push_back({pointer + "/offload",
                            "optimizer_and_weights offloads parameters, which needs "
                            "parallelism.zero_stage 3 (DeepSpeed offload_param is ZeRO-3 only)"});
    if (w.kind == WorkloadKind::Training && w.offload == Offload::Optimizer && w.parallelism
        && w.parallelism->zeroStage < 1)
        problems.push_back({pointer + "/offload",
                            "optimizer offload partitions the optimizer state, which needs "
                            "parallelism.zero_stage 1 or higher (ZeRO-Offload)"});
    if (w.kind == WorkloadKind::Training && w.activationOffloadLayers >= w.model.layers
        && w.activationOffloadLayers > 0)
        problems.push_back({pointer + "/activation_offload_layers",
                            "must be less than the model's layers (" + str(w.model.layers)
                                + "), as Megatron-Core requires (TransformerConfig)"});
    if (!w.parallelism)
        return;
    const std::string violation = planRuleViolation(w, *w.parallelism);
    if (!violation.empty())
        problems.push_back({pointer + "/parallelism", violation});
}

} // namespace infrafit
