// SPDX-License-Identifier: Apache-2.0
// Power against published measurements under known AI loads (docs/validation.md,
// "## Power"; docs/power-model.md). Targets of issue 24: average power within
// 15 % median, idle within 20 %. Points marked in-sample fixed a model figure;
// the others are out-of-sample.
#include "core/pipeline/evaluate.h"
#include "core/io/model_presets.h"

#include "validation/validation_stats.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

using namespace infrafit;

namespace {

/// NVIDIA DGX H100 / HGX H100 8-GPU node: H100 SXM5 datasheet figures
/// (989 TFLOPS bf16 dense, 3,350 GB/s, NVLink 900 GB/s, 700 W) and the DGX
/// H100 user guide's 10.2 kW maximum (base 4,600 W = 10,200 − 8 × 700,
/// docs/reference/hardware.md §1.2), 8 × 400G ConnectX-7.
ResolvedConfiguration powerValidationNode(
    const std::string& gpu, double tdpW, double memoryGb, double bandwidthGbs)
{
    ResolvedConfiguration c;
    c.config.name = "8x" + gpu;
    c.config.gpuId = gpu;
    c.config.gpusPerNode = 8;
    c.config.cpusPerNode = 0;
    c.config.nodes = 1;
    c.config.nicsPerNode = 8;
    c.config.psusPerNode = 6;
    c.config.rack = {40, 42};
    c.gpu.id = gpu;
    c.gpu.model = gpu;
    c.gpu.architecture = "Hopper";
    c.gpu.memoryGb = memoryGb;
    c.gpu.memoryBandwidthGbs = bandwidthGbs;
    c.gpu.bf16Tflops = 989;
    c.gpu.fp16Tflops = 989;
    c.gpu.fp8Tflops = 1979;
    c.gpu.fp32Tflops = 67;
    c.gpu.tdpW = tdpW;
    c.gpu.formFactor = GpuFormFactor::Sxm;
    c.gpu.gpuLinkGbs = 900;
    c.gpu.pcieGen = 5;
    c.gpu.precisions = {"fp32", "bf16", "fp16", "fp8"};
    c.chassis.id = "dgx";
    c.chassis.model = "DGX";
    c.chassis.rackUnits = 8;
    c.chassis.maxGpus = 8;
    c.chassis.gpuFormFactor = GpuFormFactor::Sxm;
    c.chassis.maxGpuTdpW = 700;
    c.chassis.psuSlots = 6;
    c.chassis.psuWattsEach = 3300;
    c.chassis.maxSystemPowerW = 10200;
    c.chassis.basePowerW = 4600;
    c.chassis.basePowerIncludesComponents = true;
    c.chassis.gpuFabric = GpuFabric::NvSwitch;
    Nic nic;
    nic.id = "cx7";
    nic.ports = 1;
    nic.portSpeedGbps = 400;
    nic.protocol = NicProtocol::Infiniband;
    c.nic = nic;
    return c;
}

/// A measurement is a value or a range [measured, measuredHigh]; the error
/// against a range is 0 inside it, else relative to the nearer bound.
struct PowerPoint {
    std::string id;
    bool inSample = false;
    double measured = 0, predicted = 0;
    double measuredHigh = 0; ///< > measured for a range
    /// Why a point is known to miss by more than the per-point bound (it
    /// still counts in the medians); empty for the others.
    std::string knownMiss = {};
    bool idle = false; ///< an idle reading (issue 24: within 20 %)
    [[nodiscard]] double error() const
    {
        if (measuredHigh > measured && predicted >= measured && predicted <= measuredHigh)
            return 0;
        const double bound
            = measuredHigh > measured && predicted > measuredHigh ? measuredHigh : measured;
        return (predicted - bound) / bound;
    }
};

} // namespace

