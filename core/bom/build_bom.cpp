// SPDX-License-Identifier: Apache-2.0
#include "core/bom/build_bom.h"

#include "core/project/project_names.h"

#include "core/pipeline/evaluate.h"
#include "core/base/input_error.h"
#include "core/layout/layout_parts.h"
#include "core/layout/plan_layout.h"
#include "core/base/finite_value.h"
#include "core/infra/requirement_check.h"
#include "core/io/default_software.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <stdexcept>

namespace infrafit {
namespace {

bool isNodePart(const std::string& kind)
{
    return kind == "chassis" || kind == "gpu" || kind == "cpu" || kind == "nvme" || kind == "nic"
        || kind == "psu" || kind == "host_memory";
}

/// The catalog part a cost line names, to read its vendor and part number.
const PartInfo* partFor(const ResolvedConfiguration& rc, const std::string& kind)
{
    if (kind == "chassis")
        return &rc.chassis;
    if (kind == "gpu")
        return &rc.gpu;
    if (kind == "cpu" && rc.cpu)
        return &*rc.cpu;
    if (kind == "nvme" && rc.nvme)
        return &*rc.nvme;
    if (kind == "nic" && rc.nic)
        return &*rc.nic;
    if (kind == "psu" && rc.psu)
        return &*rc.psu;
    if (kind == "cooling" && rc.cooling)
        return &*rc.cooling;
    if (kind == "switch" && rc.fabricSwitch)
        return &*rc.fabricSwitch;
    return nullptr;
}

PriceStatus statusOf(const CostLine& line)
{
    if (line.includedInChassis)
        return PriceStatus::IncludedInChassis;
    if (line.priceMissing)
        return PriceStatus::Missing;
    if (line.priceEstimated)
        return PriceStatus::Estimated;
    return PriceStatus::Listed;
}

std::string noteFor(PriceStatus status)
{
    switch (status) {
    case PriceStatus::Listed:
        return "list price";
    case PriceStatus::Estimated:
        return "estimated price";
    case PriceStatus::Missing:
        return "price missing; not in the total";
    case PriceStatus::IncludedInChassis:
        return "included in the chassis price";
    case PriceStatus::NotPriced:
        return "sized by the analysis; not priced (no rack price given)";
    }
    return {};
}

BomLine lineFrom(const ResolvedConfiguration& rc, const CostLine& cost)
{
    BomLine line;
    line.kind = cost.item;
    line.model = cost.model;
    line.partId = cost.partId;
    if (const PartInfo* part = partFor(rc, cost.item); part && part->id == cost.partId) {
        line.vendor = part->vendor;
        line.partNumber = part->partNumber;
    }
    line.totalQuantity = std::max<std::int64_t>(0, cost.count);
    const std::int64_t nodes = std::max(0, rc.config.nodes);
    if (isNodePart(cost.item) && nodes > 0 && line.totalQuantity % nodes == 0) {
        line.nodes = nodes;
        line.quantityPerNode = line.totalQuantity / nodes;
    }
    line.priceStatus = statusOf(cost);
    line.note = noteFor(line.priceStatus);
    if (line.priceStatus == PriceStatus::Listed || line.priceStatus == PriceStatus::Estimated) {
        line.unitPriceUsd = finiteOrZero(cost.unitPriceUsd);
        line.extendedPriceUsd = finiteOrZero(cost.totalUsd);
    }
    return line;
}

void addSubtotalsAndTotals(BillOfMaterials& bom)
{
    auto& totals = bom.totals;
    for (const auto& line : bom.lines) {
        auto it = std::find_if(bom.subtotals.begin(), bom.subtotals.end(),
            [&](const BomSubtotal& s) { return s.kind == line.kind; });
        if (it == bom.subtotals.end()) {
            bom.subtotals.push_back({line.kind, 0, 0, false});
            it = bom.subtotals.end() - 1;
        }
        it->quantity += line.totalQuantity;
        it->extendedPriceUsd += line.extendedPriceUsd;
        const bool estimated = line.priceStatus == PriceStatus::Estimated;
        it->includesEstimates = it->includesEstimates || estimated;
        totals.includesEstimates = totals.includesEstimates || estimated;
        if (line.kind == "switch" || line.kind == "cable" || line.kind == "transceiver")
            totals.fabricUsd += line.extendedPriceUsd;
        else if (line.kind == "rack" || line.kind == "pdu")
            totals.facilityUsd += line.extendedPriceUsd;
        else
            totals.nodePartsUsd += line.extendedPriceUsd;
        totals.totalUsd += line.extendedPriceUsd;
        if (line.priceStatus == PriceStatus::Missing) {
            totals.complete = false;
            totals.missingPrices.push_back(line.kind + " " + line.model
                + (line.partId.empty() ? "" : " (" + line.partId + ")"));
        }
    }
}

PowerTriple triple(double idleW, double typicalW, double maxW)
{
    return {finiteOrZero(idleW), finiteOrZero(typicalW), finiteOrZero(maxW)};
}

void summarizeInfrastructure(
    const ResolvedConfiguration& rc, const InfrastructureReport& report, BomSummary& s)
{
    const auto& power = report.power;
    s.nodes = rc.config.nodes;
    s.gpusPerNode = rc.config.gpusPerNode;
    s.totalGpus = static_cast<std::int64_t>(rc.config.nodes) * rc.config.gpusPerNode;
    s.nodeDc = triple(power.node.total.idleW, power.node.total.typicalW, power.nodeW);
    s.nodeWall = triple(power.nodeWallIdleW, power.nodeWallTypicalW, power.nodeWallW);
    const double perRack = std::max(0, power.nodesPerRack);
    s.rackWall = triple(
        perRack * s.nodeWall.idleW, perRack * s.nodeWall.typicalW, perRack * s.nodeWall.maxW);
    s.clusterWall = triple(power.clusterIdleW, power.clusterTypicalW, power.clusterW);
    s.psuCapacityW = finiteOrZero(power.psuCapacityW);
    s.psuArrangement = power.psuArrangement;
    s.psuOk = power.psuOk;
    s.nodesPerRack = power.nodesPerRack;
    s.nodesPerRackLimit = power.nodesPerRackLimit;
    s.racks = power.racks;

    const auto& thermal = report.thermal;
    s.nodeHeatBtuPerH = finiteOrZero(thermal.nodeHeatBtuPerH);
    s.rackHeatBtuPerH = finiteOrZero(thermal.rackHeatBtuPerH);
    s.nodeAirflowCfm = finiteOrZero(thermal.nodeAirflowCfm);
    s.nodeAirflowM3PerH = finiteOrZero(thermal.nodeAirflowM3PerH);
    s.rackAirflowCfm = finiteOrZero(thermal.rackAirflowCfm);

    const auto& cost = report.cost;
    s.pue = finiteOrZero(cost.pue);
    s.electricityUsdPerKwh = finiteOrZero(cost.electricityUsdPerKwh);
    s.energyKwhPerYear = finiteOrZero(cost.energyKwhPerYear);
    s.energyUsdPerYear = finiteOrZero(cost.energyUsdPerYear);
    s.years = finiteOrZero(cost.years);
    s.tcoUsd = finiteOrZero(cost.tcoUsd);
    if (cost.usdPerMillionTokens && std::isfinite(*cost.usdPerMillionTokens))
        s.usdPerMillionTokens = *cost.usdPerMillionTokens;
    s.gpuPowerLimitW = finiteOrZero(power.node.gpuPowerLimitW);
    s.gpuPowerCapped = power.node.gpuPowerCapped;
    s.energyKwhPerDay = finiteOrZero(cost.energyKwhPerDay);
    if (cost.energyKwhPerTrainingRun)
        s.energyKwhPerTrainingRun = finiteOrZero(*cost.energyKwhPerTrainingRun);
    s.gridCo2GPerKwh = finiteOrZero(cost.gridCo2GPerKwh);
    s.co2KgPerYear = finiteOrZero(cost.co2KgPerYear);
    if (cost.co2KgPerTrainingRun)
        s.co2KgPerTrainingRun = finiteOrZero(*cost.co2KgPerTrainingRun);

    const auto& node = power.node;
    const auto addPower = [&](const char* label, double maxW) {
        if (finiteOrZero(maxW) > 0)
            s.nodePowerW.push_back({label, finiteOrZero(maxW)});
    };
    addPower("GPUs", node.gpus.maxW);
    addPower("CPUs", node.cpus.maxW);
    addPower("NICs", node.nics.maxW);
    addPower("NVMe", node.nvme.maxW);
    addPower("Chassis base", node.base.maxW);
    addPower("Fans", node.fans.maxW);

    s.assumptions = report.assumptions;
    for (auto& a : s.assumptions)
        a.value = finiteOrZero(a.value);
}

void summarizeVerdict(const AnalysisResult& r, BomSummary& s)
{
    s.hasVerdict = true;
    s.workloadName = r.workloadName;
    s.headline = headlineOf(r);
    const auto& m = r.memory;
    const auto addMemory = [&](const char* label, double bytes) {
        if (finiteOrZero(bytes) > 0)
            s.memoryPerGpuBytes.push_back({label, finiteOrZero(bytes)});
    };
    addMemory("Weights", m.weightsBytes);
    addMemory("Gradients", m.gradientsBytes);
    addMemory("Optimizer", m.optimizerBytes);
    addMemory("Activations", m.activationsBytes);
    addMemory("KV cache", m.kvCacheBytes);
    addMemory("Overhead", m.overheadBytes());
    s.gpuCapacityBytes = finiteOrZero(r.gpuCapacityBytes);
    s.findings = r.findings;
}

BillOfMaterials buildFrom(
    const ResolvedConfiguration& rc, const InfrastructureReport& report, const BomContext& context)
{
    BillOfMaterials bom;
    auto& s = bom.summary;
    s.projectName = context.projectName;
    s.configurationName = rc.config.name;
    s.date = context.date;
    s.infrafitVersion = context.infrafitVersion;
    bom.lines.reserve(report.cost.lines.size() + 1);
    bool rackLine = false;
    for (const auto& cost : report.cost.lines) {
        bom.lines.push_back(lineFrom(rc, cost));
        rackLine = rackLine || cost.item == "rack";
    }
    if (!rackLine && report.power.racks > 0) {
        BomLine racks;
        racks.kind = "rack";
        racks.model = "rack with PDUs (" + std::to_string(rc.config.rack.units) + " U)";
        racks.totalQuantity = report.power.racks;
        racks.priceStatus = PriceStatus::NotPriced;
        racks.note = noteFor(racks.priceStatus);
        bom.lines.push_back(std::move(racks));
    }
    addSubtotalsAndTotals(bom);
    summarizeInfrastructure(rc, report, s);
    s.findings = report.findings;
    s.software = recommendSoftware(
        rc.gpu, context.software ? *context.software : defaultSoftwareTable());
    // The racks as laid out (core/layout/), for the reports' drawings and
    // cable list; with layoutCables its cables become the cable lines.
    // With a catalog, its switches and PDUs (core/layout/layout_parts.h);
    // then the PDUs and management switches become BOM lines too.
    const LayoutInputs inputs = context.catalog
        ? layoutInputsFor(rc, report.fabric, *context.catalog)
        : defaultLayoutInputs(report.fabric);
    bom.layout = planLayout(layoutRequestFor(rc, report, inputs));
    if (context.layoutCables) {
        addLayoutCableLines(bom, *bom.layout);
        if (context.catalog)
            addLayoutDeviceLines(bom, *bom.layout, inputs);
    }
    return bom;
}

} // namespace

BillOfMaterials buildBom(
    const ResolvedConfiguration& rc, const InfrastructureReport& report, const BomContext& context)
{
    return buildFrom(rc, report, context);
}

BillOfMaterials buildBom(
    const ResolvedConfiguration& rc, const AnalysisResult& evaluation, const BomContext& context)
{
    if (!evaluation.infrastructure)
        throw std::invalid_argument("buildBom needs an evaluate() result with infrastructure");
    BillOfMaterials bom = buildFrom(rc, *evaluation.infrastructure, context);
    summarizeVerdict(evaluation, bom.summary);
    return bom;
}

BillOfMaterials buildProjectBom(const Project& project, const PartLookup& catalog,
    std::string_view configName, std::string_view workloadName, BomContext context,
    const std::string& file)
{
    if (project.configurations.empty())
        throw InputError(file, "/configurations", "the project has no configurations");
    std::size_t configIndex = project.configurations.size();
    for (std::size_t i = 0; i < project.configurations.size(); ++i)
        if (project.configurations[i].name == configName)
            configIndex = i;
    std::vector<Problem> problems;
    if (configIndex == project.configurations.size())
        problems.push_back(
            {"--config", "no configuration named \"" + std::string(configName) + "\""
                    + knownConfigurationNames(project)});
    const Workload* workload = nullptr;
    if (!workloadName.empty()) {
        for (const auto& w : project.workloads)
            if (w.name == workloadName)
                workload = &w;
        if (!workload)
            problems.push_back(
                {"--workload", "no workload named \"" + std::string(workloadName) + "\""
                    + knownWorkloadNames(project)});
    } else if (!project.workloads.empty()) {
        workload = &project.workloads.front();
    }
    if (!problems.empty())
        throw InputError(file, std::move(problems));
    if (context.projectName.empty())
        context.projectName = project.name;
    const ResolvedConfiguration rc = resolveConfiguration(project, configIndex, catalog, file);
    if (!context.catalog)
        context.catalog = &catalog;
    BillOfMaterials bom = workload
        ? buildBom(rc, evaluate(*workload, rc, {}, context.software), context)
        : buildBom(rc, checkInfrastructure(rc, {}), context);
    addComplianceTable(bom, project.requirements, rc);
    return bom;
}

void addComplianceTable(BillOfMaterials& bom, const ProjectRequirements& requirements,
                        const ResolvedConfiguration& rc)
{
    if (!requirements.any())
        return;
    bom.summary.compliance = checkRequirements(requirements, rc);
    const auto more = requirementFindings(bom.summary.compliance);
    bom.summary.findings.insert(bom.summary.findings.end(), more.begin(), more.end());
    std::stable_sort(bom.summary.findings.begin(), bom.summary.findings.end(),
                     [](const Finding& a, const Finding& b) { return a.severity > b.severity; });
}

void addLayoutCableLines(BillOfMaterials& bom, const RackLayout& layout)
{
    std::erase_if(bom.lines, [](const BomLine& line) {
        return line.kind == "cable" || line.kind == "transceiver";
    });
    for (const auto& t : layout.cableTotals) {
        BomLine cable;
        cable.kind = "cable";
        cable.model = t.type + " (" + std::to_string(t.count) + " cables, "
            + std::to_string(static_cast<std::int64_t>(std::llround(finiteOrZero(t.lengthM))))
            + " m in all)";
        cable.partId = t.type;
        cable.totalQuantity = t.count;
        cable.unitPriceUsd = finiteOrZero(t.cableUnitUsd);
        cable.extendedPriceUsd = cable.unitPriceUsd * static_cast<double>(t.count);
        cable.priceStatus = PriceStatus::Estimated;
        cable.note = "from the rack layout's cable list; " + noteFor(cable.priceStatus);
        bom.lines.push_back(std::move(cable));
        if (t.transceiversPerCable <= 0)
            continue;
        BomLine optic;
        optic.kind = "transceiver";
        optic.model = "transceiver for " + t.type;
        optic.partId = t.type + "-transceiver";
        optic.totalQuantity = t.count * t.transceiversPerCable;
        optic.unitPriceUsd = finiteOrZero(t.transceiverUnitUsd);
        optic.extendedPriceUsd = optic.unitPriceUsd * static_cast<double>(optic.totalQuantity);
        optic.priceStatus = PriceStatus::Estimated;
        optic.note = "two per optical cable of the rack layout; " + noteFor(optic.priceStatus);
        bom.lines.push_back(std::move(optic));
    }
    bom.subtotals.clear();
    bom.totals = {};
    addSubtotalsAndTotals(bom);
    bom.cablesFromLayout = true;
}

void addLayoutDeviceLines(BillOfMaterials& bom, const RackLayout& layout, const LayoutInputs& inputs)
{
    const auto deviceLine = [&bom](const char* kind, const std::string& model, const PartInfo* part,
                                   std::int64_t count, double unitUsd, const std::string& note) {
        if (count <= 0)
            return;
        BomLine line;
        line.kind = kind;
        line.model = model;
        if (part) {
            line.vendor = part->vendor;
            line.partId = part->id;
            line.partNumber = part->partNumber;
        }
        line.totalQuantity = count;
        line.unitPriceUsd = finiteOrZero(unitUsd);
        line.extendedPriceUsd = line.unitPriceUsd * static_cast<double>(count);
        const bool listed = part && part->priceUsd && !part->isEstimated("price_usd");
        line.priceStatus = line.unitPriceUsd <= 0 ? PriceStatus::Missing
            : listed                              ? PriceStatus::Listed
                                                  : PriceStatus::Estimated;
        line.note = note + "; " + noteFor(line.priceStatus);
        bom.lines.push_back(std::move(line));
    };
    const auto& pdu = inputs.pdu;
    deviceLine("pdu", pdu.model, pdu.catalogPart ? &*pdu.catalogPart : nullptr, layout.pdus,
               pdu.priceUsd, "rack PDUs of the rack layout");
    const auto& mgmt = inputs.management;
    deviceLine("switch", "management: " + mgmt.model, mgmt.catalogPart ? &*mgmt.catalogPart : nullptr,
               layout.managementSwitches, mgmt.priceUsd, "one management switch per rack of the layout");
    bom.subtotals.clear();
    bom.totals = {};
    addSubtotalsAndTotals(bom);
}

std::string reportDateToday()
{
    std::time_t seconds = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    if (const char* epoch = std::getenv("SOURCE_DATE_EPOCH"); epoch && *epoch) {
        char* end = nullptr;
        const long long value = std::strtoll(epoch, &end, 10);
        if (end && *end == '\0' && value >= 0)
            seconds = static_cast<std::time_t>(value);
    }
    std::tm utc {};
    gmtime_r(&seconds, &utc);
    char text[16];
    std::strftime(text, sizeof text, "%Y-%m-%d", &utc);
    return text;
}

} // namespace infrafit
