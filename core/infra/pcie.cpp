// SPDX-License-Identifier: Apache-2.0
#include "core/infra/pcie.h"

#include "core/base/finding_text.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace infrafit {

using infra::addFinding;

namespace {

// PCI-SIG base specifications via docs/reference/hardware.md §2.4: Gen1/2 use 8b/10b,
// Gen3-5 128b/130b, Gen6 PAM4 with 256-byte FLITs of which 242 bytes carry
// payload (FEC + CRC), i.e. ~7.56 GB/s per lane (the low end of the table's
// 7.56-7.88 range).
constexpr std::array<PcieGeneration, 6> kGenerations{{
    {1, 2.5, "8b/10b", 8.0 / 10.0},
    {2, 5.0, "8b/10b", 8.0 / 10.0},
    {3, 8.0, "128b/130b", 128.0 / 130.0},
    {4, 16.0, "128b/130b", 128.0 / 130.0},
    {5, 32.0, "128b/130b", 128.0 / 130.0},
    {6, 64.0, "PAM4 + FLIT/FEC", 242.0 / 256.0},
}};

bool isAmd(const std::string& vendor)
{
    std::string lower(vendor);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return lower.find("amd") != std::string::npos;
}

void checkGeneration(std::string_view what, const std::string& model, int deviceGen, int hostGen,
                     PcieReport& report, Findings& findings)
{
    if (deviceGen <= hostGen || hostGen <= 0)
        return;
    report.generationsOk = false;
    addFinding(findings, Severity::Warning, "pcie.gen_mismatch",
               std::string(what) + " " + model + " is PCIe Gen" + std::to_string(deviceGen)
                   + " but the host CPU provides Gen" + std::to_string(hostGen)
                   + ", so its link runs at Gen" + std::to_string(hostGen) + " ("
                   + infra::num(pcieGbsPerDirection(hostGen, 16), 1)
                   + " GB/s per direction for x16 instead of "
                   + infra::num(pcieGbsPerDirection(deviceGen, 16), 1) + ").",
               "Choose a Gen" + std::to_string(deviceGen) + " host CPU/platform, or a Gen"
                   + std::to_string(hostGen) + " part.");
}

} // namespace

std::optional<PcieGeneration> pcieGeneration(int gen)
{
    for (const auto& g : kGenerations) {
        if (g.gen == gen)
            return g;
    }
    return std::nullopt;
}

double pcieGbsPerDirection(int gen, int lanes)
{
    const auto g = pcieGeneration(gen);
    if (!g || lanes <= 0)
        return 0;
    return g->gbsPerLane() * lanes;
}

