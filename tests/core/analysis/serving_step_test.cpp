// SPDX-License-Identifier: Apache-2.0
// The per-operation serving step model (core/analysis/serving_step.h) and
// the TTFT / TPOT / throughput built on it (issue 16 item 2).
#include "core/pipeline/analyze.h"
#include "core/analysis/serving_step.h"
#include "test_hardware.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <random>

using namespace infrafit;
using infrafit::testing::h100Cluster;

namespace {

/// One dense block with 1e9 matrix parameters in 16 bit on an A100-80GB
/// (312 TFLOP/s bf16, 2,039 GB/s), efficiencies 1, no fixed costs.
ServingStepModel a100Block()
{
    ServingStepModel m;
    m.layers = 1;
    m.denseGemmFlopsPerToken = 2.0e9;
    m.denseWeightBytes = 2.0e9;
    m.peakFlopsPerS = 312e12;
    m.attentionPeakFlopsPerS = 312e12;
    m.hbmBytesPerS = 2039e9;
    m.efficiency = {1.0, 1.0, 1.0, 0, 0, 0};
    return m;
}

Workload serving(const char* preset, int prompt, int output, int concurrent, int tensor)
{
    Workload w;
    w.name = "serve";
    w.kind = WorkloadKind::Inference;
    w.model = *findModelPreset(preset);
    w.promptTokens = prompt;
    w.outputTokens = output;
    w.concurrentRequests = concurrent;
    Parallelism plan;
    plan.tensor = tensor;
    plan.data = 1;
    w.parallelism = plan;
    return w;
}

} // namespace

TEST_CASE("Serving step: GEMMs turn compute-bound at the roofline crossover B* = F/BW",
          "[analysis][serving]")
{
    // docs/reference/models.md §2.14 (kipply, "Transformer Inference Arithmetic"): with
    // 16-bit weights a decode step is weight-bandwidth-bound below
    // B* ≈ F/BW = 312e12 / 2.039e12 ≈ 153 tokens on an A100-80GB.
    const ServingStepModel m = a100Block();
    const double crossover = m.peakFlopsPerS / m.hbmBytesPerS;
    CHECK(crossover == Approx(153).epsilon(0.005));
    const ServingStepTimes below = servingStepTimes(m, {0, 0, 150, 1, 0});
    CHECK(below.gemmS == Approx(2.0e9 / 2039e9)); // weight read
    const ServingStepTimes above = servingStepTimes(m, {0, 0, 160, 1, 0});
    CHECK(above.gemmS == Approx(160 * 2.0e9 / 312e12)); // FLOPs
}

TEST_CASE("Serving step: a prefill of few tokens reaches the cuBLAS shape fraction of the plateau",
          "[analysis][serving]")
{
    // OpenXLA matmul_interpolator_data.h (sm_90, bf16; gemm_efficiency.h):
    // 2048×2048×2048 runs at 0.639 of peak, 4096³ at the 0.792 plateau. A
    // block of one 2048×2048 weight: 2048 prompt tokens make that product,
    // so its compute rate is 0.639/0.792 of the plateau; 65,536 tokens
    // make a large product at the plateau.
    ServingStepModel m = a100Block();
    m.denseGemmFlopsPerToken = 2.0 * 2048 * 2048;
    m.denseWeightBytes = 2.0 * 2048 * 2048;
    m.denseGemms.add(2048, 2048, m.denseGemmFlopsPerToken);
    const double plateau = m.peakFlopsPerS * m.efficiency.gemmCompute;
    const ServingStepTimes small = servingStepTimes(m, {2048, 1, 0, 0, 0});
    CHECK(small.gemmS == Approx(2048 * m.denseGemmFlopsPerToken / (plateau * 0.639 / 0.792)));
    const ServingStepTimes large = servingStepTimes(m, {65536, 1, 0, 0, 0});
    CHECK(large.gemmS == Approx(65536 * m.denseGemmFlopsPerToken / plateau));

    // A group's fraction is the FLOP-weighted harmonic mean of its
    // products': two equal-FLOP products at 2048³ and at the plateau take
    // (1/f + 1)/2 of the plateau time.
    ServingStepModel two = a100Block();
    two.denseGemmFlopsPerToken = 2.0 * 2 * 2048 * 2048;
    two.denseWeightBytes = 2.0 * 2 * 2048 * 2048;
    two.denseGemms.add(2048, 2048, 2.0 * 2048 * 2048);
    two.denseGemms.add(1 << 20, 1 << 20, 2.0 * 2048 * 2048); // huge: plateau
    const double f = 0.639 / 0.792;
    const ServingStepTimes mixed = servingStepTimes(two, {2048, 1, 0, 0, 0});
    CHECK(mixed.gemmS
          == Approx(2048 * two.denseGemmFlopsPerToken / plateau * (1.0 / f + 1.0) / 2.0));

    // The analysis builds the shapes: a short prompt on Llama 3.1 8B runs
    // its prefill GEMMs below the plateau, a long one at it (per token).
    Parallelism one;
    one.tensor = 1;
    one.data = 1;
    const auto model = servingStepModel(serving("llama-3.1-8b", 215, 2, 1, 1), h100Cluster(1),
                                        one);
    REQUIRE(model);
    REQUIRE(model->denseGemms.count == 4);
    const auto perToken = [&](double tokens) {
        return servingStepTimes(*model, {tokens, tokens / 2, 0, 0, 1}).gemmS / tokens;
    };
    CHECK(perToken(215) > 1.1 * perToken(8192));
}

