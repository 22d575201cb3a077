// SPDX-License-Identifier: Apache-2.0
#include "core/analysis/analysis_context.h"
#include "core/analysis/analyze.h"
#include "core/analysis/communication.h"
#include "core/analysis/flops.h"
#include "core/analysis/training_memory.h"

#include <algorithm>

namespace infrafit {

double levelBytesPerS(const LinkRates& r, LinkLevel level)
{
    switch (level) {
    case LinkLevel::GpuLink:
    case LinkLevel::Pcie: return r.intraNodeBytesPerS;
    case LinkLevel::Nic: return r.interNodeBytesPerS;
    case LinkLevel::None: return 0;
    }
    return 0;
}

double levelLatencyS(const LinkRates& r, LinkLevel level)
{
    return level == LinkLevel::Nic ? r.interLatencyS : r.intraLatencyS;
}

void analyzeTraining(const AnalysisContext& ctx, AnalysisResult& res, bool withStages)
{
    const Workload& w = ctx.workload;
    const ModelSpec& m = w.model;
    const Parallelism& plan = ctx.plan;
    const TrainingSetup setup = makeTrainingSetup(w, ctx.params, plan);
    res.microBatches = setup.microBatches;

    // --- memory: every stage when the stages are reported, else only the
    // representative stages (same maximum; representativeStages()).
    int representative[6];
    const int representativeCount = representativeStages(m, setup.pipeline, representative);
    double worst = -1;
    auto considerStage = [&](int stage) {
        const MemoryLines lines = trainingStageMemory(setup, stage);
        if (withStages)
            res.stages.push_back({stage, layersOnStage(m, setup.pipeline, stage), lines});
        if (lines.totalBytes() > worst) {
            worst = lines.totalBytes();
            res.memory = lines;
            res.mostLoadedStage = stage;
        }
    };
    if (withStages) {
        res.stages.reserve(static_cast<std::size_t>(setup.pipeline));
        for (int stage = 0; stage < setup.pipeline; ++stage)
            considerStage(stage);
    } else {
        for (int i = 0; i < representativeCount; ++i)
            considerStage(representative[i]);
    }
    res.usableBytes = res.gpuCapacityBytes * (1.0 - hbmReserveFraction);
    res.fits = res.memory.totalBytes() <= res.usableBytes;

    // --- compute of the slowest stage per micro-batch.
    const double s = w.sequenceLength;
    const double tokensPerMicro = s * w.microBatchSize;
    const LayerFlops lf = layerFlops(m, ctx.params, s);
    const double t = setup.tensor;
    double stageFwdPerToken = 0;
    double stageRecomputePerToken = 0;
    // Stages of a run hold equal layers, so the representatives carry the maximum.
    for (int i = 0; i < representativeCount; ++i) {
        const int stage = representative[i];
        const StageParams sp = stageParams(m, ctx.params, setup.tensor, setup.pipeline,
                                           setup.expert, stage);
        double fwd = sp.denseLayers * lf.denseLayer + sp.moeLayers * lf.moeLayer;
        double recompute = 0;
        if (setup.recompute == Recompute::Full)
            recompute = fwd; // the whole forward of the layers is replayed
        else if (setup.recompute == Recompute::Selective || w.flashAttention)
            recompute = (sp.denseLayers + sp.moeLayers) * lf.attentionCoreDense; // core attention
        if (stage == setup.pipeline - 1)
            fwd += lf.logits;
        if (fwd + recompute > stageFwdPerToken + stageRecomputePerToken) {
            stageFwdPerToken = fwd;
            stageRecomputePerToken = recompute;
        }
    }
    // LoRA: frozen weights need no weight-gradient GEMM: backward ≈ 1× forward
    // (Hu et al. 2021 §4.2 notes the saving; we count dX only).
    const double backwardFactor = w.fineTune == FineTune::Full ? 2.0 : 1.0;
    const double rate = ctx.peakFlopsPerS * ctx.efficiency.trainCompute;
    const double microComputeS =
        ((1.0 + backwardFactor) * stageFwdPerToken + stageRecomputePerToken) * tokensPerMicro / t
        / rate;

    // --- communication (one micro-batch unless stated).
    const int gpn = ctx.config.config.gpusPerNode;
    CommunicationResult& comm = res.interconnect;
    const double actBytes = setup.activationBytes;
    const double boundary = actBytes * tokensPerMicro * m.hiddenSize;
    const int layersStage = layersOnStage(m, setup.pipeline, 0);
    double microCommS = 0;
    if (setup.tensor > 1) {
        // Megatron TP: 2 all-reduces forward + 2 backward of b·s·h per layer
        // (Shoeybi et al. 2019 §3; Korthikanti 2022 §4.2.2: SP's RS+AG move
        // the same bytes); +2 with full recompute. Not overlapped.
        comm.tpLevel = groupLevel(1, setup.tensor, gpn, ctx.rates);
        const double perLayer = setup.recompute == Recompute::Full ? 6.0 : 4.0;
        const double one = ringAllReduceS(boundary, setup.tensor,
                                          levelBytesPerS(ctx.rates, comm.tpLevel),
                                          levelLatencyS(ctx.rates, comm.tpLevel));
        const double perMicro = perLayer * layersStage * one;
        comm.tpBytes = perLayer * layersStage * 2.0 * (t - 1) / t * boundary * setup.microBatches;
        comm.tpTimeS = perMicro * setup.microBatches;
        microCommS += perMicro;
    }
    if (setup.expert > 1 && m.isMoe()) {
        // MoE dispatch + combine all-to-all, forward and backward, k copies
        // of each token (docs/reference/models.md §2.12; Lepikhin et al. 2020 GShard §2.2).
        comm.epLevel = groupLevel(setup.tensor, setup.expert, gpn, ctx.rates);
        const int moeOnStage = stageParams(m, ctx.params, setup.tensor, setup.pipeline,
                                           setup.expert, 0).moeLayers;
        const double bytes = 4.0 * m.expertsPerToken * boundary * (setup.expert - 1)
                             / setup.expert * std::max(1, moeOnStage);
        const double bw = levelBytesPerS(ctx.rates, comm.epLevel);
        const double perMicro = bw > 0 ? bytes / bw : 1e30;
        comm.epBytes = bytes * setup.microBatches;
        comm.epTimeS = perMicro * setup.microBatches;
        microCommS += perMicro;
    }
    const double slotS = microComputeS + microCommS;
    const double v = setup.virtualStages;
    PerformanceResult& perf = res.performance;
    perf.computeTimeS = microComputeS * setup.microBatches;
    // Pipeline bubble: (p−1)/v micro-batch slots (Narayanan et al. 2021 §2.2.2:
    // bubble fraction (p−1)/(v·m) of the ideal time).
    perf.bubbleTimeS = (setup.pipeline - 1) / v * slotS;
    if (setup.pipeline > 1) {
        // p2p of the boundary tensor forward and backward per micro-batch
        // (÷t with scatter/gather, Narayanan 2021 §4.1), v× with interleaving.
        comm.ppLevel = groupLevel(setup.tensor * setup.data, setup.pipeline, gpn, ctx.rates);
        const double bytes = 2.0 * boundary / t * v * setup.microBatches;
        const double bw = levelBytesPerS(ctx.rates, comm.ppLevel);
        comm.ppBytes = bytes;
        comm.ppTimeS = bw > 0 ? bytes / bw + 2.0 * v * setup.microBatches
                                                 * levelLatencyS(ctx.rates, comm.ppLevel)
                              : 1e30;
    }
    // Data parallel gradient reduction (ZeRO paper §7: 2Ψ for stages 0–2,
    // 3Ψ for stage 3; ZeRO-3 re-gathers weights every micro-batch).
    const MemoryLines& mem = res.memory;
    const double trainable = setup.stateBytes.gradient > 0
                                 ? mem.gradientsBytes / setup.stateBytes.gradient
                                       * (setup.zeroStage >= 2 ? setup.data : 1)
                                 : 0;
    if (setup.data > 1 && trainable > 0) {
        comm.dpLevel = groupLevel(setup.tensor, setup.data, gpn, ctx.rates);
        const double bw = levelBytesPerS(ctx.rates, comm.dpLevel);
        const double lat = levelLatencyS(ctx.rates, comm.dpLevel);
        const double gradBytes = trainable * (w.precision == Precision::Fp32 ? 4.0 : 2.0);
        double window = 0;
        if (setup.zeroStage < 3) {
            comm.dpBytes = 2.0 * (setup.data - 1) / setup.data * gradBytes;
            comm.dpTimeS = ringAllReduceS(gradBytes, setup.data, bw, lat);
            // Overlaps the backward of the last micro-batch (Li et al. 2020,
            // PyTorch DDP §3.2.3) — except the last bucket.
            window = microComputeS * backwardFactor / (1.0 + backwardFactor);
        } else {
            const double weightBytes = trainable * setup.stateBytes.weight;
            comm.dpBytes = (setup.data - 1.0) / setup.data
                           * (2.0 * setup.microBatches * weightBytes + gradBytes);
            comm.dpTimeS = 2.0 * setup.microBatches * ringGatherS(weightBytes, setup.data, bw, lat)
                           + ringGatherS(gradBytes, setup.data, bw, lat);
            window = perf.computeTimeS; // prefetch overlaps all compute (FSDP)
        }
        // Last bucket: 40 M gradients of 2 bytes, Megatron-Core's default
        // bucket_size max(40 M, 1 M × d) elements
        // (megatron/core/distributed/distributed_data_parallel_config.py)
        // without the 1 M × d term and always at 2 B, whereas the memory
        // line (training_memory.cpp) uses the full rule and the precision's
        // bytes: two rules for one bucket.
        const double bucket = std::min(gradBytes, 40.0e6 * 2.0);
        const double lastBucketS = ringAllReduceS(bucket, setup.data, bw, lat);
        comm.dpExposedS = std::max(lastBucketS, comm.dpTimeS - window);
    }
    // Optimizer step: HBM-bound read+write of the local states. 0.8 of peak
    // bandwidth is the decode default of hardware_rates.cpp (kipply's 0.9
    // measured for FasterTransformer, derated; docs/reference/models.md §2.14).
    const double hbm = ctx.config.gpu.memoryBandwidthGbs * 1e9 * 0.8;
    perf.optimizerTimeS = hbm > 0 ? 2.0 * (mem.weightsBytes + mem.gradientsBytes
                                           + mem.optimizerBytes) / hbm
                                  : 0;
    perf.stepTimeS = perf.computeTimeS + comm.tpTimeS + comm.epTimeS + perf.bubbleTimeS
                     + comm.ppTimeS + comm.dpExposedS + perf.optimizerTimeS;
    comm.exposedTimeS = comm.tpTimeS + comm.epTimeS + comm.ppTimeS + comm.dpExposedS;
    comm.communicationFraction = perf.stepTimeS > 0 ? comm.exposedTimeS / perf.stepTimeS : 0;
    comm.sufficient = comm.communicationFraction <= maxCommunicationFraction && comm.tpLevel != LinkLevel::Nic;
    comm.levels = linkDemands({{comm.tpLevel, comm.tpBytes},
                               {comm.ppLevel, comm.ppBytes},
                               {comm.dpLevel, comm.dpBytes},
                               {comm.epLevel, comm.epBytes}},
                              perf.computeTimeS, ctx.rates);

    // --- throughput and utilisation (MFU: Chowdhery et al. 2022 PaLM App. B;
    // HFU adds recomputation, Korthikanti et al. 2022 App. A).
    const double tokens = double(w.globalBatchSize) * s;
    const double fwdModel = forwardFlopsPerToken(m, lf);
    perf.modelFlopsPerStep = (1.0 + backwardFactor) * fwdModel * tokens;
    double recomputeTotal = 0;
    if (setup.recompute == Recompute::Full)
        recomputeTotal = (fwdModel - lf.logits) * tokens;
    else if (setup.recompute == Recompute::Selective || w.flashAttention)
        recomputeTotal = m.layers * lf.attentionCoreDense * tokens;
    perf.hardwareFlopsPerStep = perf.modelFlopsPerStep + recomputeTotal;
    const double gpus = double(setup.tensor) * setup.pipeline * setup.data;
    if (perf.stepTimeS > 0 && perf.stepTimeS < 1e29) {
        perf.tokensPerS = tokens / perf.stepTimeS;
        perf.mfu = perf.modelFlopsPerStep / (perf.stepTimeS * gpus * ctx.peakFlopsPerS);
        perf.hfu = perf.hardwareFlopsPerStep / (perf.stepTimeS * gpus * ctx.peakFlopsPerS);
        if (w.trainingTokens > 0)
            perf.trainingDays = w.trainingTokens / perf.tokensPerS / 86400.0;
    }
}

} // namespace infrafit
