// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/finding.h"
#include "core/config/resolved_configuration.h"

#include <algorithm>
#include <string_view>

namespace infrafit::test {

/// NVIDIA DGX H100 as in docs/reference/hardware.md §1.2: 8 × H100 SXM 700 W, base power
/// 4,600 W derived from the 10,200 W maximum (includes CPUs, NICs, drives),
/// 6 × 3,300 W PSUs, 8 U.
inline ResolvedConfiguration dgxH100(int nodes = 1)
{
    ResolvedConfiguration rc;
    rc.config.name = "dgx-h100";
    rc.config.gpusPerNode = 8;
    rc.config.cpusPerNode = 0;
    rc.config.psusPerNode = 6;
    rc.config.psuRedundancy = PsuRedundancy::NPlus1;
    rc.config.nodes = nodes;
    rc.config.rack = {34.5, 42};
    rc.gpu.id = "nvidia-h100-sxm";
    rc.gpu.model = "H100 SXM5 80GB";
    rc.gpu.tdpW = 700;
    rc.gpu.formFactor = GpuFormFactor::Sxm;
    rc.gpu.pcieGen = 5;
    rc.gpu.precisions = {"fp64", "fp32", "tf32", "bf16", "fp16", "fp8", "int8"};
    rc.gpu.priceUsd = 30000;
    rc.chassis.id = "nvidia-dgx-h100";
    rc.chassis.model = "DGX H100";
    rc.chassis.rackUnits = 8;
    rc.chassis.maxGpus = 8;
    rc.chassis.gpuFormFactor = GpuFormFactor::Sxm;
    rc.chassis.maxGpuTdpW = 700;
    rc.chassis.nvmeBays = 8;
    rc.chassis.psuSlots = 6;
    rc.chassis.psuWattsEach = 3300;
    rc.chassis.maxSystemPowerW = 10200;
    rc.chassis.basePowerW = 4600;
    rc.chassis.basePowerIncludesComponents = true;
    rc.chassis.priceIncludesParts = true;
    rc.chassis.gpuFabric = GpuFabric::NvSwitch;
    rc.chassis.priceUsd = 199000;
    rc.chassis.priceNote = "estimate: base price reported by supercluster.blog";
    Psu psu;
    psu.id = "nvidia-dgx-psu-3300";
    psu.model = "NVIDIA DGX 3,300 W";
    psu.watts = 3300;
    psu.efficiency = 0.96;
    rc.psu = psu;
    return rc;
}

/// NVIDIA DGX B200 (docs/reference/hardware.md §1.2): 8 × 1,000 W + base 6,300 W = 14.3 kW,
/// 6 × 3,300 W PSUs (5+1), 10 U.
inline ResolvedConfiguration dgxB200(int nodes = 1)
{
    auto rc = dgxH100(nodes);
    rc.gpu.model = "B200";
    rc.gpu.tdpW = 1000;
    rc.chassis.model = "DGX B200";
    rc.chassis.rackUnits = 10;
    rc.chassis.maxGpuTdpW = 1000;
    rc.chassis.basePowerW = 6300;
    rc.chassis.maxSystemPowerW = 14300;
    return rc;
}

/// ConnectX-7 OSFP, 1 × 400G NDR InfiniBand, Gen5 x16 (docs/reference/hardware.md §1.4).
inline Nic connectX7()
{
    Nic nic;
    nic.id = "nvidia-connectx-7-osfp";
    nic.model = "ConnectX-7 OSFP";
    nic.ports = 1;
    nic.portSpeedGbps = 400;
    nic.protocol = NicProtocol::Infiniband;
    nic.pcieGen = 5;
    nic.pcieLanes = 16;
    nic.powerW = 25;
    return nic;
}

/// A PCIe GPU server (ASUS ESC8000A-E13-like, docs/reference/hardware.md §1.2): 8 × L40S
/// 350 W (Gen4 x16), 2 × EPYC 9654 (128 Gen5 lanes, 360 W), 6 NVMe Gen5 x4,
/// 2 NICs, 4 × 3,000 W Titanium PSUs, base 1,700 W not including parts.
inline ResolvedConfiguration pcieServer()
{
    ResolvedConfiguration rc;
    rc.config.name = "pcie-server";
    rc.config.gpusPerNode = 8;
    rc.config.cpusPerNode = 2;
    rc.config.nvmePerNode = 6;
    rc.config.nicsPerNode = 2;
    rc.config.psusPerNode = 4;
    rc.config.psuRedundancy = PsuRedundancy::NPlus1;
    rc.config.nodes = 4;
    rc.gpu.model = "L40S";
    rc.gpu.tdpW = 350;
    rc.gpu.formFactor = GpuFormFactor::Pcie;
    rc.gpu.pcieGen = 4;
    rc.gpu.precisions = {"fp32", "tf32", "bf16", "fp16", "fp8", "int8"};
    rc.gpu.priceUsd = 9000;
    rc.chassis.model = "ESC8000A-E13";
    rc.chassis.rackUnits = 4;
    rc.chassis.maxGpus = 8;
    rc.chassis.gpuFormFactor = GpuFormFactor::Pcie;
    rc.chassis.maxGpuTdpW = 600;
    rc.chassis.nvmeBays = 6;
    rc.chassis.pcieSlots = 2;
    rc.chassis.psuSlots = 4;
    rc.chassis.basePowerW = 1700;
    rc.chassis.priceUsd = 20000;
    Cpu cpu;
    cpu.vendor = "AMD";
    cpu.model = "EPYC 9654";
    cpu.tdpW = 360;
    cpu.pcieLanes = 128;
    cpu.pcieGen = 5;
    cpu.priceUsd = 11805;
    cpu.priceNote = "list price";
    rc.cpu = cpu;
    Nvme nvme;
    nvme.model = "PM1743";
    nvme.pcieGen = 5;
    nvme.pcieLanes = 4;
    nvme.powerW = 25;
    nvme.priceUsd = 2000;
    rc.nvme = nvme;
    rc.nic = connectX7();
    rc.nic->priceUsd = 2500;
    Psu psu;
    psu.model = "3,000 W Titanium";
    psu.watts = 3000;
    psu.efficiency = 0.96;
    psu.efficiencyAt10 = 0.90;
    psu.efficiencyAt20 = 0.94;
    psu.efficiencyAt50 = 0.96;
    psu.efficiencyAt100 = 0.91;
    psu.priceUsd = 600;
    rc.psu = psu;
    return rc;
}

inline bool hasCode(const Findings& findings, std::string_view code)
{
    return std::any_of(findings.begin(), findings.end(),
                       [&](const Finding& f) { return f.code == code; });
}

inline const Finding* findCode(const Findings& findings, std::string_view code)
{
    for (const auto& f : findings) {
        if (f.code == code)
            return &f;
    }
    return nullptr;
}

} // namespace infrafit::test
