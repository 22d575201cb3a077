// SPDX-License-Identifier: Apache-2.0
#include "core/io/model_presets.h"

#include "core/base/input_error.h"
#include "core/io/model_json.h"

#include "embedded_model_presets_json.h"

#include <nlohmann/json.hpp>

namespace infrafit {
namespace {

std::vector<ModelPreset> loadPresets()
{
    const auto* begin = reinterpret_cast<const char*>(embedded_model_presets_json);
    const auto document = nlohmann::json::parse(begin, begin + embedded_model_presets_json_size);
    std::vector<ModelPreset> presets;
    std::vector<Problem> problems;
    const auto& list = document.at("presets");
    for (std::size_t i = 0; i < list.size(); ++i) {
        const auto& entry = list[i];
        const std::string pointer = "/presets/" + std::to_string(i);
        if (entry.contains("preset")) {
            problems.push_back({pointer, "a preset cannot refer to another preset"});
            continue;
        }
        auto model = modelFromJson(entry, pointer, problems);
        if (!model)
            continue;
        ModelPreset preset;
        preset.key = entry.at("key").get<std::string>();
        preset.model = *model;
        preset.publishedParameters = entry.value("published_parameters", 0.0);
        preset.publishedActiveParameters = entry.value("published_active_parameters", 0.0);
        presets.push_back(std::move(preset));
    }
    if (!problems.empty())
        throw InputError("core/data/model-presets.json", std::move(problems));
    return presets;
}

} // namespace

const std::vector<ModelPreset>& modelPresets()
{
    static const std::vector<ModelPreset> presets = loadPresets();
    return presets;
}

std::optional<ModelSpec> findModelPreset(std::string_view key)
{
    for (const auto& preset : modelPresets()) {
        if (preset.key == key)
            return preset.model;
    }
    return std::nullopt;
}

} // namespace infrafit
