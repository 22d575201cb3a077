// SPDX-License-Identifier: Apache-2.0
#include "core/infra/thermal.h"

#include "core/base/finding_text.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace infrafit {

using infra::addFinding;

namespace {

std::string coolingName(CoolingType type)
{
    return std::string(enumName(type));
}

/// The cooling type in words for messages ("rear door", not the key
/// "rear_door" that suggestedCooling and the files keep).
std::string thermalCoolingWords(CoolingType type)
{
    std::string name(enumName(type));
    std::replace(name.begin(), name.end(), '_', ' ');
    return name;
}

} // namespace

double heatBtuPerHour(double wallW)
{
    return wallW > 0 ? wallW * 3.412 : 0;
}

double airflowCfm(double wallW, double deltaTF)
{
    if (wallW <= 0 || deltaTF <= 0)
        return 0;
    return 3.16 * wallW / deltaTF;
}

double airflowM3PerHour(double wallW, double deltaTK)
{
    if (wallW <= 0 || deltaTK <= 0)
        return 0;
    return 2.99 * wallW / deltaTK;
}

double typicalCoolingMaxKwPerRack(CoolingType type)
{
    switch (type) {
    case CoolingType::Air: return 30;
    case CoolingType::RearDoor: return 75;
    case CoolingType::DirectLiquid: return 140;
    case CoolingType::Immersion: return 100;
    }
    return 0;
}

std::optional<CoolingType> coolingThatCarries(double rackKw)
{
    constexpr std::array<CoolingType, 4> order{CoolingType::Air, CoolingType::RearDoor,
                                               CoolingType::DirectLiquid, CoolingType::Immersion};
    for (const auto type : order) {
        if (rackKw <= typicalCoolingMaxKwPerRack(type))
            return type;
    }
    return std::nullopt;
}

ThermalReport checkThermal(const ResolvedConfiguration& rc, const InfrastructureInputs& in,
                           const PowerReport& power, Findings& findings)
{
    ThermalReport t;
    t.deltaTF = in.airDeltaTF > 0 ? in.airDeltaTF : 0;
    t.deltaTK = t.deltaTF / 1.8; // a temperature difference: 1 K = 1.8 °F
    // Heat equals wall (AC input) power, not DC load (docs/reference/hardware.md §2.3).
    t.nodeHeatBtuPerH = heatBtuPerHour(power.nodeWallW);
    t.nodeAirflowCfm = airflowCfm(power.nodeWallW, t.deltaTF);
    t.nodeAirflowM3PerH = airflowM3PerHour(power.nodeWallW, t.deltaTK);
    t.rackHeatKw = power.rackWallKw;
    t.rackHeatBtuPerH = heatBtuPerHour(power.rackWallKw * 1000);
    t.rackAirflowCfm = airflowCfm(power.rackWallKw * 1000, t.deltaTF);

    const double maxTdp = rc.chassis.maxGpuTdpW;
    if (maxTdp > 0 && rc.gpu.tdpW > maxTdp) {
        t.gpuTdpOk = false;
        addFinding(findings, Severity::Error, "thermal.gpu_tdp_exceeded",
                   "GPU " + rc.gpu.model + " is rated " + infra::watts(rc.gpu.tdpW) + " but chassis "
                       + rc.chassis.model + " cools at most " + infra::watts(maxTdp) + " per GPU.",
                   "Choose a chassis rated for " + infra::watts(rc.gpu.tdpW)
                       + " GPUs, or set the GPU power limit to " + infra::watts(maxTdp) + ".");
    }

    // What the rack would hold on power and space alone, and its heat.
    const int byPowerAndUnits = std::min(power.nodesPerRackByPower, power.nodesPerRackByUnits);
    const double uncooledRackKw = byPowerAndUnits * power.nodeWallW / 1000;
    const double nodeKw = power.nodeWallW / 1000;
    if (rc.cooling) {
        t.coolingCapacityKw = rc.cooling->maxHeatKwPerRack;
        const auto needKw = std::max(uncooledRackKw, nodeKw);
        const auto better = coolingThatCarries(needKw);
        if (better)
            t.suggestedCooling = coolingName(*better);
        if (t.coolingCapacityKw < nodeKw) {
            t.coolingOk = false;
            addFinding(findings, Severity::Error, "thermal.cooling_insufficient",
                       "One node gives off " + infra::num(nodeKw, 1) + " kW but "
                           + thermalCoolingWords(rc.cooling->type) + " cooling ("
                           + rc.cooling->model
                           + ") removes at most " + infra::num(t.coolingCapacityKw, 1)
                           + " kW per rack.",
                       better ? "Use " + thermalCoolingWords(*better) + " cooling (typically up to "
                                    + infra::num(typicalCoolingMaxKwPerRack(*better))
                                    + " kW per rack)."
                              : std::string("Lower node power; no listed cooling type carries it."));
        } else if (power.nodesPerRackByCooling >= 0
                   && power.nodesPerRackByCooling < byPowerAndUnits) {
            addFinding(findings, Severity::Warning, "thermal.cooling_limits_density",
                       thermalCoolingWords(rc.cooling->type) + " cooling removes "
                           + infra::num(t.coolingCapacityKw, 1) + " kW per rack, so a rack holds "
                           + infra::counted(power.nodesPerRackByCooling, "node", "nodes")
                           + " instead of the "
                           + std::to_string(byPowerAndUnits) + " its power and space allow ("
                           + infra::num(uncooledRackKw, 1) + " kW).",
                       better ? "Use " + thermalCoolingWords(*better) + " cooling to fill the rack."
                              : std::string("Accept the lower density."));
        }
    } else {
        const auto carrier = coolingThatCarries(std::max(power.rackWallKw, nodeKw));
        if (carrier)
            t.suggestedCooling = coolingName(*carrier);
        addFinding(findings, Severity::Info, "thermal.cooling_unchecked",
                   "No cooling option is configured; a full rack gives off "
                       + infra::num(power.rackWallKw, 1) + " kW ("
                       + infra::num(t.rackHeatBtuPerH) + " BTU/h).",
                   carrier ? "Add a cooling option; " + thermalCoolingWords(*carrier)
                                 + " cooling typically carries it."
                           : std::string("Add a cooling option."));
    }
    t.ok = t.gpuTdpOk && t.coolingOk;
    return t;
}

} // namespace infrafit
