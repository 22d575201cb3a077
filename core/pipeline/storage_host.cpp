// SPDX-License-Identifier: Apache-2.0
#include "core/pipeline/storage_host.h"

#include "core/base/finding_text.h"
#include "core/storage/checkpoint.h"
#include "core/storage/data_feed.h"
#include "core/storage/host.h"
#include "core/storage/model_load.h"
#include "core/storage/storage_defaults.h"

#include <algorithm>

namespace infrafit {

using infra::num;

namespace {

bool noProblemSince(const Findings& findings, std::size_t from)
{
    return std::none_of(findings.begin() + static_cast<std::ptrdiff_t>(from), findings.end(),
        [](const Finding& f) { return f.severity != Severity::Info; });
}

int hostCeilDiv(long long a, long long b)
{
    return static_cast<int>((a + b - 1) / std::max(1LL, b));
}

void addStorageAssumptions(const Workload& w, const StorageReport& s, std::vector<std::string>& out)
{
    out.push_back("storage: NVMe datasheet sequential MB/s summed over a node's drives; NICs at "
                  "line rate and shared by storage traffic; shared_storage_gbs = "
        + num(s.sharedStorageBytesPerS / 1e9, 1)
        + " GB/s split over the nodes moving data, same figure for read and write");
    if (w.kind == WorkloadKind::Training) {
        const auto& c = s.checkpoint;
        out.push_back("checkpoint: weights + optimizer state at " + num(c.bytesPerParameter, 2)
            + " B per saved parameter, written by "
            + infra::counted(c.writerNodes, "node", "nodes") + " in parallel to " + std::string(enumName(c.target)) + " storage; every "
            + num(c.intervalHours, 2)
            + " h (default 1 h: Llama 3 saw one interruption per ~2.8 h, Dubey et al. "
              "2024 §3.3.4), limit "
            + num(100 * c.maxShare, 1) + " % of wall time (default 5 %, estimate), "
            + std::to_string(c.kept) + " kept locally");
        const auto& d = s.dataFeed;
        out.push_back(d.sampleBytes > 0
                ? "training data: " + num(d.sampleBytes) + " B per sample (stated)"
                : "training data: " + num(d.bytesPerToken, 2)
                    + " B per token (default: token ids as uint16 below a 65,500 "
                      "vocabulary, else int32; Megatron-LM indexed_dataset)");
        if (w.offload != Offload::None)
            out.push_back(w.fineTune == FineTune::Full
                              ? "offload: GPU memory excludes the offloaded state and host "
                                "memory holds it; its time is on the optimizer offload line"
                              : "offload: host memory holds the adapters' optimizer state; "
                                "GPU memory and the step time count it on the GPU (a LoRA "
                                "adapter's state is a small share of either)");
    } else {
        out.push_back("model load: each serving GPU reads its weight shard; new nodes load "
                      "from shared storage");
    }
}

void addHostAssumptions(const Workload& w, const HostReport& h, std::vector<std::string>& out)
{
    out.push_back("host: " + num(h.cpuCoresPerGpuNeeded, 1) + " CPU cores per GPU needed ("
        + (w.cpuCoresPerGpuNeeded ? std::string("stated")
                                  : std::string("default estimate; DGX H100 supplies 14"))
        + "); host memory per GPU needed = "
        + (w.hostMemoryPerGpuGbNeeded ? std::string("stated base")
                                      : num(w.kind == WorkloadKind::Training
                                                ? storage::defaultTrainingProcessMemoryGbPerGpu
                                                : storage::defaultInferenceProcessMemoryGbPerGpu)
                    + " GB process allowance (estimate) + staged "
                    + (w.kind == WorkloadKind::Training ? "checkpoint shard" : "weight shard"))
        + " + offloaded state");
}

} // namespace

StorageHostResult checkStorageAndHost(
    const Workload& w, const ResolvedConfiguration& rc, const AnalysisResult& r)
{
    StorageHostResult out;
    auto& s = out.storage;
    auto& findings = out.findings;
    const NodeStorage node = nodeStorageOf(rc);
    s.localWriteBytesPerSPerNode = node.writeBytesPerS;
    s.localReadBytesPerSPerNode = node.readBytesPerS;
    s.nicBytesPerSPerNode = node.nicBytesPerS;
    s.sharedStorageBytesPerS = node.sharedBytesPerS;

    const int gpusPerNode = std::max(1, rc.config.gpusPerNode);
    const int nodes = std::max(1, rc.config.nodes);
    const auto& p = r.parallelism;
    const long long modelGpus
        = static_cast<long long>(std::max(1, p.tensor)) * std::max(1, p.pipeline);
    const bool training = w.kind == WorkloadKind::Training;
    const long long replicas = training ? std::max(1, p.data) : std::max(1, r.inference.replicas);
    const long long usedGpus = modelGpus * replicas;
    s.nodesUsed = std::clamp(hostCeilDiv(usedGpus, gpusPerNode), 1, nodes);

    const auto storageStart = findings.size();
    double stagingPerGpu = 0;
    double offloadPerGpu = 0;
    if (training) {
        s.checkpoint = planCheckpoint(
            w, r.parameters, p, node, gpusPerNode, s.nodesUsed, r.performance.trainingDays);
        checkCheckpoint(s.checkpoint, node, findings);
        if (r.analyzed) {
            s.dataFeed = planDataFeed(w, r.performance.tokensPerS, node, s.nodesUsed);
            checkDataFeed(s.dataFeed, node, findings);
        }
        // Asynchronous checkpointing copies each GPU's shard to pinned host
        // memory first (PyTorch DCP async_save, Megatron-LM --async-save).
        stagingPerGpu = s.checkpoint.bytesPerNode / gpusPerNode;
        // Offloaded activations are pinned host memory as well.
        offloadPerGpu = offloadBytesPerGpu(w, r.parameters, p) + r.offloadedActivationBytes;
    } else if (r.analyzed) {
        const int servingPerNode = static_cast<int>(std::min<long long>(gpusPerNode, usedGpus));
        s.modelLoad = planModelLoad(w, r.memory.weightsBytes, servingPerNode, s.nodesUsed, node);
        checkModelLoad(s.modelLoad, node, findings);
        // Weights pass through host memory on their way to the GPU
        // (safetensors files are read or mapped before the copy).
        stagingPerGpu = r.memory.weightsBytes;
    }
    s.ok = noProblemSince(findings, storageStart);

    const auto hostStart = findings.size();
    out.host = checkHost(w, rc, p, stagingPerGpu, offloadPerGpu, findings);
    out.host.ok = noProblemSince(findings, hostStart);

    addStorageAssumptions(w, s, out.assumptions);
    addHostAssumptions(w, out.host, out.assumptions);
    return out;
}

} // namespace infrafit
