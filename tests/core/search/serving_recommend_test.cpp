// SPDX-License-Identifier: Apache-2.0
// Serving recommendation (issue 17 item 4): clusters sized by the simulated
// capacity, ranked by TCO per hour, checked against the brute-force search
// on the shipped example (examples/llama-serving-sla.infrafit.json).
#include "core/io/project_json.h"
#include "core/pipeline/evaluate.h"
#include "core/search/recommend.h"
#include "core/search/search_test_support.h"
#include "core/search/serving_reasons.h"
#include "core/search/serving_recommend.h"
#include "core/search/serving_replica.h"
#include "../analysis/test_hardware.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <stop_token>

using namespace infrafit;

namespace {

Workload shippedChatExample()
{
    const Project p = readProjectFile(
        std::string(INFRAFIT_SOURCE_DIR) + "/examples/llama-serving-sla.infrafit.json");
    Workload w = p.workloads.at(0);
    w.parallelism.reset(); // the recommendation chooses the replica plan
    return w;
}

/// The example's two GPUs in one chassis each, one CPU per chassis socket
/// (the Supermicro HGX board takes LGA4677, the ASUS board SP5), one NIC,
/// PSU and cooling.
PartsSnapshot servingSnapshot()
{
    PartsSnapshot all = testing::smallSnapshot();
    PartsSnapshot s = all;
    s.gpus.clear();
    for (const auto& g : all.gpus)
        if (g.id == "nvidia-h100-sxm5-80gb" || g.id == "nvidia-l40s-48gb")
            s.gpus.push_back(g);
    s.cpus.clear();
    for (const auto& c : all.cpus)
        if (c.id == "amd-epyc-9554" || c.id == "intel-xeon-platinum-8480plus")
            s.cpus.push_back(c);
    return s;
}

RecommendRequest servingRequest()
{
    RecommendRequest r;
    r.workload = shippedChatExample();
    r.parts = servingSnapshot();
    r.constraints.maxNodes = 4;
    r.top = 3;
    return r;
}

} // namespace

TEST_CASE("the shipped chat example has a demand and an SLA, so recommend sizes by simulation",
    "[serving][search]")
{
    const Workload w = shippedChatExample();
    CHECK(isServingDemandSearch(w));
    CHECK(*w.serving.requestRatePerS == 50);
    Workload fixed = w;
    fixed.serving.sla.reset();
    CHECK_FALSE(isServingDemandSearch(fixed));
}

TEST_CASE("replica plans stay inside a node and add pipeline stages only at the largest tensor",
    "[serving][search]")
{
    const auto plans = servingReplicaPlans(shippedChatExample(), 8);
    REQUIRE(!plans.empty());
    for (const auto& p : plans) {
        CHECK(8 % p.gpus() == 0);
        CHECK(p.tensor <= 8);
        if (p.pipeline > 1)
            CHECK(p.tensor == 8);
    }
    // The example leaves the chunk open: 2,048 and 512 are tried; max_batch 256 and 64.
    CHECK(std::any_of(
        plans.begin(), plans.end(), [](const auto& p) { return p.chunkTokens == 512; }));
    CHECK(std::any_of(plans.begin(), plans.end(), [](const auto& p) { return p.maxBatch == 64; }));
}

TEST_CASE("replica plans span the trays of an NVLink rack, never beyond it", "[serving][search]")
{
    // A GB200 NVL72 rack joins 18 trays of 4 GPUs over NVLink (NVIDIA DGX
    // GB200 user guide): a replica of tensor 8 spans two trays on NVLink.
    const Workload w = shippedChatExample();
    const auto rack = servingReplicaPlans(w, 72);
    const auto trays = servingReplicaPlans(w, 4);
    REQUIRE(!rack.empty());
    REQUIRE(!trays.empty());
    for (const auto& p : trays)
        CHECK(4 % p.gpus() == 0);
    for (const auto& p : rack) {
        CHECK(72 % p.gpus() == 0);
        CHECK(p.tensor <= 8);
    }
    CHECK(std::any_of(rack.begin(), rack.end(), [](const auto& p) { return p.tensor == 8; }));
    CHECK_FALSE(
        std::any_of(trays.begin(), trays.end(), [](const auto& p) { return p.tensor > 4; }));
    // An 8-GPU node offers fewer replica shapes than the 72-GPU rack.
    CHECK(servingReplicaPlans(w, 8).size() < rack.size());
}

