// SPDX-License-Identifier: Apache-2.0
#include "core/layout/plan_layout.h"

#include "core/pipeline/evaluate.h"
#include "core/base/finding_text.h"
#include "core/infra/switch_power.h"
#include "core/base/finite_value.h"
#include "core/base/input_error.h"
#include "core/layout/cabling.h"
#include "core/layout/layout_parts.h"
#include "core/layout/place_racks.h"
#include "core/layout/power_distribution.h"
#include "core/project/project_names.h"

#include <algorithm>
#include <cmath>

namespace infrafit {

namespace {

/// The fabric's switch on the QM9700's body: radix, speed, power and price
/// from the fabric model, height, weight and PSUs from the QM9700.
SwitchSpec layoutSwitchFrom(const SwitchAssumption& s, std::string id)
{
    SwitchSpec spec = defaultLeafSwitch();
    if (s.radix <= 0)
        return spec;
    spec.id = std::move(id);
    spec.model = s.model;
    spec.ports = s.radix;
    spec.portSpeedGbps = s.portSpeedGbps;
    const SwitchPortPower optic = switchPortOpticW(s.portSpeedGbps);
    spec.maxW = s.powerW > 0 ? s.powerW : spec.maxW;
    spec.typicalW = std::min(spec.maxW, s.chassisW + s.radix * optic.typicalW);
    spec.priceUsd = s.priceUsd;
    spec.source = s.source
        + "; body (1U, 14.8 kg, 2 PSUs) of the QM9700 (NetBox "
          "devicetype-library Nvidia/QM9700)";
    return spec;
}

LayoutTree layoutTreeFrom(const FatTreeSize& t, int radix)
{
    LayoutTree tree;
    tree.radix = radix;
    tree.tiers = t.tiers;
    tree.leaves = t.leafSwitches;
    tree.spines = t.spineSwitches;
    tree.cores = t.coreSwitches;
    tree.leafToSpineCables = t.leafToSpineCables;
    tree.spineToCoreCables = t.spineToCoreCables;
    return tree;
}

} // namespace

LayoutInputs defaultLayoutInputs(const FabricReport& fabric)
{
    LayoutInputs in;
    in.leaf = fabric.needed ? layoutSwitchFrom(fabric.switchUsed, "fabric-switch")
                            : defaultLeafSwitch();
    in.frontEnd = fabric.frontEnd.needed
        ? layoutSwitchFrom(fabric.frontEnd.switchUsed, "frontend-switch")
        : layoutSwitchFrom(defaultFrontEndSwitch(), "frontend-switch");
    in.management = defaultManagementSwitch();
    in.pdu = defaultRackPdu();
    return in;
}

LayoutRequest layoutRequestFor(
    const ResolvedConfiguration& rc, const InfrastructureReport& infra, const LayoutInputs& inputs)
{
    LayoutRequest r;
    const auto& cfg = rc.config;
    const auto& power = infra.power;
    r.inputs = inputs;
    r.nodes = std::max(0, cfg.nodes);
    r.nodePart = rc.chassis.id;
    r.nodeU = std::max(1, rc.chassis.rackUnits);
    r.nodeMaxW = positiveOrZero(power.nodeWallW);
    r.nodeTypicalW = std::min(r.nodeMaxW, positiveOrZero(power.nodeWallTypicalW));
    r.nodeWeightKg = positiveOrZero(rc.chassis.weightKg);
    r.nodePsus = power.psusInstalled > 0 ? power.psusInstalled
                                         : (rc.chassis.psuSlots > 0 ? rc.chassis.psuSlots : 2);
    r.nodePsuWatts = positiveOrZero(power.psuWattsEach);
    r.redundancy = cfg.psuRedundancy;
    r.nodeSurvivesFeedLoss = power.feedLoss != FeedLossVerdict::Insufficient;

    const auto& fabric = infra.fabric;
    if (fabric.needed) {
        r.rails = fabric.rails;
        r.railGbps = fabric.portSpeedGbps;
        r.backEnd = layoutTreeFrom(fabric.tree, fabric.switchUsed.radix);
    }
    if (fabric.frontEnd.needed) {
        r.frontEndPortsPerNode = fabric.frontEnd.portsPerNode;
        r.frontEndGbps = fabric.frontEnd.portSpeedGbps;
        r.frontEnd = layoutTreeFrom(fabric.frontEnd.tree, fabric.frontEnd.switchUsed.radix);
    }

    r.rack = cfg.rack;
    const double budgetKw = power.rackBudgetKw > 0 ? power.rackBudgetKw : cfg.rack.powerLimitKw;
    r.rackPowerW = positiveOrZero(budgetKw * 1000);
    r.rackCoolingW = rc.cooling ? positiveOrZero(rc.cooling->maxHeatKwPerRack * 1000) : 0;
    return r;
}

namespace {

/// A copy of `in` whose figures are finite and not negative (a NaN or
/// infinite power would make every later sum meaningless); each
/// replacement is reported once as "layout.bad_input".
LayoutRequest layoutSanitized(const LayoutRequest& in, Findings& findings)
{
    LayoutRequest r = in;
    std::vector<std::string> fixed;
    const auto clean = [&](double& value, const char* name) {
        if (!std::isfinite(value) || value < 0) {
            value = 0;
            fixed.emplace_back(name);
        }
    };
    clean(r.nodeTypicalW, "node typical power");
    clean(r.nodeMaxW, "node maximum power");
    clean(r.nodeWeightKg, "node weight");
    clean(r.nodePsuWatts, "PSU rating");
    clean(r.railGbps, "NIC port speed");
    clean(r.frontEndGbps, "front-end port speed");
    clean(r.rackPowerW, "rack power");
    clean(r.rackCoolingW, "rack cooling");
    clean(r.rack.weightLimitKg, "rack.weight_limit_kg");
    clean(r.rack.pitchM, "rack.pitch_m");
    clean(r.rack.rowDistanceM, "rack.row_distance_m");
    clean(r.inputs.pdu.voltageV, "PDU voltage");
    clean(r.inputs.pdu.breakerA, "PDU breaker");
    clean(r.inputs.pdu.weightKg, "PDU weight");
    for (SwitchSpec* s : {&r.inputs.leaf, &r.inputs.frontEnd, &r.inputs.management}) {
        clean(s->typicalW, "switch typical power");
        clean(s->maxW, "switch maximum power");
        clean(s->weightKg, "switch weight");
    }
    r.nodeTypicalW = std::min(r.nodeTypicalW, r.nodeMaxW);
    if (!fixed.empty()) {
        std::string list;
        for (const auto& name : fixed)
            list += (list.empty() ? "" : ", ") + name;
        infra::addFinding(findings, Severity::Error, "layout.bad_input",
            "The layout got a missing, negative or non-finite value for: " + list
                + "; 0 was used instead.",
            "Check the parts' power, weight and rating fields.");
    }
    return r;
}

} // namespace

RackLayout planLayout(const LayoutRequest& input)
{
    RackLayout layout;
    const LayoutRequest request = layoutSanitized(input, layout.findings);
    placeDevices(request, layout);
    for (auto& rack : layout.racks)
        distributeRackPower(request, rack);
    for (const auto& rack : layout.racks)
        for (const auto& d : rack.devices)
            layout.pdus += d.role == DeviceRole::Pdu ? 1 : 0;
    checkRackPower(request, layout);
    planCables(request, layout);
    if (!layout.racks.empty()) {
        const NodesPerRack per = computeNodesPerRack(request);
        const auto computeRacks = static_cast<double>(
            std::count_if(layout.racks.begin(), layout.racks.end(), [](const Rack& rack) {
                return std::any_of(rack.devices.begin(), rack.devices.end(),
                    [](const PlacedDevice& d) { return d.role == DeviceRole::GpuNode; });
            }));
        infra::addFinding(layout.findings, Severity::Info, "layout.summary",
            infra::counted(static_cast<double>(layout.racks.size()), "rack", "racks") + " ("
                + infra::counted(computeRacks, "compute rack", "compute racks") + ", "
                + infra::counted(static_cast<double>(layout.racks.size()) - computeRacks,
                    "network rack", "network racks")
                + "); " + infra::counted(per.nodes, "node", "nodes")
                + " per compute rack, bound by " + per.limit + "; "
                + infra::counted(static_cast<double>(layout.cables.size()), "cable", "cables")
                + ".");
    }
    for (const auto& f : layout.findings)
        layout.ok = layout.ok && f.severity != Severity::Error;
    return layout;
}

RackLayout planProjectLayout(const Project& project, const PartLookup& catalog,
    std::string_view configName, std::string_view workloadName, const std::string& file)
{
    return planProjectLayoutWithParts(project, catalog, configName, workloadName, file).layout;
}

ProjectLayout planProjectLayoutWithParts(const Project& project, const PartLookup& catalog,
    std::string_view configName, std::string_view workloadName, const std::string& file)
{
    if (project.configurations.empty())
        throw InputError(file, "/configurations", "the project has no configurations");
    std::size_t configIndex = project.configurations.size();
    for (std::size_t i = 0; i < project.configurations.size(); ++i)
        if (project.configurations[i].name == configName)
            configIndex = i;
    std::vector<Problem> problems;
    if (configIndex == project.configurations.size())
        problems.push_back({"--config",
            "no configuration named \"" + std::string(configName) + "\""
                + knownConfigurationNames(project)});
    const Workload* workload = nullptr;
    if (!workloadName.empty()) {
        for (const auto& w : project.workloads)
            if (w.name == workloadName)
                workload = &w;
        if (!workload)
            problems.push_back({"--workload",
                "no workload named \"" + std::string(workloadName) + "\""
                    + knownWorkloadNames(project)});
    } else if (!project.workloads.empty()) {
        workload = &project.workloads.front();
    }
    if (!problems.empty())
        throw InputError(file, std::move(problems));
    ProjectLayout out;
    out.rc = resolveConfiguration(project, configIndex, catalog, file);
    const ResolvedConfiguration& rc = out.rc;
    InfrastructureReport infra;
    if (workload) {
        const AnalysisResult result = evaluate(*workload, rc);
        infra = result.infrastructure ? *result.infrastructure : checkInfrastructure(rc, {});
    } else {
        infra = checkInfrastructure(rc, {});
    }
    out.inputs = layoutInputsFor(rc, infra.fabric, catalog);
    out.layout = planLayout(layoutRequestFor(rc, infra, out.inputs));
    return out;
}

} // namespace infrafit