TEST_CASE("Serving throughput counts only the replicas that have requests",
          "[analysis][serving]")
{
    // Eight TP1 replicas on one node: one request in flight keeps one
    // replica busy, eight keep all eight busy at the same batch of 1.
    Parallelism plan;
    plan.tensor = 1;
    const auto one = analyzeWithPlan(serving("llama-3.1-8b", 512, 256, 1, 1), h100Cluster(1), plan);
    const auto eight
        = analyzeWithPlan(serving("llama-3.1-8b", 512, 256, 8, 1), h100Cluster(1), plan);
    REQUIRE(one.analyzed);
    REQUIRE(eight.analyzed);
    REQUIRE(one.inference.replicas == 8);
    CHECK(one.performance.servingBatch == 1);
    CHECK(eight.performance.servingBatch == 1);
    CHECK(eight.performance.outputTokensPerS == Approx(8 * one.performance.outputTokensPerS));
    // One request decodes one token per step: about 1 / TPOT tokens/s.
    CHECK(one.performance.outputTokensPerS < 1.05 / one.performance.tpotS);
}

TEST_CASE("Serving step: decode attention reads each sequence's whole KV cache",
          "[analysis][serving]")
{
    ServingStepModel m = a100Block();
    m.layers = 32;
    m.kvBytesPerTokenPerLayer = 2 * 4096 * 2; // Llama 2 7B: K and V of 4,096, fp16
    m.attentionFlopsPerTokenPerContext = 2.0 * 32 * 256;
    const ServingStepTimes t = servingStepTimes(m, {0, 0, 16, 1000, 0});
    // 16 sequences × 1,000 tokens × 16 KiB × 32 blocks from HBM.
    CHECK(t.attentionS == Approx(16.0 * 1000 * 16384 * 32 / 2039e9));
    // A sliding window caps what is read (Mistral 7B §2).
    m.slidingWindow = 250;
    CHECK(servingStepTimes(m, {0, 0, 16, 1000, 0}).attentionS == Approx(t.attentionS / 4));
}

