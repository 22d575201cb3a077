// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/workload/workload.h"

#include <string>

namespace infrafit {

/// Checkpoint figures of a training job (core/storage/checkpoint.h). Bytes
/// are plain bytes (not GB); times in seconds; all finite, 0 when not
/// applicable (no drives, no shared storage, inference).
struct CheckpointFigures {
    double bytes = 0; ///< whole checkpoint, all shards
    double bytesPerParameter = 0;
    double parametersSaved = 0; ///< model parameters, or LoRA adapters only
    int writerNodes = 0; ///< nodes holding shards that write in parallel
    double bytesPerNode = 0; ///< on the busiest writer node
    StorageTarget target = StorageTarget::Local; ///< resolved (never Auto)
    double localWriteS = 0;
    double localRestoreS = 0;
    double sharedWriteS = 0;
    double sharedRestoreS = 0;
    double writeS = 0; ///< blocking write to the target
    double restoreS = 0; ///< read back from the target
    double intervalHours = 0;
    double share = 0; ///< writeS / (interval + writeS)
    double maxShare = 0;
    double minIntervalHours = 0; ///< interval that keeps share <= maxShare
    double count = 0; ///< checkpoints over the training run
    double totalHours = 0; ///< time spent writing them
    int kept = 0;
    double localCapacityBytesPerNode = 0;
};

/// Training input the job consumes against what storage delivers
/// (core/storage/data_feed.h).
struct DataFeedFigures {
    double bytesPerToken = 0;
    double sampleBytes = 0; ///< 0 = text, bytes per token used
    double bytesPerS = 0; ///< whole job
    double bytesPerSPerNode = 0;
    StorageTarget source = StorageTarget::Local; ///< resolved
    double sourceBytesPerSPerNode = 0;
    double datasetBytes = 0; ///< training_tokens x bytes per token
    bool ok = true;
};

/// Model weights loaded at start-up and when a node is added (inference).
struct ModelLoadFigures {
    double bytesPerNode = 0;
    StorageTarget source = StorageTarget::Local; ///< resolved
    double localS = 0;
    double sharedS = 0; ///< all serving nodes at once
    double startupS = 0; ///< from the chosen source
    double scaleOutS = 0; ///< one added node, over the NICs
};

/// Storage side of one (workload, configuration): checkpoints, data feed,
/// model load, and the per-node bandwidths they were computed from.
struct StorageReport {
    CheckpointFigures checkpoint;
    DataFeedFigures dataFeed;
    ModelLoadFigures modelLoad;
    int nodesUsed = 0;
    double localWriteBytesPerSPerNode = 0; ///< drives x write MB/s
    double localReadBytesPerSPerNode = 0; ///< drives x read MB/s
    double nicBytesPerSPerNode = 0; ///< NIC line rate
    double sharedStorageBytesPerS = 0; ///< whole cluster
    bool ok = true; ///< no storage error or warning
};

/// Host side: CPU cores and host memory per GPU against the workload's
/// needs (core/storage/host.h).
struct HostReport {
    double cpuCoresPerGpu = 0;
    double cpuCoresPerGpuNeeded = 0;
    bool hostMemoryKnown = false;
    double hostMemoryPerNodeBytes = 0;
    double hostMemoryPerGpuBytes = 0;
    double baseNeedPerGpuBytes = 0; ///< process, data loading, staging
    double stagingPerGpuBytes = 0; ///< checkpoint or weights staged in host memory
    double offloadPerGpuBytes = 0; ///< ZeRO-Offload optimizer state / weights
    double kvOffloadPerGpuBytes = 0;
    double neededPerGpuBytes = 0;
    Offload offload = Offload::None;
    double memoryBandwidthPerGpuGbs = 0;
    double populatedChannelFraction = 0; ///< DIMMs / (CPUs x channels), at most 1
    int dimmsPerNode = 0;
    int dimmSlots = 0; ///< chassis; 0 = unknown
    bool ok = true; ///< no host error or warning
};

} // namespace infrafit
