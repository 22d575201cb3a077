// SPDX-License-Identifier: Apache-2.0
// KV-cache bytes per token (worked-examples.json "kv-bytes-per-token-analytic",
// docs/reference/models.md §5) and vLLM capacity (Kwon et al. 2023, vLLM §1/§3: OPT-13B
// 800 KB/token; 12 GB of KV memory → 15.7K token slots).
#include "core/analysis/inference_memory.h"
#include "core/io/model_presets.h"

#include <catch2/catch.hpp>

#include <cmath>

using namespace infrafit;

namespace {
ModelSpec dims(int layers, int hidden, int heads, int kvHeads)
{
    ModelSpec m;
    m.layers = layers;
    m.hiddenSize = hidden;
    m.attentionHeads = heads;
    m.kvHeads = kvHeads;
    m.ffnHiddenSize = 4 * hidden;
    m.vocabSize = 32000;
    return m;
}
double kv(const char* preset) { return kvBytesPerToken(*findModelPreset(preset), 2); }
} // namespace

TEST_CASE("KV bytes/token, bf16, from configs (worked examples)", "[kv]")
{
    CHECK(kv("llama-2-7b") == 524288);
    CHECK(kv("llama-2-13b") == 819200);
    CHECK(kv("llama-2-70b") == 327680);
    CHECK(kv("llama-3.1-8b") == 131072);
    CHECK(kv("llama-3.1-70b") == 327680);
    CHECK(kv("llama-3.1-405b") == 516096);
    CHECK(kv("mistral-7b") == 131072);
    CHECK(kv("mixtral-8x7b") == 131072);
    // OPT-13B (vLLM paper §3: 2 × 5120 × 40 × 2 B = 800 KiB)
    CHECK(kvBytesPerToken(dims(40, 5120, 40, 40), 2) == 800 * 1024);
    // StarCoder 15.5B, MQA (1 KV head; HF optimisation doc): 20 KiB
    CHECK(kvBytesPerToken(dims(40, 6144, 48, 1), 2) == 20480);
    // OPT-66B 2.25 MiB, OPT-175B 4.5 MiB (docs/reference/models.md §5)
    CHECK(kvBytesPerToken(dims(64, 9216, 72, 72), 2) == 2359296);
    CHECK(kvBytesPerToken(dims(96, 12288, 96, 96), 2) == 4718592);
}

TEST_CASE("KV per TP rank: max(g/t, 1) heads; fp8 halves it", "[kv]")
{
    const auto m = *findModelPreset("llama-3.1-70b"); // g = 8
    CHECK(kvBytesPerTokenPerGpu(m, 2, 8, 80) == 327680 / 8);
    CHECK(kvBytesPerTokenPerGpu(m, 2, 16, 80) == 327680 / 8); // replicated: one head per rank
    CHECK(kvBytesPerTokenPerGpu(m, 1, 1, 80) == 327680 / 2);
}

TEST_CASE("MLA caches the compressed latent (DeepSeek-V2 §2.1): (512 + 64) x 61 layers", "[kv]")
{
    CHECK(kv("deepseek-v3") == 61.0 * (512 + 64) * 2);
}

TEST_CASE("vLLM §3: OPT-13B with 12 GiB for KV holds 15.7K token slots", "[kv][vllm]")
{
    const double perToken = kvBytesPerToken(dims(40, 5120, 40, 40), 2);
    const double slots = kvTokenCapacity(12.0 * 1073741824.0, perToken, 16);
    CHECK(slots / 1000 == Approx(15.7).margin(0.05));
    CHECK(std::fmod(slots, 16.0) == 0);
    // 2048-token request: 1.6 GB of KV (vLLM §3: "up to 1.6 GB")
    CHECK(2048 * perToken / 1e9 == Approx(1.6).margin(0.08));
}

TEST_CASE("Paged blocks round up; sliding window caps KV tokens (Mistral 7B §2)", "[kv]")
{
    const auto mistral = *findModelPreset("mistral-7b");
    CHECK(kvTokensPerSequence(mistral, 10000, 16) == 4096);
    auto llama = *findModelPreset("llama-2-7b");
    CHECK(kvTokensPerSequence(llama, 2049, 16) == 2064);
    CHECK(kvTokenCapacity(-5, 100, 16) == 0);
    CHECK(kvTokenCapacity(1e9, 0, 16) == 0);
}
