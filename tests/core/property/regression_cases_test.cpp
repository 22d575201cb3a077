// SPDX-License-Identifier: Apache-2.0
// Cases the property tests (analysis_property_test.cpp) found, kept as fixed
// regression tests. Each names the property it broke and the cause fixed in core.
#include "core/pipeline/evaluate.h"
#include "core/analysis/inference_memory.h"
#include "core/analysis/training_memory.h"
#include "core/io/model_presets.h"
#include "generators.h"
#include "invariants.h"

#include <catch2/catch.hpp>

using namespace infrafit;
using namespace infrafit::property;

namespace {

template <class T>
const T& partById(const std::vector<T>& parts, const std::string& id)
{
    for (const auto& part : parts) {
        if (part.id == id)
            return part;
    }
    throw std::runtime_error("no part " + id + " in the default catalog");
}

ResolvedConfiguration h200Nodes(int nodes)
{
    const PartPool& pool = defaultPartPool();
    ResolvedConfiguration rc;
    rc.config.name = "h200";
    rc.gpu = partById(pool.gpus, "nvidia-h200-sxm-141gb");
    rc.chassis = partById(pool.chassis, "nvidia-dgx-h200");
    rc.nic = partById(pool.nics, "nvidia-connectx-7-ndr-osfp");
    rc.config.gpuId = rc.gpu.id;
    rc.config.chassisId = rc.chassis.id;
    rc.config.nicId = rc.nic->id;
    rc.config.gpusPerNode = 8;
    rc.config.cpusPerNode = 0;
    rc.config.nicsPerNode = 8;
    rc.config.nodes = nodes;
    return rc;
}

} // namespace

// Property: memory is reported for the most-loaded GPU (docs/architecture.md), so
// weights + KV of the reported GPU >= those of every pipeline stage.
// Found: inference looked only at the first and last stage. DeepSeek-V3's
// 61 layers on 8 stages are 8,8,8,8,8,7,7,7 with 3 dense layers first: stage
// 1 holds 8 MoE layers (~11 B parameters each) against the last stage's 7
// plus the output head, so the reported GPU was not the most loaded.
TEST_CASE("inference memory is the most-loaded pipeline stage's (DeepSeek-V3, pipeline 8)",
    "[property][regression]")
{
    Workload w;
    w.name = "deepseek-v3 serving";
    w.kind = WorkloadKind::Inference;
    w.model = *findModelPreset("deepseek-v3");
    w.precision = Precision::Fp8;
    w.promptTokens = 1024;
    w.outputTokens = 256;
    w.concurrentRequests = 8;
    w.parallelism = Parallelism {8, 8, 1, 1, 0, false, Recompute::None, 1, 1};
    const ResolvedConfiguration rc = h200Nodes(8);
    REQUIRE(workloadProblems(w).empty());

    const AnalysisResult r = evaluate(w, rc);
    REQUIRE(r.analyzed);
    const double perParam = servingWeightBytesPerParam(w.precision);
    double heaviest = 0;
    for (int stage = 0; stage < 8; ++stage)
        heaviest = std::max(
            heaviest, stageParams(w.model, r.parameters, 8, 8, 1, stage).total() * perParam);
    CHECK(r.memory.weightsBytes >= heaviest * (1 - 1e-12));
}
