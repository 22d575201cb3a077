// SPDX-License-Identifier: Apache-2.0
#include "storage_fixtures.h"

#include "core/storage/data_feed.h"
#include "core/storage/model_load.h"

#include <catch2/catch.hpp>

using namespace infrafit;
using namespace infrafit::testing;

TEST_CASE("Bytes per token default to the token-id width", "[storage][data]")
{
    // Megatron-LM indexed_dataset DType.optimal_dtype: uint16 below a
    // 65,500-token vocabulary, int32 above. Llama 3 (128,256) -> 4 B;
    // GPT-3 (50,257) -> 2 B.
    Workload w;
    w.model.vocabSize = 128256;
    CHECK(dataBytesPerToken(w) == 4);
    w.model.vocabSize = 50257;
    CHECK(dataBytesPerToken(w) == 2);
    w.dataBytesPerToken = 4.2; // raw UTF-8 text, ~4 characters per token
    CHECK(dataBytesPerToken(w) == 4.2);
}

TEST_CASE("Text training needs a trickle of storage bandwidth", "[storage][data]")
{
    // 400,000 tokens/s x 4 B = 1.6 MB/s for the job, 0.2 MB/s on each of 8
    // nodes, against 8 x 13,000 MB/s = 104 GB/s of local NVMe read.
    Workload w;
    w.model.vocabSize = 128256;
    w.trainingTokens = 15e12;
    const auto node = nodeStorageOf(dgxH100WithStorage(8));
    const auto f = planDataFeed(w, 400000, node, 8);
    CHECK(f.bytesPerS == Approx(1.6e6));
    CHECK(f.bytesPerSPerNode == Approx(0.2e6));
    CHECK(f.source == StorageTarget::Local);
    CHECK(f.sourceBytesPerSPerNode == Approx(104e9));
    CHECK(f.ok);
    // 15 T tokens x 4 B = 60 TB of tokenized data.
    CHECK(f.datasetBytes == Approx(60e12));
}

TEST_CASE("Video samples outrun shared storage", "[storage][data][bad]")
{
    // 2,000,000 tokens/s at 4,096 tokens per sample = 488.3 samples/s;
    // x 50 MB per clip = 24.4 GB/s, 3.05 GB/s per node on 8 nodes. Shared
    // storage of 10 GB/s gives each node 10 / 8 = 1.25 GB/s (NICs 400 GB/s):
    // too slow.
    Workload w;
    w.sequenceLength = 4096;
    w.sampleBytes = 50e6;
    w.dataSource = StorageTarget::Shared;
    auto rc = dgxH100WithStorage(8);
    rc.config.sharedStorageGbs = 10;
    const auto node = nodeStorageOf(rc);
    const auto f = planDataFeed(w, 2e6, node, 8);
    CHECK(f.bytesPerS == Approx(2e6 / 4096 * 50e6));
    CHECK(f.bytesPerSPerNode == Approx(3.05e9).epsilon(0.001));
    CHECK(f.sourceBytesPerSPerNode == Approx(1.25e9));
    CHECK_FALSE(f.ok);
    Findings findings;
    checkDataFeed(f, node, findings);
    CHECK(hasCode(findings, "storage.data_feed"));
    // From local NVMe the same clips are fine: 3.05 < 104 GB/s.
    w.dataSource = StorageTarget::Auto;
    CHECK(planDataFeed(w, 2e6, node, 8).ok);
}

TEST_CASE("No storage at all: data feed finding, never NaN", "[storage][data][bad]")
{
    Workload w;
    w.model.vocabSize = 32000;
    auto rc = h100Cluster(2); // no drives, no shared storage
    const auto node = nodeStorageOf(rc);
    const auto f = planDataFeed(w, 1e5, node, 2);
    CHECK_FALSE(f.ok);
    CHECK(f.sourceBytesPerSPerNode == 0);
    Findings findings;
    checkDataFeed(f, node, findings);
    CHECK(hasCode(findings, "storage.no_data_source"));
}

TEST_CASE("Model load at start-up and scale-out", "[storage][model_load]")
{
    // Llama 3.1 70B in bf16 over tensor 8: 141.1 GB of weights per node
    // (8 shards of 17.6 GB). Local: 141.1 GB / 104 GB/s = 1.36 s. Shared
    // storage 20 GB/s for 4 serving nodes: max(4 x 141.1 / 20, 141.1 / 400)
    // = 28.2 s; one added node alone: 141.1 / min(20, 400) = 7.06 s.
    Workload w;
    w.kind = WorkloadKind::Inference;
    auto rc = dgxH100WithStorage(4);
    rc.config.sharedStorageGbs = 20;
    const auto node = nodeStorageOf(rc);
    const double perGpu = 70.55e9 * 2 / 8;
    const auto m = planModelLoad(w, perGpu, 8, 4, node);
    CHECK(m.bytesPerNode == Approx(141.1e9));
    CHECK(m.source == StorageTarget::Local);
    CHECK(m.localS == Approx(141.1e9 / 104e9));
    CHECK(m.startupS == Approx(m.localS));
    CHECK(m.sharedS == Approx(4 * 141.1e9 / 20e9));
    CHECK(m.scaleOutS == Approx(141.1e9 / 20e9));
    Findings findings;
    checkModelLoad(m, node, findings);
    CHECK(hasCode(findings, "storage.model_load"));

    w.modelLoadSource = StorageTarget::Shared;
    rc.config.sharedStorageGbs = 0;
    const auto none = planModelLoad(w, perGpu, 8, 4, nodeStorageOf(rc));
    CHECK(none.startupS == 0);
    Findings missing;
    checkModelLoad(none, nodeStorageOf(rc), missing);
    CHECK(hasCode(missing, "storage.no_model_source"));
}
