// SPDX-License-Identifier: Apache-2.0
// A portfolio of four workloads of different teams packed onto one configuration
// (issue 20 item 3). Partition profiles: docs/reference/partitioning.md §1 (NVIDIA MIG user
// guide, H100 80GB table).
#include "../analysis/test_hardware.h"

#include "core/io/catalog_json.h"
#include "core/base/input_error.h"
#include "core/output/portfolio_json.h"
#include "core/pipeline/analyze.h"
#include "core/io/project_json.h"
#include "core/portfolio/analyze_portfolio.h"
#include "core/portfolio/portfolio_demand.h"
#include "core/portfolio/portfolio_recommend.h"
#include "core/portfolio/portfolio_schedule.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <set>

using namespace infrafit;

namespace {

/// Three-or-more-node H100 cluster whose GPU carries the default catalog's MIG profiles.
ResolvedConfiguration portfolioTestCluster(int nodes)
{
    auto c = testing::h100Cluster(nodes);
    const auto doc = readCatalogFile(std::string(INFRAFIT_SOURCE_DIR)
                                     + "/catalog/data/default-catalog.json");
    for (const auto& part : doc.parts)
        if (const auto* gpu = std::get_if<Gpu>(&part); gpu && gpu->id == "nvidia-h100-sxm5-80gb")
            c.gpu.partitionProfiles = gpu->partitionProfiles;
    REQUIRE(c.gpu.partitionProfiles.size() == 6);
    return c;
}

Workload portfolioInference(const char* name, const char* preset, Precision precision,
                            int concurrent)
{
    Workload w;
    w.name = name;
    w.kind = WorkloadKind::Inference;
    w.model = *findModelPreset(preset);
    w.precision = precision;
    w.promptTokens = 1024;
    w.outputTokens = 256;
    w.concurrentRequests = concurrent;
    return w;
}

/// Team A's 70B fine-tune on whole nodes on weekdays, team B's 8B serving on
/// whole GPUs always, two notebooks on MIG slices.
std::vector<Workload> fourTeamPortfolio()
{
    Workload ft;
    ft.name = "ft70b";
    ft.kind = WorkloadKind::Training;
    ft.model = *findModelPreset("llama-2-70b");
    ft.sequenceLength = 4096;
    ft.globalBatchSize = 256;
    ft.trainingTokens = 2e9;
    ft.schedule = SharingSchedule::Weekdays;
    ft.placement = SharingPlacement::Nodes;
    Workload serve = portfolioInference("serve8b", "llama-3.1-8b", Precision::Bf16, 32);
    serve.placement = SharingPlacement::Gpus;
    serve.portfolioReplicas = 2;
    Workload notebookA = portfolioInference("notebook-a", "llama-2-7b", Precision::Int4, 1);
    notebookA.placement = SharingPlacement::Slice;
    notebookA.schedule = SharingSchedule::OfficeHours;
    Workload notebookB = portfolioInference("notebook-b", "llama-2-7b", Precision::Bf16, 1);
    notebookB.placement = SharingPlacement::Slice;
    return {ft, serve, notebookA, notebookB};
}

std::set<int> portfolioNodesOf(const PortfolioPlan& plan, const PortfolioEntry& entry)
{
    std::set<int> nodes;
    for (int g : entry.gpus)
        nodes.insert(plan.gpus[static_cast<std::size_t>(g)].node);
    return nodes;
}

} // namespace

TEST_CASE("schedules cover the documented hours and only disjoint ones share a GPU",
          "[portfolio]")
{
    CHECK(scheduleHours(SharingSchedule::Always).count() == 168);
    CHECK(scheduleHours(SharingSchedule::Weekdays).count() == 120);
    CHECK(scheduleHours(SharingSchedule::Weekends).count() == 48);
    CHECK(scheduleHours(SharingSchedule::OfficeHours).count() == 50);
    CHECK(scheduleHours(SharingSchedule::Nights).count() == 84);
    CHECK((scheduleHours(SharingSchedule::OfficeHours) & scheduleHours(SharingSchedule::Nights))
              .none());
    TimeLoad load;
    load.add(SharingSchedule::Weekdays, std::nullopt);
    CHECK(load.admits(SharingSchedule::Weekends, std::nullopt));
    CHECK_FALSE(load.admits(SharingSchedule::Nights, std::nullopt));
    // 120 of 168 hours taken: a flexible share of 0.25 fits, 0.3 does not.
    CHECK(load.admits(SharingSchedule::Always, 0.25));
    CHECK_FALSE(load.admits(SharingSchedule::Always, 0.3));
}

