// SPDX-License-Identifier: Apache-2.0
#include "core/io/model_json.h"

#include "core/io/field_reader.h"
#include "core/io/message_text.h"
#include "core/model/model_presets.h"
#include "core/model/model_validation.h"

namespace infrafit {

namespace {

// Upper bounds of the architecture, as the workload editor allows them
// (ui/project/workload_form.cpp; published models are far below): they keep
// the analysis loops over layers short and its products finite
// (docs/security.md).
constexpr long long maxLayers = 1000;
constexpr long long maxWidth = 1 << 22;
constexpr long long maxHeads = 4096;
constexpr long long maxVocabulary = 1 << 24;
constexpr long long maxModelTokens = 1 << 24;

} // namespace

std::optional<ModelSpec> modelFromJson(
    const nlohmann::json& json, const std::string& pointer, std::vector<Problem>& problems)
{
    const auto before = problems.size();
    FieldReader r(json, pointer, problems);
    if (!r.isObject())
        return std::nullopt;
    ModelSpec m;
    std::string preset;
    r.readString("preset", preset);
    const bool fromPreset = !preset.empty();
    if (fromPreset) {
        if (auto found = findModelPreset(preset)) {
            m = *found;
        } else {
            std::string known;
            for (const auto& candidate : modelPresets())
                known += (known.empty() ? "" : ", ") + candidate.key;
            r.problem("preset",
                "unknown model preset \"" + shortenedValue(preset) + "\" (known presets: " + known
                    + ")");
        }
    }
    const bool req = !fromPreset;
    r.readString("name", m.name);
    r.readString("source", m.source);
    r.readInt("layers", m.layers, req, 1, maxLayers);
    r.readInt("hidden_size", m.hiddenSize, req, 1, maxWidth);
    r.readInt("attention_heads", m.attentionHeads, req, 1, maxHeads);
    if (!r.has("kv_heads") && !fromPreset)
        m.kvHeads = m.attentionHeads;
    r.readInt("kv_heads", m.kvHeads, false, 1, maxHeads);
    r.readInt("ffn_hidden_size", m.ffnHiddenSize, req, 1, maxWidth);
    r.readInt("vocab_size", m.vocabSize, req, 1, maxVocabulary);
    r.readBool("gated_mlp", m.gatedMlp);
    r.readBool("tied_embeddings", m.tiedEmbeddings);
    r.readInt("experts", m.experts, false, 1, maxHeads);
    r.readInt("experts_per_token", m.expertsPerToken, false, 1, maxHeads);
    r.readEnum("norm", m.norm);
    r.readBool("bias", m.bias);
    r.readEnum("position_embedding", m.positionEmbedding);
    r.readInt("max_positions", m.maxPositions, false, 1, maxModelTokens);
    r.readInt("head_dim", m.headDim, false, 1, maxWidth);
    r.readInt("q_lora_rank", m.qLoraRank, false, 0, maxWidth);
    r.readInt("kv_lora_rank", m.kvLoraRank, false, 0, maxWidth);
    r.readInt("qk_rope_head_dim", m.qkRopeHeadDim, false, 0, maxWidth);
    r.readInt("qk_nope_head_dim", m.qkNopeHeadDim, false, 0, maxWidth);
    r.readInt("v_head_dim", m.vHeadDim, false, 0, maxWidth);
    r.readInt("moe_ffn_hidden_size", m.moeFfnHiddenSize, false, 0, maxWidth);
    r.readInt("shared_experts", m.sharedExperts, false, 0, maxHeads);
    r.readInt("first_dense_layers", m.firstDenseLayers, false, 0, maxLayers);
    r.readInt("sliding_window", m.slidingWindow, false, 0, maxModelTokens);
    if (problems.size() == before)
        validateModel(m, pointer, problems);
    if (problems.size() != before)
        return std::nullopt;
    return m;
}

nlohmann::json modelToJson(const ModelSpec& m)
{
    nlohmann::json j = nlohmann::json::object();
    if (!m.name.empty())
        j["name"] = m.name;
    if (!m.source.empty())
        j["source"] = m.source;
    j["layers"] = m.layers;
    j["hidden_size"] = m.hiddenSize;
    j["attention_heads"] = m.attentionHeads;
    j["kv_heads"] = m.kvHeads;
    j["ffn_hidden_size"] = m.ffnHiddenSize;
    j["vocab_size"] = m.vocabSize;
    j["gated_mlp"] = m.gatedMlp;
    j["tied_embeddings"] = m.tiedEmbeddings;
    j["experts"] = m.experts;
    j["experts_per_token"] = m.expertsPerToken;
    j["norm"] = std::string(enumName(m.norm));
    j["bias"] = m.bias;
    j["position_embedding"] = std::string(enumName(m.positionEmbedding));
    j["max_positions"] = m.maxPositions;
    auto optional = [&](const char* key, int value) {
        if (value > 0)
            j[key] = value;
    };
    optional("head_dim", m.headDim);
    optional("q_lora_rank", m.qLoraRank);
    optional("kv_lora_rank", m.kvLoraRank);
    optional("qk_rope_head_dim", m.qkRopeHeadDim);
    optional("qk_nope_head_dim", m.qkNopeHeadDim);
    optional("v_head_dim", m.vHeadDim);
    optional("moe_ffn_hidden_size", m.moeFfnHiddenSize);
    optional("shared_experts", m.sharedExperts);
    optional("first_dense_layers", m.firstDenseLayers);
    optional("sliding_window", m.slidingWindow);
    return j;
}

} // namespace infrafit
