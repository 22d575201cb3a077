// SPDX-License-Identifier: Apache-2.0
// Search with a site power budget and the GPU power limit as a knob
// (docs/power-model.md §2, docs/user-guide.md "Power and energy"): under a
// site budget, more nodes at a lower limit can give more throughput than the
// best uncapped cluster that fits.
#include "core/search/recommend.h"
#include "core/search/search_test_support.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <optional>

using namespace infrafit;

namespace {

RecommendRequest powerCapRequest()
{
    RecommendRequest r;
    Workload w;
    w.name = "train13b";
    w.kind = WorkloadKind::Training;
    w.model = *findModelPreset("llama-2-13b");
    w.sequenceLength = 4096;
    w.globalBatchSize = 192;
    w.trainingTokens = 1e10;
    r.workload = w;
    r.parts = testing::smallSnapshot();
    r.parts.gpus.erase(std::remove_if(r.parts.gpus.begin(), r.parts.gpus.end(),
                           [](const Gpu& g) { return g.id != "nvidia-h100-sxm5-80gb"; }),
        r.parts.gpus.end());
    r.constraints.nodeCounts = {2, 3};
    r.constraints.maxNodes = 3;
    r.constraints.gpuPowerLimitFractions = {0.7};
    r.top = 1000;
    return r;
}

/// The best (most tokens/s) 8-GPU-per-node candidate with `nodes` nodes,
/// capped or not.
const RecommendedCandidate* powerCapBest(const Recommendation& rec, int nodes, bool capped)
{
    const RecommendedCandidate* best = nullptr;
    for (const auto& c : rec.candidates) {
        const auto& cfg = c.config.config;
        if (cfg.nodes != nodes || cfg.gpusPerNode != 8 || cfg.gpuPowerLimitW.has_value() != capped)
            continue;
        if (!best || c.analysis.performance.tokensPerS > best->analysis.performance.tokensPerS)
            best = &c;
    }
    return best;
}

double powerCapClusterKw(const RecommendedCandidate& c)
{
    return c.analysis.infrastructure->power.clusterW / 1000.0;
}

} // namespace

TEST_CASE("Under a site budget more capped nodes beat fewer uncapped ones", "[search][power]")
{
    // Without a site budget: the three clusters to compare.
    RecommendRequest open = powerCapRequest();
    const Recommendation all = recommend(open, {});
    const auto* u2 = powerCapBest(all, 2, false);
    const auto* u3 = powerCapBest(all, 3, false);
    const auto* c3 = powerCapBest(all, 3, true);
    REQUIRE(u2);
    REQUIRE(u3);
    REQUIRE(c3);
    // The cap lowers the rated cluster power (sizing follows the limit) and
    // the compute clock (docs/power-model.md §2), but not below 2 nodes' worth.
    CHECK(*c3->config.config.gpuPowerLimitW == Approx(490));
    REQUIRE(powerCapClusterKw(*c3) < powerCapClusterKw(*u3));
    CHECK(c3->analysis.performance.tokensPerS < u3->analysis.performance.tokensPerS);
    CHECK(c3->analysis.performance.tokensPerS > u2->analysis.performance.tokensPerS);

    // A site budget that holds 3 capped nodes but not 3 uncapped ones.
    const double siteKw = std::max(powerCapClusterKw(*c3), powerCapClusterKw(*u2)) + 0.1;
    REQUIRE(siteKw < powerCapClusterKw(*u3));
    RecommendRequest limited = powerCapRequest();
    limited.constraints.sitePowerKw = siteKw;
    const Recommendation rec = recommend(limited, {});
    REQUIRE_FALSE(rec.candidates.empty());
    double bestCapped = 0, bestUncapped = 0;
    for (const auto& c : rec.candidates) {
        CHECK(powerCapClusterKw(c) <= siteKw);
        const double t = c.analysis.performance.tokensPerS;
        (c.config.config.gpuPowerLimitW ? bestCapped : bestUncapped)
            = std::max(c.config.config.gpuPowerLimitW ? bestCapped : bestUncapped, t);
    }
    // The capped configuration gives more throughput than the best uncapped
    // one under the budget.
    CHECK(bestUncapped > 0);
    CHECK(bestCapped > bestUncapped);
    CHECK_FALSE(powerCapBest(rec, 3, false));
}
