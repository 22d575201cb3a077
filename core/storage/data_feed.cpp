// SPDX-License-Identifier: Apache-2.0
#include "core/storage/data_feed.h"

#include "core/base/finding_text.h"
#include "core/storage/storage_defaults.h"

#include <algorithm>

namespace infrafit {

using infra::addFinding;
using infra::num;

namespace {

std::string rate(double bytesPerS)
{
    if (bytesPerS >= 1e9)
        return num(bytesPerS / 1e9, 2) + " GB/s";
    return num(bytesPerS / 1e6, 1) + " MB/s";
}

} // namespace

double dataBytesPerToken(const Workload& w)
{
    return w.dataBytesPerToken ? *w.dataBytesPerToken
                               : storage::defaultDataBytesPerToken(w.model.vocabSize);
}

DataFeedFigures planDataFeed(
    const Workload& w, double tokensPerS, const NodeStorage& node, int nodesUsed)
{
    DataFeedFigures f;
    const int nodes = std::max(1, nodesUsed);
    f.bytesPerToken = dataBytesPerToken(w);
    const double tokens = std::max(0.0, tokensPerS);
    if (w.sampleBytes) {
        f.sampleBytes = *w.sampleBytes;
        const double seq = std::max(1, w.sequenceLength);
        f.bytesPerS = tokens / seq * f.sampleBytes;
        f.datasetBytes = std::max(0.0, w.trainingTokens) / seq * f.sampleBytes;
    } else {
        f.bytesPerS = tokens * f.bytesPerToken;
        f.datasetBytes = std::max(0.0, w.trainingTokens) * f.bytesPerToken;
    }
    f.bytesPerSPerNode = f.bytesPerS / nodes;
    f.source = w.dataSource;
    if (f.source == StorageTarget::Auto)
        f.source
            = node.hasDrives() || !node.hasShared() ? StorageTarget::Local : StorageTarget::Shared;
    f.sourceBytesPerSPerNode = f.source == StorageTarget::Local
        ? node.readBytesPerS
        : sharedBytesPerSPerNode(node, nodes);
    f.ok = f.bytesPerSPerNode <= f.sourceBytesPerSPerNode;
    return f;
}

void checkDataFeed(const DataFeedFigures& f, const NodeStorage& node, Findings& findings)
{
    if (f.ok)
        return;
    if (!node.hasDrives() && !node.hasShared()) {
        addFinding(findings, Severity::Warning, "storage.no_data_source",
            "The job reads " + rate(f.bytesPerSPerNode)
                + " of training data per node but the configuration has neither NVMe "
                  "drives nor shared storage bandwidth.",
            "Add NVMe drives or set the shared storage bandwidth.");
        return;
    }
    const bool local = f.source == StorageTarget::Local;
    addFinding(findings, Severity::Warning, "storage.data_feed",
        "The job reads " + rate(f.bytesPerSPerNode) + " of training data per node but "
            + (local ? "the node's NVMe drives deliver " : "shared storage delivers ")
            + rate(f.sourceBytesPerSPerNode) + " per node"
            + (f.sourceBytesPerSPerNode > 0 ? "" : " (source absent)")
            + ": the GPUs wait for input.",
        local ? "Add drives, stage data differently, or set the training data source to \"shared\"."
              : "Raise the shared storage bandwidth or NIC bandwidth, or stage data on local NVMe.");
}

} // namespace infrafit
