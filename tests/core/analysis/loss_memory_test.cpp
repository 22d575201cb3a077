// SPDX-License-Identifier: Apache-2.0
// The loss's memory on the stage that holds the output layer
// (`fused_cross_entropy`): Megatron-Bridge's GPT models fuse the
// cross-entropy (models/gpt_provider.py, cross_entropy_loss_fusion) with
// Transformer Engine's kernel (perf_recipes/_common.py).
#include "core/analysis/analyze_plan.h"
#include "core/analysis/training_memory.h"
#include "core/io/workload_json.h"
#include "core/model/parameter_count.h"
#include "test_hardware.h"

#include <catch2/catch.hpp>

using namespace infrafit;
using namespace infrafit::testing;

namespace {

/// Llama 3 70B, 64 GB200, FSDP 64, micro-batch 2, 8,192 tokens, FP8.
Workload lossTest70b()
{
    Parallelism plan;
    plan.data = 64;
    plan.zeroStage = 3;
    Workload w = presetTraining("llama-3.1-70b", plan, 8192, 256);
    w.microBatchSize = 2;
    w.precision = Precision::Fp8;
    return w;
}

} // namespace

TEST_CASE("A fused cross-entropy keeps only the 16-bit logits (Transformer Engine's "
          "parallel_cross_entropy)",
          "[analysis][memory][loss]")
{
    // The last stage holds the logits: s·b·V/t values. Unfused, 2 bytes of
    // logits plus a 4-byte fp32 copy; fused, 2 bytes
    // (transformer_engine/pytorch/cross_entropy.py saves its bf16 input).
    Workload w = lossTest70b();
    const ActivationSplit unfused = firstStageActivations(w);
    w.fusedCrossEntropy = true;
    const ActivationSplit fused = firstStageActivations(w);
    const double logits = 8192.0 * 2 * 128256; // s × micro-batch × vocabulary, t = 1
    CHECK(unfused.logits - fused.logits == Approx(4.0 * logits).epsilon(1e-12));
    CHECK(fused.layers == Approx(unfused.layers));
    // About 7.8 GiB for Llama 3 70B at 2 × 8,192 tokens.
    CHECK((unfused.logits - fused.logits) / (1LL << 30) == Approx(7.83).epsilon(0.01));
    const auto r = analyzeWithPlan(w, gb200Trays(16, true), *w.parallelism);
    bool stated = false;
    for (const auto& line : r.assumptions)
        stated = stated || line.find("fused cross-entropy keeps only the logits in the compute type")
                               != std::string::npos;
    CHECK(stated);
    // Written to the project file only when on.
    CHECK(workloadToJson(w).at("fused_cross_entropy") == true);
    w.fusedCrossEntropy = false;
    CHECK_FALSE(workloadToJson(w).contains("fused_cross_entropy"));
}
