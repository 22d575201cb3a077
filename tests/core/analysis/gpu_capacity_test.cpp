// SPDX-License-Identifier: Apache-2.0
// The memory a plan may use: memory_gib × 2^30 (HBM) or memory_gb × 10^9,
// less the driver's share (core/parts/gpu_memory.cpp, training_constants.h).
#include "core/pipeline/analyze.h"
#include "test_hardware.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace infrafit;

namespace {

bool hasCapacityFinding(const AnalysisResult& r)
{
    return std::any_of(r.findings.begin(), r.findings.end(), [](const Finding& f) {
        return f.code == "memory.capacity_in_gb" && f.severity == Severity::Info;
    });
}

} // namespace

TEST_CASE("an H100 80GB with memory_gib has 80 GiB, less the driver's share, for a plan",
          "[analysis][memory]")
{
    Parallelism plan;
    plan.tensor = 8;
    const Workload w = testing::presetTraining("llama-3.1-8b", plan, 4096, 8);
    auto cluster = testing::h100Cluster(1);
    cluster.gpu.memoryType = "HBM3";

    // Without memory_gib: 80 × 10^9 bytes, and a finding that says so.
    const auto decimal = analyzeWithPlan(w, cluster, plan);
    REQUIRE(decimal.analyzed);
    CHECK(decimal.gpuCapacityBytes == Approx(80e9));
    CHECK(hasCapacityFinding(decimal));

    // With it: 80 GiB (nvidia-smi's 81,920 MiB for an A100 80GB), of which a
    // plan may use no more than the 81,559 MiB nvidia-smi shows for an H100
    // 80GB (vllm-project/vllm issue #27508), and not much less.
    cluster.gpu.memoryGib = 80;
    const auto binary = analyzeWithPlan(w, cluster, plan);
    REQUIRE(binary.analyzed);
    CHECK(binary.gpuCapacityBytes == Approx(80.0 * 1024 * 1024 * 1024));
    CHECK(binary.usableBytes <= 81559.0 * 1024 * 1024);
    CHECK(binary.usableBytes >= 0.985 * binary.gpuCapacityBytes);
    CHECK_FALSE(hasCapacityFinding(binary));
    // The memory lines do not depend on the capacity.
    CHECK(binary.memory.totalBytes() == Approx(decimal.memory.totalBytes()));

    // GDDR without memory_gib: no finding (10^9 bytes per GB is what it keeps with ECC).
    cluster.gpu.memoryGib.reset();
    cluster.gpu.memoryType = "GDDR6 (ECC)";
    CHECK_FALSE(hasCapacityFinding(analyzeWithPlan(w, cluster, plan)));
}
