// SPDX-License-Identifier: Apache-2.0
// Whole infrastructure check of one configuration (fabric, PCIe, power,
// rack, thermal, compatibility, cost); target well under 10 µs.
#include "core/infra/infrastructure.h"

#include <benchmark/benchmark.h>

namespace {

using namespace infrafit;

ResolvedConfiguration dgxCluster()
{
    ResolvedConfiguration rc;
    rc.config.gpusPerNode = 8;
    rc.config.cpusPerNode = 2;
    rc.config.nvmePerNode = 8;
    rc.config.nicsPerNode = 8;
    rc.config.psusPerNode = 6;
    rc.config.psuRedundancy = PsuRedundancy::NPlus1;
    rc.config.nodes = 128;
    rc.gpu.model = "H100 SXM5 80GB";
    rc.gpu.tdpW = 700;
    rc.gpu.formFactor = GpuFormFactor::Sxm;
    rc.gpu.precisions = {"fp32", "tf32", "bf16", "fp16", "fp8"};
    rc.gpu.priceUsd = 30000;
    rc.chassis.model = "HGX H100 server";
    rc.chassis.rackUnits = 8;
    rc.chassis.maxGpus = 8;
    rc.chassis.gpuFormFactor = GpuFormFactor::Sxm;
    rc.chassis.maxGpuTdpW = 700;
    rc.chassis.nvmeBays = 8;
    rc.chassis.pcieSlots = 10;
    rc.chassis.psuSlots = 6;
    rc.chassis.basePowerW = 2000;
    rc.chassis.priceUsd = 60000;
    Cpu cpu;
    cpu.model = "Xeon 8480+";
    cpu.tdpW = 350;
    cpu.pcieLanes = 80;
    cpu.priceUsd = 10000;
    rc.cpu = cpu;
    Nvme nvme;
    nvme.model = "PM1743";
    nvme.pcieGen = 5;
    nvme.powerW = 25;
    nvme.priceUsd = 2000;
    rc.nvme = nvme;
    Nic nic;
    nic.model = "ConnectX-7";
    nic.portSpeedGbps = 400;
    nic.protocol = NicProtocol::Infiniband;
    nic.powerW = 25;
    nic.priceUsd = 2500;
    rc.nic = nic;
    Psu psu;
    psu.model = "3,000 W Titanium";
    psu.watts = 3000;
    psu.efficiencyAt10 = 0.90;
    psu.efficiencyAt20 = 0.94;
    psu.efficiencyAt50 = 0.96;
    psu.efficiencyAt100 = 0.91;
    psu.priceUsd = 600;
    rc.psu = psu;
    Cooling cooling;
    cooling.type = CoolingType::Air;
    cooling.maxHeatKwPerRack = 30;
    cooling.pueLow = 1.2;
    cooling.pueHigh = 1.5;
    rc.cooling = cooling;
    return rc;
}

void BM_CheckInfrastructure(benchmark::State& state)
{
    const auto rc = dgxCluster();
    InfrastructureInputs in;
    in.precision = "bf16";
    in.tokensPerSecond = 2.0e6;
    for (auto _ : state) {
        auto report = checkInfrastructure(rc, in);
        benchmark::DoNotOptimize(report);
    }
}
BENCHMARK(BM_CheckInfrastructure);

} // namespace