TEST_CASE("Serving step: an engine reading GQA KV per query head reads heads/kv_heads times it",
          "[analysis][serving]")
{
    // TensorRT-LLM 0.5/0.6 (docs/source/gpt_attention.md at commit 138f96d):
    // the generation kernel runs one thread block per query head, so each of
    // Llama 2 70B's 64 query heads streams its group's K and V: 64 / 8 = 8×
    // the bytes of a kernel that shares the group's read (XQA, FlashInfer).
    Workload w = serving("llama-2-70b", 2048, 512, 64, 2);
    w.precision = Precision::Fp8;
    w.kvCachePrecision = Precision::Fp8;
    const auto config = h100Cluster(1);
    const Parallelism plan = *w.parallelism;
    const auto shared = servingStepModel(w, config, plan);
    w.decodeKvPerQueryHead = true;
    const auto perHead = servingStepModel(w, config, plan);
    REQUIRE(shared);
    REQUIRE(perHead);
    CHECK(shared->decodeKvReads == 1.0);
    CHECK(perHead->decodeKvReads == 8.0);
    const ServingStep decode{0, 0, 64, 2048, 64};
    const ServingStepTimes a = servingStepTimes(*shared, decode);
    const ServingStepTimes b = servingStepTimes(*perHead, decode);
    // Decode attention is memory-bound at this size: 8× the KV bytes, 8× the time.
    CHECK(b.attentionS == Approx(8.0 * a.attentionS).epsilon(1e-6));
    CHECK(b.hbmBytes - a.hbmBytes
          == Approx(7.0 * 64 * 2048 * shared->kvBytesPerTokenPerLayer * shared->layers)
                 .epsilon(1e-9));
    // A multi-head model is unchanged (one query head per KV head).
    Workload mha = serving("llama-2-7b", 2048, 512, 64, 1);
    mha.decodeKvPerQueryHead = true;
    CHECK(servingStepModel(mha, config, *mha.parallelism)->decodeKvReads == 1.0);
}

TEST_CASE("Serving step: the decode floor per block shows only where element-wise traffic is small",
          "[analysis][serving]")
{
    // A decode-only step replays a CUDA graph; each small kernel takes at
    // least a few µs, so a block costs at least the floor for its small
    // kernels, but a large batch's element-wise traffic already takes longer
    // (the floor is then hidden: a kernel costs the longer of the two).
    ServingStepModel m = a100Block();
    m.elementwiseBytesPerToken = 100e3; // 100 kB per token per block
    m.efficiency.decodeLayerOverheadS = 60e-6;
    // 1 token: 100 kB / 2,039 GB/s = 0.05 µs of traffic, floor 60 µs.
    const ServingStepTimes small = servingStepTimes(m, {0, 0, 1, 1, 1});
    CHECK(small.overheadS == Approx(60e-6 - 100e3 / 2039e9).epsilon(1e-9));
    // 2,048 tokens: 205 MB / 2,039 GB/s = 100 µs > 60 µs: no floor left.
    const ServingStepTimes large = servingStepTimes(m, {0, 0, 2048, 1, 2048});
    CHECK(large.overheadS == 0);
    // A step with prefill pays the eager-launch cost on top of its work.
    m.efficiency.prefillLayerOverheadS = 100e-6;
    CHECK(servingStepTimes(m, {2048, 1024, 0, 0, 1}).overheadS == Approx(100e-6));
}

TEST_CASE("Serving step: fp8 serving uses the fp8 rate and one byte per weight and KV element",
          "[analysis][serving]")
{
    // H100 SXM datasheet: 989.4 TFLOP/s dense bf16, 1,978.9 dense fp8
    // (docs/reference/hardware.md §1.1). An fp8 checkpoint stores one byte
    // per weight (per-channel scales negligible) and an fp8 KV cache one
    // byte per element (TensorRT-LLM gpt_attention.md, "INT8/FP8 KV Caches").
    const auto config = h100Cluster(1);
    Workload bf16 = serving("llama-3.1-8b", 1024, 256, 16, 1);
    bf16.precision = Precision::Bf16;
    bf16.kvCachePrecision = Precision::Bf16;
    Workload fp8 = bf16;
    fp8.precision = Precision::Fp8;
    fp8.kvCachePrecision = Precision::Fp8;
    const auto a = servingStepModel(bf16, config, *bf16.parallelism);
    const auto b = servingStepModel(fp8, config, *fp8.parallelism);
    REQUIRE(a);
    REQUIRE(b);
    CHECK(a->peakFlopsPerS == Approx(989.4e12).epsilon(1e-3));
    CHECK(b->peakFlopsPerS == Approx(1978.9e12).epsilon(1e-3));
    CHECK(b->denseWeightBytes == Approx(a->denseWeightBytes / 2));
    CHECK(b->kvBytesPerTokenPerLayer == Approx(a->kvBytesPerTokenPerLayer / 2));
    // Attention math stays at the 16-bit rate (the lower of the two).
    CHECK(b->attentionPeakFlopsPerS == Approx(989.4e12).epsilon(1e-3));
}

