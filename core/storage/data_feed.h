// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/finding.h"
#include "core/storage/node_storage.h"
#include "core/analysis/storage_report.h"
#include "core/workload/workload.h"

namespace infrafit {

/// Bytes of stored input per trained token: the workload's
/// data_bytes_per_token, else the token-id width of a tokenized dataset
/// (storage::defaultDataBytesPerToken).
double dataBytesPerToken(const Workload& workload);

/// Training input the job reads: bytes/s = tokens/s x bytes per token, or
/// for non-text data samples/s x sample_bytes with samples/s = tokens/s /
/// sequence_length; per node = job / nodesUsed (data-parallel ranks read
/// disjoint shards). Against local NVMe read (drives x read MB/s) or the
/// node's share of shared storage over its NICs (sharedBytesPerSPerNode),
/// as data_source says (auto: local when the nodes have drives).
DataFeedFigures planDataFeed(
    const Workload& workload, double tokensPerS, const NodeStorage& node, int nodesUsed);

/// "storage.data_feed" (warning) when the source cannot keep up,
/// "storage.no_data_source" (warning) when there is no source at all.
void checkDataFeed(const DataFeedFigures& feed, const NodeStorage& node, Findings& findings);

} // namespace infrafit
