// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/finding.h"
#include "core/model/parameter_count.h"
#include "core/storage/node_storage.h"
#include "core/analysis/storage_report.h"
#include "core/workload/workload.h"

namespace infrafit {

/// Bytes a checkpoint stores per saved parameter: the weights and the
/// optimizer state at their precisions (gradients are not saved). Mixed-
/// precision Adam: 2 (bf16 weights) + 4 (fp32 master) + 4 + 4 (m, v) = 14;
/// fp32 Adam 4 + 8 = 12; SGD 2 + 4 + 4 = 10; 8-bit Adam 2 + 4 + 2 = 8
/// (state sizes from stateBytesPerParam(): EleutherAI "Transformer Math
/// 101"). LoRA/QLoRA save only the adapters, trained in fp32 with their own
/// optimizer state: 4 + 8 = 12 for Adam (base weights stay the published file).
double checkpointBytesPerParameter(const Workload& workload);

/// Parameters the checkpoint holds: the model, or the LoRA adapters.
double checkpointParameters(const Workload& workload, const ParameterCount& params);

/// Nodes that write shards in parallel. With ZeRO (stage >= 1) every
/// data-parallel rank owns a shard of the optimizer state and writes it
/// (Rajbhandari et al. 2020 §5.1; Megatron-LM distributed checkpointing with
/// --ckpt-fully-parallel-save, PyTorch DCP), so all `nodesUsed` write. Without
/// ZeRO the state is replicated and one model replica (tensor x pipeline
/// GPUs, packed into nodes) writes it.
int checkpointWriterNodes(const Parallelism& plan, int gpusPerNode, int nodesUsed);

/// The checkpoint plan of a training job: size, per-node shard, write and
/// restore times to local NVMe (per node: shard / (drives x write MB/s);
/// nodes in parallel) and to shared storage over the NICs (sharedTransferS),
/// the share of wall time at the workload's interval, share =
/// write / (interval + write), and the shortest interval that keeps it
/// under max_checkpoint_share: interval >= write x (1 - s) / s.
/// `trainingDays` (0 if unknown) gives the count over the run.
CheckpointFigures planCheckpoint(const Workload& workload, const ParameterCount& params,
    const Parallelism& plan, const NodeStorage& node, int gpusPerNode, int nodesUsed,
    double trainingDays);

/// Findings on a checkpoint plan: "storage.no_checkpoint_storage" (error: no
/// drives and no shared storage), "storage.checkpoint_target_missing" (error:
/// the chosen target is absent), "storage.checkpoint_capacity" (error: the
/// kept checkpoints exceed the drives), "storage.checkpoint_share" (warning:
/// share above the limit), "storage.checkpoint_drain_slow" (warning: the
/// copy to shared storage takes longer than the interval). Returns false
/// when any was added.
bool checkCheckpoint(const CheckpointFigures& c, const NodeStorage& node, Findings& findings);

} // namespace infrafit
