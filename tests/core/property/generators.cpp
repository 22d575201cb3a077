// SPDX-License-Identifier: Apache-2.0
#include "generators.h"

#include "core/io/key_use.h"

#include "core/io/catalog_json.h"
#include "core/io/project_json.h"
#include "core/io/workload_json.h"
#include "core/io/model_presets.h"
#include "core/model/model_validation.h"
#include "core/project/resolve_configuration.h"
#include "core/workload/workload_validation.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>
#include <unordered_map>
#include <variant>

namespace infrafit::property {

long long Rng::between(long long lo, long long hi)
{
    const auto span = static_cast<std::uint64_t>(hi - lo) + 1; // 0 = the full 2^64 range
    if (span == 0)
        return static_cast<long long>(next());
    // Rejection sampling: drop the top partial copy of [0, span) so every
    // value is equally likely.
    const std::uint64_t limit = std::numeric_limits<std::uint64_t>::max()
        - std::numeric_limits<std::uint64_t>::max() % span;
    std::uint64_t x = next();
    while (x >= limit)
        x = next();
    return lo + static_cast<long long>(x % span);
}

double Rng::real(double lo, double hi)
{
    const double unit = static_cast<double>(next() >> 11) * 0x1.0p-53; // [0, 1)
    return lo + (hi - lo) * unit;
}

double Rng::logReal(double lo, double hi)
{
    return std::exp(real(std::log(lo), std::log(hi)));
}

int Rng::logInt(int lo, int hi)
{
    if (hi <= lo)
        return lo;
    const double x = logReal(lo, static_cast<double>(hi) + 1.0);
    return std::clamp(static_cast<int>(std::floor(x)), lo, hi);
}

std::uint64_t caseSeed(std::uint64_t seed, std::uint64_t index)
{
    std::uint64_t z = seed + (index + 1) * 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

const PartPool& defaultPartPool()
{
    static const PartPool pool = [] {
        PartPool p;
        p.all = readCatalogFile(
            std::string(INFRAFIT_SOURCE_DIR) + "/catalog/data/default-catalog.json")
                    .parts;
        static_cast<PartsSnapshot&>(p) = snapshotOf(p.all);
        return p;
    }();
    return pool;
}

namespace {

std::vector<int> divisorsOf(int n)
{
    std::vector<int> out;
    for (int d = 1; d <= n; ++d) {
        if (n % d == 0)
            out.push_back(d);
    }
    return out;
}

template <class E, std::size_t N>
E pickEnum(Rng& rng, const std::array<E, N>& values)
{
    return values[static_cast<std::size_t>(rng.between(0, static_cast<long long>(N) - 1))];
}

/// Tensor sizes the plan rules allow for `m`: divisors of the attention
/// heads that split or replicate the KV heads.
std::vector<int> legalTensorSizes(const ModelSpec& m)
{
    std::vector<int> out;
    for (int t : divisorsOf(m.attentionHeads)) {
        if (m.isMla() || m.kvHeads % t == 0 || t % m.kvHeads == 0)
            out.push_back(t);
    }
    return out;
}

int pickTensor(Rng& rng, const ModelSpec& m, int gpusPerNode)
{
    const auto sizes = legalTensorSizes(m);
    std::vector<int> inNode;
    for (int t : sizes) {
        if (t <= std::max(1, gpusPerNode))
            inNode.push_back(t);
    }
    // Mostly within a node; sometimes any legal size (tensor across nodes).
    if (!inNode.empty() && rng.chance(0.9))
        return rng.pick(inNode);
    return rng.pick(sizes);
}

void pickPipeline(Rng& rng, const Workload& w, Parallelism& p)
{
    const int layers = w.model.layers;
    p.pipeline = rng.chance(0.4) ? 1 : rng.logInt(1, std::min(layers, 64));
    p.virtualStages = 1;
    if (p.pipeline > 1 && layers % p.pipeline == 0 && rng.chance(0.25))
        p.virtualStages = rng.pick(divisorsOf(layers / p.pipeline));
}

int pickExpert(Rng& rng, const ModelSpec& m)
{
    if (!m.isMoe() || rng.chance(0.4))
        return 1;
    return rng.pick(divisorsOf(m.experts));
}

} // namespace

ModelSpec generateModel(Rng& rng)
{
    if (rng.chance(0.35))
        return rng.pick(modelPresets()).model;
    ModelSpec m;
    m.name = "generated";
    static const std::vector<int> heads {
        1, 2, 3, 4, 5, 6, 8, 12, 16, 20, 24, 25, 32, 40, 48, 56, 64, 96, 128};
    static const std::vector<int> headDims {32, 64, 64, 80, 96, 128, 128, 256};
    m.attentionHeads = rng.pick(heads);
    const auto kvChoices = divisorsOf(m.attentionHeads);
    m.kvHeads = rng.chance(0.4) ? m.attentionHeads : rng.pick(kvChoices);
    const int headDim = rng.pick(headDims);
    if (rng.chance(0.1)) {
        m.headDim = headDim; // hidden need not divide by the heads then
        m.hiddenSize = rng.logInt(16, 16384);
    } else {
        m.hiddenSize = m.attentionHeads * headDim;
    }
    m.layers = rng.chance(0.2) ? rng.logInt(1, 8) : rng.logInt(1, 128);
    m.ffnHiddenSize = rng.chance(0.8)
        ? std::max(1, static_cast<int>(m.hiddenSize * rng.real(1.0, 5.0)))
        : rng.logInt(1, 65536);
    m.vocabSize = rng.logInt(1, 262144);
    m.gatedMlp = rng.chance(0.5);
    m.tiedEmbeddings = rng.chance(0.5);
    m.norm = rng.chance(0.5) ? NormKind::RmsNorm : NormKind::LayerNorm;
    m.bias = rng.chance(0.5);
    m.positionEmbedding = pickEnum(rng,
        std::array {
            PositionEmbedding::Learned, PositionEmbedding::Rotary, PositionEmbedding::Alibi});
    m.maxPositions = rng.logInt(1, 131072);
    if (rng.chance(0.2)) {
        static const std::vector<int> experts {2, 4, 8, 16, 32, 64, 128, 256};
        m.experts = rng.pick(experts);
        m.expertsPerToken = rng.intBetween(1, std::min(m.experts, 8));
        m.firstDenseLayers = rng.chance(0.5) ? 0 : rng.intBetween(0, m.layers - 1);
        m.sharedExperts = rng.intBetween(0, 2);
        m.moeFfnHiddenSize = rng.chance(0.5) ? 0 : rng.logInt(64, 8192);
    }
    if (rng.chance(0.05)) {
        m.kvLoraRank = rng.pick(std::vector<int> {64, 128, 256, 512});
        m.qkRopeHeadDim = rng.pick(std::vector<int> {16, 32, 64});
        m.qkNopeHeadDim = rng.pick(std::vector<int> {32, 64, 128});
        m.vHeadDim = rng.pick(std::vector<int> {32, 64, 128});
        m.qLoraRank = rng.chance(0.5) ? 0 : rng.pick(std::vector<int> {384, 768, 1536});
    }
    if (rng.chance(0.1))
        m.slidingWindow = rng.logInt(1, 8192);
    return m;
}

ResolvedConfiguration generateConfiguration(Rng& rng, const PartPool& pool)
{
    Configuration c;
    c.name = "generated";
    const Chassis& chassis = rng.pick(pool.chassis);
    c.chassisId = chassis.id;
    std::vector<const Gpu*> fitting;
    for (const auto& gpu : pool.gpus) {
        if (chassis.acceptsGpuForm(gpu.formFactor) && chassis.acceptsGpuBaseboard(gpu.baseboard))
            fitting.push_back(&gpu);
    }
    const Gpu& gpu = !fitting.empty() && rng.chance(0.7) ? *rng.pick(fitting) : rng.pick(pool.gpus);
    c.gpuId = gpu.id;
    const int maxGpus = std::max(1, chassis.maxGpus);
    const double r = rng.real(0, 1);
    c.gpusPerNode = r < 0.7 ? maxGpus
        : r < 0.95          ? rng.intBetween(1, maxGpus)
                            : rng.intBetween(1, 16);
    const double n = rng.real(0, 1);
    c.nodes = n < 0.1 ? 1 : n < 0.12 ? 1000 : rng.logInt(1, 1000);
    c.cpusPerNode = 0;
    if (rng.chance(0.85)) {
        c.cpuId = rng.pick(pool.cpus).id;
        c.cpusPerNode = rng.intBetween(1, std::max(1, chassis.cpuSockets));
    }
    if (rng.chance(0.7)) {
        c.nvmeId = rng.pick(pool.nvmes).id;
        c.nvmePerNode = rng.intBetween(1, std::max(1, chassis.nvmeBays));
    }
    if (rng.chance(0.8)) {
        c.nicId = rng.pick(pool.nics).id;
        c.nicsPerNode = rng.intBetween(1, 8);
    }
    if (rng.chance(0.7)) {
        c.psuId = rng.pick(pool.psus).id;
        c.psusPerNode = rng.intBetween(1, std::max(2, chassis.psuSlots));
    }
    c.psuRedundancy = pickEnum(
        rng, std::array {PsuRedundancy::None, PsuRedundancy::NPlus1, PsuRedundancy::NPlusN});
    if (rng.chance(0.6))
        c.coolingId = rng.pick(pool.coolings).id;
    c.rack.powerLimitKw = rng.logReal(5, 200);
    c.rack.units = rng.chance(0.7) ? 42 : rng.intBetween(1, 60);
    if (rng.chance(0.5)) {
        c.dimmsPerNode = rng.intBetween(1, 32);
        c.dimmSizeGb = rng.pick(std::vector<double> {16, 32, 64, 96, 128});
        if (rng.chance(0.3))
            c.dimmPriceUsd = rng.real(50, 2000);
    }
    if (rng.chance(0.3)) {
        c.sharedStorageGbs = rng.real(1, 500);
        if (rng.chance(0.5))
            c.sharedStoragePriceUsd = rng.real(1e4, 1e7);
    }
    // A GPU power limit on a quarter of the configurations, mostly inside
    // the GPU's range, sometimes outside it (refused with a finding).
    if (rng.chance(0.25) && gpu.tdpW > 0)
        c.gpuPowerLimitW = gpu.tdpW * (rng.chance(0.9) ? rng.real(0.3, 1.0) : rng.real(0.05, 1.5));

    // Resolved exactly as a project file's configuration (throws on a
    // generator bug: an unknown id or an illegal count).
    static const std::unordered_map<std::string, std::size_t> index = [] {
        std::unordered_map<std::string, std::size_t> m;
        const auto& all = defaultPartPool().all;
        for (std::size_t i = 0; i < all.size(); ++i)
            m.emplace(infoOf(all[i]).id, i);
        return m;
    }();
    Project project;
    project.configurations.push_back(c);
    return resolveConfiguration(project, 0, [&](std::string_view id) -> std::optional<Part> {
        const auto it = index.find(std::string(id));
        if (it == index.end())
            return std::nullopt;
        return pool.all[it->second];
    });
}

Parallelism generateTrainingPlan(Rng& rng, Workload& w, int gpusPerNode, int totalGpus)
{
    Parallelism p;
    p.tensor = pickTensor(rng, w.model, gpusPerNode);
    pickPipeline(rng, w, p);
    p.expert = pickExpert(rng, w.model);
    const int modelGpus = p.tensor * p.pipeline;
    const int maxData = totalGpus / modelGpus;
    int data = 0;
    if (maxData < 1 || rng.chance(0.05)) {
        data = rng.intBetween(1, 8) * p.expert; // may need more GPUs than there are
    } else {
        data = rng.logInt(1, maxData);
        data = std::max(p.expert, data / p.expert * p.expert);
    }
    // Derived data (0) when it resolves to a multiple of the expert size.
    const int derived = std::max(1, totalGpus / modelGpus);
    if (rng.chance(0.3) && derived % p.expert == 0) {
        p.data = 0;
        data = derived;
    } else {
        p.data = data;
    }
    w.microBatchSize = rng.logInt(1, 16);
    // At most the field's 2^24 sequences (workload_fields.cpp), which a
    // thousand-node plan reached at 256 micro-batches.
    const long long perStep = static_cast<long long>(w.microBatchSize) * data;
    const int maxMicroBatches = static_cast<int>(std::clamp((1LL << 24) / perStep, 1LL, 256LL));
    w.globalBatchSize = perStep * rng.logInt(1, maxMicroBatches);
    p.zeroStage = rng.intBetween(0, 3);
    p.sequenceParallel = rng.chance(0.5);
    p.recompute
        = pickEnum(rng, std::array {Recompute::None, Recompute::Selective, Recompute::Full});
    return p;
}

Workload generateWorkload(
    Rng& rng, const ResolvedConfiguration& config, const GeneratorOptions& options)
{
    Workload w;
    w.name = "generated";
    w.kind = rng.chance(0.6) ? WorkloadKind::Training : WorkloadKind::Inference;
    w.model = generateModel(rng);
    const bool training = w.kind == WorkloadKind::Training;
    w.precision = training ? pickEnum(rng,
                      std::array {Precision::Fp32, Precision::Bf16, Precision::Bf16,
                          Precision::Fp16, Precision::Fp8})
                           : pickEnum(rng,
                               std::array {Precision::Fp32, Precision::Bf16, Precision::Fp16,
                                   Precision::Fp8, Precision::Int8, Precision::Int4});
    w.sequenceLength = rng.logInt(1, 131072);
    w.optimizer = pickEnum(rng,
        std::array {Optimizer::Adam, Optimizer::AdamW, Optimizer::AdamFp32, Optimizer::Sgd,
            Optimizer::Adam8bit, Optimizer::Adafactor});
    const double ft = rng.real(0, 1);
    w.fineTune = ft < 0.8 ? FineTune::Full : ft < 0.9 ? FineTune::Lora : FineTune::Qlora;
    if (w.fineTune == FineTune::Qlora && w.precision == Precision::Fp32)
        w.precision = Precision::Bf16; // QLoRA computes in 16 bits
    w.loraRank = rng.logInt(1, 256);
    if (rng.chance(0.6)) // absent: the precision's default
        w.fp32GradBuffer = rng.chance(0.5);
    w.flashAttention = rng.chance(0.7);
    w.dropout = rng.chance(0.7) ? 0.0 : rng.real(0.0, 0.5);
    w.trainingTokens = rng.chance(0.2) ? 0.0 : rng.logReal(1e6, 1e13);
    w.promptTokens = rng.logInt(1, 32768);
    w.outputTokens = rng.logInt(1, 4096);
    w.concurrentRequests = rng.logInt(1, 1024);
    w.kvCachePrecision = pickEnum(rng,
        std::array {
            Precision::Fp32, Precision::Bf16, Precision::Fp16, Precision::Fp8, Precision::Int8});
    w.gpuMemoryUtilization = rng.real(0.5, 0.95);
    w.kvBlockSize = rng.pick(std::vector<int> {1, 8, 16, 16, 32});
    w.maxBatch = rng.logInt(1, 1024);
    w.batching = rng.chance(0.3) ? Batching::Static : Batching::Continuous;
    if (rng.chance(0.2))
        w.efficiency = rng.real(0.05, 1.0);
    // Storage and host.
    w.checkpointIntervalHours = rng.logReal(0.05, 48);
    w.maxCheckpointShare = rng.real(0.005, 0.5);
    w.checkpointsKept = rng.intBetween(1, 5);
    w.checkpointTarget = pickEnum(
        rng, std::array {StorageTarget::Auto, StorageTarget::Local, StorageTarget::Shared});
    if (rng.chance(0.2))
        w.dataBytesPerToken = rng.real(0.5, 8);
    if (rng.chance(0.1))
        w.sampleBytes = rng.logReal(1e3, 1e8);
    w.dataSource = pickEnum(
        rng, std::array {StorageTarget::Auto, StorageTarget::Local, StorageTarget::Shared});
    w.modelLoadSource = pickEnum(
        rng, std::array {StorageTarget::Auto, StorageTarget::Local, StorageTarget::Shared});
    w.kvOffloadGbPerGpu = rng.chance(0.8) ? 0.0 : rng.real(0, 200);
    if (rng.chance(0.2))
        w.cpuCoresPerGpuNeeded = rng.real(0, 32);
    if (rng.chance(0.2))
        w.hostMemoryPerGpuGbNeeded = rng.real(0, 512);
    w.attentionKernel = pickEnum(
        rng, std::array {AttentionKernel::Auto, AttentionKernel::Fa2, AttentionKernel::Fa3});
    if (rng.chance(0.3))
        w.ppCommOverlap = rng.chance(0.5);
    if (rng.chance(0.3))
        w.fp8Recipe = pickEnum(rng, std::array {Fp8Recipe::Current, Fp8Recipe::Delayed,
                                                Fp8Recipe::Mxfp8, Fp8Recipe::Blockwise});

    const int gpn = config.config.gpusPerNode;
    const int total = config.totalGpus();
    if (rng.chance(options.autoPlanShare)) {
        // InfraFit chooses the plan; offload that needs a ZeRO stage is left off.
        w.microBatchSize = rng.logInt(1, 8);
        w.globalBatchSize = static_cast<long long>(w.microBatchSize) * rng.logInt(1, 4096);
        w.offload = Offload::None;
        return w;
    }
    if (training) {
        Parallelism p = generateTrainingPlan(rng, w, gpn, total);
        const double off = rng.real(0, 1);
        w.offload = p.zeroStage >= 3 && off < 0.1 ? Offload::OptimizerAndWeights
            : p.zeroStage >= 1 && off < 0.2       ? Offload::Optimizer
                                                  : Offload::None;
        w.parallelism = p;
        if (p.pipeline > 1 && rng.chance(0.3)) {
            // Megatron-Core's split that counts the embedding and the loss
            // as layers, kept only where its units divide over the chunks.
            w.embeddingInPipelineSplit = rng.chance(0.7);
            w.lossInPipelineSplit = !w.embeddingInPipelineSplit || rng.chance(0.7);
            if (!planRuleViolation(w, p).empty())
                w.embeddingInPipelineSplit = w.lossInPipelineSplit = false;
        }
        // Megatron-Core's CPU activation offload: no pipeline, no recompute,
        // fewer layers than the model.
        if (p.pipeline == 1 && p.recompute == Recompute::None && w.model.layers > 1
            && rng.chance(0.3))
            w.activationOffloadLayers = rng.logInt(1, w.model.layers - 1);
        w.fusedCrossEntropy = rng.chance(0.5);
    } else {
        Parallelism p;
        p.tensor = pickTensor(rng, w.model, gpn);
        pickPipeline(rng, w, p);
        p.expert = pickExpert(rng, w.model);
        const int maxData = total / (p.tensor * p.pipeline);
        p.data = maxData >= 1 && rng.chance(0.3) ? rng.logInt(1, maxData) : 0;
        w.parallelism = p;
    }
    return w;
}

GeneratedCase generateCase(Rng& rng, const PartPool& pool, const GeneratorOptions& options)
{
    GeneratedCase c;
    c.config = generateConfiguration(rng, pool);
    c.workload = generateWorkload(rng, c.config, options);
    return c;
}

std::string workloadProblems(const Workload& w, bool viaJson)
{
    std::vector<Problem> problems;
    validateModel(w.model, "/model", problems);
    validateWorkload(w, "", problems);
    if (problems.empty() && viaJson) {
        // The loader's ranges too, and it reads every member the writer wrote.
        const auto json = workloadToJson(w);
        KeyUseRecorder recorder;
        (void)workloadFromJson(json, "", problems);
        for (const auto& pointer : recorder.unread(json))
            problems.push_back({pointer, "written but not read back"});
    }
    std::string text;
    for (const auto& p : problems)
        text += p.pointer + ": " + p.message + "; ";
    return text;
}

nlohmann::json caseToJson(const Workload& w, const ResolvedConfiguration& config)
{
    return {{"workload", workloadToJson(w)}, {"configuration", configurationToJson(config.config)}};
}

} // namespace infrafit::property
