// SPDX-License-Identifier: Apache-2.0
#include "core/pipeline/analyze.h"
#include "core/analysis/communication.h"
#include "test_hardware.h"

#include <catch2/catch.hpp>

using namespace infrafit;
using namespace infrafit::testing;

TEST_CASE("Link rates of a DGX H100 node per GPU, one direction", "[analysis][interconnect]")
{
    auto config = h100Cluster(2);
    config.gpu.pcieLanes = 16;
    const LinkRates rates = linkRates(config);
    // NVLink 4: 900 GB/s bidirectional per GPU (H100 datasheet) → 450 per
    // direction × 0.8 bus efficiency (nccl-tests PERFORMANCE.md) = 360 GB/s.
    CHECK(rates.intraNodeLevel == LinkLevel::GpuLink);
    CHECK(rates.intraNodeBytesPerS == Approx(360e9));
    // PCIe 5.0 x16: 32 GT/s × 16 lanes × 128/130 / 8 = 63.0 GB/s (PCI-SIG
    // base specification 5.0) × 0.8 = 50.4 GB/s.
    CHECK(rates.hostLinkBytesPerS == Approx(32e9 * 16 * 128.0 / 130.0 / 8 * 0.8));
    // 8 ConnectX-7 × 400 Gbit/s / 8 = 400 GB/s per node, 50 per GPU × 0.8.
    CHECK(rates.interNodeBytesPerS == Approx(40e9));
}

TEST_CASE("Link demand: worked example on a DGX H100 node", "[analysis][interconnect]")
{
    // Per GPU per step: 72 GB of tensor-parallel traffic on NVLink and 8 GB
    // of data-parallel gradients on the NICs, 2 s of compute to hide it in.
    auto config = h100Cluster(2);
    config.gpu.pcieLanes = 16;
    const LinkRates rates = linkRates(config);
    const LinkDemands d = linkDemands(
        {{LinkLevel::GpuLink, 72e9}, {LinkLevel::None, 5e9}, {LinkLevel::Nic, 8e9}}, 2.0, rates);
    CHECK(d.windowS == 2.0);
    CHECK(d.gpuLink.present);
    CHECK(d.gpuLink.bytes == Approx(72e9));
    CHECK(d.gpuLink.demandBytesPerS == Approx(36e9)); // 72 GB / 2 s, a tenth of 360
    CHECK(d.gpuLink.availableBytesPerS == Approx(360e9));
    CHECK(d.nic.bytes == Approx(8e9));
    CHECK(d.nic.demandBytesPerS == Approx(4e9));
    CHECK(d.nic.availableBytesPerS == Approx(40e9));
    // NIC traffic reaches the NIC over the GPU's PCIe link (GPUDirect RDMA).
    CHECK(d.pcie.bytes == Approx(8e9));
    CHECK(d.pcie.demandBytesPerS == Approx(4e9));
    CHECK(d.pcie.availableBytesPerS == Approx(rates.hostLinkBytesPerS));
}

TEST_CASE("Link demand: PCIe-only node, no NIC, no window", "[analysis][interconnect][bad]")
{
    auto config = h100Cluster(1);
    config.chassis.gpuFabric = GpuFabric::Pcie;
    config.gpu.pcieLanes = 16;
    config.nic.reset();
    config.config.nicsPerNode = 0;
    const LinkRates rates = linkRates(config);
    const LinkDemands d = linkDemands({{rates.intraNodeLevel, 10e9}}, 0.0, rates);
    CHECK_FALSE(d.gpuLink.present);
    CHECK(d.gpuLink.availableBytesPerS == 0);
    CHECK(d.pcie.bytes == Approx(10e9));
    CHECK(d.pcie.availableBytesPerS == Approx(rates.intraNodeBytesPerS));
    CHECK_FALSE(d.nic.present);
    // No compute window: demand is 0, never infinity.
    CHECK(d.pcie.demandBytesPerS == 0);
}

TEST_CASE("Analysis reports each dimension's traffic on its level", "[analysis][interconnect]")
{
    // Llama 3.1 70B, TP 8 inside each node, DP 2 across the two nodes.
    Parallelism plan;
    plan.tensor = 8;
    plan.pipeline = 1;
    plan.data = 2;
    plan.zeroStage = 1;
    plan.recompute = Recompute::Selective;
    const auto w = presetTraining("llama-3.1-70b", plan, 4096, 64);
    const auto r = analyzeWithPlan(w, h100Cluster(2), plan);
    REQUIRE(r.analyzed);
    const auto& c = r.interconnect;
    REQUIRE(c.tpLevel == LinkLevel::GpuLink);
    REQUIRE(c.dpLevel == LinkLevel::Nic);
    const LinkDemands& d = c.levels;
    CHECK(d.windowS == Approx(r.performance.computeTimeS));
    CHECK(d.gpuLink.bytes == Approx(c.tpBytes));
    CHECK(d.nic.bytes == Approx(c.dpBytes));
    CHECK(d.pcie.bytes == Approx(c.dpBytes));
    CHECK(d.gpuLink.demandBytesPerS == Approx(c.tpBytes / r.performance.computeTimeS));
    CHECK(d.nic.demandBytesPerS > 0);
}