TEST_CASE("Serving step: a Mixtral decode step reads k experts alone, nearly all E in a batch",
          "[analysis][serving]")
{
    // Mixtral 8x7B routes each token to k = 2 of E = 8 experts (Jiang et al.
    // 2024); with uniform routing a batch of n tokens touches
    // E·(1 − (1 − k/E)^n) experts (docs/reference/models.md §2.12).
    const auto config = h100Cluster(1);
    Workload w = serving("mixtral-8x7b", 1024, 256, 64, 2);
    const auto m = servingStepModel(w, config, *w.parallelism);
    REQUIRE(m);
    REQUIRE(m->moeLayers == m->layers);
    const double expert = m->expertWeightBytes * m->moeLayers;
    const double shared = m->moeSharedWeightBytes * m->moeLayers;
    const auto gemmBytes = [&](double tokens) {
        const ServingStepTimes t = servingStepTimes(*m, {0, 0, tokens, 1, 0});
        return t.hbmBytes;
    };
    // One token: the shared weights + 2 experts per layer (+ small element-wise/KV terms).
    const double one = gemmBytes(1);
    CHECK(one >= shared + 2 * expert);
    CHECK(one < shared + 2.1 * expert + m->headWeightBytes);
    // 64 tokens: 8·(1 − 0.75^64) ≈ 8 experts, all of them.
    const double many = gemmBytes(64);
    CHECK(many - 64 * (one - shared - 2 * expert) > shared + 7.99 * expert);
}

TEST_CASE("Serving step: small-batch tensor-parallel all-reduces are latency-bound",
          "[analysis][serving]")
{
    ServingStepModel m = a100Block();
    m.layers = 80;
    m.tensor = 8;
    m.allReduceBytesPerToken = 8192 * 2;
    m.linkBytesPerS = 240e9;
    m.allReduceLatencyS = 3.6e-6 + 2 * 7 * 1e-6; // NCCL base + 14 NVLink hops
    const double one = servingStepTimes(m, {0, 0, 1, 1, 0}).communicationS;
    const double eight = servingStepTimes(m, {0, 0, 8, 1, 0}).communicationS;
    // α-β: 2 per block × (α + 2(t−1)/t · S/B).
    CHECK(one == Approx(2 * 80 * (17.6e-6 + 2.0 * 7 / 8 * 16384 / 240e9)));
    CHECK(eight / one < 1.05); // the α term dominates at batch 1–8
    const double prefill = servingStepTimes(m, {8192, 4096, 0, 0, 1}).communicationS;
    CHECK(prefill / one > 10); // a prefill chunk is bandwidth-bound
}

// Source: vLLM PR #24111 (github.com/vllm-project/vllm, "[Kernels] Enable
// Torch Symmetric Memory All-Reduce By Default", 2025-09), H100 isolated
// all-reduce benchmark, TP=4, bf16 tensors of (tokens, 8192): the fastest of
// vLLM's all-reduce implementations at each size ("Best" column).
TEST_CASE("Serving step: TP4 all-reduce times on H100 follow vLLM's measured ones",
          "[analysis][serving]")
{
    Parallelism tp4;
    tp4.tensor = 4;
    tp4.data = 1;
    const auto model = servingStepModel(serving("llama-3.1-70b", 512, 64, 32, 4), h100Cluster(1),
                                        tp4);
    REQUIRE(model);
    REQUIRE(model->allReduceBytesPerToken == Approx(8192 * 2));
    // A decode-only step of n tokens runs two all-reduces of n × 8,192 × 2 B
    // per block.
    const auto oneAllReduceS = [&](double tokens) {
        return servingStepTimes(*model, {0, 0, tokens, 1, 0}).communicationS
               / (2.0 * model->layers);
    };
    const struct {
        double tokens;
        double measuredS;
    } points[] = {{32, 10e-6}, {64, 15e-6}, {96, 19e-6}, {128, 22e-6}, {192, 25e-6}, {256, 29e-6}};
    for (const auto& p : points) {
        INFO(p.tokens << " tokens");
        CHECK(oneAllReduceS(p.tokens) == Approx(p.measuredS).epsilon(0.20));
    }
    // Latency-bound at small sizes: 8× the bytes cost under 3× the time.
    CHECK(oneAllReduceS(256) < 3.0 * oneAllReduceS(32));
}

