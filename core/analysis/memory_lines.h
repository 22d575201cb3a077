// SPDX-License-Identifier: Apache-2.0
#pragma once

namespace infrafit {

/// Per-GPU memory by component, in bytes. `overheadBytes()` is the
/// contract's `overhead` (framework + communication buffers + allocator
/// margin); `totalBytes()` is exactly the sum of the lines.
struct MemoryLines {
    double weightsBytes = 0;
    double gradientsBytes = 0;
    double optimizerBytes = 0;
    double activationsBytes = 0;
    double kvCacheBytes = 0;
    double frameworkBytes = 0;   ///< CUDA context, cuBLAS/NCCL workspaces
    double commBuffersBytes = 0; ///< gradient buckets, gathered ZeRO-3 units, p2p buffers
    double allocatorMarginBytes = 0;

    [[nodiscard]] double overheadBytes() const
    {
        return frameworkBytes + commBuffersBytes + allocatorMarginBytes;
    }
    [[nodiscard]] double totalBytes() const
    {
        return weightsBytes + gradientsBytes + optimizerBytes + activationsBytes + kvCacheBytes
               + overheadBytes();
    }
};

} // namespace infrafit
