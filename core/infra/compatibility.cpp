// SPDX-License-Identifier: Apache-2.0
#include "core/infra/compatibility.h"

#include "core/parts/system_parts.h"

#include "core/base/ascii_text.h"
#include "core/base/finding_text.h"

#include <algorithm>
#include <cctype>

namespace infrafit {

using infra::addFinding;

namespace {

/// "a, b, c" for a finding's text.
std::string commaList(const std::vector<std::string>& items)
{
    std::string text;
    for (const auto& item : items)
        text += (text.empty() ? "" : ", ") + item;
    return text;
}

std::string lower(std::string text)
{
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

/// The cooling type in words ("rear door", not the file's "rear_door").
std::string compatCoolingWords(CoolingType type)
{
    std::string name(enumName(type));
    std::replace(name.begin(), name.end(), '_', ' ');
    return name;
}

/// Adds an error when `used` exceeds `available`. A limit of 0 means the
/// catalog does not state it (null in the file): then only an info finding,
/// and none for complete systems whose NICs and drives are built in.
bool checkCount(int used, int available, const char* code, const std::string& what,
                const std::string& field, const Chassis& chassis, Findings& findings)
{
    const std::string& chassisModel = chassis.model;
    if (used <= available)
        return true;
    if (available == 0) {
        if (!chassis.basePowerIncludesComponents)
            addFinding(findings, Severity::Info, std::string(code) + "_unknown",
                       "Chassis " + chassisModel + " does not state its " + field + ", so "
                           + std::to_string(used) + " " + what + " per node were not checked.",
                       "Add the " + field + " to the chassis in the catalog.");
        return true;
    }
    addFinding(findings, Severity::Error, code,
               std::to_string(used) + " " + what + " per node are configured but chassis "
                   + chassisModel + " has " + std::to_string(available) + " (" + field + ").",
               "Reduce the count to " + std::to_string(available) + " or choose a larger chassis.");
    return false;
}

/// A complete system (DGX-style: its price includes its parts, which it
/// lists in system_parts) comes with its own CPUs, NICs, drives and PSUs. A
/// configuration that puts another part or another count in it describes
/// something nobody sells, priced as if it were the system: an error.
bool checkSystemParts(const ResolvedConfiguration& rc, Findings& findings)
{
    const auto& ch = rc.chassis;
    if (!isCompleteSystem(ch))
        return true;
    const auto own = systemPartsOf(ch);
    const auto& cfg = rc.config;
    std::string foreign;
    const auto check = [&](const char* what, const std::string& id, int count) {
        if (id.empty() || count <= 0)
            return;
        const auto it = std::find_if(own.begin(), own.end(),
                                     [&](const SystemPart& p) { return p.id == id; });
        if (it == own.end())
            foreign += (foreign.empty() ? "" : "; ") + std::string(what) + " " + id
                       + " is not one of its own";
        else if (it->count != count)
            foreign += (foreign.empty() ? "" : "; ") + std::to_string(count) + " " + what
                       + " " + id + " where it has " + std::to_string(it->count);
    };
    check("CPU", cfg.cpuId, cfg.cpusPerNode);
    check("NIC", cfg.nicId, cfg.nicsPerNode);
    check("NVMe drive", cfg.nvmeId, cfg.nvmePerNode);
    check("PSU", cfg.psuId, cfg.psusPerNode);
    if (foreign.empty())
        return true;
    std::string ownList;
    for (const auto& p : own)
        ownList += (ownList.empty() ? "" : ", ") + std::to_string(p.count) + "x " + p.id;
    addFinding(findings, Severity::Error, "compat.foreign_part",
               ch.model + " is a complete system with its own parts (" + ownList
                   + "), but the configuration has: " + foreign + ".",
               "Use the system's own parts (Recommend's \"Use This Configuration\" does), or "
               "choose a chassis that is not a complete system.");
    return false;
}

} // namespace

CompatibilityReport checkCompatibility(const ResolvedConfiguration& rc,
                                       const InfrastructureInputs& in, Findings& findings)
{
    CompatibilityReport c;
    const auto& cfg = rc.config;
    const auto& ch = rc.chassis;

    if (!ch.acceptsGpuForm(rc.gpu.formFactor)) {
        c.gpuFormFactorOk = false;
        addFinding(findings, Severity::Error, "compat.gpu_form_factor",
                   "GPU " + rc.gpu.model + " is a " + std::string(enumName(rc.gpu.formFactor))
                       + " part but chassis " + ch.model + " takes "
                       + std::string(enumName(ch.gpuFormFactor)) + " GPUs.",
                   "Choose a " + std::string(enumName(rc.gpu.formFactor))
                       + " chassis or a " + std::string(enumName(ch.gpuFormFactor)) + " GPU.");
    }
    // SXM and OAM modules of one generation do not fit another's baseboard
    // (HGX H100 vs HGX B300, GB200 NVL72 trays): each chassis lists the
    // baseboards its datasheet names. Unknown on either side is not checked.
    if (c.gpuFormFactorOk && !ch.acceptsGpuBaseboard(rc.gpu.baseboard)) {
        c.gpuBaseboardOk = false;
        const std::string listed = commaList(ch.gpuBaseboards);
        addFinding(findings, Severity::Error, "compat.gpu_baseboard",
                   "GPU " + rc.gpu.model + " mounts on a " + rc.gpu.baseboard
                       + " baseboard but chassis " + ch.model + " is built for " + listed + ".",
                   "Choose a chassis built for " + rc.gpu.baseboard + ", or a GPU for " + listed
                       + ".");
    }
    // A chassis built with its own network adapters (a GB200 tray: one
    // ConnectX-7 or BlueField-3 SuperNIC per GPU, no slot for another card)
    // takes only those, at their count.
    if (!cfg.nicId.empty() && cfg.nicsPerNode > 0
        && !chassisTakesNic(ch, cfg.nicId, cfg.nicsPerNode)) {
        c.nicOfferedOk = false;
        const std::string listed = commaList(ch.nicOptions);
        addFinding(findings, Severity::Error, "compat.nic_not_offered",
                   ch.model + " is built with its own network adapters (" + listed
                       + ", ID:count per node), but the configuration has "
                       + std::to_string(cfg.nicsPerNode) + " x " + cfg.nicId + ".",
                   "Use one of the chassis' own adapters at its count.");
    }
    // Rack-scale systems are sold whole: 18 GB200 compute trays with their
    // NVLink switch trays, never 4 (NVIDIA DGX GB200 user guide).
    if (ch.nodeMultiple && *ch.nodeMultiple > 1 && cfg.nodes % *ch.nodeMultiple != 0) {
        c.nodeMultipleOk = false;
        const int m = *ch.nodeMultiple;
        const int up = (cfg.nodes / m + 1) * m;
        addFinding(findings, Severity::Error, "compat.node_multiple",
                   ch.model + " is sold in whole multiples of " + std::to_string(m)
                       + " nodes, but the configuration has " + std::to_string(cfg.nodes) + ".",
                   "Use " + std::to_string(up) + " nodes, or another chassis.");
    }
    c.gpuCountOk = checkCount(cfg.gpusPerNode, ch.maxGpus, "compat.gpu_count", "GPUs",
                              "Max GPUs", ch, findings);
    if (rc.nvme)
        c.nvmeBaysOk = checkCount(cfg.nvmePerNode, ch.nvmeBays, "compat.nvme_bays",
                                  "NVMe drives", "NVMe bays", ch, findings);
    if (rc.nic)
        c.pcieSlotsOk = checkCount(cfg.nicsPerNode, ch.pcieSlots, "compat.pcie_slots",
                                   "NICs", "PCIe slots", ch, findings);
    if (rc.cpu) {
        c.cpuSocketsOk = checkCount(cfg.cpusPerNode, ch.cpuSockets, "compat.cpu_sockets", "CPUs",
                                    "CPU sockets", ch, findings);
        // A CPU fits only its own socket; unknown on either side is not
        // checked (the datasheet did not say).
        if (!rc.cpu->socket.empty() && !ch.cpuSocket.empty()
            && !equalsNoCase(rc.cpu->socket, ch.cpuSocket)) {
            c.cpuSocketsOk = false;
            addFinding(findings, Severity::Error, "compat.cpu_socket",
                       "CPU " + rc.cpu->model + " fits " + rc.cpu->socket + " but chassis "
                           + ch.model + " has " + ch.cpuSocket + " sockets.",
                       "Choose a " + ch.cpuSocket + " CPU for this chassis.");
        }
    }
    if (rc.psu && ch.psuSlots > 0)
        c.psuSlotsOk = checkCount(cfg.psusPerNode, ch.psuSlots, "compat.psu_slots", "PSUs",
                                  "PSU slots", ch, findings);

    const std::string precision = lower(in.precision);
    if (!precision.empty()) {
        if (rc.gpu.precisions.empty()) {
            addFinding(findings, Severity::Warning, "compat.precision_unknown",
                       "GPU " + rc.gpu.model + " lists no supported precisions, so " + precision
                           + " support was not checked.",
                       "Add the GPU's precisions to the catalog.");
        } else if (!std::any_of(rc.gpu.precisions.begin(), rc.gpu.precisions.end(),
                                [&](const std::string& p) { return lower(p) == precision; })) {
            c.precisionOk = false;
            const std::string list = commaList(rc.gpu.precisions);
            addFinding(findings, Severity::Error, "compat.precision",
                       "The workload computes in " + precision + " but GPU " + rc.gpu.model
                           + " supports only " + list + ".",
                       "Choose a GPU with native " + precision
                           + " support or change the workload precision.");
        }
    }

    // Liquid-only GPUs need a liquid chassis (or its liquid variant) and a
    // liquid cooling option; a liquid chassis needs liquid facility cooling.
    const bool chassisLiquid = ch.cooling == ChassisCooling::Liquid || ch.liquidCoolingOption;
    if (rc.gpu.requiresLiquidCooling) {
        if (!chassisLiquid) {
            c.coolingOk = false;
            addFinding(findings, Severity::Error, "compat.liquid_required",
                       "GPU " + rc.gpu.model + " is sold for liquid cooling only but chassis "
                           + ch.model + " is air-cooled.",
                       "Choose a liquid-cooled chassis or an air-cooled GPU variant.");
        }
        if (rc.cooling && !rc.cooling->isLiquid()) {
            c.coolingOk = false;
            addFinding(findings, Severity::Error, "compat.liquid_required",
                       "GPU " + rc.gpu.model + " needs liquid cooling but the cooling option is "
                           + compatCoolingWords(rc.cooling->type) + ".",
                       "Use direct liquid or immersion cooling.");
        }
    }
    if (ch.cooling == ChassisCooling::Liquid && rc.cooling && !rc.cooling->isLiquid()) {
        c.coolingOk = false;
        addFinding(findings, Severity::Error, "compat.cooling_mismatch",
                   "Chassis " + ch.model + " is liquid-cooled but the cooling option is "
                       + compatCoolingWords(rc.cooling->type) + ".",
                   "Use direct liquid cooling with a CDU.");
    }

    c.systemPartsOk = checkSystemParts(rc, findings);

    c.ok = c.gpuFormFactorOk && c.gpuBaseboardOk && c.nodeMultipleOk && c.gpuCountOk
           && c.nvmeBaysOk && c.pcieSlotsOk && c.cpuSocketsOk && c.psuSlotsOk && c.precisionOk
           && c.coolingOk && c.systemPartsOk && c.nicOfferedOk;
    return c;
}

} // namespace infrafit