TEST_CASE("four workloads of different teams pack onto one configuration at once",
          "[portfolio]")
{
    const auto workloads = fourTeamPortfolio();
    // The fine-tune's size comes from the analysis: the fewest GPUs it fits on.
    const auto ftDemand = portfolioDemand(workloads[0], portfolioTestCluster(8));
    REQUIRE(ftDemand.problem.empty());
    const int ftNodes = ftDemand.nodesPerReplica;
    REQUIRE(ftNodes >= 2); // 70B x 16 bytes of states is more than 8 x 80 GB
    CHECK(ftDemand.gpusPerReplica == ftNodes * 8);

    const auto plan = planPortfolio(workloads, portfolioTestCluster(ftNodes + 1));
    INFO(portfolioPlanToText(plan));
    REQUIRE(plan.fits);
    CHECK(plan.concurrent);
    CHECK_FALSE(plan.timeShared);

    // The fine-tune has whole nodes 0 .. ftNodes-1, every GPU of them and nothing else there.
    const auto& ft = plan.entries[0];
    REQUIRE(ft.placed);
    CHECK(ft.gpus.size() == static_cast<std::size_t>(ftNodes * 8));
    std::set<int> expectedNodes;
    for (int n = 0; n < ftNodes; ++n)
        expectedNodes.insert(n);
    CHECK(portfolioNodesOf(plan, ft) == expectedNodes);
    for (int g : ft.gpus)
        CHECK(plan.gpus[static_cast<std::size_t>(g)].occupants.size() == 1);

    // Serving: two replicas of one GPU each (the 8B fits one H100), on the last node.
    const auto& serve = plan.entries[1];
    REQUIRE(serve.placed);
    CHECK(serve.demand.gpusPerReplica == 1);
    CHECK(serve.gpus.size() == 2);
    CHECK(portfolioNodesOf(plan, serve) == std::set<int>{ftNodes});

    // The notebooks: the smallest MIG profile each fits, both on the same partitioned GPU,
    // which is none of the serving GPUs.
    const auto& a = plan.entries[2];
    const auto& b = plan.entries[3];
    REQUIRE(a.placed);
    REQUIRE(b.placed);
    REQUIRE(a.demand.profile);
    REQUIRE(b.demand.profile);
    CHECK(a.demand.profile->name == "1g.10gb"); // 7B in int4: about 3.5 GB of weights
    CHECK(b.demand.profile->memoryGb >= 20);    // 7B in bf16: 13.5 GB of weights
    CHECK(b.demand.profile->memoryGb < 80);
    CHECK(b.demand.memoryBytesPerGpu <= b.demand.profile->memoryGb * 1e9);
    REQUIRE(a.gpus.size() == 1);
    REQUIRE(b.gpus.size() == 1);
    CHECK(a.gpus == b.gpus);
    const auto& shared = plan.gpus[static_cast<std::size_t>(a.gpus.front())];
    CHECK(shared.partitionMode == "mig");
    CHECK(shared.node == ftNodes);
    CHECK(std::find(serve.gpus.begin(), serve.gpus.end(), a.gpus.front()) == serve.gpus.end());
    // Their MIG slots follow the guide's placement table (partitioning.md §1.1):
    // the larger instance first at slot 0, the 1g.10gb right after it, no overlap.
    REQUIRE(shared.occupants.size() == 2);
    const auto& first = shared.occupants[0];
    const auto& second = shared.occupants[1];
    CHECK(plan.entries[static_cast<std::size_t>(first.entry)].demand.workload == "notebook-b");
    CHECK(first.startSlot == 0);
    CHECK(first.slotCount == b.demand.profile->memorySlices);
    CHECK(second.startSlot == first.slotCount);
    CHECK(second.slotCount == 1);

    // Utilisation: the fine-tune's GPUs busy 120 of 168 hours, serving all week, the MIG GPU
    // two 1/7 compute slices (one office hours only); the rest idle.
    const int totalGpus = (ftNodes + 1) * 8;
    const double expected = (ftNodes * 8 * (120.0 / 168) + 2 * 1.0
                             + 1.0 / 7 * (50.0 / 168) + b.demand.profile->computeSlices / 7.0)
                            / totalGpus;
    CHECK(plan.utilisation == Approx(expected));
    CHECK(plan.allocatedGpus == ftNodes * 8 + 3);
    REQUIRE_FALSE(plan.findings.empty());
    CHECK(plan.findings.front().code == "portfolio.fits_at_once");

    const auto json = portfolioPlanToJson(plan);
    CHECK(json["workloads"][2]["profile"] == "1g.10gb");
    const auto& mig = json["gpus"][static_cast<std::size_t>(a.gpus.front())]["occupants"];
    CHECK(mig[1]["start_slot"] == first.slotCount);
    CHECK(portfolioPlanToText(plan).find("(1g.10gb @" + std::to_string(first.slotCount) + ")")
          != std::string::npos);
    CHECK(json["gpus"].size() == static_cast<std::size_t>(totalGpus));
}

