// SPDX-License-Identifier: Apache-2.0
#include "core/model/model_validation.h"

#include <algorithm>

namespace infrafit {

void validateModel(const ModelSpec& m, const std::string& pointer, std::vector<Problem>& problems)
{
    auto add = [&](const char* key, std::string message) {
        problems.push_back({pointer + "/" + key, std::move(message)});
    };
    auto positive = [&](const char* key, int value) {
        if (value <= 0) {
            add(key, "must be greater than 0 (got " + std::to_string(value) + ")");
            return false;
        }
        return true;
    };
    const bool layersOk = positive("layers", m.layers);
    const bool hiddenOk = positive("hidden_size", m.hiddenSize);
    const bool headsOk = positive("attention_heads", m.attentionHeads);
    const bool kvOk = positive("kv_heads", m.kvHeads);
    positive("ffn_hidden_size", m.ffnHiddenSize);
    positive("vocab_size", m.vocabSize);
    if (headsOk && kvOk && !m.isMla()) {
        if (m.kvHeads > m.attentionHeads)
            add("kv_heads", "must not exceed attention_heads (" + std::to_string(m.kvHeads) + " > "
                                + std::to_string(m.attentionHeads) + ")");
        else if (m.attentionHeads % m.kvHeads != 0)
            add("kv_heads", "attention_heads (" + std::to_string(m.attentionHeads)
                                + ") must be divisible by kv_heads ("
                                + std::to_string(m.kvHeads) + ")");
    }
    if (hiddenOk && headsOk && m.headDim <= 0 && !m.isMla()
        && m.hiddenSize % m.attentionHeads != 0)
        add("hidden_size", "must be divisible by attention_heads ("
                               + std::to_string(m.attentionHeads) + ") unless head_dim is given");
    if (m.headDim < 0)
        add("head_dim", "must not be negative");
    if (m.experts < 1)
        add("experts", "must be at least 1");
    if (m.expertsPerToken < 1 || m.expertsPerToken > std::max(1, m.experts))
        add("experts_per_token", "must be between 1 and experts ("
                                     + std::to_string(m.experts) + ")");
    if (m.firstDenseLayers < 0 || (layersOk && m.isMoe() && m.firstDenseLayers >= m.layers))
        add("first_dense_layers", "must be between 0 and layers - 1");
    if (m.sharedExperts < 0)
        add("shared_experts", "must not be negative");
    if (m.moeFfnHiddenSize < 0)
        add("moe_ffn_hidden_size", "must not be negative");
    if (m.slidingWindow < 0)
        add("sliding_window", "must not be negative (0 = full attention)");
    if (m.positionEmbedding == PositionEmbedding::Learned && m.maxPositions <= 0)
        add("max_positions", "must be greater than 0 with learned position embeddings");
    if (m.isMla()) {
        if (m.qkRopeHeadDim <= 0)
            add("qk_rope_head_dim", "must be greater than 0 for MLA (kv_lora_rank > 0)");
        if (m.qkNopeHeadDim <= 0)
            add("qk_nope_head_dim", "must be greater than 0 for MLA (kv_lora_rank > 0)");
        if (m.vHeadDim <= 0)
            add("v_head_dim", "must be greater than 0 for MLA (kv_lora_rank > 0)");
        if (m.qLoraRank < 0)
            add("q_lora_rank", "must not be negative");
    }
}

} // namespace infrafit
