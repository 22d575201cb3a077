// SPDX-License-Identifier: Apache-2.0
// Variations: a sweep over one field is one call, producing named variants
// that compare like hand-written ones.
#include "core/bom/bom_test_support.h"

#include "core/compare/comparison.h"
#include "core/compare/variations.h"
#include "core/base/input_error.h"

#include <catch2/catch.hpp>

using namespace infrafit;
using namespace infrafit::test;

TEST_CASE("deriveWorkloads sweeps sequence length and precision", "[compare][variations]")
{
    const auto project = bomExampleProject();
    const auto& base = project.workloads[0];
    const auto variants
        = deriveWorkloads(base, WorkloadField::SequenceLength, {"2048", "4096", "16384"});
    REQUIRE(variants.size() == 3);
    CHECK(variants[0].name == "llama-8b-pretrain [sequence_length=2048]");
    CHECK(variants[2].sequenceLength == 16384);
    CHECK(variants[2].globalBatchSize == base.globalBatchSize);

    const auto serve
        = deriveWorkloads(project.workloads[1], WorkloadField::SequenceLength, {"8192"});
    CHECK(serve[0].promptTokens == 8192);

    const auto precision
        = deriveWorkloads(project.workloads[1], WorkloadField::Precision, {"bf16"});
    CHECK(precision[0].precision == Precision::Bf16);

    CHECK_THROWS_WITH(deriveWorkloads(base, WorkloadField::SequenceLength, {"0", "abc"}),
        Catch::Contains("sequence_length=0") && Catch::Contains("sequence_length=abc"));
    CHECK_THROWS_AS(deriveWorkloads(base, WorkloadField::Precision, {"fp7"}), InputError);
}

TEST_CASE("deriveConfigurations sweeps node count and GPU, then compares", "[compare][variations]")
{
    auto project = bomExampleProject();
    // Price the example's one unpriced part (the PSU): a change between two
    // lower bounds would be unknown.
    for (auto& part : project.parts)
        if (infoOf(part).id == "ex-psu")
            infoOf(part).priceUsd = 600;
    const auto nodes
        = deriveConfigurations(project.configurations[1], ConfigurationField::Nodes, {"1", "8"});
    REQUIRE(nodes.size() == 2);
    CHECK(nodes[1].nodes == 8);
    CHECK(nodes[1].name == "2x HGX H100 [nodes=8]");
    const auto gpu
        = deriveConfigurations(project.configurations[1], ConfigurationField::Gpu, {"ex-h100-sxm"});
    CHECK(gpu[0].gpuId == "ex-h100-sxm");
    const auto rack = deriveConfigurations(
        project.configurations[1], ConfigurationField::RackPowerLimitKw, {"30"});
    CHECK(rack[0].rack.powerLimitKw == 30);
    CHECK_THROWS_AS(
        deriveConfigurations(project.configurations[1], ConfigurationField::Nodes, {"-2"}),
        InputError);

    addConfigurationVariants(project, nodes);
    CHECK_THROWS_AS(addConfigurationVariants(project, nodes), InputError); // names taken
    ComparisonOptions options;
    options.workloads = {"llama-8b-pretrain"};
    options.configurations = {nodes[0].name, nodes[1].name};
    const auto comparison = compareProject(project, PartLookup {}, options);
    REQUIRE(comparison.rows.size() == 2);
    // Eight times the nodes costs more.
    CHECK(comparison.rows[1].delta(ComparisonMetric::CapexUsd).known);
    CHECK(comparison.rows[1].delta(ComparisonMetric::CapexUsd).absolute > 0);
}

TEST_CASE("addWorkloadVariants appends a sweep", "[compare][variations]")
{
    auto project = bomExampleProject();
    addWorkloadVariants(
        project, deriveWorkloads(project.workloads[0], WorkloadField::GlobalBatchSize, {"512"}));
    CHECK(project.workloads.size() == 3);
    CHECK(project.workloads.back().globalBatchSize == 512);
}

TEST_CASE(
    "serving what-ifs scale the traffic and change one SLA limit", "[compare][variations][serving]")
{
    const auto project = bomExampleProject();
    Workload chat = project.workloads[1];
    chat.serving.requestRatePerS = 50;
    chat.serving.sla = ServiceLevel {2000, 100, 99};
    const auto traffic = deriveWorkloads(chat, WorkloadField::Traffic, {"x2", "0.5"});
    REQUIRE(traffic.size() == 2);
    CHECK(traffic[0].name == chat.name + " [traffic=x2]");
    CHECK(*traffic[0].serving.requestRatePerS == 100);
    CHECK(*traffic[1].serving.requestRatePerS == 25);
    const auto rate = deriveWorkloads(chat, WorkloadField::RequestRate, {"80"});
    CHECK(*rate[0].serving.requestRatePerS == 80);
    const auto ttft = deriveWorkloads(chat, WorkloadField::SlaTtftMs, {"500"});
    CHECK(ttft[0].name == chat.name + " [sla.ttft_ms=500]");
    CHECK(ttft[0].serving.sla->ttftMs == 500);
    CHECK(ttft[0].serving.sla->tpotMs == 100); // the other limit is kept
    const auto tpot = deriveWorkloads(chat, WorkloadField::SlaTpotMs, {"50"});
    CHECK(tpot[0].serving.sla->tpotMs == 50);

    Workload users = chat;
    users.serving.requestRatePerS.reset();
    users.serving.users = 30;
    CHECK(deriveWorkloads(users, WorkloadField::Traffic, {"x3"})[0].serving.users == 90);

    Workload noSla = chat;
    noSla.serving.sla.reset();
    CHECK_THROWS_WITH(deriveWorkloads(noSla, WorkloadField::SlaTtftMs, {"500"}),
        Catch::Contains("sla.ttft_ms=500") && Catch::Contains("no sla to change"));
    Workload noDemand = chat;
    noDemand.serving.requestRatePerS.reset();
    CHECK_THROWS_WITH(deriveWorkloads(noDemand, WorkloadField::Traffic, {"x2"}),
        Catch::Contains("no request_rate_per_s or users"));
    CHECK_THROWS_AS(deriveWorkloads(chat, WorkloadField::Traffic, {"x0"}), InputError);
}