TEST_CASE("a portfolio too large to run at once time-shares nodes between weekdays and weekends",
          "[portfolio]")
{
    auto workloads = fourTeamPortfolio();
    const int ftNodes = portfolioDemand(workloads[0], portfolioTestCluster(8)).nodesPerReplica;
    Workload eval = workloads[0];
    eval.name = "weekend-eval";
    eval.schedule = SharingSchedule::Weekends;
    const std::vector<Workload> two{workloads[0], eval};
    const auto plan = planPortfolio(two, portfolioTestCluster(ftNodes));
    INFO(portfolioPlanToText(plan));
    REQUIRE(plan.fits);
    CHECK_FALSE(plan.concurrent);
    CHECK(plan.timeShared);
    CHECK(plan.entries[0].gpus == plan.entries[1].gpus);
    CHECK(plan.utilisation == Approx(1.0)); // 120 + 48 of 168 hours
    CHECK(plan.findings.front().code == "portfolio.time_shared");

    // Serving always overlaps the weekday fine-tune: no room, said with the workload's name.
    Workload serve = workloads[1];
    serve.placement = SharingPlacement::Nodes;
    const std::vector<Workload> clash{workloads[0], serve};
    const auto refused = planPortfolio(clash, portfolioTestCluster(ftNodes));
    CHECK_FALSE(refused.fits);
    CHECK_FALSE(refused.entries[1].placed);
    REQUIRE_FALSE(refused.findings.empty());
    CHECK(refused.findings.front().code == "portfolio.does_not_fit");
    CHECK(refused.findings.front().message.find("serve8b") != std::string::npos);
    // Findings name settings as forms do ("office hours"), never by file keys.
    Workload office = workloads[1];
    office.name = "office";
    office.placement = SharingPlacement::Nodes;
    office.schedule = SharingSchedule::OfficeHours;
    const std::vector<Workload> busy{workloads[0], office, serve};
    const auto wording = planPortfolio(busy, portfolioTestCluster(ftNodes));
    for (const auto& f : wording.findings)
        CHECK(f.message.find('_') == std::string::npos);
}

TEST_CASE("a slice on a GPU without partition profiles is an error finding, not a crash",
          "[portfolio]")
{
    auto cluster = portfolioTestCluster(1);
    cluster.gpu.partitionProfiles.clear();
    const auto workloads = fourTeamPortfolio();
    const std::vector<Workload> one{workloads[2]};
    const auto plan = planPortfolio(one, cluster);
    CHECK_FALSE(plan.fits);
    REQUIRE(plan.findings.size() == 1);
    CHECK(plan.findings.front().code == "portfolio.cannot_place");
    CHECK(plan.findings.front().severity == Severity::Error);
}

TEST_CASE("a project's portfolio reads, writes back and refuses unknown names with pointers",
          "[portfolio][io]")
{
    auto document = nlohmann::json::parse(R"({
      "format": "infrafit-project", "version": 1, "name": "shared",
      "workloads": [
        {"name": "nb", "kind": "inference", "model": {"preset": "llama-2-7b"},
         "portfolio": {"schedule": "office_hours", "placement": "slice", "replicas": 3}},
        {"name": "ft", "kind": "training", "model": {"preset": "llama-2-7b"},
         "sequence_length": 4096, "global_batch_size": 64,
         "portfolio": {"time_share": 0.5, "gpus": 8}}
      ],
      "configurations": [{"name": "c", "chassis": "x", "gpu": "y"}],
      "portfolio": {"configuration": "c", "workloads": ["nb", "ft"]}
    })");
    const auto project = projectFromJson(document, "shared.infrafit.json");
    REQUIRE(project.portfolio);
    CHECK(project.portfolio->configuration == "c");
    CHECK(project.portfolio->workloads == std::vector<std::string>{"nb", "ft"});
    CHECK(project.workloads[0].schedule == SharingSchedule::OfficeHours);
    CHECK(project.workloads[0].placement == SharingPlacement::Slice);
    CHECK(project.workloads[0].portfolioReplicas == 3);
    CHECK(project.workloads[1].timeShare == 0.5);
    CHECK(project.workloads[1].portfolioGpus == 8);
    const auto again = projectFromJson(projectToJson(project), "again");
    REQUIRE(again.portfolio);
    CHECK(again.portfolio->workloads == project.portfolio->workloads);
    CHECK(again.workloads[0].schedule == SharingSchedule::OfficeHours);
    CHECK(again.workloads[1].timeShare == 0.5);

    document["portfolio"]["workloads"] = {"nb", "nobody", "nb"};
    document["portfolio"]["configuration"] = "z";
    document["workloads"][0]["portfolio"]["schedule"] = "sometimes";
    try {
        (void)projectFromJson(document, "shared.infrafit.json");
        FAIL("a portfolio naming no workload was accepted");
    } catch (const InputError& error) {
        std::set<std::string> pointers;
        for (const auto& p : error.problems())
            pointers.insert(p.pointer);
        CHECK(pointers.count("/portfolio/workloads/1"));
        CHECK(pointers.count("/portfolio/workloads/2"));
        CHECK(pointers.count("/portfolio/configuration"));
        CHECK(pointers.count("/workloads/0/portfolio/schedule"));
    }
}

