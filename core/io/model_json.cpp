// SPDX-License-Identifier: Apache-2.0
#include "core/io/model_json.h"

#include "core/io/field_reader.h"
#include "core/base/message_text.h"
#include "core/io/project_field_json.h"
#include "core/io/model_presets.h"
#include "core/model/model_validation.h"
#include "core/project/workload_fields.h"

namespace infrafit {

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
    // The architecture from the registry (core/project/workload_fields.cpp);
    // without a preset the five main dimensions are required. kv_heads by
    // hand: absent, it is the number of attention heads.
    readProjectFields(r, modelFields(), m, [req](std::string_view key) {
        return req
               && (key == "layers" || key == "hidden_size" || key == "attention_heads"
                   || key == "ffn_hidden_size" || key == "vocab_size");
    });
    if (!r.has("kv_heads") && !fromPreset)
        m.kvHeads = m.attentionHeads;
    readProjectField(r, *findModelField("kv_heads"), m, false);
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
    writeProjectFields(modelFields(), m, j);
    j["kv_heads"] = m.kvHeads;
    return j;
}

} // namespace infrafit
