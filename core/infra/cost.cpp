// SPDX-License-Identifier: Apache-2.0
#include "core/infra/cost.h"

#include "core/base/finding_text.h"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace infrafit {

using infra::addFinding;

namespace {

constexpr double kHoursPerYear = 8760; // 365 × 24

bool containsListPrice(std::string note)
{
    std::transform(note.begin(), note.end(), note.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return note.find("list price") != std::string::npos;
}

void addPartLine(CostReport& cost, const char* item, const PartInfo& part, std::int64_t count,
                 bool includedInChassis)
{
    if (count <= 0)
        return;
    CostLine line;
    line.item = item;
    line.partId = part.id;
    line.model = part.model;
    line.count = count;
    line.includedInChassis = includedInChassis;
    if (!includedInChassis) {
        if (part.priceUsd && std::isfinite(*part.priceUsd) && *part.priceUsd >= 0) {
            line.unitPriceUsd = *part.priceUsd;
            line.totalUsd = line.unitPriceUsd * static_cast<double>(count);
            line.priceEstimated = isPriceEstimated(part);
        } else {
            line.priceMissing = true;
        }
    }
    cost.lines.push_back(std::move(line));
}

/// Host memory: DIMMs per node x nodes at the configuration's DIMM price,
/// else an estimate per GB (defaultDimmUsdPerGb). Left out when the
/// configuration states no DIMMs.
void addHostMemoryLine(CostReport& cost, const Configuration& cfg, std::int64_t nodes,
                       bool includedInChassis)
{
    if (!cfg.dimmsPerNode || *cfg.dimmsPerNode <= 0 || nodes <= 0)
        return;
    CostLine line;
    line.item = "host_memory";
    line.model = infra::num(cfg.dimmSizeGb) + " GB DIMM";
    line.count = nodes * *cfg.dimmsPerNode;
    line.includedInChassis = includedInChassis;
    if (!includedInChassis) {
        const bool stated = cfg.dimmPriceUsd && std::isfinite(*cfg.dimmPriceUsd);
        line.unitPriceUsd =
            stated ? *cfg.dimmPriceUsd
                   : defaultDimmUsdPerGb * std::max(0.0, infra::finiteOr(cfg.dimmSizeGb, 0));
        line.priceEstimated = !stated;
        line.totalUsd = line.unitPriceUsd * static_cast<double>(line.count);
    }
    cost.lines.push_back(std::move(line));
}

} // namespace

bool isPriceEstimated(const PartInfo& part)
{
    return part.isEstimated("price_usd") || !containsListPrice(part.priceNote);
}

double defaultPue(const ResolvedConfiguration& rc)
{
    if (rc.cooling) {
        const auto& c = *rc.cooling;
        if (c.pueLow && c.pueHigh && *c.pueLow >= 1 && *c.pueHigh >= *c.pueLow)
            return (*c.pueLow + *c.pueHigh) / 2;
        if (c.pueLow && *c.pueLow >= 1)
            return *c.pueLow;
    }
    return 1.4; // docs/reference/hardware.md §1.7: air 1.4-1.6 (Uptime 2023 average 1.58)
}

CostReport estimateCost(const ResolvedConfiguration& rc, const InfrastructureInputs& in,
                        const PowerReport& power, const FabricReport& fabric,
                        Findings& findings)
{
    CostReport cost;
    const auto& cfg = rc.config;
    const std::int64_t nodes = std::max(0, cfg.nodes);
    const auto perCluster = [nodes](int perNode) {
        return nodes * static_cast<std::int64_t>(std::max(0, perNode));
    };
    cost.chassisPriceIncludesComponents =
        in.chassisPriceIncludesComponents.value_or(rc.chassis.priceIncludesParts);
    const bool inChassis = cost.chassisPriceIncludesComponents;

    // Capex = Σ part price × count per node × nodes (+ fabric, + racks).
    addPartLine(cost, "chassis", rc.chassis, nodes, false);
    addPartLine(cost, "gpu", rc.gpu, perCluster(cfg.gpusPerNode), inChassis);
    if (rc.cpu)
        addPartLine(cost, "cpu", *rc.cpu, perCluster(cfg.cpusPerNode), inChassis);
    if (rc.nvme)
        addPartLine(cost, "nvme", *rc.nvme, perCluster(cfg.nvmePerNode), inChassis);
    if (rc.nic)
        addPartLine(cost, "nic", *rc.nic, perCluster(cfg.nicsPerNode), inChassis);
    if (rc.psu)
        addPartLine(cost, "psu", *rc.psu, perCluster(cfg.psusPerNode), inChassis);
    // Cooling is facility equipment priced per rack; added only when priced,
    // never marking the capex incomplete. A node that exceeds the rack's
    // budget (0 nodes per rack, an error finding) still needs at least one
    // rack's cooling: counting none would make the larger node cheaper.
    const std::int64_t coolingRacks = power.nodesPerRack > 0 ? power.racks : nodes;
    if (rc.cooling && rc.cooling->priceUsd && coolingRacks > 0)
        addPartLine(cost, "cooling", *rc.cooling, coolingRacks, false);
    addHostMemoryLine(cost, cfg, nodes, inChassis);
    if (cfg.sharedStoragePriceUsd && std::isfinite(*cfg.sharedStoragePriceUsd)
        && *cfg.sharedStoragePriceUsd > 0) {
        CostLine line;
        line.item = "shared_storage";
        line.model = "shared storage, " + infra::num(cfg.sharedStorageGbs, 1) + " GB/s";
        line.count = 1;
        line.unitPriceUsd = *cfg.sharedStoragePriceUsd;
        line.totalUsd = line.unitPriceUsd;
        cost.lines.push_back(std::move(line));
    }
    for (const auto& line : cost.lines)
        cost.partsUsd += line.totalUsd;

    const auto fabricLine = [&](const char* item, const std::string& model, std::int64_t count,
                                double unit) {
        if (count <= 0)
            return;
        CostLine line;
        line.item = item;
        line.model = model;
        line.count = count;
        line.unitPriceUsd = unit;
        line.totalUsd = unit * static_cast<double>(count);
        line.priceEstimated = true;
        cost.fabricUsd += line.totalUsd;
        cost.lines.push_back(std::move(line));
    };
    if (fabric.needed) {
        const auto& sw = fabric.switchUsed;
        fabricLine("switch", sw.model, fabric.tree.totalSwitches, sw.priceUsd);
        // The configuration's catalog switch: its id, and a price that is a
        // list price when the part says so (issue 18).
        if (rc.fabricSwitch && fabric.tree.totalSwitches > 0) {
            cost.lines.back().partId = rc.fabricSwitch->id;
            cost.lines.back().priceEstimated = !rc.fabricSwitch->priceUsd
                || rc.fabricSwitch->isEstimated("price_usd");
        }
        fabricLine("cable", "cable", fabric.tree.cables, sw.cablePriceUsd);
        fabricLine("transceiver", "transceiver", fabric.transceivers, sw.transceiverPriceUsd);
    }
    if (fabric.frontEnd.needed) {
        const auto& fe = fabric.frontEnd;
        const auto& sw = fe.switchUsed;
        fabricLine("switch", "front-end: " + sw.model, fe.tree.totalSwitches, sw.priceUsd);
        fabricLine("cable", "front-end cable", fe.tree.cables, sw.cablePriceUsd);
        fabricLine("transceiver", "front-end transceiver", fe.transceivers,
                   sw.transceiverPriceUsd);
    }
    if (in.rackPriceUsd && *in.rackPriceUsd > 0 && power.racks > 0) {
        CostLine line{"rack", {}, "rack with PDUs", *in.rackPriceUsd, power.racks,
                      *in.rackPriceUsd * static_cast<double>(power.racks), false, false, false};
        cost.racksUsd = line.totalUsd;
        cost.lines.push_back(std::move(line));
    }
    cost.capexUsd = cost.partsUsd + cost.fabricUsd + cost.racksUsd;

    std::string missing;
    for (const auto& line : cost.lines) {
        if (line.priceMissing) {
            cost.priceComplete = false;
            ++cost.unpricedParts;
            const std::string& name = !line.model.empty() ? line.model : line.partId;
            missing += (missing.empty() ? "" : ", ") + line.item + (name.empty() ? "" : " " + name);
        }
        if (line.priceEstimated)
            cost.priceIncludesEstimates = true;
    }
    if (!cost.priceComplete) {
        // A sum with unknown terms is unknown: the priced lines give only a
        // lower bound, and every figure built on it (TCO, cost per token) too.
        addFinding(findings, Severity::Warning, "cost.price_missing",
                   "Capital cost is unknown: " + describeUsd(cost.capex())
                       + " leaves out parts without a price: " + missing
                       + ". TCO and cost per token are lower bounds too.",
                   "Enter the price of these parts in the catalog.");
    }
    if (cost.priceIncludesEstimates) {
        addFinding(findings, Severity::Info, "cost.price_estimated",
                   "Capital cost of " + describeUsd(cost.capex())
                       + " includes estimated prices (street prices or fabric estimates).",
                   "Replace estimates with quotes before ordering.");
    }

    // Yearly energy = cluster wall power at typical utilisation × 8,760 h ×
    // PUE (facility energy per IT energy, The Green Grid PUE definition) ×
    // electricity price (docs/reference/hardware.md §2.2 utilisation model).
    cost.pue = in.pue && *in.pue >= 1 ? *in.pue : defaultPue(rc);
    cost.electricityUsdPerKwh = std::max(0.0, infra::finiteOr(in.electricityUsdPerKwh, 0));
    cost.years = std::max(0.0, infra::finiteOr(in.years, 0));
    cost.energyKwhPerYear = power.clusterTypicalW / 1000 * kHoursPerYear * cost.pue;
    cost.energyUsdPerYear = cost.energyKwhPerYear * cost.electricityUsdPerKwh;
    cost.energyKwhPerDay = power.clusterTypicalW / 1000 * 24 * cost.pue;
    // CO2 = facility energy × grid carbon intensity (GHG Protocol Scope 2
    // Guidance 2015, location-based method; docs/power-model.md §6).
    cost.gridCo2GPerKwh = std::max(0.0, infra::finiteOr(in.gridCo2GPerKwh, 0));
    cost.co2KgPerYear = cost.energyKwhPerYear * cost.gridCo2GPerKwh / 1000;
    cost.co2KgPerDay = cost.energyKwhPerDay * cost.gridCo2GPerKwh / 1000;
    if (in.trainingDays && std::isfinite(*in.trainingDays) && *in.trainingDays > 0
        && *in.trainingDays < 1e9) {
        // Energy of one run: the cluster at its average under the workload
        // for the days the speed model gives, facility side (× PUE).
        const double kwh = cost.energyKwhPerDay * *in.trainingDays;
        cost.energyKwhPerTrainingRun = kwh;
        cost.energyUsdPerTrainingRun = kwh * cost.electricityUsdPerKwh;
        cost.co2KgPerTrainingRun = kwh * cost.gridCo2GPerKwh / 1000;
    }
    cost.tcoUsd = cost.capexUsd + cost.years * cost.energyUsdPerYear;
    cost.usdPerHour = infra::safeDiv(cost.tcoUsd, cost.years * kHoursPerYear);

    // Cost per million tokens: TCO per hour ÷ tokens per hour, i.e. the
    // cluster amortised over the horizon and busy the whole time.
    if (in.tokensPerSecond && *in.tokensPerSecond > 0 && cost.usdPerHour > 0) {
        cost.usdPerMillionTokens =
            infra::safeDiv(cost.usdPerHour, *in.tokensPerSecond * 3600) * 1e6;
    }
    return cost;
}

} // namespace infrafit
