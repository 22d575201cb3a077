// SPDX-License-Identifier: Apache-2.0
#include "core/infra/fabric.h"

#include "core/base/finding_text.h"
#include "core/infra/switch_power.h"

#include <algorithm>
#include <cmath>

namespace infrafit {

using infra::addFinding;

namespace {

std::int64_t fabricCeilDiv(std::int64_t a, std::int64_t b)
{
    return b <= 0 ? 0 : (a + b - 1) / b;
}

/// A switch whose power is its chassis (estimate: ~900 W for a 51.2 Tb/s
/// 1U/2U switch, ~2 kW for a 115.2 Tb/s one) plus the maximum optic power of
/// every port at `portGbps` (switchPortOpticW, NVIDIA transceiver figures).
SwitchAssumption fabricSwitch(std::string model, int radix, double chassisW, double portGbps,
    double priceUsd, double transceiverUsd, double cableUsd, std::string source)
{
    SwitchAssumption s{std::move(model), radix, 0, priceUsd, transceiverUsd, cableUsd,
        std::move(source), chassisW, portGbps};
    s.powerW = chassisW + radix * switchPortOpticW(portGbps).maxW;
    return s;
}

/// Typical and maximum power of a tree's switches: chassis plus lit ports.
SwitchPowerLevels fabricTreePower(const FatTreeSize& t, const SwitchAssumption& s, double portGbps)
{
    return switchesPower(t.totalSwitches, s.chassisW,
        fatTreePortsUsed(t.nodeToLeafCables, t.leafToSpineCables, t.spineToCoreCables), portGbps);
}

} // namespace

std::int64_t fatTreeMaxEndpoints(int radix, int tiers)
{
    const std::int64_t k = std::max(0, radix);
    switch (tiers) {
    case 1:
        return k; // one switch, every port down
    case 2:
        return k * k / 2; // k leaves × k/2 down-ports
    case 3:
        return k * k * k / 4; // k pods × (k/2)² endpoints
    default:
        return 0;
    }
}

FatTreeSize sizeFatTree(std::int64_t endpoints, int radix)
{
    FatTreeSize t;
    t.endpoints = std::max<std::int64_t>(0, endpoints);
    if (t.endpoints == 0 || radix < 2) {
        t.fits = t.endpoints == 0;
        return t;
    }
    const std::int64_t k = radix;
    const std::int64_t half = k / 2;
    t.nodeToLeafCables = t.endpoints;
    if (t.endpoints <= fatTreeMaxEndpoints(radix, 1)) {
        t.tiers = 1;
        t.leafSwitches = 1;
    } else if (t.endpoints <= fatTreeMaxEndpoints(radix, 2)) {
        // Leaf/spine: each leaf has k/2 ports down and k/2 up.
        t.tiers = 2;
        t.leafSwitches = fabricCeilDiv(t.endpoints, half);
        t.spineSwitches = fabricCeilDiv(t.leafSwitches, 2);
        t.leafToSpineCables = t.endpoints;
    } else {
        // Three tiers: edge, aggregation (as many as leaves) and core.
        t.tiers = 3;
        t.fits = t.endpoints <= fatTreeMaxEndpoints(radix, 3);
        t.leafSwitches = fabricCeilDiv(t.endpoints, half);
        t.spineSwitches = t.leafSwitches;
        t.coreSwitches = fabricCeilDiv(t.leafSwitches, 2);
        t.leafToSpineCables = t.endpoints;
        t.spineToCoreCables = t.endpoints;
    }
    t.totalSwitches = t.leafSwitches + t.spineSwitches + t.coreSwitches;
    t.cables = t.nodeToLeafCables + t.leafToSpineCables + t.spineToCoreCables;
    return t;
}

SwitchAssumption defaultSwitchFor(NicProtocol protocol, double portSpeedGbps)
{
    // Radix from docs/reference/hardware.md §1.9 / §2.4. Power: chassis
    // (estimate) + optics per lit port at its speed (NVIDIA transceiver
    // specifications, core/infra/switch_power.h; docs/power-model.md §7).
    // Prices are estimates: street prices ~$30k (InfiniBand NDR), 400G OSFP
    // multimode transceiver ~$1k, MPO fibre ~$150. Override them in
    // InfrastructureInputs.
    const bool ib = protocol == NicProtocol::Infiniband;
    if (portSpeedGbps > 400) {
        if (ib)
            return fabricSwitch("NVIDIA Quantum-X800 Q3400 (144 × 800G)", 144, 2000, 800, 60000,
                1500, 200, "docs/reference/hardware.md §1.9 radix; chassis power and prices estimated");
        return fabricSwitch("NVIDIA Spectrum-4 SN5600 (64 × 800GbE)", 64, 900, 800, 35000, 1500,
            200, "docs/reference/hardware.md §1.9 radix; chassis power and prices estimated");
    }
    if (portSpeedGbps > 200) {
        if (ib)
            return fabricSwitch("NVIDIA Quantum-2 QM9700 (64 × 400G NDR)", 64, 900, 400, 30000,
                1000, 150,
                "docs/reference/hardware.md §1.9/§2.4 radix (NetBox, SuperPOD RA); chassis power "
                "and prices estimated");
        return fabricSwitch("NVIDIA Spectrum-4 SN5600 split (128 × 400GbE)", 128, 900, 400,
            35000, 1000, 150,
            "docs/reference/hardware.md §2.4 radix (derived); chassis power and prices estimated");
    }
    return fabricSwitch("NVIDIA Quantum-2 QM9700 split (128 × 200G)", 128, 900, 200, 30000, 700,
        120,
        "docs/reference/hardware.md §1.9 (128 × 200G split); chassis power and prices estimated");
}

SwitchAssumption switchAssumptionFrom(const NetworkSwitch& part, const SwitchAssumption& fallback)
{
    SwitchAssumption s = fallback;
    s.model = part.vendor.empty() ? part.model : part.vendor + " " + part.model;
    s.radix = part.ports;
    s.portSpeedGbps = part.portSpeedGbps;
    s.powerW = std::isfinite(part.maxPowerW) ? std::max(0.0, part.maxPowerW) : 0.0;
    s.chassisW = std::max(0.0, s.powerW - part.ports * switchPortOpticW(part.portSpeedGbps).maxW);
    if (part.priceUsd && std::isfinite(*part.priceUsd))
        s.priceUsd = *part.priceUsd;
    s.source = "catalog switch " + part.id + (part.source.empty() ? "" : ": " + part.source);
    return s;
}

SwitchAssumption defaultFrontEndSwitch()
{
    // SN5600: 64 × 800GbE ports, each split into 4 × 200GbE (256 ports);
    // price, power and optics estimated as for the back-end switches above.
    return fabricSwitch("NVIDIA Spectrum-4 SN5600 split (256 × 200GbE)", 256, 900, 200, 35000,
        700, 120,
        "docs/reference/hardware.md §1.9 (SN5600 64 × 800GbE, 4-way split); chassis power and "
        "prices estimated");
}

namespace {

FrontEndNetwork planFrontEnd(int nodes, const InfrastructureInputs& in)
{
    FrontEndNetwork n;
    if (nodes <= 1 || in.frontEndPortsPerNode <= 0)
        return n;
    n.needed = true;
    n.switchUsed = defaultFrontEndSwitch();
    n.portsPerNode = in.frontEndPortsPerNode;
    n.portSpeedGbps = in.frontEndPortSpeedGbps;
    n.tree = sizeFatTree(static_cast<std::int64_t>(nodes) * n.portsPerNode, n.switchUsed.radix);
    n.transceivers = n.tree.cables * std::max(0, in.transceiversPerLink);
    const SwitchPowerLevels power = fabricTreePower(n.tree, n.switchUsed, n.portSpeedGbps);
    n.switchPowerTotalW = power.maxW;
    n.switchPowerTypicalW = power.typicalW;
    n.costUsd = static_cast<double>(n.tree.totalSwitches) * n.switchUsed.priceUsd
        + static_cast<double>(n.tree.cables) * n.switchUsed.cablePriceUsd
        + static_cast<double>(n.transceivers) * n.switchUsed.transceiverPriceUsd;
    return n;
}

} // namespace

FabricReport planFabric(
    const ResolvedConfiguration& rc, const InfrastructureInputs& in, Findings& findings)
{
    FabricReport f;
    const auto& cfg = rc.config;
    f.backEndUsed = cfg.nodes > 1 && in.needsInterNodeTraffic.value_or(cfg.nodes > 1);
    if (cfg.nodes <= 1) {
        if (cfg.nodes == 1 && in.needsInterNodeTraffic.value_or(false))
            addFinding(findings, Severity::Info, "fabric.single_node",
                "A single node needs no compute fabric.");
        return f;
    }
    // Capex is a property of the configuration, not of the workload run on
    // it: every multi-node cluster gets its front-end network, and its NICs
    // get their back-end fabric whether or not this workload uses it.
    f.frontEnd = planFrontEnd(cfg.nodes, in);
    f.switchPowerTotalW = f.frontEnd.switchPowerTotalW;
    f.switchPowerTypicalW = f.frontEnd.switchPowerTypicalW;
    if (!rc.nic || cfg.nicsPerNode <= 0 || rc.nic->ports <= 0 || rc.nic->portSpeedGbps <= 0) {
        if (f.backEndUsed) {
            f.ok = false;
            addFinding(findings, Severity::Error, "fabric.no_nic",
                "The workload needs traffic between " + std::to_string(cfg.nodes)
                    + " nodes but the configuration has no usable NIC (NIC part, NICs per node, "
                      "or the NIC's ports or port speed missing or 0).",
                "Add NICs, e.g. one 400 Gbit/s port per GPU for training.");
        }
        return f;
    }
    f.needed = true;
    f.switchUsed = defaultSwitchFor(rc.nic->protocol, rc.nic->portSpeedGbps);
    if (rc.fabricSwitch) {
        const NetworkSwitch& sw = *rc.fabricSwitch;
        f.switchUsed = switchAssumptionFrom(sw, f.switchUsed);
        if (sw.protocol != rc.nic->protocol || sw.portSpeedGbps < rc.nic->portSpeedGbps)
            addFinding(findings, Severity::Warning, "fabric.switch_mismatch",
                "The configuration's switch " + sw.id + " (" + std::string(enumName(sw.protocol))
                    + ", " + infra::num(sw.portSpeedGbps) + " Gb/s ports) does not match the NIC "
                    + rc.nic->id + " (" + std::string(enumName(rc.nic->protocol)) + ", "
                    + infra::num(rc.nic->portSpeedGbps) + " Gb/s).",
                "Choose a switch of the NIC's protocol with ports at least as fast.");
    }
    if (in.switchRadix)
        f.switchUsed.radix = *in.switchRadix;
    if (in.switchPowerW) {
        // A given full-switch power: the chassis is what its optics leave.
        f.switchUsed.powerW = *in.switchPowerW;
        f.switchUsed.chassisW = std::max(0.0, *in.switchPowerW
            - f.switchUsed.radix * switchPortOpticW(f.switchUsed.portSpeedGbps).maxW);
    }
    if (in.switchPriceUsd)
        f.switchUsed.priceUsd = *in.switchPriceUsd;
    if (in.transceiverPriceUsd)
        f.switchUsed.transceiverPriceUsd = *in.transceiverPriceUsd;
    if (in.cablePriceUsd)
        f.switchUsed.cablePriceUsd = *in.cablePriceUsd;
    f.portSpeedGbps = rc.nic->portSpeedGbps;
    f.rails = cfg.nicsPerNode * rc.nic->ports;

    // One endpoint per NIC port; in a rail-optimised layout rail r of every
    // node lands on leaf r of its scalable unit (SuperPOD RA), which keeps the
    // same switch counts as the plain tree.
    const std::int64_t endpoints = static_cast<std::int64_t>(cfg.nodes) * f.rails;
    if (f.switchUsed.radix < 2) {
        f.ok = false;
        addFinding(findings, Severity::Error, "fabric.bad_radix",
            "Switch radix " + std::to_string(f.switchUsed.radix)
                + " cannot build a fabric (the switch radix must be at least 2).",
            "Set the switch radix, e.g. 64 for a QM9700.");
        return f;
    }
    f.tree = sizeFatTree(endpoints, f.switchUsed.radix);
    f.transceivers = f.tree.cables * std::max(0, in.transceiversPerLink);
    const SwitchPowerLevels power = fabricTreePower(f.tree, f.switchUsed, f.portSpeedGbps);
    f.switchPowerTotalW += power.maxW;
    f.switchPowerTypicalW += power.typicalW;
    f.costUsd = static_cast<double>(f.tree.totalSwitches) * f.switchUsed.priceUsd
        + static_cast<double>(f.tree.cables) * f.switchUsed.cablePriceUsd
        + static_cast<double>(f.transceivers) * f.switchUsed.transceiverPriceUsd;
    if (!f.tree.fits) {
        f.ok = false;
        addFinding(findings, Severity::Error, "fabric.too_large",
            std::to_string(endpoints) + " NIC ports exceed the "
                + infra::num(static_cast<double>(fatTreeMaxEndpoints(f.switchUsed.radix, 3)))
                + " endpoints a three-tier non-blocking fat tree of radix "
                + std::to_string(f.switchUsed.radix) + " switches can connect (k³/4).",
            "Use higher-radix switches or split the cluster into several fabrics.");
    }
    if (!f.backEndUsed) {
        addFinding(findings, Severity::Info, "fabric.back_end_idle",
            "This workload keeps each replica inside one node (or one NVLink rack), so the "
            "back-end fabric for the configuration's "
                + std::to_string(endpoints)
                + " NIC ports carries no traffic for it; it is still priced, as part "
                  "of the configuration.",
            "Fewer or slower NICs would do for this workload alone.");
    }
    return f;
}

} // namespace infrafit