TEST_CASE("a replica across two trays of an NVLink rack needs no back-end NICs",
    "[serving][search]")
{
    // The serving search drops the back-end NICs of tray builds, since
    // replicas stay inside the GPU fabric; the shown candidate is then
    // evaluated with its plan, which must not ask for NIC traffic.
    Workload w = shippedChatExample();
    ServingReplicaPlan plan;
    plan.tensor = 8;
    plan.pipeline = 1;
    plan.maxBatch = w.maxBatch;
    plan.chunkTokens = 2048;
    const Workload v = servingVariant(w, plan, 9, 8);
    auto rack = testing::gb200Trays(18, true);
    rack.nic.reset();
    rack.config.nicsPerNode = 0;
    const AnalysisResult r = evaluate(v, rack);
    REQUIRE(r.analyzed);
    CHECK(r.interconnect.tpLevel != LinkLevel::Nic);
    CHECK_FALSE(std::any_of(r.findings.begin(), r.findings.end(),
                            [](const Finding& f) { return f.code == "fabric.no_nic"; }));
    // Without the rack's NVLink domain the same plan crosses trays on NICs,
    // and with none the fabric check refuses it.
    auto trays = testing::gb200Trays(18, false);
    trays.nic.reset();
    trays.config.nicsPerNode = 0;
    const AnalysisResult apart = evaluate(v, trays);
    CHECK(std::any_of(apart.findings.begin(), apart.findings.end(),
                      [](const Finding& f) { return f.code == "fabric.no_nic"; }));
}

TEST_CASE("no cheaper feasible cluster exists in the searched space than the serving winner",
    "[serving][search]")
{
    const RecommendRequest fast = servingRequest();
    RecommendRequest brute = fast;
    brute.prune = false;
    brute.top = 1000;
    SearchControl one;
    one.threads = 1;
    const Recommendation a = recommend(fast);
    const Recommendation b = recommend(brute, one);
    REQUIRE(!a.candidates.empty());
    REQUIRE(!b.candidates.empty());
    // Brute force evaluated every (build, replica plan); pruning skipped some.
    CHECK(a.planEvaluations < b.planEvaluations);
    const double winner = a.candidates.front().serving->clusterUsdPerHour;
    for (const auto& c : b.candidates) {
        REQUIRE(c.serving);
        if (c.priceComplete)
            CHECK(c.serving->clusterUsdPerHour >= winner);
    }
    // The pruned search returns the brute force's top clusters, in order.
    for (std::size_t k = 0; k < a.candidates.size(); ++k) {
        INFO("rank " << k + 1);
        CHECK(a.candidates[k].config.config.name == b.candidates[k].config.config.name);
        CHECK(a.candidates[k].serving->clusterUsdPerHour
            == b.candidates[k].serving->clusterUsdPerHour);
    }
}

TEST_CASE("a serving candidate is the whole cluster the demand needs, and analyze agrees",
    "[serving][search]")
{
    const Recommendation rec = recommend(servingRequest());
    REQUIRE(!rec.candidates.empty());
    for (std::size_t k = 1; k < rec.candidates.size(); ++k)
        CHECK(rec.candidates[k - 1].serving->clusterUsdPerHour
            <= rec.candidates[k].serving->clusterUsdPerHour);
    for (const auto& c : rec.candidates) {
        const ServingCandidate& s = *c.serving;
        CHECK(s.replicasNeeded == int(std::ceil(50.0 / s.capacityPerReplica - 1e-9)));
        CHECK(c.config.config.nodes == s.nodesNeeded);
        CHECK(s.nodesNeeded * c.config.config.gpusPerNode >= s.replicasNeeded * s.replica.gpus());
        CHECK(s.ttftMs.p99 <= 2000);
        CHECK(s.tpotMs.p99 <= 100);
        CHECK(s.slaHeadroom >= 0);
        CHECK(s.costPerMillionOutputTokensUsd > 0);
        // The cluster's cost per hour is its TCO spread over the horizon.
        REQUIRE(c.analysis.infrastructure);
        CHECK(s.clusterUsdPerHour == Approx(c.analysis.infrastructure->cost.usdPerHour));
        // analyze on the recommended cluster sizes the same way.
        REQUIRE(c.analysis.serving);
        CHECK(c.analysis.serving->replicasNeeded == s.replicasNeeded);
        CHECK(c.analysis.serving->meetsSla);
        CHECK(c.analysis.serving->costPerMillionOutputTokensUsd
            == Approx(s.costPerMillionOutputTokensUsd).epsilon(1e-6));
    }
}

