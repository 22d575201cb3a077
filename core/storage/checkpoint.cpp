// SPDX-License-Identifier: Apache-2.0
#include "core/storage/checkpoint.h"

#include "core/analysis/training_memory.h"
#include "core/base/finding_text.h"

#include <algorithm>
#include <cmath>

namespace infrafit {

using infra::addFinding;
using infra::num;

namespace {

std::string checkpointGb(double bytes)
{
    return num(bytes / 1e9, bytes < 100e9 ? 1 : 0) + " GB";
}

std::string seconds(double s)
{
    if (s >= 3600)
        return num(s / 3600, 2) + " h";
    if (s >= 120)
        return num(s / 60, 1) + " min";
    return num(s, 1) + " s";
}

StorageTarget resolveTarget(StorageTarget wanted, const NodeStorage& node)
{
    if (wanted != StorageTarget::Auto)
        return wanted;
    if (node.hasDrives() || !node.hasShared())
        return StorageTarget::Local;
    return StorageTarget::Shared;
}

} // namespace

double checkpointBytesPerParameter(const Workload& w)
{
    const auto s = stateBytesPerParam(w);
    if (w.fineTune != FineTune::Full) {
        // Adapters in fp32 (HF PEFT default) carry no separate master copy:
        // the same split the memory model uses (training_memory.cpp).
        const double adapterOptimizer = s.optimizer - (s.weight < 4 ? 4.0 : 0.0);
        return 4.0 + adapterOptimizer;
    }
    return s.weight + s.optimizer;
}

double checkpointParameters(const Workload& w, const ParameterCount& params)
{
    if (w.fineTune != FineTune::Full)
        return loraAdapterParameters(w.model, w.loraRank, w.loraTargets);
    return params.total;
}

int checkpointWriterNodes(const Parallelism& plan, int gpusPerNode, int nodesUsed)
{
    const int used = std::max(1, nodesUsed);
    if (plan.zeroStage >= 1)
        return used;
    const long long replicaGpus
        = static_cast<long long>(std::max(1, plan.tensor)) * std::max(1, plan.pipeline);
    const long long perNode = std::max(1, gpusPerNode);
    const long long replicaNodes = (replicaGpus + perNode - 1) / perNode;
    return static_cast<int>(std::clamp<long long>(replicaNodes, 1, used));
}

CheckpointFigures planCheckpoint(const Workload& w, const ParameterCount& params,
    const Parallelism& plan, const NodeStorage& node, int gpusPerNode, int nodesUsed,
    double trainingDays)
{
    CheckpointFigures c;
    c.parametersSaved = checkpointParameters(w, params);
    c.bytesPerParameter = checkpointBytesPerParameter(w);
    c.bytes = c.parametersSaved * c.bytesPerParameter;
    c.writerNodes = checkpointWriterNodes(plan, gpusPerNode, nodesUsed);
    c.bytesPerNode = c.bytes / c.writerNodes;
    c.target = resolveTarget(w.checkpointTarget, node);
    c.kept = std::max(1, w.checkpointsKept);
    c.localCapacityBytesPerNode = node.capacityBytes;
    c.intervalHours = w.checkpointIntervalHours;
    c.maxShare = w.maxCheckpointShare;

    // Local NVMe: each writer node streams its shard to its own drives, all
    // nodes at once, so the job waits for one node's shard / node bandwidth.
    if (node.hasDrives()) {
        c.localWriteS = c.bytesPerNode / node.writeBytesPerS;
        c.localRestoreS = c.bytesPerNode / node.readBytesPerS;
    }
    // Shared storage: the writer nodes share the storage bandwidth, each
    // limited by its NICs' line rate.
    c.sharedWriteS = sharedTransferS(node, c.bytesPerNode, c.writerNodes);
    c.sharedRestoreS = c.sharedWriteS; // one stated bandwidth for both directions
    c.writeS = c.target == StorageTarget::Local ? c.localWriteS : c.sharedWriteS;
    c.restoreS = c.target == StorageTarget::Local ? c.localRestoreS : c.sharedRestoreS;

    const double intervalS = std::max(0.0, c.intervalHours) * 3600;
    if (c.writeS > 0 && intervalS > 0)
        c.share = c.writeS / (intervalS + c.writeS);
    const double s = c.maxShare;
    if (c.writeS > 0 && s > 0 && s < 1)
        c.minIntervalHours = c.writeS * (1 - s) / s / 3600;
    if (trainingDays > 0 && c.intervalHours > 0) {
        c.count = std::floor(trainingDays * 24 / c.intervalHours);
        c.totalHours = c.count * c.writeS / 3600;
    }
    return c;
}

bool checkCheckpoint(const CheckpointFigures& c, const NodeStorage& node, Findings& findings)
{
    const auto before = findings.size();
    if (!node.hasDrives() && !node.hasShared()) {
        addFinding(findings, Severity::Error, "storage.no_checkpoint_storage",
            "Training needs checkpoints of " + checkpointGb(c.bytes)
                + " but the configuration has no NVMe drives and no shared storage "
                  "(shared storage bandwidth with NICs) to write them to.",
            "Add NVMe drives to each node or set the shared storage bandwidth.");
        return false;
    }
    if (c.target == StorageTarget::Local && !node.hasDrives()) {
        addFinding(findings, Severity::Error, "storage.checkpoint_target_missing",
            "The checkpoint target is \"local\" but the configuration has no NVMe drives "
            "(no NVMe drive part, or 0 per node).",
            "Add NVMe drives or set the checkpoint target to \"shared\".");
    } else if (c.target == StorageTarget::Shared && !node.hasShared()) {
        addFinding(findings, Severity::Error, "storage.checkpoint_target_missing",
            "The checkpoint target is \"shared\" but the shared storage bandwidth is 0 or "
            "the nodes have no NICs.",
            "Set the shared storage bandwidth and NICs, or set the checkpoint target to \"local\".");
    }
    if (node.hasDrives() && c.kept * c.bytesPerNode > node.capacityBytes) {
        addFinding(findings, Severity::Error, "storage.checkpoint_capacity",
            "Keeping " + std::to_string(c.kept) + " checkpoints needs "
                + checkpointGb(c.kept * c.bytesPerNode) + " per node but the node's "
                + std::to_string(node.drives) + " drives hold " + checkpointGb(node.capacityBytes) + ".",
            "Use more or larger drives, or keep fewer checkpoints (checkpoints kept).");
    }
    if (c.writeS > 0 && c.share > c.maxShare) {
        addFinding(findings, Severity::Warning, "storage.checkpoint_share",
            "Writing a " + checkpointGb(c.bytesPerNode) + " checkpoint shard per node takes "
                + seconds(c.writeS) + ", " + num(100 * c.share, 1)
                + " % of wall time at one checkpoint every " + num(c.intervalHours, 2)
                + " h (limit " + num(100 * c.maxShare, 1) + " %).",
            "Set the checkpoint interval to at least " + num(c.minIntervalHours, 2)
                + " h, or add faster drives or storage bandwidth.");
    }
    const double intervalS = c.intervalHours * 3600;
    if (c.target == StorageTarget::Local && c.sharedWriteS > intervalS) {
        addFinding(findings, Severity::Warning, "storage.checkpoint_drain_slow",
            "Copying each checkpoint from local NVMe to shared storage takes "
                + seconds(c.sharedWriteS) + ", longer than the " + num(c.intervalHours, 2)
                + " h interval: copies fall behind.",
            "Raise the shared storage bandwidth or the checkpoint interval.");
    }
    return findings.size() == before;
}

} // namespace infrafit
