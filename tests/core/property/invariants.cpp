// SPDX-License-Identifier: Apache-2.0
#include "invariants.h"

#include "core/analysis/hardware_rates.h"
#include "core/analysis/inference_memory.h"
#include "core/analysis/training_memory.h"
#include "core/infra/gpu_power_model.h"
#include "core/output/bom_json.h"
#include "core/output/analysis_json.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace infrafit::property {

void fail(std::string& failures, const std::string& what, const std::string& detail)
{
    failures += what;
    if (!detail.empty())
        failures += ": " + detail;
    failures += "\n";
}

bool nearlyEqual(double a, double b, double tol)
{
    return std::abs(a - b) <= tol * std::max({std::abs(a), std::abs(b), 1.0});
}

std::string firstNonFinite(const nlohmann::json& j, const std::string& pointer)
{
    if (j.is_number_float())
        return std::isfinite(j.get<double>()) ? std::string {} : (pointer.empty() ? "/" : pointer);
    if (j.is_object()) {
        for (auto it = j.begin(); it != j.end(); ++it) {
            auto found = firstNonFinite(it.value(), pointer + "/" + it.key());
            if (!found.empty())
                return found;
        }
    } else if (j.is_array()) {
        for (std::size_t i = 0; i < j.size(); ++i) {
            auto found = firstNonFinite(j[i], pointer + "/" + std::to_string(i));
            if (!found.empty())
                return found;
        }
    }
    return {};
}

