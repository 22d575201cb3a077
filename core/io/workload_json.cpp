// SPDX-License-Identifier: Apache-2.0
#include "core/io/workload_json.h"

#include "core/io/field_reader.h"
#include "core/io/key_use.h"
#include "core/io/model_json.h"
#include "core/io/project_field_json.h"
#include "core/io/serving_demand_json.h"
#include "core/project/workload_fields.h"
#include "core/software/software_version.h"
#include "core/workload/workload_validation.h"

namespace infrafit {

std::optional<Parallelism> parallelismFromJson(
    const nlohmann::json& json, const std::string& pointer, std::vector<Problem>& problems)
{
    const auto before = problems.size();
    FieldReader r(json, pointer, problems);
    Parallelism p;
    // Types and ranges: core/project/workload_fields.cpp.
    readProjectFields(r, parallelismFields(), p);
    bool fsdp = false;
    r.readBool("fsdp", fsdp);
    if (fsdp) {
        if (r.has("zero_stage") && p.zeroStage != 3)
            r.problem("fsdp", "fsdp (full shard) means zero_stage 3; remove one of them");
        p.zeroStage = 3; // FSDP FULL_SHARD = ZeRO-3 (llm-analysis README mapping)
    }
    if (problems.size() != before)
        return std::nullopt;
    return p;
}

namespace {

/// `lora_targets`: "all" or a list of q, k, v, o, gate, up, down;
/// `tp_comm_overlap`: bool (absent = default for the GPU family);
/// `pp_comm_overlap`: bool (absent = on with virtual stages).
void readSpeedModelInputs(const nlohmann::json& json, FieldReader& r, Workload& w)
{
    bool overlap = false;
    if (r.has("tp_comm_overlap") && r.readBool("tp_comm_overlap", overlap))
        w.tpCommOverlap = overlap;
    if (r.has("pp_comm_overlap") && r.readBool("pp_comm_overlap", overlap))
        w.ppCommOverlap = overlap;
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

/// The version texts of the optional `software` object (its choices come
/// from the registry): each a dotted version ("2.7.0", "R570").
void readWorkloadSoftwareTexts(const nlohmann::json& json, const std::string& pointer,
                               Workload& w, std::vector<Problem>& problems)
{
    const auto* it = lookUpMember(json, "software");
    if (!it || !it->is_object())
        return; // a non-object was reported by the registry's reader
    FieldReader r(*it, pointer + "/software", problems);
    const auto version = [&r](const char* key, std::string& target) {
        if (!r.readString(key, target))
            return;
        if (!target.empty() && !isVersionText(target))
            r.problem(key, "must be a version such as \"2.7.0\" or \"R570\" (got \"" + target
                               + "\")");
    };
    version("framework_version", w.software.frameworkVersion);
    version("serving_engine_version", w.software.servingEngineVersion);
    version("driver_branch", w.software.driverBranch);
    version("toolkit_version", w.software.toolkitVersion);
}

void writeWorkloadSoftwareTexts(const WorkloadSoftware& software, nlohmann::json& j)
{
    const auto text = [&j](const char* key, const std::string& value) {
        if (!value.empty())
            j["software"][key] = value;
    };
    text("framework_version", software.frameworkVersion);
    text("serving_engine_version", software.servingEngineVersion);
    text("driver_branch", software.driverBranch);
    text("toolkit_version", software.toolkitVersion);
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
    if (r.readString("name", w.name, true) && w.name.empty())
        r.problem("name", "must not be empty");
    r.readEnum("kind", w.kind, true);
    if (r.has("model")) {
        if (auto model = modelFromJson(json.at("model"), pointer + "/model", problems))
            w.model = *model;
    } else {
        r.problem("model", "is required");
    }
    // Every scalar field from the registry (core/project/workload_fields.cpp).
    readProjectFields(r, workloadFields(), w, [&w](std::string_view key) {
        return key == "sequence_length" && w.kind == WorkloadKind::Training;
    });
    readSpeedModelInputs(json, r, w);
    if (r.has("parallelism")) {
        if (auto plan
            = parallelismFromJson(json.at("parallelism"), pointer + "/parallelism", problems))
            w.parallelism = *plan;
    }
    // prompt_tokens, output_tokens and the serving demand (open/closed loop, SLA).
    readServingDemand(json, pointer, w, problems);
    readWorkloadSoftwareTexts(json, pointer, w, problems);
    if (w.kvCachePrecision == Precision::Int4 || w.kvCachePrecision == Precision::Fp4)
        r.problem(
            "kv_cache_precision", "4-bit KV cache is not supported (use fp16, bf16, fp8 or int8)");
    if (problems.size() == before)
        validateWorkload(w, pointer, problems);
    if (problems.size() != before)
        return std::nullopt;
    return w;
}

nlohmann::json parallelismToJson(const Parallelism& p)
{
    nlohmann::json j = nlohmann::json::object();
    writeProjectFields(parallelismFields(), p, j);
    return j;
}

nlohmann::json workloadToJson(const Workload& w)
{
    nlohmann::json j = nlohmann::json::object();
    j["name"] = w.name;
    j["kind"] = std::string(enumName(w.kind));
    j["model"] = modelToJson(w.model);
    writeProjectFields(workloadFields(), w, j);
    if (w.loraTargets != loraTargetsAll)
        j["lora_targets"] = loraTargetsToJson(w.loraTargets);
    if (w.tpCommOverlap)
        j["tp_comm_overlap"] = *w.tpCommOverlap;
    if (w.ppCommOverlap)
        j["pp_comm_overlap"] = *w.ppCommOverlap;
    if (w.parallelism)
        j["parallelism"] = parallelismToJson(*w.parallelism);
    writeServingDemand(w, j);
    writeWorkloadSoftwareTexts(w.software, j);
    return j;
}

} // namespace infrafit
