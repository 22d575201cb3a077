// SPDX-License-Identifier: Apache-2.0
// Serving latency and capacity validation (issue 17 item 4): five MLPerf
// Inference v4.1 closed-division server-scenario runs (LoadGen summaries in
// github.com/mlcommons/inference_results_v4.1; docs/validation.md "Serving
// latency and capacity"). A valid server run keeps p99 TTFT <= 2 s and p99
// TPOT <= 200 ms at its completed samples/s, so that rate is a lower bound
// of the system's capacity under the SLA; InfraFit's capacity for the same
// system is compared with it. The same systems' Offline runs measure the
// saturated throughput, compared with InfraFit's. INFRAFIT_VALIDATION_PRINT=1
// prints the tables.
#include "core/pipeline/analyze.h"
#include "core/analysis/serving_analysis.h"
#include "core/io/catalog_json.h"
#include "core/io/model_presets.h"

#include "validation/validation_figures.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstddef>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

using namespace infrafit;

namespace {

// Prompt lengths of the benchmarks' datasets, as histograms: the per-sample
// input token counts of the official MLCommons files
// (open_orca_gpt4_tokenized_llama.sampled_24576.pkl, tok_input_length, 24,576
// prompts with the Llama 2 chat template; 09292024_mixtral_15k_mintoken2_v1.pkl,
// tok_input_len, 15,000 prompts), as published per sample in
// github.com/openshift-psap/performance-dashboard mlperf-data/summaries/
// (llama2-70b-99.csv, mixtral-8x7b.csv; commit 71007029). Binned here into
// 32- and 64-token bins: (mean tokens of the bin, prompts in it). Means
// 222.3 and 427.4 tokens (docs/validation.md "Serving latency and capacity").
constexpr std::pair<int, int> llamaPromptBins[] = {{57, 506}, {82, 3417}, {112, 5237},
    {142, 3793}, {175, 2122}, {207, 1741}, {239, 1258}, {271, 981}, {303, 768}, {334, 528},
    {367, 471}, {399, 336}, {430, 311}, {463, 307}, {496, 280}, {528, 343}, {560, 381},
    {592, 464}, {623, 452}, {654, 306}, {686, 142}, {721, 88}, {749, 58}, {785, 57}, {820, 49},
    {848, 41}, {880, 38}, {910, 39}, {946, 21}, {979, 17}, {1008, 24}};
constexpr std::pair<int, int> mixtralPromptBins[] = {{53, 285}, {100, 1873}, {157, 3302},
    {219, 1662}, {284, 762}, {349, 373}, {411, 191}, {481, 124}, {542, 156}, {628, 568},
    {664, 4249}, {721, 369}, {793, 27}, {865, 83}, {934, 113}, {989, 145}, {1051, 103},
    {1117, 93}, {1183, 80}, {1249, 65}, {1309, 59}, {1378, 56}, {1432, 53}, {1501, 46},
    {1566, 23}, {1629, 31}, {1694, 20}, {1762, 36}, {1822, 32}, {1875, 16}, {1932, 5}};
constexpr double llamaPromptMean = 222.33;
constexpr double mixtralPromptMean = 427.39;
// The band a capacity ratio (InfraFit ÷ measured) must stay in. The
// measured rate passed the SLA, so it is a lower bound of the capacity:
// InfraFit must not fall well below it. Above it, ±25 % (issue 17) for
// the GPU families whose serving constants are fitted (Ampere, Hopper:
// docs/validation.md "Serving"). Blackwell runs on an assumed family share
// and AMD CDNA on a GEMM benchmark's MI300X/H100 ratio (serving_step.cpp);
// neither is fitted to these runs, so they are held to issue 16's bound
// for any out-of-sample run: within 35 %.
constexpr double mlperfCapacityLowest = 0.75;
constexpr double mlperfCapacityHighestFitted = 1.25;
constexpr double mlperfCapacityHighestAssumed = 1.35;

// Runs InfraFit is known to overrate by more than the fitted band, with the
// cause documented in docs/validation.md ("The full-batch step on Hopper"):
// since GPU memory is counted as the drivers report it (2026-12-07), the KV
// cache no longer hides how fast InfraFit's step is at a full batch with
// these lengths. They are held to issue 16's 35 % and must stay above the
// band: a model change that brings one inside it must remove its mark.
struct KnownStepGap {
    std::string_view system;
    std::string_view scenario; ///< "Server" or "Offline"
};
constexpr KnownStepGap mlperfKnownStepGaps[] = {
    {"DGX-H100_H100-SXM-80GBx8_TRT llama2-70b-99.9", "Server"},
    {"DGX-H100_H100-SXM-80GBx8_TRT mixtral-8x7b", "Server"},
    {"DGX-H100_H100-SXM-80GBx8_TRT mixtral-8x7b", "Offline"},
};

bool knownStepGap(std::string_view system, std::string_view scenario)
{
    return std::any_of(std::begin(mlperfKnownStepGaps), std::end(mlperfKnownStepGaps),
                       [&](const KnownStepGap& g) { return g.system == system && g.scenario == scenario; });
}

/// The band check of one ratio (InfraFit ÷ measured).
void checkCapacityRatio(double ratio, bool fittedFamily, bool knownGap)
{
    CHECK(ratio >= mlperfCapacityLowest);
    if (knownGap) {
        CHECK(ratio > mlperfCapacityHighestFitted);
        CHECK(ratio <= mlperfCapacityHighestAssumed);
    } else {
        CHECK(ratio <= (fittedFamily ? mlperfCapacityHighestFitted : mlperfCapacityHighestAssumed));
    }
}

const CatalogDocument& servingCapacityCatalog()
{
    static const CatalogDocument catalog = [] {
        std::ifstream in(std::string(INFRAFIT_SOURCE_DIR) + "/catalog/data/default-catalog.json");
        std::stringstream text;
        text << in.rdbuf();
        return parseCatalog(text.str(), "default-catalog.json");
    }();
    return catalog;
}

template <class Kind>
Kind servingCapacityPart(const std::string& id)
{
    for (const Part& part : servingCapacityCatalog().parts)
        if (const auto* p = std::get_if<Kind>(&part); p && p->id == id)
            return *p;
    FAIL("part " << id << " is not in the default catalog");
    return {};
}

enum class Dataset { OpenOrca, Mixtral15k };

LengthDistribution promptLengths(Dataset dataset)
{
    LengthDistribution d;
    const bool orca = dataset == Dataset::OpenOrca;
    d.meanTokens = orca ? llamaPromptMean : mixtralPromptMean;
    const auto add = [&](const auto& bins) {
        for (const auto& [tokens, prompts] : bins)
            d.histogram.emplace_back(tokens, double(prompts));
    };
    if (orca)
        add(llamaPromptBins);
    else
        add(mixtralPromptBins);
    return d;
}

struct MlperfServerRun {
    const char* system;
    const char* model;
    const char* gpu;
    const char* chassis;
    int gpus;
    int tensor;
    bool fittedFamily;   ///< the GPU's family is in the serving fit (Ampere, Hopper)
    Precision precision; ///< weights and GEMMs (the KV cache is fp8 in every run)
    Dataset prompts;     ///< the benchmark's dataset (its prompt lengths)
    int outputTokens;    ///< mean answer
    int maxBatch;        ///< the engine's sequences per step
    int stepTokens;      ///< the engine's tokens per step
    double measuredSamplesPerS;
    double measuredP99TtftMs;
    double measuredP99TpotMs;
};

// Completed samples/s and p99 TTFT / TPOT of each valid run, from its
// mlperf_log_summary.txt (results/<system>/<benchmark>/Server/performance/
// run_1/); engine limits from the submitters' configurations
// (closed/NVIDIA/configs/<benchmark>/: gpu_batch_size, max_num_tokens),
// TensorRT-LLM's defaults or vLLM's where the configuration is not public.
constexpr MlperfServerRun mlperfServerRuns[] = {
    {"DGX-H100_H100-SXM-80GBx8_TRT llama2-70b-99.9", "llama-2-70b", "nvidia-h100-sxm5-80gb",
        "nvidia-dgx-h100", 8, 2, true, Precision::Fp8, Dataset::OpenOrca, 294, 1024, 8192, 74.42, 461, 175},
    {"H200-SXM-141GBx8_TRT llama2-70b-99", "llama-2-70b", "nvidia-h200-sxm-141gb",
        "nvidia-dgx-h200", 8, 1, true, Precision::Fp8, Dataset::OpenOrca, 294, 896, 8192, 100.35, 453, 146},
    {"B200-SXM-180GBx1_TRT llama2-70b-99.9", "llama-2-70b", "nvidia-b200-sxm-180gb",
        "nvidia-dgx-b200", 1, 1, false, Precision::Fp4, Dataset::OpenOrca, 294, 1024, 8192, 39.25, 357, 152},
    {"DGX-H100_H100-SXM-80GBx8_TRT mixtral-8x7b", "mixtral-8x7b", "nvidia-h100-sxm5-80gb",
        "nvidia-dgx-h100", 8, 1, true, Precision::Fp8, Dataset::Mixtral15k, 145, 1024, 16384, 348.06, 629,
        123},
    {"AMD 1xMI300X_2xEPYC-9374F llama2-70b-99.9", "llama-2-70b", "amd-mi300x-192gb",
        "supermicro-as-8125gs-tnmr2", 1, 1, false, Precision::Fp8, Dataset::OpenOrca, 294, 256, 2048, 8.59, 785,
        190},
};

// The same systems' Offline-scenario runs (every sample queued at once, no
// latency limit: the measured saturated throughput):
// results/<system>/<benchmark>/Offline/performance/run_1/
// mlperf_log_summary.txt, "Samples per second" and "Tokens per second"
// (their ratio is the run's mean answer). The engine's batch is the Offline
// configuration's gpu_batch_size (closed/NVIDIA/configs/llama2-70b/Offline/
// __init__.py: H100 SXM TP2 896, H200 SXM 806); where it is not public
// (B200, Mixtral, MI300X) the server run's. B200's Offline run is under
// llama2-70b-99, its server run under llama2-70b-99.9.
struct MlperfOfflineRun {
    std::size_t serverRun; ///< index in mlperfServerRuns of the same system
    int maxBatch;          ///< the engine's sequences per step
    double measuredSamplesPerS;
    double measuredTokensPerS;
};

constexpr MlperfOfflineRun mlperfOfflineRuns[] = {
    {0, 896, 84.4792, 24524.9},
    {1, 806, 107.477, 31302.7},
    {2, 1024, 41.1075, 11264.4},
    {3, 1024, 359.173, 52415.9},
    {4, 256, 10.4445, 3062.72},
};
static_assert(std::size(mlperfOfflineRuns) <= std::size(mlperfServerRuns));

const MlperfServerRun& serverRunOf(const MlperfOfflineRun& offline)
{
    return mlperfServerRuns[offline.serverRun];
}

struct MlperfPrediction {
    double capacityPerS = 0; ///< whole system, requests/s under the SLA
    double p99TtftMs = 0;    ///< at the measured rate (0 when above capacity)
    double p99TpotMs = 0;
    bool belowCapacity = false;
    double kvTokensPerReplica = 0; ///< KV slots one replica holds
};

Workload mlperfWorkload(const MlperfServerRun& run)
{
    Workload w;
    w.name = run.system;
    w.kind = WorkloadKind::Inference;
    w.model = *findModelPreset(run.model);
    w.precision = run.precision;
    w.kvCachePrecision = Precision::Fp8;
    w.serving.promptLengths = promptLengths(run.prompts);
    w.promptTokens = static_cast<int>(std::lround(w.serving.promptLengths->meanTokens));
    w.outputTokens = run.outputTokens;
    w.maxBatch = run.maxBatch;
    w.serving.prefillChunkTokens = run.stepTokens;
    Parallelism plan;
    plan.tensor = run.tensor;
    w.parallelism = plan;
    w.serving.requestRatePerS = run.measuredSamplesPerS;
    w.serving.sla = ServiceLevel {2000, 200, 99}; // MLPerf's Llama 2 70B / Mixtral server limits
    return w;
}

struct MlperfAnalysis {
    AnalysisResult analysis;
    ServingReport serving;
    int replicas = 0; ///< in the 8-GPU (or 1-GPU) system
};

/// The analysis and serving answer for `w` on the run's system; every GPU
/// of it must hold a replica (the submissions used them all).
MlperfAnalysis analyzeMlperf(const MlperfServerRun& run, const Workload& w)
{
    ResolvedConfiguration rc;
    rc.gpu = servingCapacityPart<Gpu>(run.gpu);
    rc.chassis = servingCapacityPart<Chassis>(run.chassis);
    rc.config.gpusPerNode = run.gpus;
    rc.config.nodes = 1;
    MlperfAnalysis out;
    out.analysis = analyze(w, rc);
    Findings findings;
    const auto serving = analyzeServing(w, rc, out.analysis, nullptr, findings);
    REQUIRE(serving);
    out.serving = *serving;
    out.replicas = serving->replicasInConfiguration;
    REQUIRE(out.replicas == run.gpus / run.tensor);
    return out;
}

/// InfraFit's capacity of the whole system, and its p99 latencies at the
/// measured rate (spread over the system's replicas).
MlperfPrediction predict(const MlperfServerRun& run)
{
    const MlperfAnalysis a = analyzeMlperf(run, mlperfWorkload(run));
    MlperfPrediction p;
    p.capacityPerS = a.serving.capacityRequestsPerS * a.replicas;
    p.belowCapacity = run.measuredSamplesPerS <= p.capacityPerS;
    p.p99TtftMs = a.serving.ttftMs.p99;
    p.p99TpotMs = a.serving.tpotMs.p99;
    p.kvTokensPerReplica = a.analysis.inference.maxKvTokensPerGpu;
    return p;
}

/// InfraFit's saturated throughput (`saturated_requests_per_s`: every
/// request queued at t = 0) of the whole system, with the Offline run's
/// engine batch and mean answer, requests/s.
double predictOffline(const MlperfOfflineRun& offline)
{
    const MlperfServerRun& run = serverRunOf(offline);
    Workload w = mlperfWorkload(run);
    w.maxBatch = offline.maxBatch;
    w.outputTokens
        = static_cast<int>(std::lround(offline.measuredTokensPerS / offline.measuredSamplesPerS));
    const MlperfAnalysis a = analyzeMlperf(run, w);
    return a.serving.saturatedRequestsPerS * a.replicas;
}

} // namespace

