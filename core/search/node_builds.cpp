// SPDX-License-Identifier: Apache-2.0
#include "core/search/node_builds.h"

#include "core/parts/system_parts.h"

#include "core/analysis/hardware_rates.h"
#include "core/analysis/inference_memory.h"
#include "core/analysis/training_memory.h"
#include "core/infra/cost.h"
#include "core/infra/infrastructure.h"
#include "core/infra/power.h"
#include "core/infra/requirement_check.h"
#include "core/io/default_software.h"
#include "core/model/parameter_count.h"
#include "core/parts/gpu_memory.h"
#include "core/software/software_check.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>

namespace infrafit {
namespace {

std::string lowerAscii(std::string s)
{
    for (char& c : s)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

bool vendorAllowed(const PartInfo& p, const SearchConstraints& c)
{
    if (c.vendors.empty())
        return true;
    const std::string v = lowerAscii(p.vendor);
    return std::any_of(c.vendors.begin(), c.vendors.end(),
        [&](const std::string& x) { return lowerAscii(x) == v; });
}

/// Part-id subset for one kind: allowed when no id of this kind is listed.
template <typename T>
bool idAllowed(const T& part, const std::vector<T>& all, const SearchConstraints& c)
{
    if (c.partIds.empty())
        return true;
    const auto listed = [&](const std::string& id) {
        return std::find(c.partIds.begin(), c.partIds.end(), id) != c.partIds.end();
    };
    const bool kindRestricted
        = std::any_of(all.begin(), all.end(), [&](const T& p) { return listed(p.id); });
    return !kindRestricted || listed(part.id);
}

double priceKey(const PartInfo& p)
{
    // Unpriced parts sort after priced ones.
    return p.priceUsd ? *p.priceUsd : std::numeric_limits<double>::max() / 4;
}

/// Complete systems (price covers the GPUs) take only their own GPU: the
/// system model's last word ("DGX H100" → "H100") starts the GPU model.
bool completeSystemTakes(const Chassis& chassis, const Gpu& gpu)
{
    if (!chassis.priceIncludesParts)
        return true;
    const auto space = chassis.model.find_last_of(' ');
    const std::string token
        = lowerAscii(space == std::string::npos ? chassis.model : chassis.model.substr(space + 1));
    return lowerAscii(gpu.model).rfind(token, 0) == 0;
}

bool coolingAllowed(const Cooling& cooling, const SearchConstraints& c)
{
    return c.coolingTypes.empty()
        || std::find(c.coolingTypes.begin(), c.coolingTypes.end(), cooling.type)
        != c.coolingTypes.end();
}

bool coolingFitsChassis(const Cooling& cooling, const Chassis& chassis)
{
    if (chassis.cooling == ChassisCooling::Liquid)
        return cooling.isLiquid();
    return !cooling.isLiquid() || chassis.liquidCoolingOption;
}

double pueOf(const Cooling& c)
{
    if (c.pueLow && c.pueHigh)
        return (*c.pueLow + *c.pueHigh) / 2;
    return c.pueLow ? *c.pueLow : (c.pueHigh ? *c.pueHigh : 1.4);
}

int installedPsus(int required, PsuRedundancy r)
{
    switch (r) {
    case PsuRedundancy::None:
        return required;
    case PsuRedundancy::NPlus1:
        return required + 1;
    case PsuRedundancy::NPlusN:
        return 2 * required;
    }
    return required;
}

bool hasError(const Findings& findings, std::string_view prefix)
{
    return std::any_of(findings.begin(), findings.end(), [&](const Finding& f) {
        return f.severity == Severity::Error && f.code.rfind(prefix, 0) == 0;
    });
}

} // namespace

double memoryLowerBoundBytes(const Workload& w, long long gpus)
{
    const ParameterCount params = countParameters(w.model);
    double perParam = 0;
    if (w.kind == WorkloadKind::Training) {
        const auto b = stateBytesPerParam(w);
        if (w.fineTune == FineTune::Full)
            perParam = b.weight + b.gradient + b.optimizer;
        else if (w.fineTune == FineTune::Qlora)
            perParam = 4.0 / 8.0; // NF4 weights, at least 4 bits each (Dettmers et al. 2023)
        else
            perParam = b.weight;
    } else {
        perParam = servingWeightBytesPerParam(w.precision);
    }
    return params.total * perParam / double(std::max(1LL, gpus)) + cudaContextBytes;
}

int smallestNodeCount(const PartsSnapshot& parts, const NodeBuild& build)
{
    const Chassis& chassis = parts.chassis[std::size_t(build.chassis)];
    return std::max(1, chassis.nodeMultiple.value_or(1));
}

ResolvedConfiguration resolveBuild(
    const PartsSnapshot& parts, const NodeBuild& b, int nodes, const SearchConstraints& constraints)
{
    ResolvedConfiguration rc;
    rc.gpu = parts.gpus[std::size_t(b.gpu)];
    rc.chassis = parts.chassis[std::size_t(b.chassis)];
    Configuration& c = rc.config;
    c.gpuId = rc.gpu.id;
    c.chassisId = rc.chassis.id;
    c.gpusPerNode = b.gpusPerNode;
    c.nodes = nodes;
    c.psuRedundancy = constraints.psuRedundancy;
    c.rack.powerLimitKw = constraints.rackPowerKw;
    c.rack.units = constraints.rackUnits;
    c.cpusPerNode = 0;
    if (b.cpu >= 0) {
        rc.cpu = parts.cpus[std::size_t(b.cpu)];
        c.cpuId = rc.cpu->id;
        c.cpusPerNode = b.cpusPerNode;
    }
    if (b.nvme >= 0) {
        rc.nvme = parts.nvmes[std::size_t(b.nvme)];
        c.nvmeId = rc.nvme->id;
        c.nvmePerNode = b.nvmePerNode;
    }
    if (b.nic >= 0) {
        rc.nic = parts.nics[std::size_t(b.nic)];
        c.nicId = rc.nic->id;
        c.nicsPerNode = b.nicsPerNode;
    }
    if (b.psu >= 0) {
        rc.psu = parts.psus[std::size_t(b.psu)];
        c.psuId = rc.psu->id;
        c.psusPerNode = b.psusPerNode;
    }
    if (b.cooling >= 0) {
        rc.cooling = parts.coolings[std::size_t(b.cooling)];
        c.coolingId = rc.cooling->id;
    }
    c.name = rc.gpu.id + " x" + std::to_string(b.gpusPerNode) + " in " + rc.chassis.id + ", "
             + std::to_string(nodes) + (nodes == 1 ? " node" : " nodes");
    if (b.gpuPowerLimitW > 0) {
        c.gpuPowerLimitW = b.gpuPowerLimitW;
        c.name += ", GPUs capped at " + std::to_string(static_cast<long long>(
                                            std::lround(b.gpuPowerLimitW))) + " W";
    }
    return rc;
}

namespace {

/// The cheapest CPU that passes compatibility and PCIe checks for the build.
bool chooseCpu(NodeBuild& b, const PartsSnapshot& parts, const std::vector<int>& cpuOrder,
    const SearchConstraints& constraints, const InfrastructureInputs& in)
{
    const int sockets = parts.chassis[std::size_t(b.chassis)].cpuSockets;
    if (sockets <= 0 || cpuOrder.empty())
        return true;
    for (int cpu : cpuOrder) {
        b.cpu = cpu;
        b.cpusPerNode = sockets;
        const auto rc = resolveBuild(parts, b, smallestNodeCount(parts, b), constraints);
        const auto report = checkInfrastructure(rc, in);
        if (!hasError(report.findings, "compat.") && !hasError(report.findings, "pcie."))
            return true;
    }
    b.cpu = -1;
    b.cpusPerNode = 0;
    return false;
}

/// Fewest PSUs per model that carry the node with the redundancy; keeps
/// the model with the lowest price + conversion-loss energy over the
/// horizon (losses = typical wall − DC, docs/reference/hardware.md §1.6 efficiency curve).
bool choosePsu(NodeBuild& b, const PartsSnapshot& parts, const std::vector<int>& psuOrder,
    const SearchConstraints& constraints, const InfrastructureInputs& in)
{
    const Chassis& chassis = parts.chassis[std::size_t(b.chassis)];
    const auto rc = resolveBuild(parts, b, smallestNodeCount(parts, b), constraints);
    const NodePower power = nodeDcPower(rc, in);
    const double maxW = power.total.maxW;
    const double typicalW = power.total.typicalW;
    if (maxW > constraints.rackPowerKw * 1000.0)
        return false; // no PSU helps: the node alone exceeds the rack budget
    double bestCost = std::numeric_limits<double>::max();
    int bestPsu = -1, bestCount = 0;
    for (int i : psuOrder) {
        const Psu& psu = parts.psus[std::size_t(i)];
        if (psu.watts <= 0)
            continue;
        const int required = int(std::ceil(maxW / psu.watts));
        const int installed = installedPsus(std::max(1, required), constraints.psuRedundancy);
        if (chassis.psuSlots > 0 && installed > chassis.psuSlots)
            continue;
        const double load = maxW / (installed * psu.watts);
        const double eff = psuEfficiencyAt(psu, load, in.fallbackPsuEfficiency);
        const double lossKw = typicalW * (1.0 / std::max(0.5, eff) - 1.0) / 1000.0;
        const double energyUsd = lossKw * 8760.0 * in.years * in.electricityUsdPerKwh;
        const double cost = installed * psu.priceUsd.value_or(0.0) + energyUsd;
        if (cost < bestCost) {
            bestCost = cost;
            bestPsu = i;
            bestCount = installed;
        }
    }
    if (bestPsu < 0)
        return parts.psus.empty(); // no PSU part at all: the chassis' own PSUs are assumed
    b.psu = bestPsu;
    b.psusPerNode = bestCount;
    return true;
}

bool chooseCooling(NodeBuild& b, const PartsSnapshot& parts, const SearchConstraints& c)
{
    const Chassis& chassis = parts.chassis[std::size_t(b.chassis)];
    int best = -1;
    for (std::size_t i = 0; i < parts.coolings.size(); ++i) {
        const Cooling& cool = parts.coolings[i];
        if (!coolingAllowed(cool, c) || !coolingFitsChassis(cool, chassis)
            || !idAllowed(cool, parts.coolings, c))
            continue;
        if (best < 0) {
            best = int(i);
            continue;
        }
        const Cooling& cur = parts.coolings[std::size_t(best)];
        const bool carries = cool.maxHeatKwPerRack >= c.rackPowerKw;
        const bool curCarries = cur.maxHeatKwPerRack >= c.rackPowerKw;
        if ((carries && !curCarries)
            || (carries == curCarries
                && (carries ? pueOf(cool) < pueOf(cur)
                            : cool.maxHeatKwPerRack > cur.maxHeatKwPerRack)))
            best = int(i);
    }
    b.cooling = best;
    return best >= 0 || c.coolingTypes.empty();
}

/// Index of the part with `id` in `list`, or -1.
template <typename T>
int indexOf(const std::vector<T>& list, const std::string& id)
{
    for (std::size_t i = 0; i < list.size(); ++i)
        if (list[i].id == id)
            return int(i);
    return -1;
}

/// A complete system (DGX-style) is bought as it ships: all its GPUs and
/// exactly its own CPUs, NICs, drives and PSUs (system_parts), nothing
/// chosen from the rest of the catalog. One build for a single node and,
/// when it has NICs, one for several. False (with an info finding) when a
/// listed part is not in the catalog.
/// "requirements not met: TPM 2.0: not stated (unknown); Secure boot: no".
std::string requirementGapReason(const std::vector<std::string>& gaps)
{
    std::string reason = "requirements not met: ";
    for (std::size_t i = 0; i < gaps.size(); ++i)
        reason += (i ? "; " : "") + gaps[i];
    return reason;
}

bool addCompleteSystemBuilds(ConfigSpace& space, const PartsSnapshot& parts, int gpu, int chassis,
    const SearchConstraints& c, int maxNodes)
{
    const Chassis& ch = parts.chassis[std::size_t(chassis)];
    NodeBuild b;
    b.gpu = gpu;
    b.chassis = chassis;
    b.gpusPerNode = ch.maxGpus;
    for (const auto& own : systemPartsOf(ch)) {
        if (const int i = indexOf(parts.cpus, own.id); i >= 0) {
            b.cpu = i;
            b.cpusPerNode = own.count;
        } else if (const int n = indexOf(parts.nics, own.id); n >= 0) {
            b.nic = n;
            b.nicsPerNode = own.count;
        } else if (const int d = indexOf(parts.nvmes, own.id); d >= 0) {
            b.nvme = d;
            b.nvmePerNode = own.count;
        } else if (const int p = indexOf(parts.psus, own.id); p >= 0) {
            b.psu = p;
            b.psusPerNode = own.count;
        } else {
            space.findings.push_back({Severity::Info, "search.system_part_missing",
                ch.id + ": its own part " + own.id
                    + " is not in the catalog, so it is not considered",
                {}});
            return false;
        }
    }
    if (requiresNicFeatures(c.requirements)) {
        // A complete system ships with its own NICs: they must meet the NIC requirements.
        const auto gaps = b.nic < 0
            ? std::vector<std::string>{"no NIC of its own to meet the NIC requirements"}
            : nicRequirementGaps(c.requirements, parts.nics[std::size_t(b.nic)]);
        if (!gaps.empty()) {
            space.rejected.push_back({"complete system " + ch.id, {}, requirementGapReason(gaps)});
            return false;
        }
    }
    if (!chooseCooling(b, parts, c))
        return false;
    b.multiNode = false;
    space.builds.push_back(b);
    if (b.nic >= 0 && maxNodes >= 2) {
        b.multiNode = true;
        space.builds.push_back(b);
    }
    return true;
}

/// The power limit as a knob (docs/power-model.md §2): each build again
/// with its GPUs capped at each fraction below 1 of tdp_w (at least the
/// GPU's minimum limit). Parts stay as chosen for the uncapped node.
void addPowerCappedBuilds(ConfigSpace& space, const PartsSnapshot& parts,
                          const SearchConstraints& c)
{
    const std::size_t uncapped = space.builds.size();
    std::vector<double> fractions = c.gpuPowerLimitFractions;
    if (fractions.empty() && c.sitePowerKw)
        fractions = {0.85, 0.7};
    for (double fraction : fractions) {
        if (!std::isfinite(fraction) || fraction >= 1.0 || fraction <= 0)
            continue;
        for (std::size_t i = 0; i < uncapped; ++i) {
            NodeBuild b = space.builds[i];
            const Gpu& gpu = parts.gpus[std::size_t(b.gpu)];
            const double limit = std::max(fraction * gpu.tdpW, gpuMinPowerLimitW(gpu));
            if (!(limit < gpu.tdpW))
                continue;
            b.gpuPowerLimitW = std::round(limit);
            space.builds.push_back(b);
        }
    }
}

/// "software: FP8 ... ; ..." from the error findings of the GPU's software
/// check (checkSoftware against the catalog's rows), or empty when none.
std::string softwareGapReason(const Workload& w, const Gpu& gpu, const SoftwareTable& table)
{
    std::string reason;
    for (const Finding& f : checkSoftware(w, gpu, table))
        if (f.severity == Severity::Error)
            reason += (reason.empty() ? "software: " : "; ") + f.message;
    return reason;
}

} // namespace

ConfigSpace enumerateNodeBuilds(const Workload& w, const PartsSnapshot& parts,
    const SearchConstraints& c, const InfrastructureInputs& in)
{
    ConfigSpace space;
    space.nodeCounts = nodeCountsFor(c);
    const int maxNodes = space.nodeCounts.empty() ? 0 : space.nodeCounts.back();

    std::vector<int> cpuOrder, psuOrder, nicOrder;
    std::vector<int> nicsAllowed; ///< every NIC the constraints allow, before the dedup below
    std::vector<std::vector<NicOption>> ownNics; ///< each chassis' nic_options, parsed once
    for (const Chassis& ch : parts.chassis)
        ownNics.push_back(nicOptionsOf(ch));
    for (std::size_t i = 0; i < parts.cpus.size(); ++i)
        if (vendorAllowed(parts.cpus[i], c) && idAllowed(parts.cpus[i], parts.cpus, c))
            cpuOrder.push_back(int(i));
    std::stable_sort(cpuOrder.begin(), cpuOrder.end(), [&](int a, int b) {
        return std::pair(priceKey(parts.cpus[a]), parts.cpus[a].tdpW)
            < std::pair(priceKey(parts.cpus[b]), parts.cpus[b].tdpW);
    });
    for (std::size_t i = 0; i < parts.psus.size(); ++i)
        if (idAllowed(parts.psus[i], parts.psus, c))
            psuOrder.push_back(int(i));
    // The project's manageability and security requirements: parts that do
    // not meet them (or whose catalog values are unknown) are left out and
    // listed with the requirements they miss.
    const bool nicRequirements = requiresNicFeatures(c.requirements);
    std::vector<char> chassisMeets(parts.chassis.size(), 1);
    for (std::size_t h = 0; h < parts.chassis.size(); ++h) {
        const auto gaps = chassisRequirementGaps(c.requirements, parts.chassis[h]);
        if (gaps.empty())
            continue;
        chassisMeets[h] = 0;
        space.rejected.push_back({"chassis " + parts.chassis[h].id, {}, requirementGapReason(gaps)});
    }
    // One NIC per (protocol, speed): the cheapest.
    for (std::size_t i = 0; i < parts.nics.size(); ++i) {
        const Nic& nic = parts.nics[i];
        if (!vendorAllowed(nic, c) || !idAllowed(nic, parts.nics, c) || nic.totalGbps() <= 0)
            continue;
        if (nicRequirements) {
            const auto gaps = nicRequirementGaps(c.requirements, nic);
            if (!gaps.empty()) {
                space.rejected.push_back({"nic " + nic.id, {}, requirementGapReason(gaps)});
                continue;
            }
        }
        nicsAllowed.push_back(int(i));
        auto same = std::find_if(nicOrder.begin(), nicOrder.end(), [&](int j) {
            const Nic& o = parts.nics[std::size_t(j)];
            return o.protocol == nic.protocol && o.totalGbps() == nic.totalGbps();
        });
        if (same == nicOrder.end())
            nicOrder.push_back(int(i));
        else if (priceKey(nic) < priceKey(parts.nics[std::size_t(*same)]))
            *same = int(i);
    }
    int nvme = -1;
    for (std::size_t i = 0; i < parts.nvmes.size(); ++i)
        if (idAllowed(parts.nvmes[i], parts.nvmes, c)
            && (nvme < 0 || priceKey(parts.nvmes[i]) < priceKey(parts.nvmes[std::size_t(nvme)])))
            nvme = int(i);

    // The catalog's software rows (the shipped table only when no catalog
    // is open): a GPU whose stack cannot run the workload (FP8 on Ampere, a
    // framework version older than the GPU) is left out with the reason.
    const SoftwareTable& software = parts.software ? *parts.software : defaultSoftwareTable();
    std::size_t softwareRejected = 0;
    for (std::size_t g = 0; g < parts.gpus.size(); ++g) {
        const Gpu& gpu = parts.gpus[g];
        if (!vendorAllowed(gpu, c) || !idAllowed(gpu, parts.gpus, c))
            continue;
        if (auto reason = softwareGapReason(w, gpu, software); !reason.empty()) {
            space.rejected.push_back({"gpu " + gpu.id, {}, std::move(reason)});
            ++softwareRejected;
            continue;
        }
        if (!peakFlopsPerS(gpu, w.precision) || gpu.memoryGb <= 0 || gpu.memoryBandwidthGbs <= 0) {
            space.findings.push_back({Severity::Info, "search.gpu_skipped",
                gpu.id + ": no " + std::string(enumName(w.precision)) + " figure or memory data",
                {}});
            continue;
        }
        long long maxGpusAllowed = 0;
        for (const Chassis& ch : parts.chassis)
            maxGpusAllowed = std::max<long long>(maxGpusAllowed, 1LL * ch.maxGpus * maxNodes);
        if (c.maxGpus)
            maxGpusAllowed = std::min<long long>(maxGpusAllowed, *c.maxGpus);
        if (memoryLowerBoundBytes(w, maxGpusAllowed) > gpuMemoryBytes(gpu)) {
            space.findings.push_back({Severity::Info, "search.gpu_too_small",
                gpu.id + ": the model's states alone exceed its memory on "
                    + std::to_string(maxGpusAllowed) + " GPUs",
                {}});
            continue;
        }
        for (std::size_t h = 0; h < parts.chassis.size(); ++h) {
            const Chassis& ch = parts.chassis[h];
            if (!chassisMeets[h] || !idAllowed(ch, parts.chassis, c) || !ch.acceptsGpuForm(gpu.formFactor)
                || !ch.acceptsGpuBaseboard(gpu.baseboard)
                || (ch.maxGpuTdpW > 0 && gpu.tdpW > ch.maxGpuTdpW) || ch.maxGpus <= 0
                || !completeSystemTakes(ch, gpu))
                continue;
            if (isCompleteSystem(ch)) {
                addCompleteSystemBuilds(space, parts, int(g), int(h), c, maxNodes);
                continue;
            }
            // PCIe cards may half-fill a server; SXM and OAM modules come on a
            // baseboard of the chassis' full count (an HGX 8-GPU board is
            // sold with 8), so such a chassis is bought full.
            std::vector<int> perNode {ch.maxGpus};
            if (gpu.formFactor == GpuFormFactor::Pcie && ch.maxGpus % 2 == 0 && ch.maxGpus >= 2)
                perNode.push_back(ch.maxGpus / 2);
            for (int gpn : perNode) {
                // NIC options: none (single node) and, for several nodes,
                // each NIC at one per GPU and one per two GPUs.
                // NIC requirements need a NIC: no single-node build without one.
                std::vector<std::pair<int, int>> nicOptions;
                if (!nicRequirements)
                    nicOptions.emplace_back(-1, 0);
                const auto offer = [&nicOptions](int nic, int count) {
                    if (count >= 1
                        && std::find(nicOptions.begin(), nicOptions.end(), std::pair(nic, count))
                               == nicOptions.end())
                        nicOptions.emplace_back(nic, count);
                };
                if (!ch.nicOptions.empty()) {
                    // A chassis built with its own adapters (nic_options: a
                    // GB200 tray's ConnectX-7) takes only those, at their
                    // listed count (an id alone: one per GPU or per two).
                    for (const auto& own : ownNics[h])
                        for (int nic : nicsAllowed) {
                            if (parts.nics[std::size_t(nic)].id != own.id)
                                continue;
                            if (own.count)
                                offer(nic, *own.count);
                            else
                                for (int count : {gpn, gpn / 2})
                                    offer(nic, count);
                        }
                } else {
                    for (int nic : nicOrder)
                        for (int count : {gpn, gpn / 2})
                            if ((count == gpn || gpn / 2 != gpn)
                                && (ch.pcieSlots <= 0 || count <= ch.pcieSlots))
                                offer(nic, count);
                }
                for (const auto& [nic, nicCount] : nicOptions) {
                    if (nic >= 0 && maxNodes < 2)
                        continue;
                    NodeBuild b;
                    b.gpu = int(g);
                    b.chassis = int(h);
                    b.gpusPerNode = gpn;
                    b.nic = nic;
                    b.nicsPerNode = nicCount;
                    b.multiNode = nic >= 0;
                    if (nvme >= 0 && ch.nvmeBays > 0) {
                        b.nvme = nvme;
                        b.nvmePerNode = std::min(ch.nvmeBays, gpn);
                    }
                    if (!chooseCooling(b, parts, c) || !chooseCpu(b, parts, cpuOrder, c, in)
                        || !choosePsu(b, parts, psuOrder, c, in))
                        continue;
                    space.builds.push_back(b);
                }
            }
        }
    }
    addPowerCappedBuilds(space, parts, c);
    if (softwareRejected > 0)
        space.findings.push_back({Severity::Info, "software.filtered",
            std::to_string(softwareRejected)
                + " GPUs were left out because the catalog's software compatibility rows say "
                  "the workload's precision or software stack cannot run on them (listed in "
                  "rejected)",
            "choose another precision or software version, or correct the software row in "
            "the catalog"});
    if (space.rejected.size() > softwareRejected)
        space.findings.push_back({Severity::Info, "requirement.filtered",
            std::to_string(space.rejected.size() - softwareRejected)
                + " chassis, NICs or complete systems were left out because they do not meet "
                  "the project's requirements or the catalog does not say (listed in rejected)",
            "record the missing values in the catalog, or relax the requirements"});
    return space;
}

} // namespace infrafit
