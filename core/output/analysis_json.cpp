// SPDX-License-Identifier: Apache-2.0
#include "core/output/analysis_json.h"

#include "core/output/infra_json.h"
#include "core/output/serving_json.h"
#include "core/output/storage_json.h"

#include <cmath>

namespace infrafit {
namespace {

// Byte counts as integers (rounded up: never under-state memory). Counts an
// int64 cannot hold (9.2 × 10^18 bytes and more, from extreme inputs) stay
// numbers: converting them would be undefined behaviour.
nlohmann::json bytes(double value)
{
    const double up = std::ceil(std::max(0.0, value));
    if (up < 9.0e18)
        return static_cast<long long>(up);
    return up;
}

// A count rounded to an integer; beyond an int64 (llround would give an
// unspecified result) it stays a number.
nlohmann::json wholeNumber(double value)
{
    if (std::fabs(value) < 9.0e18)
        return static_cast<long long>(std::llround(value));
    return std::round(value);
}

// The sum of the lines as bytes() rounds them (so the parts add up exactly);
// a number when the sum would not fit an int64.
nlohmann::json totalBytes(const MemoryLines& m)
{
    long long exact = 0;
    double approximate = 0;
    bool fits = true;
    for (const double line : {m.weightsBytes, m.gradientsBytes, m.optimizerBytes,
                              m.activationsBytes, m.kvCacheBytes, m.overheadBytes()}) {
        const double up = std::ceil(std::max(0.0, line));
        approximate += up;
        fits = fits && approximate < 9.0e18;
        if (fits)
            exact += static_cast<long long>(up);
    }
    if (fits)
        return exact;
    return approximate;
}

nlohmann::json linesToJson(const MemoryLines& m)
{
    return {{"weights", bytes(m.weightsBytes)},
            {"gradients", bytes(m.gradientsBytes)},
            {"optimizer", bytes(m.optimizerBytes)},
            {"activations", bytes(m.activationsBytes)},
            {"kv_cache", bytes(m.kvCacheBytes)},
            {"overhead", bytes(m.overheadBytes())},
            {"total", totalBytes(m)}};
}

nlohmann::json overheadToJson(const MemoryLines& m)
{
    return {{"framework", bytes(m.frameworkBytes)},
            {"comm_buffers", bytes(m.commBuffersBytes)},
            {"allocator_margin", bytes(m.allocatorMarginBytes)}};
}

const char* levelName(LinkLevel level)
{
    switch (level) {
    case LinkLevel::None: return "none";
    case LinkLevel::GpuLink: return "gpu_link";
    case LinkLevel::Pcie: return "pcie";
    case LinkLevel::Nic: return "nic";
    }
    return "none";
}

} // namespace

nlohmann::json analysisResultToJson(const AnalysisResult& r)
{
    nlohmann::json j;
    j["workload"] = r.workloadName;
    j["configuration"] = r.configurationName;
    j["kind"] = std::string(enumName(r.kind));
    j["analyzed"] = r.analyzed;
    j["model"] = {{"parameters", wholeNumber(r.parameters.total)},
                  {"active_parameters", wholeNumber(r.parameters.active)},
                  {"embedding_parameters",
                   wholeNumber(r.parameters.embedding + r.parameters.outputHead)}};
    nlohmann::json memory;
    memory["per_gpu_bytes"] = linesToJson(r.memory);
    memory["overhead_bytes"] = overheadToJson(r.memory);
    memory["gpu_capacity_bytes"] = bytes(r.gpuCapacityBytes);
    memory["usable_bytes"] = bytes(r.usableBytes);
    memory["fits"] = r.fits;
    memory["most_loaded_stage"] = r.mostLoadedStage;
    if (r.kind == WorkloadKind::Training)
        memory["offloaded_activation_bytes"] = bytes(r.offloadedActivationBytes);
    nlohmann::json stages = nlohmann::json::array();
    for (const auto& s : r.stages) {
        nlohmann::json stage = linesToJson(s.memory);
        stages.push_back({{"stage", s.stage}, {"layers", s.layers}, {"per_gpu_bytes", stage}});
    }
    memory["stages"] = std::move(stages);
    j["memory"] = std::move(memory);

    const auto& p = r.performance;
    j["performance"] = {{"step_time_s", p.stepTimeS},
                        {"mfu", p.mfu},
                        {"hfu", p.hfu},
                        {"tokens_per_s", p.tokensPerS},
                        {"training_days", p.trainingDays},
                        {"ttft_s", p.ttftS},
                        {"tpot_s", p.tpotS},
                        {"output_tokens_per_s", p.outputTokensPerS},
                        {"compute_time_s", p.computeTimeS},
                        {"bubble_time_s", p.bubbleTimeS},
                        {"optimizer_time_s", p.optimizerTimeS},
                        {"model_flops_per_step", p.modelFlopsPerStep},
                        {"hardware_flops_per_step", p.hardwareFlopsPerStep},
                        {"roofline_crossover_batch", p.rooflineCrossoverBatch},
                        {"compute_efficiency", r.computeEfficiency},
                        {"binding_limit", std::string(enumName(r.bindingLimit))}};
    if (r.kind == WorkloadKind::Training) {
        j["performance"]["activation_offload_time_s"] = p.activationOffloadTimeS;
        j["performance"]["optimizer_offload_time_s"] = p.optimizerOffloadTimeS;
        j["performance"]["host_optimizer_step_s"] = p.hostOptimizerStepS;
    }
    if (r.kind == WorkloadKind::Inference) {
        j["performance"]["prefill_time_s"] = p.prefillTimeS;
        j["performance"]["serving_batch"] = p.servingBatch;
    }
    if (!speedAvailable(r)) {
        // No speed for a plan that cannot run (docs/user-guide.md "Reports
        // and GUI details"): the keys stay, their values are null.
        for (const char* key : {"step_time_s", "mfu", "hfu", "tokens_per_s", "training_days",
                                "ttft_s", "tpot_s", "output_tokens_per_s", "compute_time_s",
                                "bubble_time_s", "optimizer_time_s", "prefill_time_s",
                                "activation_offload_time_s", "optimizer_offload_time_s",
                                "host_optimizer_step_s"}) {
            if (j["performance"].contains(key))
                j["performance"][key] = nullptr;
        }
    }
    const auto& c = r.interconnect;
    j["interconnect"] = {{"sufficient", c.sufficient && r.analyzed},
                         {"communication_fraction", c.communicationFraction},
                         {"exposed_time_s", c.exposedTimeS},
                         {"tensor", {{"level", levelName(c.tpLevel)}, {"bytes", c.tpBytes}, {"time_s", c.tpTimeS}}},
                         {"pipeline", {{"level", levelName(c.ppLevel)}, {"bytes", c.ppBytes}, {"time_s", c.ppTimeS},
                                       {"exposed_time_s", c.ppExposedS}}},
                         {"data", {{"level", levelName(c.dpLevel)}, {"bytes", c.dpBytes}, {"time_s", c.dpTimeS},
                                   {"exposed_time_s", c.dpExposedS}}},
                         {"expert", {{"level", levelName(c.epLevel)}, {"bytes", c.epBytes}, {"time_s", c.epTimeS}}}};
    if (r.kind == WorkloadKind::Inference) {
        const auto& i = r.inference;
        j["inference"] = {{"replicas", i.replicas},
                          {"requests_per_replica", i.requestsPerReplica},
                          {"kv_bytes_per_token", i.kvBytesPerToken},
                          {"kv_bytes_per_token_per_gpu", i.kvBytesPerTokenPerGpu},
                          {"max_kv_tokens_per_gpu", i.maxKvTokensPerGpu},
                          {"max_concurrent_requests", i.maxConcurrentRequests},
                          {"max_context_tokens", i.maxContextTokens}};
    }
    const auto& pl = r.parallelism;
    j["parallelism"] = {{"tensor", pl.tensor},
                        {"pipeline", pl.pipeline},
                        {"data", pl.data},
                        {"expert", pl.expert},
                        {"zero_stage", pl.zeroStage},
                        {"micro_batch_size", r.microBatchSize},
                        {"recompute", std::string(enumName(pl.recompute))},
                        {"sequence_parallel", pl.sequenceParallel},
                        {"virtual_stages", pl.virtualStages},
                        {"chosen", r.parallelismChosen}};
    nlohmann::json findings = nlohmann::json::array();
    for (const auto& f : r.findings) {
        nlohmann::json item = {{"severity", std::string(enumName(f.severity))},
                               {"code", f.code},
                               {"message", f.message}};
        if (!f.suggestion.empty())
            item["suggestion"] = f.suggestion;
        findings.push_back(std::move(item));
    }
    j["findings"] = std::move(findings);
    j["assumptions"] = r.assumptions;
    if (r.infrastructure)
        addInfrastructureJson(j, *r.infrastructure);
    if (r.storage)
        j["storage"] = storageToJson(*r.storage);
    if (r.host)
        j["host"] = hostToJson(*r.host);
    if (r.serving)
        j["serving"] = servingToJson(*r.serving);
    return j;
}

} // namespace infrafit
