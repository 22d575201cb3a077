// SPDX-License-Identifier: Apache-2.0
// Recommendation: brute force == fast search, constraints hold, Pareto
// flags, infeasible constraints, threads, cancellation.
#include "core/analysis/hardware_rates.h"
#include "core/search/pareto.h"

#include <cmath>
#include <set>
#include "core/search/recommend.h"
#include "core/search/search_test_support.h"

#include <catch2/catch.hpp>

using namespace infrafit;

namespace {

RecommendRequest smallRequest()
{
    RecommendRequest r;
    r.workload = testing::fineTune70b();
    r.parts = testing::smallSnapshot();
    r.constraints.nodeCounts = {1, 2, 4};
    r.constraints.maxNodes = 4;
    r.top = 1000;
    return r;
}

std::vector<std::string> ranking(const Recommendation& rec)
{
    std::vector<std::string> out;
    for (const auto& c : rec.candidates) {
        const auto& p = c.parallelism;
        out.push_back(c.config.config.name + " t" + std::to_string(p.tensor) + " p"
                      + std::to_string(p.pipeline) + " z" + std::to_string(p.zeroStage) + " mb"
                      + std::to_string(c.microBatchSize) + " v" + std::to_string(p.virtualStages)
                      + " s" + std::to_string(c.score));
    }
    return out;
}

} // namespace

TEST_CASE("fast recommendation equals the brute-force reference on a small space", "[search]")
{
    RecommendRequest fast = smallRequest();
    RecommendRequest brute = fast;
    brute.prune = false;
    SearchControl one;
    one.threads = 1;
    const auto a = recommend(fast, {});
    const auto b = recommend(brute, one);
    REQUIRE(!b.candidates.empty());
    CHECK(ranking(a) == ranking(b));
    CHECK(a.planEvaluations < b.planEvaluations);
}

TEST_CASE("recommendation is identical with 1 and 2 threads", "[search]")
{
    const RecommendRequest r = smallRequest();
    SearchControl one, two;
    one.threads = 1;
    two.threads = 2;
    CHECK(ranking(recommend(r, one)) == ranking(recommend(r, two)));
}

TEST_CASE("every candidate meets every constraint and fits", "[search]")
{
    RecommendRequest r = smallRequest();
    r.constraints.budgetUsd = 3.0e6;
    r.constraints.deadlineDays = 30;
    r.constraints.rackPowerKw = 40;
    const auto rec = recommend(r);
    REQUIRE(!rec.candidates.empty());
    for (const auto& c : rec.candidates) {
        INFO(c.config.config.name);
        REQUIRE(c.analysis.infrastructure);
        CHECK(c.analysis.fits);
        CHECK(c.analysis.infrastructure->ok);
        CHECK(c.analysis.infrastructure->cost.capexUsd <= 3.0e6);
        CHECK(c.analysis.infrastructure->cost.priceComplete); // no $0 lower bound passes
        CHECK(c.analysis.performance.trainingDays <= 30);
        CHECK(c.config.config.psuRedundancy == PsuRedundancy::NPlus1);
        CHECK(c.config.config.nodes <= 4);
        CHECK(!c.reasons.empty());
        // No A100 SXM4 on the snapshot's HGX H100/H200 board (compat.gpu_baseboard).
        CHECK(c.config.gpu.id != "nvidia-a100-sxm4-80gb");
    }
    // Ranked best first.
    for (std::size_t i = 1; i < rec.candidates.size(); ++i)
        if (rec.candidates[i].priceComplete == rec.candidates[i - 1].priceComplete)
            CHECK(rec.candidates[i - 1].score <= rec.candidates[i].score);
    CHECK(rec.candidates.front().reasons.back().find("runner-up") != std::string::npos);
}

