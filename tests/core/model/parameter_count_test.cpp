// SPDX-License-Identifier: Apache-2.0
#include "core/io/model_presets.h"
#include "core/model/parameter_count.h"

#include <catch2/catch.hpp>

using namespace infrafit;

namespace {
double total(const char* key) { return countParameters(*findModelPreset(key)).total; }
double active(const char* key) { return countParameters(*findModelPreset(key)).active; }
} // namespace

// Published totals: Hugging Face model pages / papers named in each preset's
// `source`. Tolerances: 0.5 % where the publisher gives 3 significant
// digits, 1 % for "175B"/"13B"/"69B" headline figures, 2 % for DeepSeek's
// rounded "37B activated".
TEST_CASE("Parameter totals match published figures (Llama 2 / 3.1, Mistral, GPT-3)", "[model]")
{
    CHECK(total("llama-2-7b") == Approx(6.74e9).epsilon(0.005));
    CHECK(total("llama-2-13b") == Approx(13.0e9).epsilon(0.005));
    CHECK(total("llama-2-70b") == Approx(69.0e9).epsilon(0.005));
    CHECK(total("llama-3.1-8b") == Approx(8.03e9).epsilon(0.005));
    CHECK(total("llama-3.1-70b") == Approx(70.6e9).epsilon(0.005));
    CHECK(total("llama-3.1-405b") == Approx(405.9e9).epsilon(0.005));
    CHECK(total("mistral-7b") == Approx(7.24e9).epsilon(0.005));
    // GPT-3: Brown et al. 2020 Table 2.1 "175.0B"
    CHECK(total("gpt-3-175b") == Approx(175.0e9).epsilon(0.01));
}

TEST_CASE("Exact Llama-2-7B count (HF safetensors: 6,738,415,616)", "[model]")
{
    CHECK(total("llama-2-7b") == 6738415616.0);
}

TEST_CASE("Mixtral 8x7B: 46.7B total / 12.9B active (Mistral AI, 'Mixtral of Experts')",
          "[model][moe]")
{
    CHECK(total("mixtral-8x7b") == Approx(46.7e9).epsilon(0.005));
    CHECK(active("mixtral-8x7b") == Approx(12.9e9).epsilon(0.005));
}

TEST_CASE("DeepSeek-V3 (MLA + MoE): 671B total / 37B activated (DeepSeek-V3 report §2)",
          "[model][moe][mla]")
{
    CHECK(total("deepseek-v3") == Approx(671.0e9).epsilon(0.005));
    CHECK(active("deepseek-v3") == Approx(37.0e9).epsilon(0.02));
}

TEST_CASE("Every preset names its source and matches its published total", "[model]")
{
    REQUIRE(modelPresets().size() >= 10);
    for (const auto& preset : modelPresets()) {
        INFO(preset.key);
        CHECK_FALSE(preset.model.source.empty());
        const auto count = countParameters(preset.model);
        CHECK(count.active <= count.total);
        if (preset.publishedParameters > 0)
            CHECK(count.total == Approx(preset.publishedParameters).epsilon(0.01));
    }
}

TEST_CASE("Parameter count components: GPT block is 12h^2 + 13h (BLOOM README form)", "[model]")
{
    ModelSpec m;
    m.layers = 2;
    m.hiddenSize = 1024;
    m.attentionHeads = 16;
    m.kvHeads = 16;
    m.ffnHiddenSize = 4096;
    m.vocabSize = 1000;
    const auto c = countParameters(m);
    const double h = 1024;
    CHECK(c.perDenseLayer == 12 * h * h + 13 * h);
    // Tied embeddings: no separate head; untied adds V·h.
    m.tiedEmbeddings = false;
    CHECK(countParameters(m).total - c.total == 1000 * h);
    // GQA shrinks K and V: 2·h·h·(1 + g/a) for attention weights.
    m.kvHeads = 4;
    m.bias = false;
    CHECK(countParameters(m).attentionPerLayer == 2 * h * h * (1 + 4.0 / 16));
}