TEST_CASE("Serving step: no step implies more than the peak FLOP/s or HBM bandwidth",
          "[analysis][serving][property]")
{
    std::mt19937_64 random(16);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    for (int i = 0; i < 2000; ++i) {
        ServingStepModel m = a100Block();
        m.layers = 1 + int(unit(random) * 100);
        m.moeLayers = unit(random) < 0.3 ? m.layers / 2 : 0;
        m.experts = 64;
        m.expertsPerToken = 1 + int(unit(random) * 8);
        m.moeSharedGemmFlopsPerToken = 1e8 * unit(random);
        m.moeSharedWeightBytes = 1e8 * unit(random);
        m.expertGemmFlopsPerToken = 1e7 * unit(random);
        m.expertWeightBytes = 1e7 * unit(random);
        m.kvBytesPerTokenPerLayer = 1e4 * unit(random);
        m.attentionFlopsPerTokenPerContext = 1e4 * unit(random);
        m.elementwiseBytesPerToken = 1e5 * unit(random);
        m.headFlopsPerToken = 1e9 * unit(random);
        m.headWeightBytes = 1e9 * unit(random);
        m.attentionPeakFlopsPerS = m.peakFlopsPerS * (0.25 + unit(random));
        m.efficiency = {0.1 + 0.9 * unit(random), 0.1 + 0.9 * unit(random),
                        0.1 + 0.9 * unit(random), 0, 0, 0};
        const ServingStep step{std::floor(unit(random) * 8192), unit(random) * 4096,
                               std::floor(unit(random) * 512), unit(random) * 32768, -1};
        const ServingStepTimes t = servingStepTimes(m, step);
        if (t.totalS() <= 0)
            continue;
        INFO("case " << i);
        CHECK(t.flops / t.totalS()
              <= std::max(m.peakFlopsPerS, m.attentionPeakFlopsPerS) * (1 + 1e-9));
        CHECK(t.hbmBytes / t.totalS() <= m.hbmBytesPerS * (1 + 1e-9));
    }
}

TEST_CASE("Serving: throughput counts prefill and stays under the GPU's dense peak",
          "[analysis][serving]")
{
    // The case issue 16 reports: 2,048-token prompts, 128 output tokens,
    // one GPU. Each request needs 2·N FLOPs for every prompt token and every
    // output token after the first; at most the dense peak is available.
    const Workload w = serving("llama-2-7b", 2048, 128, 64, 1);
    const AnalysisResult r = analyze(w, h100Cluster(1));
    REQUIRE(r.analyzed);
    const double n = r.parameters.active;
    const double needed = r.performance.outputTokensPerS * 2.0 * n * (2048 + 127) / 128.0;
    CHECK(needed < 989e12);
    // Every step carries the prompts of 64 / 127 new requests beside its
    // 64 decode tokens: it takes at least their FLOPs at the dense peak.
    CHECK(r.performance.tpotS > 64.0 / 127 * 2048 * 2.0 * n / 989.4e12);
    CHECK(r.performance.impliedFlopsPerSPerGpu <= 989.4e12);
    CHECK(r.performance.impliedHbmBytesPerSPerGpu <= 3350e9);
}

TEST_CASE("Serving: continuous vs static batching and the engine's max batch",
          "[analysis][serving]")
{
    Workload w = serving("llama-2-7b", 512, 256, 1000, 1);
    w.maxBatch = 64;
    const AnalysisResult capped = analyze(w, h100Cluster(1));
    REQUIRE(capped.analyzed);
    CHECK(capped.performance.servingBatch == 64); // vLLM max_num_seqs caps the batch
    w.maxBatch = 256;
    const AnalysisResult wide = analyze(w, h100Cluster(1));
    CHECK(wide.performance.servingBatch == 256);
    CHECK(wide.performance.outputTokensPerS > capped.performance.outputTokensPerS);

    // Static batching prefills the whole batch before the first token.
    w.batching = Batching::Static;
    const AnalysisResult fixed = analyze(w, h100Cluster(1));
    REQUIRE(fixed.analyzed);
    CHECK(fixed.performance.ttftS > 10 * wide.performance.prefillTimeS);
    const double batchS = fixed.performance.ttftS + 255 * fixed.performance.tpotS;
    CHECK(fixed.performance.outputTokensPerS == Approx(256.0 * 256 / batchS));
}

