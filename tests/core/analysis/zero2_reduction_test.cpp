// SPDX-License-Identifier: Apache-2.0
// ZeRO-2's gradient reduction: every micro-batch, since the rank keeps only
// its gradient shard (DeepSpeed engine.py, allreduce_gradients(): "ZeRO
// stage >= 2 communicates during non gradient accumulation boundaries as
// well"), then one all-gather of the updated weights after the step
// (stage_1_and_2.py step(), all_gather_dp_groups).
#include "core/pipeline/analyze.h"
#include "core/analysis/communication.h"
#include "core/analysis/hardware_rates.h"
#include "core/analysis/training_constants.h"
#include "test_hardware.h"

#include <catch2/catch.hpp>

using namespace infrafit;
using namespace infrafit::testing;

namespace {

/// Llama 2 7B on 2 nodes × 8 H100, data parallel 16, micro-batch 1
/// (global batch = 16 × micro-batches), after `adjust` edits the workload.
template <class Adjust>
AnalysisResult llama7bWith(int zeroStage, int microBatches, Adjust adjust)
{
    Parallelism plan;
    plan.data = 16;
    plan.zeroStage = zeroStage;
    Workload w = presetTraining("llama-2-7b", plan, 4096, 16LL * microBatches);
    w.microBatchSize = 1;
    adjust(w);
    return analyzeWithPlan(w, h100Cluster(2), plan);
}

AnalysisResult llama7b(int zeroStage, int microBatches, bool fp32GradBuffer = true)
{
    return llama7bWith(zeroStage, microBatches,
                       [&](Workload& w) { w.fp32GradBuffer = fp32GradBuffer; });
}

} // namespace

TEST_CASE("ZeRO-2 reduce-scatters every micro-batch and gathers the weights once",
          "[analysis][zero]")
{
    const auto one = llama7b(2, 1);
    const auto eight = llama7b(2, 8);
    const auto zero1 = llama7b(1, 8);
    REQUIRE(one.analyzed);
    REQUIRE(eight.analyzed);
    REQUIRE(zero1.analyzed);

    // Bytes, hand-worked from the ZeRO paper's §7 volumes: a reduce-scatter
    // of the 16-bit gradients per micro-batch and one all-gather of the
    // 16-bit weights, each (n − 1)/n of the buffer per GPU.
    const double n = 16;
    const double params = one.interconnect.dpBytes / (2.0 * (n - 1) / n * 2.0);
    CHECK(eight.interconnect.dpBytes == Approx((n - 1) / n * 2.0 * params * (8 + 1)));
    // ZeRO-1 (Megatron's distributed optimizer, a full gradient buffer)
    // reduces once per step, whatever the micro-batches: a reduce-scatter of
    // the fp32 buffer and an all-gather of the 16-bit weights, (n − 1)/n each.
    CHECK(zero1.interconnect.dpBytes == Approx((n - 1) / n * (4.0 + 2.0) * params));
    CHECK(eight.interconnect.dpBytes > 2.5 * zero1.interconnect.dpBytes);

    // Time: eight reduce-scatters and one gather, each its ring's time.
    const LinkRates r = linkRates(h100Cluster(2));
    const double buckets = std::ceil(params / std::min(params, zero2BucketElements));
    const double scatter = buckets * allGatherS(2.0 * params / buckets, 16, 1, r);
    CHECK(eight.interconnect.dpTimeS == Approx(8 * scatter + scatter));
    // The weights' gather after the step is exposed; each reduce-scatter
    // hides behind its own micro-batch's backward at most.
    CHECK(eight.interconnect.dpExposedS >= scatter);
    CHECK(eight.interconnect.dpExposedS
          <= eight.interconnect.dpTimeS * (1 + trainingModel.overlapComputeSlowdown));
    // More micro-batches cost ZeRO-2 more exposed time per step than ZeRO-1.
    CHECK(eight.interconnect.dpExposedS - one.interconnect.dpExposedS
          > zero1.interconnect.dpExposedS - llama7b(1, 1).interconnect.dpExposedS);
}

TEST_CASE("Megatron reduces the gradient buffer in the buffer's own type",
          "[analysis][zero]")
{
    // Megatron-Core DistributedDataParallelConfig.grad_reduce_in_fp32 sets
    // the main-grad buffer's dtype, and the collectives run on that buffer
    // (param_and_grad_buffer.py). Volumes from the ZeRO paper's §7:
    // an all-reduce moves 2(n − 1)/n of the buffer per GPU.
    const double n = 16;
    const auto zero2 = llama7b(2, 1);
    REQUIRE(zero2.analyzed);
    const double params = zero2.interconnect.dpBytes / (2.0 * (n - 1) / n * 2.0);

    const auto ddpFp32 = llama7b(0, 4, true);
    const auto ddpBf16 = llama7b(0, 4, false);
    const auto zero1Bf16 = llama7b(1, 4, false);
    REQUIRE(ddpFp32.analyzed);
    REQUIRE(ddpBf16.analyzed);
    REQUIRE(zero1Bf16.analyzed);
    CHECK(ddpFp32.interconnect.dpBytes == Approx(2.0 * (n - 1) / n * 4.0 * params));
    CHECK(ddpBf16.interconnect.dpBytes == Approx(2.0 * (n - 1) / n * 2.0 * params));
    CHECK(zero1Bf16.interconnect.dpBytes == Approx(2.0 * (n - 1) / n * 2.0 * params));

    // Time: the buckets of the fp32 buffer, each an all-reduce of its bytes.
    const LinkRates r = linkRates(h100Cluster(2));
    const double bucket = std::min(params, ddpBucketElements(16));
    const double buckets = std::ceil(params / bucket);
    CHECK(ddpFp32.interconnect.dpTimeS
          == Approx(buckets * allReduceS(4.0 * params / buckets, 16, 1, r)));
    CHECK(ddpFp32.interconnect.dpTimeS > 1.5 * ddpBf16.interconnect.dpTimeS);
}

TEST_CASE("LoRA adapters are reduced as the fp32 tensors they are, whatever the base precision",
          "[analysis][zero][lora]")
{
    // HF PEFT trains the adapters in fp32 (training_memory.cpp: 4 + 4 + 8
    // bytes per adapter parameter). The data-parallel reduction therefore
    // moves 4 bytes an adapter element under ZeRO-0 and ZeRO-1 (fp32
    // gradients reduce-scattered, fp32 adapters gathered) for a bf16 and an
    // fp16 base alike; fp16's 16-bit gradient default must not halve the
    // element count it derives from the gradient memory.
    for (int stage : {0, 1}) {
        double bytes[2] = {0, 0};
        int i = 0;
        for (Precision p : {Precision::Bf16, Precision::Fp16}) {
            const auto r = llama7bWith(stage, 1, [&](Workload& w) {
                w.fineTune = FineTune::Lora;
                w.precision = p;
            });
            INFO("ZeRO-" << stage << ", " << (p == Precision::Bf16 ? "bf16" : "fp16"));
            REQUIRE(r.analyzed);
            REQUIRE(r.memory.gradientsBytes > 0);
            // Adapters whole on every rank (ZeRO-0/1): 4 bytes each.
            const double adapters = r.memory.gradientsBytes / 4.0;
            CHECK(r.interconnect.dpBytes == Approx(2.0 * 15.0 / 16.0 * adapters * 4.0));
            bytes[i++] = r.interconnect.dpBytes;
        }
        CHECK(bytes[0] == Approx(bytes[1]));
    }
}