TEST_CASE("no Pareto-marked candidate is dominated", "[search]")
{
    const auto rec = recommend(smallRequest());
    REQUIRE(rec.candidates.size() > 2);
    for (const auto& a : rec.candidates) {
        if (!a.pareto)
            continue;
        const ParetoPoint pa{a.analysis.infrastructure->cost.capexUsd,
                             a.analysis.performance.trainingDays, 0};
        for (const auto& b : rec.candidates) {
            const ParetoPoint pb{b.analysis.infrastructure->cost.capexUsd,
                                 b.analysis.performance.trainingDays, 0};
            CHECK_FALSE(dominates(pb, pa));
        }
    }
    CHECK(paretoFront({{1, 2, 0}, {2, 1, 0}, {2, 2, 0}, {1, 2, 0}})
          == std::vector<bool>{true, true, false, true});
}

TEST_CASE("the front holds every Pareto candidate and no point a ranked one dominates",
          "[search]")
{
    const auto rec = recommend(smallRequest());
    REQUIRE_FALSE(rec.front.empty());
    // Cheapest first; the cheapest feasible configuration is always on it.
    for (std::size_t i = 1; i < rec.front.size(); ++i)
        CHECK(rec.front[i - 1].costUsd <= rec.front[i].costUsd);
    for (std::size_t i = 0; i < rec.candidates.size(); ++i) {
        const auto& c = rec.candidates[i];
        const auto listed = std::count_if(rec.front.begin(), rec.front.end(), [&](const FrontPoint& p) {
            return p.candidate == static_cast<int>(i);
        });
        CHECK(listed == (c.pareto ? 1 : 0));
        const ParetoPoint pc{c.analysis.infrastructure->cost.capexUsd,
                             c.analysis.performance.trainingDays, 0};
        for (const auto& point : rec.front) {
            CHECK_FALSE(dominates(pc, ParetoPoint{point.costUsd, point.trainingDays, 0}));
            CHECK(std::isfinite(point.costUsd));
            CHECK(point.trainingDays > 0);
        }
    }
}

TEST_CASE("infeasible constraints give no candidate and a finding naming the constraint", "[search]")
{
    RecommendRequest r = smallRequest();
    r.constraints.budgetUsd = 1000; // $1k buys nothing
    const auto rec = recommend(r);
    CHECK(rec.candidates.empty());
    const auto it = std::find_if(rec.findings.begin(), rec.findings.end(),
                                 [](const Finding& f) { return f.code == "recommend.infeasible"; });
    REQUIRE(it != rec.findings.end());
    CHECK(it->message.find("budget_usd") != std::string::npos);
}

TEST_CASE("a stop request cancels the recommendation early", "[search]")
{
    std::stop_source source;
    source.request_stop();
    SearchControl control;
    control.stop = source.get_token();
    const auto rec = recommend(smallRequest(), control);
    CHECK(rec.cancelled);
    CHECK(rec.candidates.empty());
    CHECK(rec.planEvaluations == 0);
}

TEST_CASE("progress is reported and reaches the end", "[search]")
{
    double last = 0;
    int calls = 0;
    SearchControl control;
    control.progress = [&](double f) {
        CHECK(f >= last);
        last = f;
        ++calls;
    };
    recommend(smallRequest(), control);
    CHECK(calls > 0);
    CHECK(last <= 1.0);
}