namespace {

std::string num(double v)
{
    std::ostringstream out;
    out.precision(17);
    out << v;
    return out.str();
}

/// Equal within the relative tolerance; otherwise a failure naming both.
void expectEqual(std::string& failures, const std::string& what, double actual, double expected)
{
    if (!nearlyEqual(actual, expected))
        fail(failures, what, num(actual) + " != " + num(expected));
}

/// Finite, and small enough to survive the integer conversion the JSON
/// writer applies to byte counts and parameter counts.
void expectFiniteCount(std::string& failures, const std::string& what, double v)
{
    if (!std::isfinite(v) || std::abs(v) >= 9.0e18)
        fail(failures, what + " is not a finite count", num(v));
}

void expectFiniteLines(std::string& failures, const std::string& where, const MemoryLines& m)
{
    const std::pair<const char*, double> lines[]
        = {{"weights", m.weightsBytes}, {"gradients", m.gradientsBytes},
            {"optimizer", m.optimizerBytes}, {"activations", m.activationsBytes},
            {"kv_cache", m.kvCacheBytes}, {"framework", m.frameworkBytes},
            {"comm_buffers", m.commBuffersBytes}, {"allocator_margin", m.allocatorMarginBytes}};
    for (const auto& [name, value] : lines) {
        expectFiniteCount(failures, where + "." + name, value);
        if (value < 0)
            fail(failures, where + "." + name + " is negative", num(value));
    }
}

/// The JSON "total" of a per_gpu_bytes object equals the sum of its lines.
void expectJsonTotal(std::string& failures, const std::string& where, const nlohmann::json& lines)
{
    long long sum = 0;
    for (const char* key :
        {"weights", "gradients", "optimizer", "activations", "kv_cache", "overhead"})
        sum += lines.at(key).get<long long>();
    if (lines.at("total").get<long long>() != sum)
        fail(failures, where + ".total is not the sum of its lines",
            std::to_string(lines.at("total").get<long long>()) + " != " + std::to_string(sum));
}

void checkMemory(
    std::string& failures, const Workload& w, const AnalysisResult& r, const nlohmann::json& json)
{
    expectFiniteLines(failures, "memory", r.memory);
    expectFiniteCount(failures, "parameters.total", r.parameters.total);
    expectFiniteCount(failures, "parameters.active", r.parameters.active);
    expectFiniteCount(failures, "gpu_capacity_bytes", r.gpuCapacityBytes);
    expectFiniteCount(failures, "usable_bytes", r.usableBytes);
    const auto& memory = json.at("memory");
    expectJsonTotal(failures, "memory.per_gpu_bytes", memory.at("per_gpu_bytes"));
    for (std::size_t i = 0; i < r.stages.size(); ++i) {
        const std::string where = "memory.stages[" + std::to_string(i) + "]";
        expectFiniteLines(failures, where, r.stages[i].memory);
        expectJsonTotal(
            failures, where + ".per_gpu_bytes", memory.at("stages").at(i).at("per_gpu_bytes"));
    }
    if (!r.analyzed)
        return;
    if (r.fits != (r.memory.totalBytes() <= r.usableBytes))
        fail(failures, "fits disagrees with total <= usable",
            num(r.memory.totalBytes()) + " vs " + num(r.usableBytes));
    if (w.kind != WorkloadKind::Training) {
        // Memory is reported for the most-loaded GPU (docs/architecture.md), which holds
        // at least the mean stage's share of the weights:
        // max_s(weights_s + kv_s) >= mean_s(params_s) x bytes per parameter.
        const auto& p = r.parallelism;
        double params = 0;
        for (int stage = 0; stage < p.pipeline; ++stage)
            params += stageParams(w.model, r.parameters, p.tensor, p.pipeline, p.expert, stage)
                          .total();
        const double mean = params / p.pipeline * servingWeightBytesPerParam(w.precision);
        if (r.memory.weightsBytes + r.memory.kvCacheBytes < mean * (1 - 1e-9))
            fail(failures, "inference memory below the mean stage's weights (not the most loaded)",
                num(r.memory.weightsBytes + r.memory.kvCacheBytes) + " < " + num(mean));
        return;
    }
    // Per stage: one entry per pipeline stage, layers summing to the
    // model's, and the reported (most-loaded) GPU the largest of them.
    if (static_cast<int>(r.stages.size()) != r.parallelism.pipeline) {
        fail(failures, "stages",
            std::to_string(r.stages.size()) + " stages for pipeline "
                + std::to_string(r.parallelism.pipeline));
        return;
    }
    int layers = 0;
    double largest = 0;
    for (const auto& s : r.stages) {
        layers += s.layers;
        largest = std::max(largest, s.memory.totalBytes());
    }
    if (layers != w.model.layers)
        fail(failures, "stage layers do not sum to the model's",
            std::to_string(layers) + " != " + std::to_string(w.model.layers));
    expectEqual(failures, "memory total vs largest stage", r.memory.totalBytes(), largest);
    if (r.mostLoadedStage < 0 || r.mostLoadedStage >= static_cast<int>(r.stages.size()))
        fail(failures, "most_loaded_stage out of range", std::to_string(r.mostLoadedStage));
    else
        expectEqual(failures, "memory total vs most-loaded stage", r.memory.totalBytes(),
            r.stages[static_cast<std::size_t>(r.mostLoadedStage)].memory.totalBytes());
}

/// Issue 16: no serving result may need more FLOP/s than the GPUs' dense
/// peak at the precision or more HBM bytes/s than their bandwidth. Checked
/// twice: the per-step figures the analysis reports, and independently
/// from the model — every prompt token and every generated token but the
/// first passes through the block weights (2 FLOPs per parameter), and
/// every decode step of a dense model reads the weights on each GPU once.
void checkServingPhysics(std::string& failures, const Workload& w, const ResolvedConfiguration& rc,
    const AnalysisResult& r)
{
    const auto& p = r.performance;
    const auto peak = peakFlopsPerS(rc.gpu, w.precision);
    const auto sixteenBit = peakFlopsPerS(rc.gpu, Precision::Bf16);
    if (!peak)
        return;
    const double bw = rc.gpu.memoryBandwidthGbs * 1e9;
    const double anyPeak = std::max(*peak, sixteenBit.value_or(0));
    if (p.impliedFlopsPerSPerGpu > anyPeak * (1 + 1e-9))
        fail(failures, "a serving step implies more FLOP/s than the GPU's peak",
            num(p.impliedFlopsPerSPerGpu) + " > " + num(anyPeak));
    if (p.impliedHbmBytesPerSPerGpu > bw * (1 + 1e-9))
        fail(failures, "a serving step implies more HBM bytes/s than the GPU has",
            num(p.impliedHbmBytesPerSPerGpu) + " > " + num(bw));
    const ParameterCount& c = r.parameters;
    const double blockParams = w.model.denseLayers() * (c.perDenseLayer - c.normsPerLayer)
        + w.model.moeLayers()
            * (c.perMoeLayerActive - c.normsPerLayer);
    const double P = w.promptTokens, O = w.outputTokens;
    const double flopsPerOutputToken = 2.0 * blockParams * (P + O - 1) / O;
    const double gpus = double(r.parallelism.tensor) * r.parallelism.pipeline
        * std::max(1, r.parallelism.data);
    if (p.outputTokensPerS * flopsPerOutputToken > gpus * *peak * (1 + 1e-9))
        fail(failures, "output_tokens_per_s needs more FLOP/s than the GPUs' dense peak",
            num(p.outputTokensPerS * flopsPerOutputToken) + " > " + num(gpus * *peak));
    const double stageBlockBytes = blockParams * servingWeightBytesPerParam(w.precision)
        / (double(r.parallelism.tensor) * r.parallelism.pipeline);
    if (!w.model.isMoe() && O > 1 && p.tpotS * bw < stageBlockBytes * (1 - 1e-9))
        fail(failures, "tpot_s is shorter than one read of a GPU's block weights",
            num(p.tpotS) + " < " + num(stageBlockBytes / bw));
}

void checkSpeed(std::string& failures, const Workload& w, const ResolvedConfiguration& rc,
    const AnalysisResult& r)
{
    if (!r.analyzed)
        return;
    const auto& p = r.performance;
    const auto& c = r.interconnect;
    if (c.communicationFraction < 0 || c.communicationFraction > 1 + 1e-12)
        fail(failures, "communication_fraction outside [0, 1]", num(c.communicationFraction));
    if (w.kind == WorkloadKind::Training) {
        // training_analysis.cpp: step = compute + TP + EP + bubble + PP +
        // exposed DP + optimizer + activation offload stalls + the host
        // path of optimizer offload; exposed communication = TP + EP + PP +
        // exposed DP.
        expectEqual(failures, "step_time_s vs its parts", p.stepTimeS,
            p.computeTimeS + c.tpTimeS + c.epTimeS + p.bubbleTimeS + c.ppExposedS + c.dpExposedS
                + p.optimizerTimeS + p.activationOffloadTimeS + p.optimizerOffloadTimeS);
        // ZeRO-Offload moves the optimizer step to the host: the GPU's own
        // step is gone and the host's is part of the offload time.
        const bool optimizerOffloaded
            = w.offload != Offload::None && w.fineTune == FineTune::Full;
        if (!optimizerOffloaded && (p.optimizerOffloadTimeS != 0 || p.hostOptimizerStepS != 0))
            fail(failures, "optimizer offload time without optimizer offload",
                 num(p.optimizerOffloadTimeS));
        if (optimizerOffloaded
            && (p.optimizerTimeS != 0 || !(p.hostOptimizerStepS > 0)
                || p.hostOptimizerStepS > p.optimizerOffloadTimeS))
            fail(failures, "optimizer offload: GPU step left, or host step missing or above its total",
                 num(p.optimizerTimeS) + " " + num(p.hostOptimizerStepS) + " "
                     + num(p.optimizerOffloadTimeS));
        // Offload costs time and host memory only when layers are offloaded.
        if (w.activationOffloadLayers == 0
            && (p.activationOffloadTimeS != 0 || r.offloadedActivationBytes != 0))
            fail(failures, "activation offload figures without offloaded layers",
                 num(p.activationOffloadTimeS));
        if (p.activationOffloadTimeS < 0 || r.offloadedActivationBytes < 0)
            fail(failures, "negative activation offload figure", num(p.activationOffloadTimeS));
        expectEqual(failures, "exposed_time_s vs its parts", c.exposedTimeS,
            c.tpTimeS + c.epTimeS + c.ppExposedS + c.dpExposedS);
        if (p.stepTimeS <= 0)
            fail(failures, "step_time_s not positive", num(p.stepTimeS));
        // Issue 16: no training step may need more FLOP/s than its GPUs'
        // dense peak at the precision, recomputation included (HFU <= 1),
        // whatever attention kernel, overlap or fabric timed it.
        const auto& plan = r.parallelism;
        const double gpus = double(std::max(1, plan.tensor)) * std::max(1, plan.pipeline)
                            * std::max(1, plan.data) * std::max(1, plan.context);
        if (const auto peak = peakFlopsPerS(rc.gpu, w.precision); peak && p.stepTimeS > 0
            && p.hardwareFlopsPerStep > gpus * *peak * p.stepTimeS * (1 + 1e-9))
            fail(failures, "a training step needs more FLOP/s than the GPUs' dense peak",
                num(p.hardwareFlopsPerStep / p.stepTimeS) + " > " + num(gpus * *peak));
    } else {
        if (c.exposedTimeS > p.tpotS * (1 + 1e-12))
            fail(failures, "exposed communication exceeds tpot",
                num(c.exposedTimeS) + " > " + num(p.tpotS));
        if (p.tpotS <= 0 || p.ttftS <= 0)
            fail(failures, "tpot/ttft not positive", num(p.tpotS) + ", " + num(p.ttftS));
        if (p.prefillTimeS <= 0 || p.prefillTimeS > p.ttftS * (1 + 1e-12))
            fail(failures, "prefill_time_s not in (0, ttft_s]",
                num(p.prefillTimeS) + ", ttft " + num(p.ttftS));
        checkServingPhysics(failures, w, rc, r);
    }
}

/// docs/power-model.md: a capped GPU never draws more than its cap in any
/// figure; idle <= average <= max for every group and at the wall; moving
/// time from compute-bound work to communication never raises the average.
void checkPowerModel(
    std::string& failures, const ResolvedConfiguration& rc, const InfrastructureReport& infra)
{
    const PowerReport& pw = infra.power;
    const NodePower& n = pw.node;
    const double gpus = std::max(0, rc.config.gpusPerNode);
    const double limit = effectivePowerLimitW(rc.gpu, rc.config.gpuPowerLimitW);
    if (!nearlyEqual(n.gpuPowerLimitW, limit))
        fail(failures, "gpu power limit in effect", num(n.gpuPowerLimitW) + " vs " + num(limit));
    for (double w : {n.gpus.idleW, n.gpus.typicalW, n.gpus.maxW})
        if (w > gpus * limit * (1 + 1e-12))
            fail(failures, "GPU power above its limit", num(w) + " > " + num(gpus) + " x "
                + num(limit));
    const auto ordered = [&](const char* what, const PowerLevels& l) {
        if (!(l.idleW <= l.typicalW * (1 + 1e-12) + 1e-9 && l.typicalW <= l.maxW * (1 + 1e-12) + 1e-9))
            fail(failures, std::string(what) + " not idle <= typical <= max",
                num(l.idleW) + ", " + num(l.typicalW) + ", " + num(l.maxW));
    };
    ordered("gpus", n.gpus);
    ordered("cpus", n.cpus);
    ordered("nics", n.nics);
    ordered("nvme", n.nvme);
    ordered("base", n.base);
    ordered("fans", n.fans);
    ordered("node wall", {pw.nodeWallIdleW, pw.nodeWallTypicalW, pw.nodeWallW});
    // Same plan, communication-bound: the compute-bound share moved to
    // communication never draws more on average.
    GpuActivity commBound = n.gpuActivity;
    commBound.communication += commBound.computeBound;
    commBound.computeBound = 0;
    if (gpuAverageW(rc.gpu, rc.config.gpuPowerLimitW, commBound)
        > gpuAverageW(rc.gpu, rc.config.gpuPowerLimitW, n.gpuActivity) * (1 + 1e-12))
        fail(failures, "communication-bound plan draws more than the compute-bound one");
    const CostReport& c = infra.cost;
    for (double v : {c.energyKwhPerDay, c.co2KgPerYear})
        if (!std::isfinite(v) || v < 0)
            fail(failures, "energy or CO2 not finite and >= 0", num(v));
    if (c.energyKwhPerTrainingRun
        && (!std::isfinite(*c.energyKwhPerTrainingRun) || *c.energyKwhPerTrainingRun < 0))
        fail(failures, "energy per training run not finite", num(*c.energyKwhPerTrainingRun));
}

void checkPower(
    std::string& failures, const ResolvedConfiguration& rc, const InfrastructureReport& infra)
{
    const PowerReport& pw = infra.power;
    const NodePower& n = pw.node;
    // Node DC load = Σ component groups (core/infra/power.cpp nodeDcPower).
    expectEqual(failures, "node max W vs components", n.total.maxW,
        n.gpus.maxW + n.cpus.maxW + n.nics.maxW + n.nvme.maxW + n.base.maxW + n.fans.maxW);
    expectEqual(failures, "node typical W vs components", n.total.typicalW,
        n.gpus.typicalW + n.cpus.typicalW + n.nics.typicalW + n.nvme.typicalW + n.base.typicalW
            + n.fans.typicalW);
    expectEqual(failures, "node idle W vs components", n.total.idleW,
        n.gpus.idleW + n.cpus.idleW + n.nics.idleW + n.nvme.idleW + n.base.idleW + n.fans.idleW);
    checkPowerModel(failures, rc, infra);
    expectEqual(failures, "node_w vs node max", pw.nodeW, n.total.maxW);
    if (n.componentsInBase && (n.cpus.maxW != 0 || n.nics.maxW != 0 || n.nvme.maxW != 0))
        fail(failures, "components counted twice (base power includes them)");
    if (pw.nodeWallW < pw.nodeW * (1 - 1e-12))
        fail(failures, "wall power below DC load", num(pw.nodeWallW) + " < " + num(pw.nodeW));
    if (!(n.total.idleW <= n.total.typicalW * (1 + 1e-12)
            && n.total.typicalW <= n.total.maxW * (1 + 1e-12)))
        fail(failures, "node power not idle <= typical <= max");
    // Cluster = nodes × node wall + switches (addClusterPower): at maximum
    // with the switches' maximum, average and idle with their typical power
    // (lit optics at typical draw), which is never above the maximum.
    const double nodes = rc.config.nodes;
    expectEqual(failures, "cluster_w", pw.clusterW, nodes * pw.nodeWallW + pw.switchW);
    expectEqual(failures, "cluster typical W", pw.clusterTypicalW,
        nodes * pw.nodeWallTypicalW + pw.switchTypicalW);
    expectEqual(failures, "cluster idle W", pw.clusterIdleW,
        nodes * pw.nodeWallIdleW + pw.switchTypicalW);
    if (!(pw.switchTypicalW <= pw.switchW * (1 + 1e-12)))
        fail(failures, "switch typical W above switch maximum");
    // Racks: nodes per rack = min(power, units, cooling); racks = ⌈nodes / per rack⌉.
    int perRack = std::min(pw.nodesPerRackByPower, pw.nodesPerRackByUnits);
    if (pw.nodesPerRackByCooling >= 0)
        perRack = std::min(perRack, pw.nodesPerRackByCooling);
    if (pw.nodesPerRack != perRack)
        fail(failures, "nodes_per_rack is not the smallest limit",
            std::to_string(pw.nodesPerRack) + " != " + std::to_string(perRack));
    const std::int64_t racks
        = pw.nodesPerRack > 0 ? (rc.config.nodes + pw.nodesPerRack - 1) / pw.nodesPerRack : 0;
    if (pw.racks != racks)
        fail(failures, "racks", std::to_string(pw.racks) + " != " + std::to_string(racks));
    expectEqual(failures, "rack wall kW", pw.rackWallKw, pw.nodesPerRack * pw.nodeWallW / 1000);
    if (pw.nodesPerRack > 0 && pw.rackWallKw > pw.rackBudgetKw * (1 + 1e-6))
        fail(failures, "a full rack exceeds its power budget",
            num(pw.rackWallKw) + " > " + num(pw.rackBudgetKw));
    expectEqual(failures, "psu capacity", pw.psuCapacityW, pw.psuWattsEach * pw.psusInstalled);
    // Heat follows wall power: 1 W = 3.412 BTU/h.
    expectEqual(failures, "node heat BTU/h", infra.thermal.nodeHeatBtuPerH,
        pw.nodeWallW > 0 ? pw.nodeWallW * 3.412 : 0);
}

void checkCost(std::string& failures, const InfrastructureReport& infra, const BillOfMaterials& bom)
{
    const CostReport& cost = infra.cost;
    double lines = 0;
    for (const auto& line : cost.lines) {
        lines += line.totalUsd;
        const bool unpriced = line.priceMissing || line.includedInChassis;
        expectEqual(failures, "cost line " + line.item + " total", line.totalUsd,
            unpriced ? 0.0 : line.unitPriceUsd * double(line.count));
        if (line.totalUsd < 0)
            fail(failures, "negative cost line " + line.item, num(line.totalUsd));
    }
    expectEqual(failures, "capex vs cost lines", cost.capexUsd, lines);
    expectEqual(failures, "capex vs parts + fabric + racks", cost.capexUsd,
        cost.partsUsd + cost.fabricUsd + cost.racksUsd);
    expectEqual(failures, "tco", cost.tcoUsd, cost.capexUsd + cost.years * cost.energyUsdPerYear);

    double bomLines = 0;
    for (const auto& line : bom.lines) {
        bomLines += line.extendedPriceUsd;
        if (line.quantityPerNode && line.nodes
            && *line.quantityPerNode * *line.nodes != line.totalQuantity)
            fail(failures, "BOM line " + line.kind + " quantity per node × nodes != total");
    }
    double subtotals = 0;
    for (const auto& s : bom.subtotals)
        subtotals += s.extendedPriceUsd;
    const auto& t = bom.totals;
    expectEqual(failures, "BOM total vs lines", t.totalUsd, bomLines);
    expectEqual(failures, "BOM total vs subtotals", t.totalUsd, subtotals);
    expectEqual(failures, "BOM total vs node parts + fabric + facility", t.totalUsd,
        t.nodePartsUsd + t.fabricUsd + t.facilityUsd);
    expectEqual(failures, "BOM total vs capex", t.totalUsd, cost.capexUsd);
    expectEqual(failures, "BOM rack wall W", bom.summary.rackWall.maxW,
        std::max(0, infra.power.nodesPerRack) * bom.summary.nodeWall.maxW);
}

} // namespace

std::string checkInvariants(const Workload& w, const ResolvedConfiguration& rc,
    const AnalysisResult& result, const BillOfMaterials& bom, bool walkBomJson)
{
    std::string failures;
    const nlohmann::json json = analysisResultToJson(result);
    if (auto where = firstNonFinite(json); !where.empty())
        fail(failures, "non-finite number in the report JSON", where);
    if (walkBomJson) {
        if (auto where = firstNonFinite(bomToJson(bom)); !where.empty())
            fail(failures, "non-finite number in the BOM JSON", where);
    }
    checkMemory(failures, w, result, json);
    checkSpeed(failures, w, rc, result);
    if (!result.infrastructure || !result.storage || !result.host) {
        fail(failures, "evaluate() result lacks the infrastructure, storage or host report");
        return failures;
    }
    checkPower(failures, rc, *result.infrastructure);
    checkCost(failures, *result.infrastructure, bom);
    return failures;
}

} // namespace infrafit::property