PcieReport checkPcie(const ResolvedConfiguration& rc, const InfrastructureInputs& in,
                     Findings& findings)
{
    PcieReport r;
    const auto& cfg = rc.config;
    const bool pcieGpus = rc.gpu.formFactor == GpuFormFactor::Pcie;
    r.gpuLanes = pcieGpus ? std::max(0, cfg.gpusPerNode) * std::max(0, rc.gpu.pcieLanes) : 0;
    r.nicLanes = rc.nic ? std::max(0, cfg.nicsPerNode) * std::max(0, rc.nic->pcieLanes) : 0;
    r.nvmeLanes = rc.nvme ? std::max(0, cfg.nvmePerNode) * std::max(0, rc.nvme->pcieLanes) : 0;
    r.lanesNeeded = r.gpuLanes + r.nicLanes + r.nvmeLanes;
    r.viaPcieSwitches = in.chassisHasPcieSwitches.value_or(!pcieGpus);

    if (!rc.cpu || cfg.cpusPerNode <= 0) {
        addFinding(findings, Severity::Info, "pcie.unchecked",
                   "The PCIe lane budget was not checked because the configuration has no CPU.",
                   "Add the host CPU to the configuration.");
        return r;
    }
    r.checked = true;
    r.hostGen = rc.cpu->pcieGen;
    r.hostLanes = std::max(0, rc.cpu->pcieLanes) * cfg.cpusPerNode;
    bool amdCapped = false;
    if (cfg.cpusPerNode == 2 && isAmd(rc.cpu->vendor) && r.hostLanes > in.amdTwoSocketUsableLanes) {
        // docs/reference/hardware.md §1.3: AMD 2P platforms expose ~128-160 usable lanes,
        // the rest carry the inter-socket xGMI links.
        r.hostLanes = in.amdTwoSocketUsableLanes;
        amdCapped = true;
    }
    r.laneOversubscription = infra::safeDiv(r.lanesNeeded, r.hostLanes);

    if (r.lanesNeeded > r.hostLanes) {
        const std::string sentence =
            "The node needs " + std::to_string(r.lanesNeeded) + " PCIe lanes (GPUs "
            + std::to_string(r.gpuLanes) + ", NICs " + std::to_string(r.nicLanes) + ", NVMe "
            + std::to_string(r.nvmeLanes) + ") but its "
            + infra::counted(cfg.cpusPerNode, "CPU provides", "CPUs provide") + " "
            + std::to_string(r.hostLanes) + " usable lanes"
            + (amdCapped ? " (AMD 2P, part of the lanes carry xGMI)" : "");
        if (r.viaPcieSwitches) {
            addFinding(findings, Severity::Info, "pcie.oversubscribed",
                       sentence + "; PCIe switches share them at "
                           + infra::num(r.laneOversubscription, 2) + ":1.",
                       "Fine for GPUDirect traffic that stays below the switches; keep host "
                       "traffic per switch within its uplink.");
        } else {
            r.lanesOk = false;
            addFinding(findings, Severity::Error, "pcie.lanes_exceeded", sentence + ".",
                       "Use fewer NVMe drives or NICs, CPUs with more lanes, or a chassis with "
                       "PCIe switches.");
        }
    } else if (amdCapped && r.lanesNeeded > 128) {
        addFinding(findings, Severity::Warning, "pcie.lanes_tight",
                   "The node needs " + std::to_string(r.lanesNeeded)
                       + " PCIe lanes; an AMD 2P platform offers 128 with four xGMI links and "
                       "160 only with three.",
                   "Confirm the board uses the 3-link xGMI layout, or reduce devices.");
    }

    if (pcieGpus)
        checkGeneration("GPU", rc.gpu.model, rc.gpu.pcieGen, r.hostGen, r, findings);
    if (rc.nic && cfg.nicsPerNode > 0) {
        checkGeneration("NIC", rc.nic->model, rc.nic->pcieGen, r.hostGen, r, findings);
        // A NIC's slot carries min(host, NIC) generation × its lanes; docs/reference/hardware.md
        // §1.4: Gen5 x16 ≈ 63 GB/s ≈ 504 Gbit/s, enough for one 400G port only.
        const int linkGen = std::min(r.hostGen, rc.nic->pcieGen);
        r.nicSlotGbps = pcieGbsPerDirection(linkGen, rc.nic->pcieLanes) * 8;
        r.nicPortsGbps = rc.nic->totalGbps();
        if (r.nicPortsGbps > r.nicSlotGbps && r.nicSlotGbps > 0) {
            r.generationsOk = false;
            addFinding(findings, Severity::Warning, "pcie.nic_bandwidth_limited",
                       "NIC " + rc.nic->model + " has " + infra::num(r.nicPortsGbps)
                           + " Gbit/s of ports but its PCIe Gen" + std::to_string(linkGen) + " x"
                           + std::to_string(rc.nic->pcieLanes) + " link carries about "
                           + infra::num(r.nicSlotGbps) + " Gbit/s per direction.",
                       "Use a host with a newer PCIe generation, or count the NIC at its "
                       "PCIe bandwidth.");
        }
    }
    if (rc.nvme && cfg.nvmePerNode > 0)
        checkGeneration("NVMe drive", rc.nvme->model, rc.nvme->pcieGen, r.hostGen, r, findings);

    r.ok = r.lanesOk && r.generationsOk;
    return r;
}

} // namespace infrafit
