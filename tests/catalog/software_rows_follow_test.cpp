// SPDX-License-Identifier: Apache-2.0
// The catalog's software rows, not the shipped table, decide the analysis,
// the recommendation and the portfolio (issue 20): a row edited in the
// database is what every check reads. The shipped Hopper row lists FP8 in
// hardware (NVIDIA H100 Tensor Core GPU datasheet; docs/reference/software.md);
// a user who removes it must see FP8 on an H100 refused everywhere.
#include "catalog/catalog_store.h"
#include "catalog_test_support.h"
#include "core/io/default_software.h"
#include "core/pipeline/evaluate.h"
#include "core/portfolio/analyze_portfolio.h"
#include "core/search/recommend.h"

#include "../core/search/search_test_support.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace infrafit;
using namespace infrafit::catalog;
using namespace infrafit::catalog::test;

namespace {

const std::string followH100 = "nvidia-h100-sxm5-80gb";

bool followUsesGpu(const Recommendation& rec, const std::string& gpu)
{
    return std::any_of(rec.candidates.begin(), rec.candidates.end(),
                       [&](const RecommendedCandidate& c) { return c.config.gpu.id == gpu; });
}

bool followHas(const Findings& findings, std::string_view code)
{
    return std::any_of(findings.begin(), findings.end(),
                       [&](const Finding& f) { return f.code == code; });
}

Workload followFp8Training()
{
    Workload w;
    w.name = "fp8-train";
    w.kind = WorkloadKind::Training;
    w.precision = Precision::Fp8;
    w.model = *findModelPreset("llama-2-7b");
    w.sequenceLength = 4096;
    w.globalBatchSize = 64;
    w.trainingTokens = 1e9;
    return w;
}

} // namespace

TEST_CASE("a software row edited in the catalog decides analysis, recommendation and portfolio",
          "[catalog][software]")
{
    TempDir dir;
    auto store = CatalogStore::open(dir.file("c.sqlite"));
    RecommendRequest request;
    request.workload = followFp8Training();
    request.parts = testing::smallSnapshot();
    request.parts.software = store.softwareTable();
    request.constraints.nodeCounts = {1};
    request.constraints.maxNodes = 1;
    request.top = 1000;

    // As shipped, Hopper has FP8: the H100 carries candidates without a
    // software error.
    const Recommendation before = recommend(request);
    REQUIRE(followUsesGpu(before, followH100));
    const auto h100 = std::find_if(before.candidates.begin(), before.candidates.end(),
                                   [](const RecommendedCandidate& c) {
                                       return c.config.gpu.id == followH100;
                                   });
    CHECK_FALSE(followHas(h100->analysis.findings, "software.precision_unsupported"));
    const ResolvedConfiguration h100Node = h100->config;

    // The user removes FP8 from the Hopper row of this catalog.
    SoftwareTable table = store.softwareTable();
    SoftwareCompat hopper = *table.find("Hopper");
    std::erase(hopper.precisions, "fp8");
    REQUIRE(store.putSoftware(hopper));
    const SoftwareTable edited = store.softwareTable();
    REQUIRE_FALSE(edited.find("Hopper")->hasPrecision("fp8"));

    // The analysis follows the catalog's row ...
    Workload planned = request.workload;
    planned.parallelism = h100->parallelism;
    const AnalysisResult analysed = evaluate(planned, h100Node, {}, &edited);
    CHECK(followHas(analysed.findings, "software.precision_unsupported"));
    // ... while the shipped table alone would have said nothing.
    CHECK_FALSE(followHas(evaluate(planned, h100Node, {}, &defaultSoftwareTable()).findings,
                          "software.precision_unsupported"));

    // The recommendation leaves the H100 out and says why.
    request.parts.software = edited;
    const Recommendation after = recommend(request);
    CHECK_FALSE(followUsesGpu(after, followH100));
    const auto rejected = std::find_if(after.rejected.begin(), after.rejected.end(),
                                       [](const RejectedCandidate& r) {
                                           return r.hardware == "gpu " + followH100;
                                       });
    REQUIRE(rejected != after.rejected.end());
    CHECK(rejected->reason.rfind("software: ", 0) == 0);
    CHECK(rejected->reason.find("fp8") != std::string::npos);
    CHECK(followHas(after.findings, "software.filtered"));

    // The portfolio cannot place the workload on the H100 node either.
    const std::vector<Workload> portfolio{planned};
    const PortfolioPlan plan = planPortfolio(portfolio, h100Node, &edited);
    CHECK_FALSE(plan.fits);
    REQUIRE(plan.entries.size() == 1);
    CHECK(plan.entries[0].demand.problem.rfind("software: ", 0) == 0);
    CHECK(planPortfolio(portfolio, h100Node, &defaultSoftwareTable()).entries[0].demand.problem.empty());
}