TEST_CASE("Serving: tensor-parallel decode at batch 1 does not scale linearly",
          "[analysis][serving]")
{
    const AnalysisResult tp2 = analyze(serving("llama-2-70b", 128, 128, 1, 2), h100Cluster(1));
    const AnalysisResult tp8 = analyze(serving("llama-2-70b", 128, 128, 1, 8), h100Cluster(1));
    REQUIRE(tp2.analyzed);
    REQUIRE(tp8.analyzed);
    // 4x the GPUs reads a quarter of the weights each, but the 160
    // all-reduces per step and the fixed costs do not shrink.
    CHECK(tp2.performance.tpotS / tp8.performance.tpotS > 1.5);
    CHECK(tp2.performance.tpotS / tp8.performance.tpotS < 3.0);
    CHECK(tp8.interconnect.tpTimeS > 160 * 3.6e-6);
}

TEST_CASE("Serving: the report's assumptions list the efficiency of each operation class",
          "[analysis][serving]")
{
    const AnalysisResult r = analyze(serving("llama-2-7b", 512, 128, 8, 1), h100Cluster(1));
    REQUIRE(r.analyzed);
    std::string all;
    for (const auto& line : r.assumptions)
        all += line + "\n";
    INFO(all);
    // Hopper, bf16: defaultServingEfficiency() (docs/validation.md, Serving).
    CHECK(all.find("GEMMs 0.70 of dense peak") != std::string::npos);
    CHECK(all.find("attention 0.50 of dense peak") != std::string::npos);
    CHECK(all.find("0.90 of HBM bandwidth") != std::string::npos);
    CHECK(all.find("2.00 ms host") != std::string::npos);
    CHECK(all.find("100 us per block with prefill") != std::string::npos);
    CHECK(all.find("engine max batch 256") != std::string::npos);
    CHECK(all.find("fitted on published runs") != std::string::npos);

    // A family outside the serving fit: the training model's plateau share.
    // For AMD CDNA it is the MI300X/H100 ratio of achieved GEMM share in one
    // benchmark of both (SemiAnalysis, "MI300X vs H100 vs H200 Benchmark
    // Part 1: Training", 2024-12-22, GEMM section): bf16 (620/1307.4) /
    // (720/989.4) = 0.652, and in fp8 a further (990/2614.9)/(620/1307.4) /
    // ((1280/1978.9)/(720/989.4)) = 0.898.
    ResolvedConfiguration amd = h100Cluster(1);
    amd.gpu.id = "amd-mi300x-192gb";
    amd.gpu.model = "Instinct MI300X";
    amd.gpu.architecture = "CDNA 3";
    CHECK(servingFamilyShare(amd.gpu) == Approx((620 / 1307.4) / (720 / 989.4)).epsilon(0.01));
    CHECK(servingFamilyShare(amd.gpu, Precision::Fp8)
          == Approx(0.652 * 0.898).epsilon(0.01));
    CHECK(servingFamilyShare(h100Cluster(1).gpu) == Approx(1.0));
    CHECK(servingFamilyShare(h100Cluster(1).gpu, Precision::Fp8) == Approx(1.0));
    const AnalysisResult onAmd = analyze(serving("llama-2-7b", 512, 128, 8, 1), amd);
    REQUIRE(onAmd.analyzed);
    std::string amdText;
    for (const auto& line : onAmd.assumptions)
        amdText += line + "\n";
    INFO(amdText);
    CHECK(amdText.find("GEMMs 0.45 of dense peak") != std::string::npos); // 0.70 x 0.65 = 0.455
    CHECK(amdText.find("x 0.65 for this GPU family, the MI300X/H100 ratio of a measured GEMM "
                       "benchmark")
          != std::string::npos);
}