TEST_CASE("Node and GPU power against published measurements", "[validation][power]")
{
    std::vector<PowerPoint> points;
    const auto node = powerValidationNode("h100-sxm5-80gb", 700, 80, 3350);

    // 1. Latif et al. 2024 (arXiv 2412.08602, abstract): 8×H100 HGX node,
    //    highest draw ~8.4 kW while training with the GPUs near full use.
    //    In-sample: it fixes base_load_when_busy (docs/power-model.md §4).
    {
        InfrastructureInputs in;
        GpuActivity full;
        full.computeBound = 1;
        full.fromWorkload = true;
        in.gpuActivity = full;
        const auto report = checkInfrastructure(node, in);
        points.push_back({"latif-2024-8xh100-peak", true, 8400, report.power.nodeWallTypicalW});
    }

    // 2. Newkirk et al. 2025 (arXiv 2506.14551, abstract): compute-intensive
    //    training on 8×H100 nodes averages 76 % of the 10.2 kW rating
    //    (7.75 kW). Out-of-sample: Llama 2 13B training on one node, plan
    //    chosen by InfraFit, average from the speed model's time split.
    {
        Workload w;
        w.name = "llama-2-13b-train";
        w.kind = WorkloadKind::Training;
        w.model = *findModelPreset("llama-2-13b");
        w.precision = Precision::Bf16;
        w.sequenceLength = 4096;
        w.globalBatchSize = 64;
        w.microBatchSize = 1;
        w.flashAttention = true;
        w.trainingTokens = 1e9;
        Parallelism p;
        p.tensor = 1;
        p.pipeline = 1;
        p.data = 8;
        p.zeroStage = 3;
        p.recompute = Recompute::Full;
        w.parallelism = p;
        const auto r = evaluate(w, node);
        REQUIRE(r.analyzed);
        REQUIRE(r.infrastructure);
        points.push_back({"newkirk-2025-8xh100-average", false, 0.76 * 10200,
            r.infrastructure->power.nodeWallTypicalW});
        // Energy per training run follows: kWh = kW × days × 24 × PUE.
        const auto& c = r.infrastructure->cost;
        REQUIRE(c.energyKwhPerTrainingRun);
        CHECK(*c.energyKwhPerTrainingRun
            == Approx(r.infrastructure->power.clusterTypicalW / 1000 * 24
                * r.performance.trainingDays * c.pue));
    }

    // 3. Ma, Afzal, Eitzinger, Wellein 2026 ("The illusion of power capping
    //    in LLM decode", abstract): decode on an H200 draws 137–300 W of
    //    700 W. In-sample (it fixes the memory-bound level); one H200 serving
    //    Llama 3 8B with short prompts (decode-dominated) must land in the range.
    {
        auto h200 = powerValidationNode("h200-sxm-141gb", 700, 141, 4800);
        h200.config.gpusPerNode = 1;
        h200.chassis.maxGpus = 8;
        Workload w;
        w.name = "llama-3-8b-serve";
        w.kind = WorkloadKind::Inference;
        // Llama 3 8B: the 3.1 preset has the same shape (32 layers, hidden
        // 4,096, 8 KV heads, FFN 14,336, vocabulary 128,256).
        w.model = *findModelPreset("llama-3.1-8b");
        w.precision = Precision::Bf16;
        w.promptTokens = 64;
        w.outputTokens = 1024;
        w.concurrentRequests = 32;
        Parallelism p;
        p.tensor = 1;
        p.pipeline = 1;
        p.data = 1;
        w.parallelism = p;
        const auto r = evaluate(w, h200);
        REQUIRE(r.analyzed);
        REQUIRE(r.infrastructure);
        points.push_back(
            {"ma-2026-h200-decode", true, 137, r.infrastructure->power.node.gpus.typicalW, 300});
    }

    // 4–6. Sustainable Metal Cloud, MLPerf Training v4.0 (closed), Llama 2
    //    70B LoRA fine-tuning on immersion-cooled 8×H100 SXM nodes; average
    //    DC power per node measured at the immersion rack's power shelves
    //    over the timed run (https://smc.co/mlperfv40/results/llama2-70b-lora):
    //    1 node 6.741 kW, 8 nodes 5.847 kW, 64 nodes 4.745 kW (node counts from
    //    total DC energy ÷ time ÷ per-node power). One node is in-sample: it
    //    fixes gpuComputeFloorShare (docs/power-model.md §1); 8 and 64 nodes
    //    are out-of-sample. Plans follow
    //    NVIDIA's v4.0 NeMo configs (training_results_v4.0,
    //    config_DGXH100_1x8x4xtp4pp1cp1.sh and …_128x8x1xtp4pp1cp2.sh): FP8,
    //    sequence 8,192, micro-batch 1, TP 4; one node DP 2 with global batch 8,
    //    multi-node CP 2 and one sequence per data-parallel rank. Switch power
    //    is reported separately by SMC and not compared here.
    for (const int nodes : {1, 8, 64}) {
        auto smc = node;
        smc.config.nodes = nodes;
        Cooling tank;
        tank.id = "immersion";
        tank.type = CoolingType::Immersion;
        tank.maxHeatKwPerRack = 100;
        smc.cooling = tank;
        Workload w;
        w.name = "llama-2-70b-lora";
        w.kind = WorkloadKind::Training;
        w.model = *findModelPreset("llama-2-70b");
        w.precision = Precision::Fp8;
        w.fineTune = FineTune::Lora;
        w.loraRank = 16;
        w.loraTargets = static_cast<unsigned>(LoraTarget::Q) | static_cast<unsigned>(LoraTarget::K)
            | static_cast<unsigned>(LoraTarget::V) | static_cast<unsigned>(LoraTarget::O);
        w.sequenceLength = 8192;
        w.microBatchSize = 1;
        w.flashAttention = true;
        Parallelism p;
        p.tensor = 4;
        p.pipeline = 1;
        p.context = nodes == 1 ? 1 : 2;
        p.data = nodes * 8 / (p.tensor * p.context);
        p.sequenceParallel = true;
        w.parallelism = p;
        w.globalBatchSize = nodes == 1 ? 8 : p.data;
        w.trainingTokens = 1e8;
        const auto r = evaluate(w, smc);
        REQUIRE(r.analyzed);
        REQUIRE(r.infrastructure);
        const double measuredW = nodes == 1 ? 6741 : nodes == 8 ? 5847 : 4745;
        PowerPoint point{"smc-mlperf-lora-" + std::to_string(nodes) + "-node-dc", nodes == 1,
            measuredW, r.infrastructure->power.node.total.typicalW};
        // 64 nodes: the run finished 13.9× faster than on one node with 64×
        // the GPUs, so most of its time went to phases the speed model does
        // not know (evaluation every 384 samples, start-up); the model sees a
        // busy GEMM timeline and over-predicts (docs/validation.md "Power").
        if (nodes == 64)
            point.knownMiss = "timeline dominated by phases outside the speed model";
        points.push_back(point);
    }

    // 7. Idle H100 SXM board power on a bare-metal Supermicro SYS-821GE-TNHR
    //    (8×H100 SXM), nvidia-smi with no process and 0 MiB used: 83–88 W
    //    (https://github.com/NVIDIA/nccl/issues/1264, setup listing).
    //    Out-of-sample (the Hopper idle level was set from operator readings
    //    of about 70 W, docs/power-model.md §1).
    {
        const auto report = checkInfrastructure(node, InfrastructureInputs{});
        points.push_back({"nccl-1264-h100-board-idle", false, 83,
            report.power.node.gpus.idleW / node.config.gpusPerNode, 88, {}, true});
    }

    // 8. Idle H200 board power: 73.65 W average over RunPod H200 GPUs in 31
    //    regions, nvidia-smi at 1 s (ConserveMode case study, "dormant"
    //    state: https://conservemode.com/case-studies.html). Out-of-sample.
    {
        const auto h200 = powerValidationNode("h200-sxm-141gb", 700, 141, 4800);
        const auto report = checkInfrastructure(h200, InfrastructureInputs{});
        points.push_back({"conservemode-h200-board-idle", false, 73.65,
            report.power.node.gpus.idleW / h200.config.gpusPerNode, 0, {}, true});
    }

    // 9. A whole node near idle: DGX A100 (8× A100 40GB SXM, 2× EPYC 7742,
    //    6.5 kW rated) reporting 1,534 W (average) and 1,794 W in two runs of
    //    the same light test, one GPU busy at 86 W and seven idle, host CPUs
    //    ~1 %: FlagOpen/FlagPerf base/toolkits/interconnect-P2P_interserver/
    //    nvidia/A100/README.md and base/benchmarks/interconnect-P2P_interserver/
    //    nvidia/A100/README.md, "能耗监控结果" (system power from the BMC,
    //    ipmitool, i.e. at the PSU inputs; not a wall meter). Out-of-sample:
    //    InfraFit's node idle plus the one GPU's 86 W over its idle level.
    {
        auto dgxA100 = powerValidationNode("a100-sxm4-40gb", 400, 40, 1555);
        dgxA100.gpu.architecture = "Ampere";
        dgxA100.gpu.bf16Tflops = 312;
        dgxA100.gpu.fp16Tflops = 312;
        dgxA100.gpu.fp8Tflops = 0;
        dgxA100.gpu.gpuLinkGbs = 600;
        dgxA100.gpu.pcieGen = 4;
        dgxA100.gpu.precisions = {"fp32", "bf16", "fp16"};
        // NVIDIA DGX A100 user guide: 6.5 kW maximum, six 3 kW PSUs (3+3).
        dgxA100.chassis.maxGpuTdpW = 400;
        dgxA100.chassis.psuWattsEach = 3000;
        dgxA100.chassis.maxSystemPowerW = 6500;
        dgxA100.chassis.basePowerW = 6500 - 8 * 400;
        dgxA100.nic->portSpeedGbps = 200;
        const auto report = checkInfrastructure(dgxA100, InfrastructureInputs{});
        const double gpuIdle = report.power.node.gpus.idleW / dgxA100.config.gpusPerNode;
        points.push_back({"flagperf-dgx-a100-near-idle", false, 1534,
            report.power.nodeWallIdleW + std::max(0.0, 86.14 - gpuIdle), 1794, {}, true});
    }

    std::vector<double> outOfSample, all;
    for (const auto& p : points) {
        std::printf("power validation %-30s %-13s measured %6.0f-%6.0f W predicted %6.0f W "
                    "error %+6.1f %%\n",
            p.id.c_str(), p.inSample ? "in-sample" : "out-of-sample", p.measured,
            std::max(p.measured, p.measuredHigh), p.predicted, 100 * p.error());
        all.push_back(std::abs(p.error()));
        if (!p.inSample)
            outOfSample.push_back(std::abs(p.error()));
        if (p.idle)
            CHECK(std::abs(p.error()) <= 0.20);
        if (p.knownMiss.empty())
            CHECK(std::abs(p.error()) <= 0.35);
        else
            std::printf("power validation %-30s known miss: %s\n", p.id.c_str(),
                p.knownMiss.c_str());
    }
    std::printf("power validation median |error|: all %.1f %%, out-of-sample %.1f %%\n",
        100 * test::validationMedian(all), 100 * test::validationMedian(outOfSample));
    CHECK(test::validationMedian(all) <= 0.15);
    CHECK(test::validationMedian(outOfSample) <= 0.15);
}
