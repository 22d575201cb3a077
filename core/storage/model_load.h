// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/finding.h"
#include "core/storage/node_storage.h"
#include "core/analysis/storage_report.h"
#include "core/workload/workload.h"

namespace infrafit {

/// Weights an inference deployment loads: each serving GPU reads its shard
/// (`weightsBytesPerGpu`, as held in GPU memory), so a node reads shard x
/// GPUs it serves with. Start-up from local NVMe: per node / (drives x read
/// MB/s); from shared storage: all serving nodes at once (sharedTransferS).
/// Scale-out: one new node pulls its weights over its NICs from shared
/// storage (new nodes' drives start empty).
ModelLoadFigures planModelLoad(const Workload& workload, double weightsBytesPerGpu,
    int servingGpusPerNode, int nodesUsed, const NodeStorage& node);

/// "storage.model_load" (info) with the load times, "storage.no_model_source"
/// (warning) when the chosen source is absent.
void checkModelLoad(const ModelLoadFigures& load, const NodeStorage& node, Findings& findings);

} // namespace infrafit
