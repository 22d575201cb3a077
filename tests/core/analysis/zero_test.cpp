// SPDX-License-Identifier: Apache-2.0
// Rajbhandari et al. 2020, "ZeRO" (arXiv 1910.02054) Figure 1: model states
// per GPU for Ψ = 7.5 B parameters, N = 64, K = 12 (worked-examples.json
// "zero-fig1-analytic"): 120 / 31.4 / 16.6 / 1.875 GB (decimal).
#include "core/analysis/training_memory.h"
#include "core/pipeline/analyze.h"
#include "test_hardware.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace infrafit;

TEST_CASE("ZeRO Figure 1: 120 / 31.4 / 16.6 / 1.875 GB for 7.5B params on 64 GPUs", "[zero]")
{
    // The paper's accounting keeps gradients in fp16 (2 B): no fp32 grad buffer.
    const auto bytes = stateBytesPerParam(Optimizer::Adam, Precision::Fp16, false, 4096);
    REQUIRE(bytes.weight == 2);
    REQUIRE(bytes.gradient == 2);
    REQUIRE(bytes.optimizer == 12);
    const double psi = 7.5e9;
    auto gb = [&](int stage) {
        const auto l = modelStateBytes(psi, 0, 0, bytes, stage, 64);
        return (l.weightsBytes + l.gradientsBytes + l.optimizerBytes) / 1e9;
    };
    CHECK(gb(0) == Approx(120.0));
    CHECK(gb(1) == Approx(31.4).margin(0.05));   // 31.40625
    CHECK(gb(2) == Approx(16.6).margin(0.05));   // 16.640625
    CHECK(gb(3) == Approx(1.875));
}

TEST_CASE("Transformer Math 101 optimizer bytes per parameter", "[zero]")
{
    // EleutherAI "Transformer Math 101": AdamW 12, 8-bit Adam 6, SGD+momentum 8 (mixed precision).
    CHECK(stateBytesPerParam(Optimizer::AdamW, Precision::Bf16, true, 4096).optimizer == 12);
    CHECK(stateBytesPerParam(Optimizer::Adam8bit, Precision::Bf16, true, 4096).optimizer == 6);
    CHECK(stateBytesPerParam(Optimizer::Sgd, Precision::Bf16, true, 4096).optimizer == 8);
    const auto fp32 = stateBytesPerParam(Optimizer::AdamFp32, Precision::Bf16, true, 4096);
    CHECK(fp32.weight + fp32.gradient + fp32.optimizer == 16);
}

TEST_CASE("ZeRO shards over data x context ranks, as Megatron's distributed optimizer does",
          "[zero][context]")
{
    // megatron/core/optimizer/__init__.py, get_megatron_optimizer: the
    // distributed optimizer's group is get_data_parallel_group(
    // with_context_parallel=True). Same tensor split and data ranks; context
    // 2 doubles the ranks holding each weight, so each holds half the
    // optimizer state (ZeRO-1) and, with ZeRO-3, half the weights.
    for (int stage : {1, 3}) {
        Parallelism plan;
        plan.tensor = 4;
        plan.data = 2;
        plan.zeroStage = stage;
        plan.sequenceParallel = true;
        const Workload w = testing::presetTraining("llama-3.1-8b", plan, 8192, 16);
        Parallelism cp2 = plan;
        cp2.context = 2;
        const auto one = analyzeWithPlan(w, testing::h100Cluster(1), plan);
        const auto two = analyzeWithPlan(w, testing::h100Cluster(2), cp2);
        INFO("ZeRO-" << stage);
        REQUIRE(one.analyzed);
        REQUIRE(two.analyzed);
        CHECK(two.memory.optimizerBytes == Approx(one.memory.optimizerBytes / 2).epsilon(1e-9));
        if (stage == 3)
            CHECK(two.memory.weightsBytes == Approx(one.memory.weightsBytes / 2).epsilon(1e-9));
        else
            CHECK(two.memory.weightsBytes == Approx(one.memory.weightsBytes).epsilon(1e-9));
    }
}

TEST_CASE("fp32_grad_buffer defaults to Megatron-LM's choice for the precision", "[zero][fields]")
{
    // megatron/training/arguments.py: bf16 sets accumulate_allreduce_grads_in_fp32
    // ("bfloat16 requires gradient accumulation and all-reduce to be done in
    // fp32"); fp16 leaves it off, so its gradients stay 16-bit, as in the
    // ZeRO paper's Figure 1 (2 + 2 + 12 bytes per parameter). The memory
    // line and the data-parallel reduction both follow.
    Parallelism plan;
    plan.tensor = 4;
    plan.data = 2;
    plan.zeroStage = 0;
    Workload bf16 = testing::presetTraining("llama-3.1-8b", plan, 4096, 16);
    bf16.precision = Precision::Bf16;
    Workload fp16 = bf16;
    fp16.precision = Precision::Fp16;
    REQUIRE_FALSE(bf16.fp32GradBuffer.has_value());
    CHECK(fp32GradBufferOn(bf16));
    CHECK_FALSE(fp32GradBufferOn(fp16));
    Workload fp8 = bf16;
    fp8.precision = Precision::Fp8;
    CHECK(fp32GradBufferOn(fp8)); // fp8 training keeps bf16 parameters

    const auto cluster = testing::h100Cluster(1);
    const auto b = analyzeWithPlan(bf16, cluster, plan);
    const auto f = analyzeWithPlan(fp16, cluster, plan);
    REQUIRE(b.analyzed);
    REQUIRE(f.analyzed);
    // Same plan, same parameters per GPU: 4 against 2 gradient bytes each.
    CHECK(f.memory.gradientsBytes == Approx(b.memory.gradientsBytes / 2).epsilon(1e-9));
    CHECK(f.memory.weightsBytes == Approx(b.memory.weightsBytes).epsilon(1e-9));

    // An explicit value wins over the precision's default, either way.
    Workload fp16Buffer = fp16;
    fp16Buffer.fp32GradBuffer = true;
    Workload bf16NoBuffer = bf16;
    bf16NoBuffer.fp32GradBuffer = false;
    CHECK(fp32GradBufferOn(fp16Buffer));
    CHECK_FALSE(fp32GradBufferOn(bf16NoBuffer));
    const auto fb = analyzeWithPlan(fp16Buffer, cluster, plan);
    REQUIRE(fb.analyzed);
    CHECK(fb.memory.gradientsBytes == Approx(b.memory.gradientsBytes).epsilon(1e-9));
}

TEST_CASE("fp16 with the fp32 gradient buffer stated gets a finding, the default none",
          "[zero][findings]")
{
    Parallelism plan;
    plan.tensor = 4;
    plan.data = 2;
    Workload w = testing::presetTraining("llama-3.1-8b", plan, 4096, 16);
    w.precision = Precision::Fp16;
    const auto cluster = testing::h100Cluster(1);
    const auto hasFinding = [&](const Workload& workload) {
        const auto r = analyzeWithPlan(workload, cluster, plan);
        REQUIRE(r.analyzed);
        return std::any_of(r.findings.begin(), r.findings.end(), [](const Finding& f) {
            return f.code == "memory.fp16_fp32_grad_buffer" && f.severity == Severity::Info;
        });
    };
    CHECK_FALSE(hasFinding(w)); // absent: 16-bit gradients, nothing to say
    w.fp32GradBuffer = true;
    CHECK(hasFinding(w));
    w.precision = Precision::Bf16; // bf16 needs the buffer
    CHECK_FALSE(hasFinding(w));
}
