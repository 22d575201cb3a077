// SPDX-License-Identifier: Apache-2.0
#include "core/analysis/activation_offload.h"
#include "core/analysis/analysis_context.h"
#include "core/analysis/analyze_plan.h"
#include "core/analysis/communication.h"
#include "core/analysis/flops.h"
#include "core/analysis/optimizer_offload.h"
#include "core/analysis/training_constants.h"
#include "core/analysis/training_memory.h"
#include "core/analysis/training_time.h"

#include <algorithm>
#include <cmath>
#include <utility>

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
    const int representativeCount = representativeStages(m, setup.pipeline, representative,
                                                           setup.split);
    double worst = -1;
    auto considerStage = [&](int stage) {
        const MemoryLines lines = trainingStageMemory(setup, stage);
        if (withStages)
            res.stages.push_back(
                {stage, layersOnStage(m, setup.pipeline, stage, setup.split), lines});
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

    // --- one micro-batch of the slowest stage, per operation (training_time.h).
    const double s = w.sequenceLength;
    const int cp = std::max(1, plan.context);
    const double tokensPerMicro = s * w.microBatchSize / cp;
    const LayerFlops lf = layerFlops(m, ctx.params, s);
    const double t = setup.tensor;
    StageMicroTime slowest;
    // Stages with the same layer counts time alike (only the last adds the
    // output layer): time each distinct one once.
    int seenDense[6], seenMoe[6];
    int seen = 0;
    for (int i = 0; i < representativeCount; ++i) {
        const int stage = representative[i];
        const StageParams sp = stageParams(m, ctx.params, setup.tensor, setup.pipeline,
                                           setup.expert, stage, setup.split);
        if (stage != setup.pipeline - 1) {
            bool duplicate = false;
            for (int j = 0; j < seen; ++j)
                duplicate = duplicate || (seenDense[j] == sp.denseLayers && seenMoe[j] == sp.moeLayers);
            if (duplicate)
                continue;
            seenDense[seen] = sp.denseLayers;
            seenMoe[seen] = sp.moeLayers;
            ++seen;
        }
        const StageMicroTime st = stageMicroTime(ctx, setup, stage);
        if (st.computeS() + st.exposedCommS() > slowest.computeS() + slowest.exposedCommS())
            slowest = st;
    }
    const double backwardFactor = w.fineTune == FineTune::Full ? 2.0 : 1.0;
    const double microComputeS = slowest.computeS();
    const double mb = setup.microBatches;

    // --- communication (one micro-batch unless stated).
    const int gpn = ctx.rates.gpusPerNode; // the GPU fabric's reach (hardware_rates.h)
    CommunicationResult& comm = res.interconnect;
    const double actBytes = setup.activationBytes;
    const double boundary = actBytes * tokensPerMicro * m.hiddenSize;
    const int layersStage = mostLayersOnStage(m, setup.pipeline, setup.split);
    if (setup.tensor > 1) {
        comm.tpLevel = groupLevel(1, setup.tensor, gpn, ctx.rates);
        const double perLayer = setup.recompute == Recompute::Full ? 6.0 : 4.0;
        comm.tpBytes = perLayer * layersStage * 2.0 * (t - 1) / t * boundary * mb;
        comm.tpTimeS = slowest.tpExposedS * mb; // exposed part (tp_comm_overlap)
    }
    if (cp > 1)
        comm.tpTimeS += slowest.cpExposedS * mb; // reported with the model-parallel traffic
    if (setup.expert > 1 && m.isMoe()) {
        // MoE dispatch + combine all-to-all, forward and backward, k copies
        // of each token (docs/reference/models.md §2.12; Lepikhin et al. 2020 GShard §2.2).
        comm.epLevel = groupLevel(setup.tensor * cp, setup.expert, gpn, ctx.rates);
        const int moeOnStage = stageParams(m, ctx.params, setup.tensor, setup.pipeline,
                                           setup.expert, 0, setup.split).moeLayers;
        comm.epBytes = 4.0 * m.expertsPerToken * boundary * (setup.expert - 1) / setup.expert
                       * std::max(1, moeOnStage) * mb;
        comm.epTimeS = slowest.epCommS * mb;
    }
    comm.overlapSlowdownS = slowest.overlapSlowdownS * mb;
    const double slotS = microComputeS + slowest.exposedCommS();
    const double v = setup.virtualStages;
    PerformanceResult& perf = res.performance;
    perf.computeTimeS = microComputeS * mb;
    perf.elementwiseTimeS = (slowest.elementwiseS + slowest.quantizeS) * mb; // both HBM-bound
    // Pipeline bubble: (p−1)/v micro-batch slots of the slowest stage
    // (Narayanan et al. 2021 §2.2.2: bubble fraction (p−1)/(v·m)); with
    // uneven layers the slowest stage sets the slot.
    perf.bubbleTimeS = (setup.pipeline - 1) / v * slotS;
    if (setup.pipeline > 1) {
        // p2p of the boundary tensor forward and backward per micro-batch
        // (÷t with scatter/gather, Narayanan 2021 §4.1), v× with interleaving.
        comm.ppLevel = groupLevel(setup.tensor * cp * setup.data, setup.pipeline, gpn, ctx.rates);
        const double bytes = 2.0 * boundary / t * v * mb;
        const double bw = levelBytesPerS(ctx.rates, comm.ppLevel);
        comm.ppBytes = bytes;
        comm.ppTimeS = bw > 0 ? bytes / bw + 2.0 * v * mb * levelLatencyS(ctx.rates, comm.ppLevel)
                              : 1e30;
        comm.ppExposedS = comm.ppTimeS;
        if (ppCommOverlapOn(ctx, setup.virtualStages) && comm.ppTimeS < 1e29) {
            // The interleaved schedule posts each chunk's sends and receives
            // before it computes and waits for them after (Megatron-LM
            // overlap_p2p_comm, on by default for interleaving: megatron/
            // training/arguments.py --no-overlap-p2p-communication;
            // Megatron-Bridge training/comm_overlap.py sets it when the
            // virtual pipeline size is > 1), so the transfers hide behind the
            // step's compute and cost what overlap costs (overlapCost()).
            const OverlapCost cost = overlapCost(comm.ppTimeS, perf.computeTimeS);
            comm.ppExposedS = cost.exposedS;
            comm.overlapSlowdownS += cost.slowdownS;
        }
    }
    // Data parallel gradient reduction (ZeRO paper §7: 2Ψ for stages 0–2,
    // 3Ψ for stage 3; ZeRO-2 reduces every micro-batch), over data ×
    // context ranks (Megatron reduces gradients over the DP×CP group),
    // hierarchical across nodes (communication.h).
    const MemoryLines& mem = res.memory;
    // LoRA/QLoRA train only the adapters, which are fp32 whatever the
    // frozen base's precision: their reduction and gather move 4-byte
    // elements (gpuGradientBytesPerParam, trainedWeightBytesPerParam).
    const bool adapters = w.fineTune != FineTune::Full;
    const double gpuGradientBytes = gpuGradientBytesPerParam(setup);
    const double trainedWeightBytes = trainedWeightBytesPerParam(setup);
    const double trainable = gpuGradientBytes > 0
                                 ? mem.gradientsBytes / gpuGradientBytes
                                       * (setup.zeroStage >= 2 ? setup.shardGroup() : 1)
                                 : 0;
    const int reduceGroup = setup.shardGroup();
    if (reduceGroup > 1 && trainable > 0) {
        const int stride = setup.tensor;
        comm.dpLevel = groupLevel(stride, reduceGroup, gpn, ctx.rates);
        const double gradElementBytes = adapters                          ? gpuGradientBytes
                                        : w.precision == Precision::Fp32 ? 4.0
                                                                         : 2.0;
        const double gradBytes = trainable * gradElementBytes;
        const double n = reduceGroup;
        // A gradient reduction in buckets during one micro-batch's backward
        // pass: each bucket is its own collective with its fixed cost, and
        // all but the last bucket can hide behind the backward (Li et al.
        // 2020, PyTorch DDP §3.2.3). Returns its time and what overlap
        // leaves of it.
        const double backwardS = microComputeS * backwardFactor / (1.0 + backwardFactor);
        const auto reduceInBackward = [&](auto collectiveS, double bucketElements,
                                          double elementBytes) {
            const double buckets = std::ceil(trainable / bucketElements);
            const double timeS = buckets
                                 * collectiveS(trainable * elementBytes / buckets, reduceGroup,
                                               stride, ctx.rates);
            const double lastBucketS = collectiveS(bucketElements * elementBytes, reduceGroup,
                                                   stride, ctx.rates);
            return std::pair{timeS, overlapCost(timeS, std::min(timeS - lastBucketS, backwardS))};
        };
        if (setup.zeroStage == 2) {
            // ZeRO-2 keeps only this rank's gradient shard (the memory
            // above), so it cannot accumulate micro-batches locally: each
            // micro-batch's gradients are reduce-scattered to their owners
            // during its own backward pass (DeepSpeed engine.py,
            // allreduce_gradients(): "ZeRO stage >= 2 communicates during
            // non gradient accumulation boundaries as well";
            // stage_1_and_2.py reduce_ipg_grads() in reduce_bucket_size
            // buckets, with overlap_comm on as DeepSpeed's ZeRO tutorial
            // configures it; its default is on for stage 3 only), and
            // after the step the updated 16-bit weights are all-gathered
            // before the next forward (stage_1_and_2.py step(),
            // all_gather_dp_groups). A reduce-scatter moves what a ring
            // all-gather moves.
            const double bucketElements = std::min(trainable, zero2BucketElements);
            const auto [perMicroS, cost]
                = reduceInBackward(allGatherS, bucketElements, gradElementBytes);
            const double weightBytes = trainable * trainedWeightBytes;
            const double buckets = std::ceil(trainable / bucketElements);
            const double gatherS
                = buckets * allGatherS(weightBytes / buckets, reduceGroup, stride, ctx.rates);
            comm.dpBytes = (n - 1) / n * (gradBytes * mb + weightBytes);
            comm.dpTimeS = perMicroS * mb + gatherS;
            comm.dpExposedS = cost.exposedS * mb + gatherS;
            comm.overlapSlowdownS += cost.slowdownS * mb;
        } else if (setup.zeroStage < 3) {
            // One all-reduce in Megatron DDP's buckets (training_constants.h),
            // during the last micro-batch's backward. Megatron reduces the
            // gradient buffer in the buffer's own type: with the fp32
            // main-grad buffer (`fp32_grad_buffer`; Megatron-Core
            // DistributedDataParallelConfig.grad_reduce_in_fp32, which also
            // sets the buffer's dtype in param_and_grad_buffer.py) 4 bytes an
            // element. The distributed optimizer (ZeRO-1) reduce-scatters
            // that buffer and all-gathers the 16-bit weights after the step
            // (distrib_optimizer.py), each half an all-reduce: the same
            // bytes as an all-reduce of their mean element; the gather is
            // counted in the backward's overlap window, as Megatron hides it
            // behind the next forward with overlap_param_gather (on in
            // NeMo's recipes; an assumption where it is off). An
            // offloaded optimizer is DeepSpeed's, which reduces the
            // gradients the GPU keeps (gpuGradientBytesPerParam()).
            const double bufferBytes = std::max(gradElementBytes, gpuGradientBytes);
            const double elementBytes = setup.zeroStage == 1
                                            ? 0.5 * (bufferBytes + trainedWeightBytes)
                                            : bufferBytes;
            comm.dpBytes = 2.0 * (n - 1) / n * trainable * elementBytes;
            const auto [timeS, cost] = reduceInBackward(
                allReduceS, std::min(trainable, ddpBucketElements(setup.data)), elementBytes);
            comm.dpTimeS = timeS;
            comm.dpExposedS = cost.exposedS;
            comm.overlapSlowdownS += cost.slowdownS;
        } else {
            // ZeRO-3/FSDP: per micro-batch all-gather the weights for
            // forward and again for backward, reduce-scatter the gradients
            // (FSDP, Zhao et al. 2023 §3.2; ZeRO §5.3). Prefetch hides each
            // layer's gather behind the previous layer's compute; the first
            // layer's gather of each pass stays exposed. Each layer is its
            // own collective (one FSDP unit per transformer block), so each
            // pays the collective's fixed cost.
            const double weightBytes = trainable * trainedWeightBytes;
            const double layersHere = std::max(1, layersStage);
            const double perMicroS
                = layersHere
                  * (2.0 * allGatherS(weightBytes / layersHere, reduceGroup, stride, ctx.rates)
                     + allGatherS(gradBytes / layersHere, reduceGroup, stride, ctx.rates));
            comm.dpBytes = (n - 1) / n * (2.0 * weightBytes + gradBytes) * mb;
            comm.dpTimeS = perMicroS * mb;
            const double firstLayerS = 2.0 * perMicroS / 3.0 / layersHere;
            const OverlapCost cost = overlapCost(perMicroS, microComputeS);
            comm.dpExposedS = (cost.exposedS + firstLayerS) * mb;
            comm.overlapSlowdownS += cost.slowdownS * mb;
        }
    }
    // Optimizer step: HBM-bound read+write of the local states. 0.8 of peak
    // bandwidth is the decode default of hardware_rates.cpp (kipply's 0.9
    // measured for FasterTransformer, derated; docs/reference/models.md §2.14).
    const double hbm = ctx.config.gpu.memoryBandwidthGbs * 1e9 * 0.8;
    perf.optimizerTimeS = hbm > 0 ? 2.0 * (mem.weightsBytes + mem.gradientsBytes
                                           + mem.optimizerBytes) / hbm
                                  : 0;
    // ZeRO-Offload: the optimizer step runs on the host's CPUs instead
    // (optimizer_offload.h); the GPU only sends gradients and receives
    // weights. The slowest stage's partition decides the step.
    double hostOffloadPcieBytes = 0;
    if (optimizerOffloaded(w)) {
        perf.optimizerTimeS = 0;
        double shard = 0;
        for (int i = 0; i < representativeCount; ++i)
            shard = std::max(shard, optimizerShardParams(setup, representative[i]));
        OptimizerOffloadInputs in;
        in.shardParams = shard;
        in.zeroStage = setup.zeroStage;
        in.shardGroup = setup.shardGroup();
        in.microBatches = mb;
        in.forwardS = microComputeS / (1.0 + backwardFactor);
        in.backwardS = microComputeS - in.forwardS;
        in.hostLinkBytesPerS = ctx.rates.hostMemoryBytesPerS;
        in.hostMemoryBytesPerS = ctx.rates.hostDramBytesPerS;
        in.gradientElementBytes = gpuGradientBytes;
        in.weightElementBytes = setup.stateBytes.weight;
        // ZeRO-3's weight partition is the optimizer's (experts shard
        // over their own group: optimizerShardParams()).
        if (w.offload == Offload::OptimizerAndWeights)
            in.fetchedWeightBytes = shard * setup.stateBytes.weight;
        const OptimizerOffloadTime host = optimizerOffloadTime(in);
        perf.optimizerOffloadTimeS = host.totalS();
        perf.hostOptimizerStepS = host.cpuStepS;
        if (ctx.rates.hostMemoryOverPcie)
            hostOffloadPcieBytes = host.hostLinkBytes;
    }
    // Activation offload copies cross the GPU's PCIe link unless it reaches
    // the host over NVLink-C2C (a Grace superchip); they count there in the
    // link demand below, once: the forward copies and the backward reloads
    // run in opposite directions.
    double offloadPcieBytes = 0;
    if (setup.offloadedLayers > 0) {
        // Activation offload: one layer's stored activations go to the host
        // in the forward pass and come back in the backward, each copy
        // hidden behind a window of layers (activation_offload.h). Copies
        // run on the copy engines at the host link's rate each way
        // (LinkRates::hostMemoryBytesPerS). A layer's time is its share of
        // the micro-batch's compute and exposed collectives, without the
        // output layer.
        const int layers = std::max(1, m.layers);
        const double layerBytes = setup.offloadedLayerActivation;
        res.offloadedActivationBytes = setup.offloadedLayers * layerBytes;
        if (ctx.rates.hostMemoryOverPcie)
            offloadPcieBytes = res.offloadedActivationBytes * mb;
        const double copyS = layerBytes / std::max(1.0, ctx.rates.hostMemoryBytesPerS);
        const double layerS
            = std::max(0.0, microComputeS + slowest.exposedCommS() - slowest.logitsS) / layers;
        const double forwardS = layerS / (1.0 + backwardFactor);
        perf.activationOffloadTimeS
            = activationOffloadStallS(layers, setup.offloadedLayers, copyS, forwardS,
                                      layerS - forwardS)
              * mb;
    }
    perf.stepTimeS = perf.computeTimeS + comm.tpTimeS + comm.epTimeS + perf.bubbleTimeS
                     + comm.ppExposedS + comm.dpExposedS + perf.optimizerTimeS
                     + perf.activationOffloadTimeS + perf.optimizerOffloadTimeS;
    comm.exposedTimeS = comm.tpTimeS + comm.epTimeS + comm.ppExposedS + comm.dpExposedS;
    comm.communicationFraction = perf.stepTimeS > 0 ? comm.exposedTimeS / perf.stepTimeS : 0;
    comm.sufficient = comm.communicationFraction <= maxCommunicationFraction && comm.tpLevel != LinkLevel::Nic;
    comm.levels = linkDemands({{comm.tpLevel, comm.tpBytes},
                               {comm.ppLevel, comm.ppBytes},
                               {comm.dpLevel, comm.dpBytes},
                               {comm.epLevel, comm.epBytes},
                               {LinkLevel::Pcie, offloadPcieBytes + hostOffloadPcieBytes}},
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
    const double gpus = double(setup.tensor) * setup.pipeline * setup.data * cp;
    if (perf.stepTimeS > 0 && perf.stepTimeS < 1e29) {
        perf.tokensPerS = tokens / perf.stepTimeS;
        perf.mfu = perf.modelFlopsPerStep / (perf.stepTimeS * gpus * ctx.peakFlopsPerS);
        perf.hfu = perf.hardwareFlopsPerStep / (perf.stepTimeS * gpus * ctx.peakFlopsPerS);
        if (w.trainingTokens > 0)
            perf.trainingDays = w.trainingTokens / perf.tokensPerS / 86400.0;
    }
}

} // namespace infrafit