TEST_CASE("the cheapest configuration of the default catalog carries the four-team portfolio",
          "[portfolio][recommend]")
{
    const auto doc = readCatalogFile(std::string(INFRAFIT_SOURCE_DIR)
                                     + "/catalog/data/default-catalog.json");
    PortfolioRecommendRequest request;
    request.workloads = fourTeamPortfolio();
    request.parts = snapshotOf(doc.parts);
    request.top = 5;
    const auto rec = recommendPortfolio(request);
    REQUIRE_FALSE(rec.candidates.empty());
    for (std::size_t i = 0; i < rec.candidates.size(); ++i) {
        const auto& c = rec.candidates[i];
        INFO(c.config.config.name);
        CHECK(c.plan.fits);
        CHECK(std::isfinite(c.usdPerHour));
        CHECK(c.usdPerHour > 0);
        // Every candidate has partition profiles (two notebooks need slices).
        CHECK_FALSE(c.config.gpu.partitionProfiles.empty());
        if (i > 0 && c.priceComplete == rec.candidates[i - 1].priceComplete)
            CHECK(c.usdPerHour >= rec.candidates[i - 1].usdPerHour);
    }
    // GPUs without MIG are not dropped silently: each is listed with its reason.
    const auto l40s = std::find_if(rec.infeasible.begin(), rec.infeasible.end(),
                                   [](const std::string& r) { return r.rfind("L40S", 0) == 0; });
    REQUIRE(l40s != rec.infeasible.end());
    CHECK(l40s->find("no partition profiles") != std::string::npos);
    CHECK(portfolioRecommendationToJson(rec)["candidates"].size() == rec.candidates.size());
}

// CLI probe H1: at 100,000 nodes the text took 260 s (every GPU scanned for
// every node) and printed a line per idle node. A run of idle nodes is one line.
TEST_CASE("the plan's text says a run of idle nodes once and lists every busy node",
          "[portfolio]")
{
    const auto workloads = fourTeamPortfolio();
    const int nodes = 3000;
    const auto plan = planPortfolio(workloads, portfolioTestCluster(nodes));
    REQUIRE(plan.fits);
    std::set<int> busy;
    for (const auto& gpu : plan.gpus)
        if (!gpu.occupants.empty())
            busy.insert(gpu.node);
    REQUIRE(!busy.empty());
    REQUIRE(*busy.rbegin() + 2 < nodes); // at least two idle nodes follow the last busy one
    const std::string text = portfolioPlanToText(plan);
    for (int node : busy)
        CHECK(text.find("  node " + std::to_string(node) + ":") != std::string::npos);
    CHECK(text.find("  nodes " + std::to_string(*busy.rbegin() + 1) + "-"
                    + std::to_string(nodes - 1) + ": idle\n")
          != std::string::npos);
    CHECK(text.find("  node " + std::to_string(nodes - 1) + ":") == std::string::npos);
    // One line per busy node, one for the idle run, not one per node.
    CHECK(std::count(text.begin(), text.end(), '\n') < 100);
}

TEST_CASE("a whole-GPU partition profile holds what the whole GPU holds, in the GPU's own unit",
          "[portfolio][memory]")
{
    // The H100 80GB as the catalog has it: 80 GiB of HBM (nvidia-smi 81,559
    // MiB). Its 7g.80gb MIG profile is the whole GPU (NVIDIA MIG user guide),
    // so a workload fits that slice exactly when it fits one whole GPU.
    auto cluster = portfolioTestCluster(1);
    cluster.gpu.memoryType = "HBM3";
    cluster.gpu.memoryGib = 80;
    ResolvedConfiguration one = cluster;
    one.config.gpusPerNode = 1;
    one.config.nodes = 1;
    int fitting = 0, notFitting = 0;
    for (int concurrent = 1; concurrent <= 64; concurrent *= 2) {
        INFO(concurrent << " concurrent requests");
        Workload w = portfolioInference("big", "llama-2-70b", Precision::Fp8, concurrent);
        w.placement = SharingPlacement::Slice;
        const bool wholeFits = analyze(w, one).fits;
        const auto demand = portfolioDemand(w, cluster);
        CHECK(demand.profile.has_value() == wholeFits);
        (wholeFits ? fitting : notFitting) += 1;
    }
    // The loop crosses the boundary (70B in fp8 is 64 GiB of weights), so
    // the equivalence is tested on both sides of it.
    CHECK(fitting > 0);
    CHECK(notFitting > 0);
}
