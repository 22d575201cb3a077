// SPDX-License-Identifier: Apache-2.0
#include "core/infra/power.h"

#include "core/infra/electrical.h"
#include "core/base/finding_text.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

namespace infrafit {

using infra::addFinding;

namespace {

double positive(double v)
{
    return std::isfinite(v) && v > 0 ? v : 0;
}

PowerLevels operator+(const PowerLevels& a, const PowerLevels& b)
{
    return {a.idleW + b.idleW, a.typicalW + b.typicalW, a.maxW + b.maxW};
}

/// Failures the configured redundancy must survive with `installed` PSUs.
int demandedFailures(PsuRedundancy redundancy, int installed)
{
    switch (redundancy) {
    case PsuRedundancy::NPlus1: return 1;
    case PsuRedundancy::NPlusN: return installed - installed / 2; // the larger half's feed
    case PsuRedundancy::None: break;
    }
    return 0;
}

double wallFor(double dcW, double psuCapacityW, const Psu* psu, double fallbackEfficiency)
{
    // docs/reference/hardware.md §2.3: P_wall = P_dc / η(load), load per PSU =
    // P_dc / (n_active × P_psu), active PSUs share equally.
    const double load = infra::safeDiv(dcW, psuCapacityW);
    const double eta = psu ? psuEfficiencyAt(*psu, load, fallbackEfficiency) : fallbackEfficiency;
    return infra::safeDiv(dcW, eta);
}

} // namespace

PowerLevels componentPower(double maxW, double idleFraction, double utilisation)
{
    const double pMax = positive(maxW);
    const double idle = pMax * std::clamp(infra::finiteOr(idleFraction, 0), 0.0, 1.0);
    const double u = std::clamp(infra::finiteOr(utilisation, 0), 0.0, 1.0);
    // docs/reference/hardware.md §2.2 (Dell EIPT / HPE Power Advisor style model).
    return {idle, idle + u * (pMax - idle), pMax};
}

double nodeFanMaxW(const ResolvedConfiguration& rc, const InfrastructureInputs& in,
                   double nodeMaxW, double baseMaxW)
{
    double share = positive(in.airFanShareOfNodeMax);
    CoolingType type = rc.chassis.cooling == ChassisCooling::Liquid ? CoolingType::DirectLiquid
                                                                    : CoolingType::Air;
    if (rc.cooling)
        type = rc.cooling->type;
    if (type == CoolingType::DirectLiquid)
        share *= 0.2;
    else if (type == CoolingType::Immersion)
        share = 0;
    return std::min(share * positive(nodeMaxW), 0.6 * positive(baseMaxW));
}

double fanPowerAtHeat(double fanMaxW, double heatFraction)
{
    // Fan laws: P ∝ N³, airflow ∝ N; airflow ∝ heat at fixed ΔT.
    const double speed = std::clamp(infra::finiteOr(heatFraction, 1.0), 0.3, 1.0);
    return positive(fanMaxW) * speed * speed * speed;
}

const GpuPowerCalibration* gpuPowerCalibrationFor(const Gpu& gpu, const InfrastructureInputs& in)
{
    if (!in.gpuPowerCalibration || in.gpuPowerCalibration->gpuId != gpu.id
        || !in.gpuPowerCalibration->usable())
        return nullptr;
    return &*in.gpuPowerCalibration;
}

NodePower nodeDcPower(const ResolvedConfiguration& rc, const InfrastructureInputs& in)
{
    NodePower p;
    const auto& cfg = rc.config;
    const auto count = [](int n) { return static_cast<double>(std::max(0, n)); };
    p.componentsInBase = rc.chassis.basePowerIncludesComponents;

    // GPUs: idle, average under the workload's activity and the rated
    // maximum, each at most the power limit (docs/power-model.md §1–§3).
    const double gpus = count(cfg.gpusPerNode);
    const std::optional<double> limit = cfg.gpuPowerLimitW;
    p.gpuPowerLimitW = effectivePowerLimitW(rc.gpu, limit);
    p.gpuPowerCapped = p.gpuPowerLimitW < gpuMaxPowerLimitW(rc.gpu);
    GpuActivity activity;
    if (in.gpuActivity) {
        activity = normalisedActivity(*in.gpuActivity);
    } else {
        const double u = std::clamp(infra::finiteOr(in.utilisation, 0), 0.0, 1.0);
        activity.computeBound = u;
        activity.idle = 1 - u;
        activity = normalisedActivity(activity);
    }
    p.gpuActivity = activity;
    const double busy = 1 - activity.idle;
    // A calibration profile's fit of this GPU replaces the published curve
    // (docs/power-model.md §8); the rated maximum stays the limit.
    const GpuPowerCalibration* fit = gpuPowerCalibrationFor(rc.gpu, in);
    p.gpus = {gpus * gpuIdleW(rc.gpu, limit, fit), gpus * gpuAverageW(rc.gpu, limit, activity, fit),
              gpus * p.gpuPowerLimitW};

    if (!p.componentsInBase) {
        if (rc.cpu)
            p.cpus = componentPower(count(cfg.cpusPerNode) * positive(rc.cpu->tdpW),
                                    in.cpuIdleFraction, in.cpuLoadWhenBusy * busy);
        if (rc.nic) {
            // NIC card plus one optic per port (docs/reference/hardware.md §1.4: add the
            // optics to the NIC's power).
            const double perNic = positive(rc.nic->powerW)
                                  + count(rc.nic->ports) * positive(in.nicOpticWPerPort);
            p.nics = componentPower(count(cfg.nicsPerNode) * perNic, in.nicIdleFraction, busy);
        }
        if (rc.nvme)
            p.nvme = componentPower(count(cfg.nvmePerNode) * positive(rc.nvme->powerW),
                                    in.nvmeIdleFraction, in.nvmeLoadWhenBusy * busy);
    }

    // Chassis base: fans carved out and driven by the heat of the rest.
    const double baseMaxW = positive(rc.chassis.basePowerW);
    const double othersMaxW = p.gpus.maxW + p.cpus.maxW + p.nics.maxW + p.nvme.maxW;
    const double fanMaxW = nodeFanMaxW(rc, in, othersMaxW + baseMaxW, baseMaxW);
    // The base rating counts air-cooling fans at full speed
    // (docs/power-model.md §5): idle and average leave all of them out and
    // add back the fans this cooling has; the maximum keeps the rating's
    // share (sizing follows the vendor figure).
    const double airFanMaxW = std::max(
        fanMaxW, std::min(positive(in.airFanShareOfNodeMax) * (othersMaxW + baseMaxW),
                          0.6 * baseMaxW));
    p.base = componentPower(baseMaxW - airFanMaxW, in.baseIdleFraction, in.baseLoadWhenBusy * busy);
    p.base.maxW = baseMaxW - fanMaxW;
    const PowerLevels heat = p.gpus + p.cpus + p.nics + p.nvme + p.base;
    const auto heatShare = [&](double w) { return infra::safeDiv(w, heat.maxW); };
    p.fans = {fanPowerAtHeat(fanMaxW, heatShare(heat.idleW)),
              fanPowerAtHeat(fanMaxW, heatShare(heat.typicalW)), fanMaxW};
    p.total = heat + p.fans;
    return p;
}

double psuEfficiencyAt(const Psu& psu, double loadFraction, double fallback)
{
    const auto valid = [](std::optional<double> e) {
        return e && std::isfinite(*e) && *e > 0 && *e <= 1;
    };
    std::array<std::pair<double, double>, 4> points{};
    std::size_t n = 0;
    const std::array<std::pair<double, std::optional<double>>, 4> curve{{
        {0.10, psu.efficiencyAt10},
        {0.20, psu.efficiencyAt20},
        {0.50, psu.efficiencyAt50},
        {1.00, psu.efficiencyAt100},
    }};
    for (const auto& [load, eta] : curve) {
        if (valid(eta))
            points[n++] = {load, *eta};
    }
    if (n == 0) {
        if (valid(psu.efficiency))
            return psu.efficiency;
        return valid(fallback) ? fallback : 0.9;
    }
    const double x = infra::finiteOr(loadFraction, 0.5);
    if (x <= points[0].first)
        return points[0].second;
    for (std::size_t i = 1; i < n; ++i) {
        if (x <= points[i].first) {
            const auto [x0, y0] = points[i - 1];
            const auto [x1, y1] = points[i];
            return y0 + (y1 - y0) * (x - x0) / (x1 - x0);
        }
    }
    return points[n - 1].second;
}

PowerReport checkNodePower(const ResolvedConfiguration& rc, const InfrastructureInputs& in,
                           Findings& findings)
{
    PowerReport r;
    const auto& cfg = rc.config;
    r.node = nodeDcPower(rc, in);
    r.nodeW = r.node.total.maxW;

    // Which PSU: the configured part, else the one the chassis ships.
    const Psu* psu = rc.psu ? &*rc.psu : nullptr;
    if (psu) {
        r.psuWattsEach = positive(psu->watts);
        r.psusInstalled = std::max(0, cfg.psusPerNode);
    } else if (rc.chassis.psuWattsEach && *rc.chassis.psuWattsEach > 0) {
        r.psuFromChassis = true;
        r.psuWattsEach = *rc.chassis.psuWattsEach;
        r.psusInstalled = cfg.psusPerNode > 0 ? cfg.psusPerNode : std::max(0, rc.chassis.psuSlots);
    }
    r.psuKnown = r.psuWattsEach > 0 && r.psusInstalled > 0;
    r.psuCapacityW = r.psuWattsEach * r.psusInstalled;

    // Wall power. Vendor maxima (DGX 10.2 / 14.3 kW) are AC input already.
    r.wallFromVendorMaximum = r.node.componentsInBase;
    if (r.wallFromVendorMaximum) {
        r.nodeWallW = r.nodeW;
        r.nodeWallTypicalW = r.node.total.typicalW;
        r.nodeWallIdleW = r.node.total.idleW;
    } else {
        const double cap = r.psuKnown ? r.psuCapacityW : 0;
        const double fb = in.fallbackPsuEfficiency;
        r.nodeWallW = cap > 0 ? wallFor(r.nodeW, cap, psu, fb) : infra::safeDiv(r.nodeW, fb);
        r.nodeWallTypicalW = cap > 0 ? wallFor(r.node.total.typicalW, cap, psu, fb)
                                     : infra::safeDiv(r.node.total.typicalW, fb);
        r.nodeWallIdleW = cap > 0 ? wallFor(r.node.total.idleW, cap, psu, fb)
                                  : infra::safeDiv(r.node.total.idleW, fb);
    }

    // Feed and PSU input voltages.
    const double feedV = positive(in.feedVoltageV);
    const double pf = positive(in.powerFactor);
    r.psuInputVoltageV = in.psuInputVoltageV ? positive(*in.psuInputVoltageV)
                         : (in.feedPhases == 3 && feedV >= 380) ? feedV / std::sqrt(3.0)
                                                                : feedV;
    r.nodeFeedCurrentA = feedCurrentA(r.nodeWallW, feedV, in.feedPhases, pf);

    if (!r.psuKnown) {
        // A PSU part with no count is the configuration's error
        // (config.psus_per_node); "names no PSU" would contradict it.
        if (psu && cfg.psusPerNode <= 0)
            return r;
        addFinding(findings, Severity::Warning, "power.psu_missing",
                   "PSU capacity and redundancy were not checked: the configuration names no "
                   "PSU (PSU part and PSUs per node) and the chassis gives no PSU rating.",
                   "Choose a PSU and set PSUs per node.");
        return r;
    }

    // docs/reference/hardware.md §2.3 "PSU redundancy": N = ceil(P_max / P_psu); N+M
    // installed; after the failures the redundancy demands the rest must
    // carry P_max. N+N: half the PSUs per feed, the node survives a feed.
    // Capped at 10^6 like the rack count below: a PSU rated at a tiny
    // fraction of a watt would otherwise overflow the int (fuzz reproducer
    // tests/fixtures/fuzz-regressions/analyze/psu-watts-tiny.json).
    r.psusRequired = static_cast<int>(std::min(std::ceil(r.nodeW / r.psuWattsEach - 1e-9), 1.0e6));
    r.psusSpare = r.psusInstalled - r.psusRequired;
    r.psuArrangement = std::to_string(std::min(r.psusRequired, r.psusInstalled)) + "+"
                       + std::to_string(std::max(0, r.psusSpare));
    const int failures = demandedFailures(cfg.psuRedundancy, r.psusInstalled);
    r.psuCapacityAfterFailuresW = r.psuWattsEach * std::max(0, r.psusInstalled - failures);
    r.psuOk = r.psuCapacityAfterFailuresW >= r.nodeW;
    r.psuLoadFraction = infra::safeDiv(r.nodeW, r.psuCapacityW);
    r.psuEfficiency = psu ? psuEfficiencyAt(*psu, r.psuLoadFraction, in.fallbackPsuEfficiency)
                          : in.fallbackPsuEfficiency;

    // Currents (docs/reference/hardware.md §2.3): one PSU at rating (η at 100 % load), the
    // node's share per PSU, and the share after the demanded failures.
    const double etaFull = psu ? psuEfficiencyAt(*psu, 1.0, in.fallbackPsuEfficiency)
                               : in.fallbackPsuEfficiency;
    r.psuRatedInputCurrentA =
        singlePhaseCurrentA(infra::safeDiv(r.psuWattsEach, etaFull), r.psuInputVoltageV, pf);
    r.psuInputCurrentA = singlePhaseCurrentA(r.nodeWallW / r.psusInstalled, r.psuInputVoltageV, pf);
    const int survivors = std::max(1, r.psusInstalled - failures);
    r.psuInputCurrentAfterFailuresA =
        singlePhaseCurrentA(r.nodeWallW / survivors, r.psuInputVoltageV, pf);

    const std::string redundancyName(enumName(cfg.psuRedundancy));
    if (!r.psuOk && cfg.psuRedundancy != PsuRedundancy::NPlusN) {
        addFinding(findings, Severity::Error, "power.psu_insufficient",
                   "The node draws up to " + infra::watts(r.nodeW) + " but its "
                       + std::to_string(r.psusInstalled) + " × " + infra::watts(r.psuWattsEach)
                       + " PSUs give " + infra::watts(r.psuCapacityAfterFailuresW) + " under "
                       + redundancyName + " redundancy; " + std::to_string(r.psusRequired)
                       + " PSUs are needed to carry it"
                       + (cfg.psuRedundancy == PsuRedundancy::NPlus1 ? " plus one spare." : "."),
                   "Install at least "
                       + std::to_string(r.psusRequired + failures)
                       + " PSUs of this rating, or larger PSUs.");
    }

    // Loss of a whole feed with PSUs split evenly over two feeds.
    r.feedLossCapacityW = r.psuWattsEach * (r.psusInstalled / 2);
    if (r.psusInstalled >= 2) {
        r.feedLoss = r.feedLossCapacityW >= r.nodeW ? FeedLossVerdict::Ok
                     : r.feedLossCapacityW >= r.nodeWallTypicalW ? FeedLossVerdict::Marginal
                                                                 : FeedLossVerdict::Insufficient;
    } else {
        r.feedLoss = FeedLossVerdict::Insufficient;
    }
    if (r.feedLoss != FeedLossVerdict::Ok) {
        const bool required = cfg.psuRedundancy == PsuRedundancy::NPlusN;
        const Severity sev = !required                                   ? Severity::Info
                             : r.feedLoss == FeedLossVerdict::Marginal ? Severity::Warning
                                                                       : Severity::Error;
        const std::string what =
            r.feedLoss == FeedLossVerdict::Marginal
                ? " is marginal: it covers the average under this workload of " + infra::watts(r.nodeWallTypicalW)
                      + " but not the maximum."
                : " cannot carry the node.";
        addFinding(findings, sev, "power.feed_loss",
                   "Losing one of two feeds leaves " + std::to_string(r.psusInstalled / 2) + " × "
                       + infra::watts(r.psuWattsEach) + " = " + infra::watts(r.feedLossCapacityW)
                       + " of PSU capacity for a maximum load of " + infra::watts(r.nodeW)
                       + ", which" + what,
                   required ? "Use more or larger PSUs split across the feeds, or cap node "
                              "power (e.g. GPU power limits) below the one-feed capacity."
                            : "Not required by the configured redundancy ("
                                  + redundancyName + "); shown for grid-redundancy planning.");
    }
    return r;
}

void planRacks(const ResolvedConfiguration& rc, const InfrastructureInputs& in,
               PowerReport& power, Findings& findings)
{
    const auto& cfg = rc.config;
    // docs/reference/hardware.md §2.3 / §1.8: usable = √3 × V_LL × I × 0.8 (NEC); under 2N
    // the rack budget is one feed's usable kW, not the sum of both.
    power.feedUsableKw = feedUsableKw(in.feedVoltageV, in.feedBreakerA, in.feedPhases,
                                      in.continuousLoadFactor);
    const double limitKw = positive(cfg.rack.powerLimitKw);
    if (power.feedUsableKw > 0 && power.feedUsableKw < limitKw) {
        power.rackBudgetKw = power.feedUsableKw;
        power.rackBudgetSource = "feed";
        addFinding(findings, Severity::Info, "rack.feed_below_limit",
                   "The rack limit of " + infra::num(limitKw, 1) + " kW exceeds what one "
                       + infra::num(in.feedVoltageV) + " V " + std::to_string(in.feedPhases)
                       + "-phase " + infra::num(in.feedBreakerA) + " A feed delivers continuously ("
                       + infra::num(power.feedUsableKw, 1)
                       + " kW at " + infra::num(in.continuousLoadFactor * 100)
                       + " % continuous load); the feed is used as the budget.",
                   "Give the real feed (voltage, breaker) or lower the rack power budget.");
    } else {
        power.rackBudgetKw = limitKw;
        power.rackBudgetSource = "rack.power_limit_kw";
    }

    const double nodeKw = power.nodeWallW / 1000;
    const auto floorRatio = [](double a, double b) {
        const double q = infra::safeDiv(a, b);
        return q > 0 ? static_cast<int>(std::min(std::floor(q + 1e-9), 1.0e6)) : 0;
    };
    power.nodesPerRackByPower = floorRatio(power.rackBudgetKw, nodeKw);
    power.nodesPerRackByUnits =
        floorRatio(cfg.rack.units - std::max(0, in.reservedRackUnits), rc.chassis.rackUnits);
    power.nodesPerRack = std::min(power.nodesPerRackByPower, power.nodesPerRackByUnits);
    power.nodesPerRackLimit =
        power.nodesPerRackByPower <= power.nodesPerRackByUnits ? "power" : "rack_units";
    if (rc.cooling) {
        power.nodesPerRackByCooling = floorRatio(rc.cooling->maxHeatKwPerRack, nodeKw);
        if (power.nodesPerRackByCooling < power.nodesPerRack) {
            power.nodesPerRack = power.nodesPerRackByCooling;
            power.nodesPerRackLimit = "cooling";
        }
    }
    power.rackWallKw = power.nodesPerRack * nodeKw;
    power.rackFeedCurrentA =
        feedCurrentA(power.rackWallKw * 1000, in.feedVoltageV, in.feedPhases, in.powerFactor);
    const std::int64_t nodes = std::max(0, cfg.nodes);
    power.racks = power.nodesPerRack > 0 ? (nodes + power.nodesPerRack - 1) / power.nodesPerRack : 0;

    if (power.nodesPerRackByPower == 0 && limitKw > 0) {
        addFinding(findings, Severity::Error, "rack.power_exceeded",
                   "One node draws up to " + infra::num(nodeKw, 1)
                       + " kW at the wall but the rack budget is "
                       + infra::num(power.rackBudgetKw, 1) + " kW ("
                       + (power.rackBudgetSource == "feed" ? "the feed" : "the rack power budget")
                       + ").",
                   "Use a larger feed (voltage or breaker), a higher rack power budget, or "
                   "cap node power.");
    }
    if (power.nodesPerRackByUnits == 0 && cfg.rack.units > 0 && rc.chassis.rackUnits > 0) {
        addFinding(findings, Severity::Error, "rack.units_exceeded",
                   "The chassis is " + std::to_string(rc.chassis.rackUnits) + " U but the rack has "
                       + std::to_string(cfg.rack.units - std::max(0, in.reservedRackUnits))
                       + " usable units.",
                   "Use a taller rack or a smaller chassis.");
    }
    if (power.nodesPerRack > 0) {
        addFinding(findings, Severity::Info, "rack.limit",
                   infra::counted(power.nodesPerRack, "node", "nodes") + " per rack, bound by "
                       + (power.nodesPerRackLimit == "rack_units" ? std::string("rack units")
                                                                  : power.nodesPerRackLimit)
                       + " (power " + std::to_string(power.nodesPerRackByPower)
                       + ", units " + std::to_string(power.nodesPerRackByUnits)
                       + (power.nodesPerRackByCooling >= 0
                              ? ", cooling " + std::to_string(power.nodesPerRackByCooling)
                              : std::string{})
                       + "); " + infra::counted(static_cast<double>(power.racks), "rack", "racks")
                       + " for " + infra::counted(static_cast<double>(nodes), "node", "nodes") + ", "
                       + infra::num(power.rackWallKw, 1) + " kW per full rack.");
    }
}

void addClusterPower(const ResolvedConfiguration& rc, double switchW, double switchTypicalW,
                     PowerReport& power)
{
    const double nodes = static_cast<double>(std::max(0, rc.config.nodes));
    // Rack-level pumps (docs/power-model.md §5): share of the heat the
    // coolant carries at typical load.
    double pumpShare = 0;
    if (rc.cooling && rc.cooling->type == CoolingType::DirectLiquid)
        pumpShare = 0.015;
    else if (rc.cooling && rc.cooling->type == CoolingType::Immersion)
        pumpShare = 0.02;
    power.coolingPumpW = pumpShare * nodes * power.nodeWallTypicalW;
    power.switchW = positive(switchW);
    power.clusterW = nodes * power.nodeWallW + power.switchW;
    power.switchTypicalW = std::min(positive(switchTypicalW), power.switchW);
    power.clusterTypicalW = nodes * power.nodeWallTypicalW + power.switchTypicalW;
    power.clusterIdleW = nodes * power.nodeWallIdleW + power.switchTypicalW;
}

} // namespace infrafit
