// SPDX-License-Identifier: Apache-2.0
#include "core/output/text_report.h"

#include "core/output/serving_text.h"
#include "core/output/text_line.h"
#include "core/base/finding_text.h"
#include "core/base/usd_figure.h"

namespace infrafit {
namespace {

constexpr double reportGib = 1073741824.0;

void memoryRow(std::string& out, const char* name, double bytes)
{
    appendLine(out, "  %-22s %10.2f GiB %10.2f GB", name, bytes / reportGib, bytes / 1e9);
}

void infrastructureSection(std::string& out, const InfrastructureReport& infra)
{
    const auto& pw = infra.power;
    appendLine(out, "Power per node: %.0f W DC at maximum (GPUs %.0f, base %.0f%s), %.0f W at the wall; "
              "average under this workload %.0f W, idle %.0f W",
         pw.nodeW, pw.node.gpus.maxW, pw.node.base.maxW + pw.node.fans.maxW,
         pw.node.componentsInBase ? " incl. CPUs, NICs, drives" : "", pw.nodeWallW,
         pw.nodeWallTypicalW, pw.nodeWallIdleW);
    const auto& act = pw.node.gpuActivity;
    appendLine(out, "  GPUs: %.0f W each at most%s; time %.0f%% compute-bound, %.0f%% memory-bound, "
              "%.0f%% communication, %.0f%% idle%s",
         pw.node.gpuPowerLimitW, pw.node.gpuPowerCapped ? " (power limit)" : "",
         100 * act.computeBound, 100 * act.memoryBound, 100 * act.communication, 100 * act.idle,
         act.fromWorkload ? "" : " (no workload time split: fixed utilisation)");
    if (pw.psuKnown)
        appendLine(out, "  PSUs %s x %.0f W = %.0f W, %.0f W after the redundancy's failures: %s; "
                  "losing a whole feed: %s",
             pw.psuArrangement.c_str(), pw.psuWattsEach, pw.psuCapacityW,
             pw.psuCapacityAfterFailuresW, pw.psuOk ? "ok" : "NOT ENOUGH",
             std::string(enumName(pw.feedLoss)).c_str());
    appendLine(out, "  Racks: %s per rack (limited by %s; budget %.1f kW from %s), %s, "
              "%.1f kW per full rack",
         infra::counted(pw.nodesPerRack, "node", "nodes").c_str(), pw.nodesPerRackLimit.c_str(),
         pw.rackBudgetKw,
         pw.rackBudgetSource == "feed" ? "the feed" : "the rack power budget",
         infra::counted(static_cast<double>(pw.racks), "rack", "racks").c_str(), pw.rackWallKw);
    appendLine(out, "  Cluster: %.1f kW at maximum incl. %.1f kW of switches, %.1f kW average under this "
                   "workload",
        pw.clusterW / 1e3, pw.switchW / 1e3, pw.clusterTypicalW / 1e3);
    const auto& th = infra.thermal;
    appendLine(out,
        "Thermal: %.0f BTU/h and %.0f CFM (%.0f m3/h at dT %.0f F) per node; "
        "%.1f kW per rack against %.0f kW of cooling: %s",
        th.nodeHeatBtuPerH, th.nodeAirflowCfm, th.nodeAirflowM3PerH, th.deltaTF, th.rackHeatKw,
        th.coolingCapacityKw, th.ok ? "ok" : "NOT OK");
    const auto& fb = infra.fabric;
    if (fb.needed)
        appendLine(out, "Fabric: %s at %.0f Gb/s, %s (%s), %s%s",
             infra::counted(fb.rails, "rail", "rails").c_str(), fb.portSpeedGbps,
             infra::counted(static_cast<double>(fb.tree.totalSwitches), "switch", "switches").c_str(),
             fb.switchUsed.model.c_str(),
             infra::counted(static_cast<double>(fb.transceivers), "transceiver", "transceivers").c_str(),
             fb.backEndUsed ? "" : " (not used by this workload)");
    if (fb.frontEnd.needed)
        appendLine(out, "Front-end network: %s per node at %.0f Gb/s, %s (%s)",
             infra::counted(fb.frontEnd.portsPerNode, "port", "ports").c_str(),
             fb.frontEnd.portSpeedGbps,
             infra::counted(static_cast<double>(fb.frontEnd.tree.totalSwitches), "switch", "switches")
                 .c_str(),
             fb.frontEnd.switchUsed.model.c_str());
    const auto& c = infra.cost;
    appendLine(out, "Cost: capex %s%s; energy $%s per year (PUE %.2f, $%.3f/kWh); "
              "TCO over %s %s",
         describeUsd(c.capex()).c_str(),
         c.priceIncludesEstimates ? " (includes estimated prices)" : "",
         infra::num(c.energyUsdPerYear).c_str(), c.pue, c.electricityUsdPerKwh,
         infra::counted(c.years, "year", "years").c_str(), describeUsd(c.tco()).c_str());
    if (const auto perToken = c.perMillionTokens())
        appendLine(out, "  %s per million tokens over the horizon", describeUsd(*perToken, 2).c_str());
    appendLine(out, "Energy: %s kWh per day at the facility, %.1f t CO2e per year at %.0f g/kWh",
        infra::num(c.energyKwhPerDay).c_str(), c.co2KgPerYear / 1000, c.gridCo2GPerKwh);
    if (c.energyKwhPerTrainingRun && c.co2KgPerTrainingRun)
        appendLine(out, "  one training run: %s kWh, $%s, %.1f t CO2e",
            infra::num(*c.energyKwhPerTrainingRun).c_str(),
            infra::num(c.energyUsdPerTrainingRun.value_or(0.0)).c_str(),
            *c.co2KgPerTrainingRun / 1000);
}

const char* targetName(StorageTarget t)
{
    return t == StorageTarget::Shared ? "shared storage" : "local NVMe";
}

void storageSection(std::string& out, const StorageReport& s, WorkloadKind kind)
{
    appendLine(out,
        "Storage per node: NVMe %.1f GB/s write, %.1f GB/s read; NICs %.1f GB/s; "
        "shared storage %.1f GB/s for the cluster",
        s.localWriteBytesPerSPerNode / 1e9, s.localReadBytesPerSPerNode / 1e9,
        s.nicBytesPerSPerNode / 1e9, s.sharedStorageBytesPerS / 1e9);
    if (kind == WorkloadKind::Training) {
        const auto& c = s.checkpoint;
        appendLine(out, "  Checkpoint: %.1f GB (%.0f B x %.2f B params), %.1f GB per node on %s",
             c.bytes / 1e9, c.bytesPerParameter, c.parametersSaved / 1e9, c.bytesPerNode / 1e9,
             infra::counted(c.writerNodes, "node", "nodes").c_str());
        appendLine(out, "    write %.1f s to local NVMe, %.1f s to shared storage; restore %.1f s / "
                  "%.1f s; target %s",
             c.localWriteS, c.sharedWriteS, c.localRestoreS, c.sharedRestoreS,
             targetName(c.target));
        appendLine(out, "    every %.2f h: %.2f%% of wall time (limit %.1f%%; shortest interval "
                  "%.3f h); %s, %.2f h over the run",
             c.intervalHours, 100 * c.share, 100 * c.maxShare, c.minIntervalHours,
             infra::counted(c.count, "checkpoint", "checkpoints").c_str(), c.totalHours);
        const auto& d = s.dataFeed;
        appendLine(out, "  Data feed: %.3f MB/s per node (%.2f B/token) from %s at %.1f GB/s: %s",
            d.bytesPerSPerNode / 1e6, d.bytesPerToken, targetName(d.source),
            d.sourceBytesPerSPerNode / 1e9, d.ok ? "ok" : "TOO SLOW");
    } else {
        const auto& m = s.modelLoad;
        appendLine(out,
            "  Model load: %.1f GB per node, start-up %.1f s from %s (local %.1f s, "
            "shared %.1f s), scale-out %.1f s",
            m.bytesPerNode / 1e9, m.startupS, targetName(m.source), m.localS, m.sharedS,
            m.scaleOutS);
    }
}

void hostSection(std::string& out, const HostReport& h)
{
    appendLine(out,
        "Host per GPU: %.1f CPU cores (need %.1f), %.0f GB memory%s (need %.0f GB: base "
        "%.0f, offload %.0f, KV offload %.0f), %.1f GB/s memory bandwidth: %s",
        h.cpuCoresPerGpu, h.cpuCoresPerGpuNeeded, h.hostMemoryPerGpuBytes / 1e9,
        h.hostMemoryKnown ? "" : " (not stated)", h.neededPerGpuBytes / 1e9,
        h.baseNeedPerGpuBytes / 1e9, h.offloadPerGpuBytes / 1e9, h.kvOffloadPerGpuBytes / 1e9,
        h.memoryBandwidthPerGpuGbs, h.ok ? "ok" : "NOT OK");
}

} // namespace

std::string textReport(const AnalysisResult& r)
{
    std::string out;
    appendLine(out, "== %s x %s (%s) ==", r.workloadName.c_str(), r.configurationName.c_str(),
        r.kind == WorkloadKind::Training ? "training" : "inference");
    appendLine(out, "Model: %.2f B parameters (%.2f B active)", r.parameters.total / 1e9,
        r.parameters.active / 1e9);
    const auto& p = r.parallelism;
    appendLine(out, "Plan%s: tensor %d, pipeline %d%s, data %d, expert %d, ZeRO %d, recompute %s%s",
        r.parallelismChosen ? " (chosen by InfraFit)" : "", p.tensor, p.pipeline,
        p.virtualStages > 1 ? (" x" + std::to_string(p.virtualStages) + " virtual").c_str() : "",
        p.data, p.expert, p.zeroStage, std::string(enumName(p.recompute)).c_str(),
        p.sequenceParallel ? ", sequence parallel" : "");
    if (!r.analyzed) {
        appendLine(out, "Not analysed:");
    } else {
        appendLine(out, "Memory per GPU (most-loaded: stage %d)", r.mostLoadedStage);
        const auto& m = r.memory;
        memoryRow(out, "weights", m.weightsBytes);
        if (r.kind == WorkloadKind::Training) {
            memoryRow(out, "gradients", m.gradientsBytes);
            memoryRow(out, "optimizer state", m.optimizerBytes);
        }
        memoryRow(out, "activations", m.activationsBytes);
        if (r.kind == WorkloadKind::Inference)
            memoryRow(out, "KV cache", m.kvCacheBytes);
        memoryRow(out, "framework (CUDA, NCCL)", m.frameworkBytes);
        memoryRow(out, "comm buffers", m.commBuffersBytes);
        memoryRow(out, "allocator margin", m.allocatorMarginBytes);
        memoryRow(out, "total", m.totalBytes());
        memoryRow(out, "usable", r.usableBytes);
        memoryRow(out, "GPU capacity", r.gpuCapacityBytes);
        appendLine(out, "  fits: %s (%.0f%% of usable)", r.fits ? "yes" : "NO",
            r.usableBytes > 0 ? 100.0 * m.totalBytes() / r.usableBytes : 0.0);
        if (r.offloadedActivationBytes > 0)
            memoryRow(out, "offloaded to host", r.offloadedActivationBytes);
        if (r.stages.size() > 1) {
            appendLine(out, "  per stage (GiB): ");
            for (const auto& s : r.stages)
                appendLine(out, "    stage %3d  %3d layers  %8.2f GiB", s.stage, s.layers,
                    s.memory.totalBytes() / reportGib);
        }
        const auto& f = r.performance;
        if (!speedAvailable(r)) {
            appendLine(out, "Speed: —, does not fit in GPU memory");
        } else if (r.kind == WorkloadKind::Training) {
            appendLine(out, "Speed: step %.3f s (compute %.3f, bubble %.3f, exposed comm %.3f, "
                      "optimizer %.3f)",
                 f.stepTimeS, f.computeTimeS, f.bubbleTimeS, r.interconnect.exposedTimeS,
                 f.optimizerTimeS);
            if (r.offloadedActivationBytes > 0)
                appendLine(out, "  activation offload: %.3f s per step of copies not hidden by "
                                "compute",
                    f.activationOffloadTimeS);
            if (f.optimizerOffloadTimeS > 0)
                appendLine(out, "  optimizer offload: %.3f s per step on the host path (CPU "
                                "optimizer step %.3f s, the rest gradient and weight copies)",
                    f.optimizerOffloadTimeS, f.hostOptimizerStepS);
            appendLine(out, "  %.0f tokens/s, MFU %.1f%%, HFU %.1f%%, %.1f days for the training tokens",
                 f.tokensPerS, 100 * f.mfu, 100 * f.hfu, f.trainingDays);
        } else {
            appendLine(out, "Speed: TTFT %.1f ms, TPOT %.2f ms, %.0f output tokens/s (all replicas)",
                 1e3 * f.ttftS, 1e3 * f.tpotS, f.outputTokensPerS);
        }
        if (r.kind == WorkloadKind::Inference) {
            appendLine(out, "  roofline crossover batch %.0f; KV %.0f B/token (%.0f on this GPU)",
                f.rooflineCrossoverBatch, r.inference.kvBytesPerToken,
                r.inference.kvBytesPerTokenPerGpu);
            appendLine(out,
                "  fits at most %.0f concurrent requests; %.0f-token context per request "
                "at the requested concurrency",
                r.inference.maxConcurrentRequests, r.inference.maxContextTokens);
        }
        appendLine(out, "Interconnect: %s, exposed communication %.1f%% of the time",
            r.interconnect.sufficient ? "sufficient" : "INSUFFICIENT",
            100 * r.interconnect.communicationFraction);
        appendLine(out, "Binding limit: %s", std::string(enumName(r.bindingLimit)).c_str());
    }
    if (r.infrastructure)
        infrastructureSection(out, *r.infrastructure);
    if (r.storage)
        storageSection(out, *r.storage, r.kind);
    if (r.host)
        hostSection(out, *r.host);
    if (r.serving)
        appendServingText(out, *r.serving);
    if (!r.findings.empty()) {
        appendLine(out, "Findings:");
        for (const auto& finding : r.findings)
            appendLine(out, "  [%s] %s: %s", std::string(enumName(finding.severity)).c_str(),
                finding.code.c_str(), finding.message.c_str());
    }
    if (!r.assumptions.empty() || r.infrastructure) {
        appendLine(out, "Assumptions:");
        for (const auto& a : r.assumptions)
            appendLine(out, "  - %s", a.c_str());
        if (r.infrastructure) {
            for (const auto& a : r.infrastructure->assumptions)
                appendLine(out, "  - %.*s = %g %.*s (%.*s)", static_cast<int>(a.key.size()),
                    a.key.data(), a.value, static_cast<int>(a.unit.size()), a.unit.data(),
                    static_cast<int>(a.source.size()), a.source.data());
        }
    }
    return out;
}

} // namespace infrafit
