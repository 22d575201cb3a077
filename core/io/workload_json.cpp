// SPDX-License-Identifier: Apache-2.0
#include "core/io/workload_json.h"

#include "core/io/field_reader.h"
#include "core/io/model_json.h"
#include "core/io/serving_demand_json.h"
#include "core/workload/workload_validation.h"

namespace infrafit {
namespace {

// Upper bounds, as the workload editor allows them (ui/project/
// workload_form.cpp): they keep token and batch products finite and plan
// loops short (docs/security.md). Data parallelism up to all GPUs of the
// largest configuration (1024 per node × 100,000 nodes).
constexpr long long maxParallel = 1024;
constexpr long long maxDataParallel = 1024LL * 100000;
constexpr long long maxWorkloadTokens = 1 << 22;
constexpr long long maxMicroBatch = 1 << 16;
constexpr long long maxRank = 4096;
constexpr long long maxRequests = 1 << 24;
constexpr long long maxCheckpoints = 1000;

std::optional<Parallelism> parallelismFromJson(
    const nlohmann::json& json, const std::string& pointer, std::vector<Problem>& problems)
{
    const auto before = problems.size();
    FieldReader r(json, pointer, problems);
    Parallelism p;
    r.readInt("tensor", p.tensor, false, 1, maxParallel);
    r.readInt("pipeline", p.pipeline, false, 1, maxParallel);
    r.readInt("data", p.data, false, 1, maxDataParallel);
    r.readInt("expert", p.expert, false, 1, maxParallel);
    r.readInt("zero_stage", p.zeroStage, false, 0);
    if (p.zeroStage > 3)
        r.problem("zero_stage", "must be 0, 1, 2 or 3 (got " + std::to_string(p.zeroStage) + ")");
    bool fsdp = false;
    r.readBool("fsdp", fsdp);
    if (fsdp) {
        if (r.has("zero_stage") && p.zeroStage != 3)
            r.problem("fsdp", "fsdp (full shard) means zero_stage 3; remove one of them");
        p.zeroStage = 3; // FSDP FULL_SHARD = ZeRO-3 (llm-analysis README mapping)
    }
    r.readBool("sequence_parallel", p.sequenceParallel);
    r.readEnum("recompute", p.recompute);
    r.readInt("virtual_stages", p.virtualStages, false, 1, maxParallel);
    r.readInt("context", p.context, false, 1, maxParallel);
    if (problems.size() != before)
        return std::nullopt;
    return p;
}

/// `lora_targets`: "all" or a list of q, k, v, o, gate, up, down;
/// `tp_comm_overlap`: bool (absent = default for the GPU family).
void readSpeedModelInputs(const nlohmann::json& json, FieldReader& r, Workload& w)
{
    bool overlap = false;
    if (r.has("tp_comm_overlap") && r.readBool("tp_comm_overlap", overlap))
        w.tpCommOverlap = overlap;
    if (!r.has("lora_targets"))
        return;
    const nlohmann::json& value = json.at("lora_targets");
    if (value.is_string() && value.get<std::string>() == "all") {
        w.loraTargets = loraTargetsAll;
        return;
    }
    const std::string allowed = "\"all\" or a list of q, k, v, o, gate, up, down";
    if (!value.is_array() || value.empty()) {
        r.problem("lora_targets", "must be " + allowed);
        return;
    }
    unsigned set = 0;
    for (std::size_t i = 0; i < value.size(); ++i) {
        const nlohmann::json& item = value[i];
        const std::string key = "lora_targets/" + std::to_string(i);
        if (!item.is_string()) {
            r.problem(key.c_str(), "must be a string (" + allowed + ")");
            return;
        }
        const std::string name = item.get<std::string>();
        if (name == "all") {
            set = loraTargetsAll;
            continue;
        }
        bool known = false;
        for (std::size_t bit = 0; bit < loraTargetNames.size(); ++bit) {
            if (name == loraTargetNames[bit]) {
                set |= 1u << bit;
                known = true;
            }
        }
        if (!known) {
            r.problem(key.c_str(),
                "unknown LoRA target \"" + name.substr(0, 40) + "\" (allowed: " + allowed + ")");
            return;
        }
    }
    w.loraTargets = set;
}

nlohmann::json loraTargetsToJson(unsigned set)
{
    if (set == loraTargetsAll)
        return "all";
    nlohmann::json list = nlohmann::json::array();
    for (std::size_t bit = 0; bit < loraTargetNames.size(); ++bit)
        if ((set & (1u << bit)) != 0)
            list.push_back(std::string(loraTargetNames[bit]));
    return list;
}

/// Storage and host fields (core/storage). Ranges: interval > 0, share in
/// (0, 1), kept >= 1, byte sizes > 0, needs >= 0.
void readStorageAndHost(FieldReader& r, Workload& w)
{
    r.readDouble("checkpoint_interval_hours", w.checkpointIntervalHours, false, 0.0, true);
    r.readDouble("max_checkpoint_share", w.maxCheckpointShare, false, 0.0, true, 0.99);
    r.readInt("checkpoints_kept", w.checkpointsKept, false, 1, maxCheckpoints);
    r.readEnum("checkpoint_target", w.checkpointTarget);
    double value = 0;
    if (r.has("data_bytes_per_token")
        && r.readDouble("data_bytes_per_token", value, false, 0.0, true))
        w.dataBytesPerToken = value;
    if (r.has("sample_bytes") && r.readDouble("sample_bytes", value, false, 0.0, true))
        w.sampleBytes = value;
    r.readEnum("data_source", w.dataSource);
    r.readEnum("offload", w.offload);
    r.readEnum("model_load_source", w.modelLoadSource);
    r.readDouble("kv_offload_gb_per_gpu", w.kvOffloadGbPerGpu, false, 0.0);
    if (r.has("cpu_cores_per_gpu_needed")
        && r.readDouble("cpu_cores_per_gpu_needed", value, false, 0.0))
        w.cpuCoresPerGpuNeeded = value;
    if (r.has("host_memory_per_gpu_gb_needed")
        && r.readDouble("host_memory_per_gpu_gb_needed", value, false, 0.0))
        w.hostMemoryPerGpuGbNeeded = value;
}

void writeStorageAndHost(const Workload& w, nlohmann::json& j)
{
    j["checkpoint_interval_hours"] = w.checkpointIntervalHours;
    j["max_checkpoint_share"] = w.maxCheckpointShare;
    j["checkpoints_kept"] = w.checkpointsKept;
    j["checkpoint_target"] = std::string(enumName(w.checkpointTarget));
    if (w.dataBytesPerToken)
        j["data_bytes_per_token"] = *w.dataBytesPerToken;
    if (w.sampleBytes)
        j["sample_bytes"] = *w.sampleBytes;
    j["data_source"] = std::string(enumName(w.dataSource));
    j["offload"] = std::string(enumName(w.offload));
    j["model_load_source"] = std::string(enumName(w.modelLoadSource));
    j["kv_offload_gb_per_gpu"] = w.kvOffloadGbPerGpu;
    if (w.cpuCoresPerGpuNeeded)
        j["cpu_cores_per_gpu_needed"] = *w.cpuCoresPerGpuNeeded;
    if (w.hostMemoryPerGpuGbNeeded)
        j["host_memory_per_gpu_gb_needed"] = *w.hostMemoryPerGpuGbNeeded;
}

} // namespace

std::optional<Workload> workloadFromJson(
    const nlohmann::json& json, const std::string& pointer, std::vector<Problem>& problems)
{
    const auto before = problems.size();
    FieldReader r(json, pointer, problems);
    if (!r.isObject())
        return std::nullopt;
    Workload w;
    r.readString("name", w.name, true);
    if (r.has("name") && w.name.empty())
        r.problem("name", "must not be empty");
    r.readEnum("kind", w.kind, true);
    if (r.has("model")) {
        if (auto model = modelFromJson(json.at("model"), pointer + "/model", problems))
            w.model = *model;
    } else {
        r.problem("model", "is required");
    }
    r.readEnum("precision", w.precision);
    r.readInt("sequence_length", w.sequenceLength, w.kind == WorkloadKind::Training, 1,
        maxWorkloadTokens);
    r.readInt64("global_batch_size", w.globalBatchSize, false, 1);
    r.readInt("micro_batch_size", w.microBatchSize, false, 1, maxMicroBatch);
    r.readEnum("optimizer", w.optimizer);
    r.readEnum("fine_tune", w.fineTune);
    r.readInt("lora_rank", w.loraRank, false, 1, maxRank);
    r.readBool("fp32_grad_buffer", w.fp32GradBuffer);
    readSpeedModelInputs(json, r, w);
    if (r.has("parallelism")) {
        if (auto plan
            = parallelismFromJson(json.at("parallelism"), pointer + "/parallelism", problems))
            w.parallelism = *plan;
    }
    r.readBool("flash_attention", w.flashAttention);
    r.readDouble("dropout", w.dropout, false, 0.0, false, 0.99);
    r.readDouble("training_tokens", w.trainingTokens, false, 0.0);
    // prompt_tokens, output_tokens and the serving demand (open/closed loop, SLA).
    readServingDemand(json, pointer, w, problems);
    r.readInt("concurrent_requests", w.concurrentRequests, false, 1, maxRequests);
    r.readEnum("kv_cache_precision", w.kvCachePrecision);
    if (w.kvCachePrecision == Precision::Int4 || w.kvCachePrecision == Precision::Fp4)
        r.problem(
            "kv_cache_precision", "4-bit KV cache is not supported (use fp16, bf16, fp8 or int8)");
    r.readDouble("gpu_memory_utilization", w.gpuMemoryUtilization, false, 0.0, true, 1.0);
    r.readInt("kv_block_size", w.kvBlockSize, false, 1, maxWorkloadTokens);
    r.readInt("max_batch", w.maxBatch, false, 1, maxRequests);
    r.readEnum("batching", w.batching);
    r.readBool("decode_kv_per_query_head", w.decodeKvPerQueryHead);
    double efficiency = 0;
    if (r.has("efficiency") && r.readDouble("efficiency", efficiency, false, 0.0, true, 1.0))
        w.efficiency = efficiency;
    readStorageAndHost(r, w);
    if (problems.size() == before)
        validateWorkload(w, pointer, problems);
    if (problems.size() != before)
        return std::nullopt;
    return w;
}

nlohmann::json parallelismToJson(const Parallelism& p)
{
    nlohmann::json j = nlohmann::json::object();
    j["tensor"] = p.tensor;
    j["pipeline"] = p.pipeline;
    if (p.data > 0)
        j["data"] = p.data;
    j["expert"] = p.expert;
    j["zero_stage"] = p.zeroStage;
    j["sequence_parallel"] = p.sequenceParallel;
    j["recompute"] = std::string(enumName(p.recompute));
    j["virtual_stages"] = p.virtualStages;
    if (p.context != 1)
        j["context"] = p.context;
    return j;
}

nlohmann::json workloadToJson(const Workload& w)
{
    nlohmann::json j = nlohmann::json::object();
    j["name"] = w.name;
    j["kind"] = std::string(enumName(w.kind));
    j["model"] = modelToJson(w.model);
    j["precision"] = std::string(enumName(w.precision));
    j["sequence_length"] = w.sequenceLength;
    j["global_batch_size"] = w.globalBatchSize;
    j["micro_batch_size"] = w.microBatchSize;
    j["optimizer"] = std::string(enumName(w.optimizer));
    j["fine_tune"] = std::string(enumName(w.fineTune));
    j["lora_rank"] = w.loraRank;
    j["fp32_grad_buffer"] = w.fp32GradBuffer;
    if (w.loraTargets != loraTargetsAll)
        j["lora_targets"] = loraTargetsToJson(w.loraTargets);
    if (w.tpCommOverlap)
        j["tp_comm_overlap"] = *w.tpCommOverlap;
    if (w.parallelism)
        j["parallelism"] = parallelismToJson(*w.parallelism);
    j["flash_attention"] = w.flashAttention;
    j["dropout"] = w.dropout;
    j["training_tokens"] = w.trainingTokens;
    j["concurrent_requests"] = w.concurrentRequests;
    j["kv_cache_precision"] = std::string(enumName(w.kvCachePrecision));
    j["gpu_memory_utilization"] = w.gpuMemoryUtilization;
    j["kv_block_size"] = w.kvBlockSize;
    j["max_batch"] = w.maxBatch;
    j["batching"] = std::string(enumName(w.batching));
    if (w.decodeKvPerQueryHead)
        j["decode_kv_per_query_head"] = true;
    if (w.efficiency)
        j["efficiency"] = *w.efficiency;
    writeStorageAndHost(w, j);
    writeServingDemand(w, j);
    return j;
}

} // namespace infrafit