TEST_CASE("a serving search puts only CPUs of the chassis' socket into a server",
    "[serving][search]")
{
    // Every shipped CPU on offer, Grace (only in GB200/GH200 modules, $0)
    // the cheapest: the search must still pick a socketed CPU of each board.
    RecommendRequest r = servingRequest();
    r.parts.cpus = testing::defaultCatalogSnapshot().cpus;
    REQUIRE(std::any_of(r.parts.cpus.begin(), r.parts.cpus.end(),
        [](const Cpu& c) { return c.id == "nvidia-grace"; }));
    r.top = 5;
    const Recommendation rec = recommend(r);
    REQUIRE(!rec.candidates.empty());
    for (const auto& c : rec.candidates) {
        REQUIRE(c.config.cpu);
        INFO(c.config.chassis.id << " with " << c.config.cpu->id);
        CHECK(c.config.cpu->id != "nvidia-grace");
        CHECK(c.config.cpu->socket == c.config.chassis.cpuSocket);
    }
}

TEST_CASE("a serving search puts module GPUs only on a baseboard their chassis is built for",
    "[serving][search]")
{
    // The whole shipped catalog, as the GUI's Recommend page searches it:
    // before baseboards, 4 x H200 SXM in a GB200 NVL72 compute tray ($0
    // chassis) ranked first for the shipped chat example.
    RecommendRequest r = servingRequest();
    r.parts = testing::defaultCatalogSnapshot();
    r.top = 10;
    const Recommendation rec = recommend(r);
    REQUIRE(!rec.candidates.empty());
    for (const auto& c : rec.candidates) {
        INFO(c.config.chassis.id << " with " << c.config.gpu.id);
        CHECK(c.config.chassis.acceptsGpuBaseboard(c.config.gpu.baseboard));
        if (c.config.chassis.id == "nvidia-gb200-nvl72-compute-tray")
            CHECK(c.config.gpu.id == "nvidia-gb200-per-gpu");
        REQUIRE(c.analysis.infrastructure);
        CHECK(c.analysis.infrastructure->compatibility.gpuBaseboardOk);
        // A baseboard is bought full: 8 H200 modules on an HGX board, never 4.
        if (c.config.gpu.formFactor != GpuFormFactor::Pcie)
            CHECK(c.config.config.gpusPerNode == c.config.chassis.maxGpus);
    }
}

TEST_CASE("a pruned serving search says its feasible count is a lower bound",
    "[serving][search]")
{
    RecommendRequest one = servingRequest();
    one.top = 1;
    const Recommendation pruned = recommend(one);
    RecommendRequest all = servingRequest();
    all.prune = false;
    const Recommendation exhaustive = recommend(all);
    REQUIRE(!pruned.candidates.empty());
    REQUIRE(exhaustive.feasibleCountComplete);
    CHECK(pruned.feasibleConfigurations <= exhaustive.feasibleConfigurations);
    if (pruned.feasibleConfigurations < exhaustive.feasibleConfigurations)
        CHECK_FALSE(pruned.feasibleCountComplete);
    // The winner is never called the only feasible cluster when more exist.
    REQUIRE(exhaustive.feasibleConfigurations > 1);
    const auto& reasons = pruned.candidates.front().reasons;
    CHECK(std::none_of(reasons.begin(), reasons.end(), [](const std::string& r) {
        return r == "the only feasible cluster";
    }));
    if (!pruned.feasibleCountComplete)
        CHECK(reasons.front().find("of at least") != std::string::npos);
}

TEST_CASE("a serving search holds the site power budget, as a training search does",
    "[serving][search]")
{
    RecommendRequest r = servingRequest();
    r.constraints.sitePowerKw = 0.001; // 1 W: no cluster fits
    const Recommendation rec = recommend(r);
    CHECK(rec.candidates.empty());
    REQUIRE(!rec.rejected.empty());
    CHECK(std::any_of(rec.rejected.begin(), rec.rejected.end(), [](const RejectedCandidate& x) {
        return x.reason.find("over the site power of") != std::string::npos;
    }));
}

TEST_CASE("a serving workload that does not fit has no capacity section, not 0 ms latencies",
    "[serving][search]")
{
    Workload w = shippedChatExample();
    w.promptTokens = 4194304; // the KV cache of one request exceeds the GPUs
    const AnalysisResult r = evaluate(w, testing::h100Cluster(1), InfrastructureInputs{}, nullptr);
    REQUIRE(r.analyzed);
    CHECK_FALSE(r.fits);
    CHECK_FALSE(r.serving.has_value());
}