std::vector<test::ValidationFigure> test::mlperfCapacityFigures()
{
    // Capacity under the SLA and saturated throughput are serving
    // throughputs; no serving default was fitted on these runs.
    std::vector<ValidationFigure> out;
    for (const auto& run : mlperfServerRuns)
        out.push_back({std::string(run.system) + " capacity", ValidationMetric::ServingThroughput,
                       false, predict(run).capacityPerS / run.measuredSamplesPerS - 1.0,
                       knownStepGap(run.system, "Server")});
    // The saturated throughput against the Offline runs: also out-of-sample.
    for (const auto& run : mlperfOfflineRuns)
        out.push_back({std::string(serverRunOf(run).system) + " Offline saturated throughput",
                       ValidationMetric::ServingThroughput, false,
                       predictOffline(run) / run.measuredSamplesPerS - 1.0,
                       knownStepGap(serverRunOf(run).system, "Offline")});
    return out;
}

TEST_CASE("Serving capacity validation: MLPerf v4.1 server runs within the documented band",
    "[validation][serving]")
{
    const bool print = std::getenv("INFRAFIT_VALIDATION_PRINT") != nullptr;
    int belowCapacity = 0;
    for (const auto& run : mlperfServerRuns) {
        const MlperfPrediction p = predict(run);
        const double ratio = p.capacityPerS / run.measuredSamplesPerS;
        if (print)
            std::printf("%-48s measured %8.2f/s  InfraFit %8.2f/s  ratio %.2f | p99 TTFT %6.0f "
                        "vs %4.0f ms, p99 TPOT %6.1f vs %4.0f ms%s | KV %.0f tokens/replica\n",
                run.system, run.measuredSamplesPerS, p.capacityPerS, ratio, p.p99TtftMs,
                run.measuredP99TtftMs, p.p99TpotMs, run.measuredP99TpotMs,
                p.belowCapacity ? "" : " (above capacity)", p.kvTokensPerReplica);
        INFO(run.system << ": InfraFit " << p.capacityPerS << " requests/s, measured "
                        << run.measuredSamplesPerS);
        // The measured rate met the SLA, so it is a lower bound of the
        // capacity: a prediction far above it is a claim no run supports,
        // one below it buys more GPUs than needed. docs/validation.md reports
        // each ratio.
        checkCapacityRatio(ratio, run.fittedFamily, knownStepGap(run.system, "Server"));
        // At the measured rate, within InfraFit's capacity, InfraFit's p99
        // latencies must meet the SLA the run met (the capacity search and
        // the simulator agree); docs/validation.md compares them with
        // MLPerf's own p99s, which are several times higher.
        if (p.belowCapacity) {
            CHECK(p.p99TtftMs <= 2000);
            CHECK(p.p99TpotMs <= 200);
        }
        belowCapacity += p.belowCapacity ? 1 : 0;
        CHECK(std::isfinite(p.p99TtftMs));
        CHECK(std::isfinite(p.p99TpotMs));
    }
    if (print)
        std::printf("%d of 5 measured rates within InfraFit's capacity\n", belowCapacity);
}

TEST_CASE("Serving capacity validation: saturated throughput against MLPerf v4.1 Offline runs",
    "[validation][serving]")
{
    // An Offline run queues every sample at once and has no latency limit,
    // so its rate is the measured saturated throughput of the system: the
    // figure InfraFit's capacity reaches where the SLA is loose (the server
    // test above). Same bands as the server runs.
    const bool print = std::getenv("INFRAFIT_VALIDATION_PRINT") != nullptr;
    for (const auto& offline : mlperfOfflineRuns) {
        const MlperfServerRun& run = serverRunOf(offline);
        const double predicted = predictOffline(offline);
        const double ratio = predicted / offline.measuredSamplesPerS;
        if (print)
            std::printf("%-48s Offline measured %8.2f/s  InfraFit saturated %8.2f/s  ratio %.2f "
                        "(batch %d)\n",
                run.system, offline.measuredSamplesPerS, predicted, ratio, offline.maxBatch);
        INFO(run.system << ": InfraFit " << predicted << " requests/s saturated, Offline "
                            << offline.measuredSamplesPerS);
        CHECK(std::isfinite(predicted));
        checkCapacityRatio(ratio, run.fittedFamily, knownStepGap(run.system, "Offline"));
    }
}