TEST_CASE("a configuration with a part lacking a price stays off the front", "[search]")
{
    RecommendRequest r = smallRequest();
    // The A100 SXM4 needs a board that takes it (the snapshot's Supermicro
    // board is HGX H100/H200 only): the PowerEdge XE9680 does.
    const auto all = testing::defaultCatalogSnapshot();
    const auto xe9680 = std::find_if(all.chassis.begin(), all.chassis.end(),
                                     [](const Chassis& c) { return c.id == "dell-poweredge-xe9680"; });
    REQUIRE(xe9680 != all.chassis.end());
    r.parts.chassis.push_back(*xe9680);
    REQUIRE(r.parts.gpus.size() >= 2);
    REQUIRE(r.parts.gpus.front().id == "nvidia-a100-sxm4-80gb");
    r.parts.gpus.front().priceUsd.reset(); // its configurations now look cheaper than they are
    const auto rec = recommend(r);
    int unpriced = 0;
    for (const auto& c : rec.candidates) {
        if (c.priceComplete)
            continue;
        ++unpriced;
        CHECK_FALSE(c.pareto);
        CHECK(std::find_if(c.reasons.begin(), c.reasons.end(), [](const std::string& reason) {
                  return reason.find("off the Pareto front") != std::string::npos;
              }) != c.reasons.end());
    }
    REQUIRE(unpriced > 0);
    REQUIRE_FALSE(rec.front.empty());
    for (const auto& point : rec.front) {
        REQUIRE(point.candidate >= 0); // top = 1000 lists every feasible candidate
        CHECK(rec.candidates[static_cast<std::size_t>(point.candidate)].priceComplete);
    }
}

// A GB200 NVL72 compute tray is sold in racks of 18 (catalog
// node_multiple): the search tried 4 trays with HDR NICs and ranked them
// first for a 70B fine-tune; it now tries whole racks only.
TEST_CASE("a chassis sold in multiples of 18 nodes is searched in whole multiples",
          "[search]")
{
    RecommendRequest r;
    r.workload = testing::fineTune70b();
    r.parts = testing::defaultCatalogSnapshot();
    r.constraints.partIds = {"nvidia-gb200-per-gpu"};
    r.constraints.maxNodes = 40;
    r.top = 50;
    const auto rec = recommend(r);
    INFO(rec.findings.size());
    for (const auto& f : rec.findings)
        UNSCOPED_INFO(f.code << ": " << f.message);
    REQUIRE(!rec.candidates.empty());
    for (const auto& c : rec.candidates) {
        INFO(c.config.config.name);
        CHECK(c.config.chassis.id == "nvidia-gb200-nvl72-compute-tray");
        CHECK(c.config.config.nodes % 18 == 0);
        REQUIRE(c.analysis.infrastructure);
        CHECK(c.analysis.infrastructure->compatibility.nodeMultipleOk);
        // And only with the tray's own adapters, one per GPU (nic_options):
        // the search used to fit it with the cheapest NIC of the catalog, a
        // two-port 100 GbE card.
        CHECK(c.analysis.infrastructure->compatibility.nicOfferedOk);
        CHECK(c.config.config.nicsPerNode == 4);
        CHECK((c.config.config.nicId == "nvidia-connectx-7-ndr-osfp"
               || c.config.config.nicId == "nvidia-bluefield-3-b3140h-supernic"));
    }
}

TEST_CASE("with the optimizer offloaded, each build's score uses its own CPUs' memory bandwidth",
          "[search][offload]")
{
    // The small snapshot builds the same GPUs with EPYC 9554/9654 (460.8
    // GB/s) and Xeon 8480+ (307.2 GB/s) hosts. The host's optimizer step
    // depends on the CPU, so a plan search shared between builds must share
    // it too (recommend.cpp's search key): every candidate's score (its
    // hours to the training tokens) must follow its own analysis.
    RecommendRequest r = smallRequest();
    r.workload.offload = Offload::Optimizer;
    const auto rec = recommend(r, {});
    REQUIRE(!rec.candidates.empty());
    std::set<double> hostBandwidths;
    for (const auto& c : rec.candidates) {
        INFO(c.config.config.name);
        REQUIRE(c.analysis.performance.tokensPerS > 0);
        CHECK(c.analysis.performance.hostOptimizerStepS > 0);
        CHECK(c.breakdown.goalHours * 3600.0 * c.analysis.performance.tokensPerS
              == Approx(r.workload.trainingTokens).epsilon(1e-9));
        hostBandwidths.insert(linkRates(c.config).hostDramBytesPerS);
    }
    CHECK(hostBandwidths.size() >= 2);
}