TEST_CASE("a replica that misses the SLA even when idle is ruled out saying by how much",
    "[serving][search]")
{
    RecommendRequest r = servingRequest();
    r.workload.serving.sla
        = ServiceLevel {5, 100, 99}; // 5 ms TTFT: no 2,048-token prefill meets it
    const Recommendation rec = recommend(r);
    CHECK(rec.candidates.empty());
    REQUIRE(!rec.rejected.empty());
    const std::string& reason = rec.rejected.front().reason;
    INFO(reason);
    CHECK(reason.find("p99 TTFT") != std::string::npos);
    CHECK(reason.find("exceeds the 5.0 ms SLA by") != std::string::npos);
    REQUIRE(!rec.findings.empty());
    CHECK(std::any_of(rec.findings.begin(), rec.findings.end(),
        [](const Finding& f) { return f.code == "recommend.infeasible"; }));
}

TEST_CASE("the SLA miss text names the percentile, load, limit and excess", "[serving][search]")
{
    SimulationResult run;
    run.requestsOffered = run.requestsCompleted = 10;
    run.ttftS.p99 = 2.9;
    run.tpotS.p99 = 0.05;
    CHECK(slaMissText(run, ServiceLevel {2000, 100, 99}, "1 req/s")
        == "p99 TTFT 2.9 s at 1 req/s exceeds the 2.0 s SLA by 45 %");
}

TEST_CASE("the serving recommendation does not depend on the thread count, and stops on request",
    "[serving][search]")
{
    const RecommendRequest r = servingRequest();
    SearchControl one, two;
    one.threads = 1;
    two.threads = 2;
    const auto a = recommend(r, one);
    const auto b = recommend(r, two);
    REQUIRE(a.candidates.size() == b.candidates.size());
    for (std::size_t k = 0; k < a.candidates.size(); ++k)
        CHECK(a.candidates[k].serving->clusterUsdPerHour
            == b.candidates[k].serving->clusterUsdPerHour);
    std::stop_source stop;
    stop.request_stop();
    SearchControl stopped;
    stopped.stop = stop.get_token();
    CHECK(recommend(r, stopped).cancelled);
}

TEST_CASE(
    "--request-rate and the TTFT/TPOT targets set the demand and SLA a serving search sizes for",
    "[serving][search]")
{
    SearchConstraints c;
    c.requestRatePerS = 100;
    c.ttftTargetS = 0.5;
    const Workload w = servingSearchWorkload(shippedChatExample(), c);
    CHECK(*w.serving.requestRatePerS == 100);
    CHECK(w.serving.sla->ttftMs == Approx(500));
    CHECK(w.serving.sla->tpotMs == 100); // kept from the workload's SLA
    Workload noSla = shippedChatExample();
    noSla.serving.sla.reset();
    CHECK_FALSE(isServingDemandSearch(servingSearchWorkload(noSla, c)));
    c.tpotTargetS = 0.05;
    const Workload made = servingSearchWorkload(noSla, c);
    REQUIRE(isServingDemandSearch(made));
    CHECK(made.serving.sla->percentile == 99);
    CHECK(made.serving.sla->tpotMs == Approx(50));

    RecommendRequest r = servingRequest();
    r.constraints.requestRatePerS = 100;
    const Recommendation rec = recommend(r);
    REQUIRE(!rec.candidates.empty());
    const ServingCandidate& s = *rec.candidates.front().serving;
    CHECK(s.replicasNeeded == int(std::ceil(100.0 / s.capacityPerReplica - 1e-9)));
}

TEST_CASE("a multi-node serving cluster is priced with a front-end network only",
    "[serving][search][fabric]")
{
    // Replicas stay inside a node, so the GPUs of different nodes never talk:
    // no back-end NICs, switches or optics, only the front-end network.
    RecommendRequest r = servingRequest();
    r.top = 1000;
    const Recommendation rec = recommend(r);
    int multiNode = 0;
    for (const auto& c : rec.candidates) {
        if (c.config.config.nodes < 2)
            continue;
        ++multiNode;
        INFO(c.config.config.name);
        REQUIRE(c.analysis.infrastructure);
        const auto& fabric = c.analysis.infrastructure->fabric;
        CHECK_FALSE(fabric.needed);
        CHECK_FALSE(fabric.backEndUsed);
        CHECK(fabric.frontEnd.needed);
        CHECK(c.config.config.nicsPerNode == 0);
        CHECK(c.analysis.infrastructure->cost.fabricUsd == Approx(fabric.frontEnd.costUsd));
    }
    CHECK(multiNode > 0);
}
