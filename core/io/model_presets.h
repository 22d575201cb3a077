// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/model/model_spec.h"

#include <optional>
#include <string_view>
#include <vector>

namespace infrafit {

/// A shipped model preset: a stable key (e.g. "llama-3.1-8b"), the
/// architecture, and the parameter totals its publisher states (for tests
/// and the UI; 0 = not stated).
struct ModelPreset {
    std::string key;
    ModelSpec model;
    double publishedParameters = 0;
    double publishedActiveParameters = 0;
};

/// All presets from core/data/model-presets.json (embedded in the library),
/// parsed once on first use; thread-safe. The file is validated by tests.
const std::vector<ModelPreset>& modelPresets();

/// The preset's model by key (case-sensitive), or nullopt.
std::optional<ModelSpec> findModelPreset(std::string_view key);

} // namespace infrafit
