// SPDX-License-Identifier: Apache-2.0
// A GPU fabric that spans nodes (Chassis::fabricDomainGpus): a GB200 NVL72
// rack's nine NVLink switch trays join the 72 GPUs of its 18 compute trays
// all to all (NVIDIA DGX GB200 user guide, docs/reference/hardware.md racks[]
// "rack-gb200-nvl72"), so collectives between its trays run on NVLink.
#include "core/analysis/communication.h"
#include "core/analysis/hardware_rates.h"
#include "core/pipeline/analyze.h"
#include "test_hardware.h"

#include <catch2/catch.hpp>

using namespace infrafit;
using namespace infrafit::testing;

TEST_CASE("An NVL72 rack is one NVLink domain: groups inside it stay off the NICs",
          "[analysis][comm][fabric]")
{
    const LinkRates rack = linkRates(gb200Trays(18, true));
    const LinkRates trays = linkRates(gb200Trays(18, false));
    CHECK(rack.gpusPerNode == 72);
    CHECK(trays.gpusPerNode == 4);
    // The NIC share per GPU is the tray's own either way.
    CHECK(rack.interNodeBytesPerS == trays.interNodeBytesPerS);
    // 64 GPUs on 16 trays: NVLink inside the rack, NICs between bare trays.
    CHECK(groupLevel(1, 64, rack.gpusPerNode, rack) == LinkLevel::GpuLink);
    CHECK(groupLevel(1, 64, trays.gpusPerNode, trays) == LinkLevel::Nic);
    // Beyond the rack (two NVL72 racks, 144 GPUs) the group crosses the NICs.
    CHECK(groupLevel(1, 144, rack.gpusPerNode, rack) == LinkLevel::Nic);
    // A domain no larger than the node changes nothing.
    ResolvedConfiguration small = gb200Trays(2, false);
    small.chassis.fabricDomainGpus = 4;
    CHECK(linkRates(small).gpusPerNode == 4);
}

TEST_CASE("FSDP over 16 GB200 trays gathers on NVLink when they share a rack",
          "[analysis][comm][fabric]")
{
    Parallelism plan;
    plan.tensor = 1;
    plan.data = 64;
    plan.zeroStage = 3;
    Workload w = presetTraining("llama-3.1-70b", plan, 8192, 256);
    w.precision = Precision::Fp8;
    const auto rack = analyzeWithPlan(w, gb200Trays(16, true), plan);
    const auto trays = analyzeWithPlan(w, gb200Trays(16, false), plan);
    REQUIRE(rack.analyzed);
    REQUIRE(trays.analyzed);
    CHECK(rack.interconnect.dpLevel == LinkLevel::GpuLink);
    CHECK(trays.interconnect.dpLevel == LinkLevel::Nic);
    CHECK(rack.interconnect.dpTimeS < trays.interconnect.dpTimeS);
    CHECK(rack.performance.stepTimeS <= trays.performance.stepTimeS);
}
