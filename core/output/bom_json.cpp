// SPDX-License-Identifier: Apache-2.0
#include "core/output/bom_json.h"
#include "core/base/finite_value.h"
#include "core/output/bom_software.h"

#include <cmath>

namespace infrafit {
namespace {

nlohmann::json powerJson(const PowerTriple& p)
{
    return {{"idle_w", finiteOrZero(p.idleW)}, {"typical_w", finiteOrZero(p.typicalW)},
        {"max_w", finiteOrZero(p.maxW)}};
}

nlohmann::json segmentsJson(const std::vector<ChartSegment>& segments, const char* valueKey)
{
    nlohmann::json list = nlohmann::json::array();
    for (const auto& s : segments)
        list.push_back({{"label", s.label}, {valueKey, finiteOrZero(s.value)}});
    return list;
}

nlohmann::json verdictJson(const BomSummary& s)
{
    if (!s.hasVerdict)
        return nullptr;
    // No speed for a plan that does not fit: the keys stay, values null.
    const Headline& h = s.headline;
    const bool speed = h.speedAvailable();
    const auto speedValue = [speed](double value) {
        return speed ? nlohmann::json(finiteOrZero(value)) : nlohmann::json(nullptr);
    };
    return {{"workload", s.workloadName}, {"kind", std::string(enumName(h.kind))},
        {"analyzed", h.analyzed}, {"fits", h.fits},
        {"binding_limit", std::string(enumName(h.bindingLimit))},
        {"training_days", speedValue(h.trainingDays)}, {"tokens_per_s", speedValue(h.tokensPerS)},
        {"mfu", speedValue(h.mfu)}, {"ttft_s", speedValue(h.ttftS)},
        {"tpot_s", speedValue(h.tpotS)}, {"output_tokens_per_s", speedValue(h.outputTokensPerS)}};
}

nlohmann::json summaryJson(const BomSummary& s)
{
    nlohmann::json summary = {{"project", s.projectName}, {"configuration", s.configurationName},
        {"workload", s.workloadName}, {"date", s.date}, {"infrafit_version", s.infrafitVersion},
        {"nodes", s.nodes}, {"gpus_per_node", s.gpusPerNode}, {"total_gpus", s.totalGpus},
        {"verdict", verdictJson(s)},
        {"power",
            {{"node_dc", powerJson(s.nodeDc)}, {"node_wall", powerJson(s.nodeWall)},
                {"rack_wall", powerJson(s.rackWall)}, {"cluster_wall", powerJson(s.clusterWall)},
                {"psu_capacity_w", finiteOrZero(s.psuCapacityW)},
                {"psu_arrangement", s.psuArrangement}, {"psu_ok", s.psuOk},
                {"nodes_per_rack", s.nodesPerRack},
                {"gpu_power_limit_w", finiteOrZero(s.gpuPowerLimitW)},
                {"gpu_power_capped", s.gpuPowerCapped},
                {"nodes_per_rack_limit", s.nodesPerRackLimit}, {"racks", s.racks}}},
        {"thermal",
            {{"node_heat_btu_per_h", finiteOrZero(s.nodeHeatBtuPerH)},
                {"rack_heat_btu_per_h", finiteOrZero(s.rackHeatBtuPerH)},
                {"node_airflow_cfm", finiteOrZero(s.nodeAirflowCfm)},
                {"node_airflow_m3_per_h", finiteOrZero(s.nodeAirflowM3PerH)},
                {"rack_airflow_cfm", finiteOrZero(s.rackAirflowCfm)}}},
        {"cost",
            {{"pue", finiteOrZero(s.pue)},
                {"electricity_usd_per_kwh", finiteOrZero(s.electricityUsdPerKwh)},
                {"energy_kwh_per_year", finiteOrZero(s.energyKwhPerYear)},
                {"energy_usd_per_year", finiteOrZero(s.energyUsdPerYear)},
                {"years", finiteOrZero(s.years)}, {"tco_usd", finiteOrZero(s.tcoUsd)},
                {"usd_per_million_tokens",
                    s.usdPerMillionTokens ? nlohmann::json(finiteOrZero(*s.usdPerMillionTokens))
                                          : nlohmann::json(nullptr)},
                {"energy_kwh_per_day", finiteOrZero(s.energyKwhPerDay)},
                {"energy_kwh_per_training_run",
                    s.energyKwhPerTrainingRun
                        ? nlohmann::json(finiteOrZero(*s.energyKwhPerTrainingRun))
                        : nlohmann::json(nullptr)},
                {"grid_co2_g_per_kwh", finiteOrZero(s.gridCo2GPerKwh)},
                {"co2_kg_per_year", finiteOrZero(s.co2KgPerYear)},
                {"co2_kg_per_training_run",
                    s.co2KgPerTrainingRun ? nlohmann::json(finiteOrZero(*s.co2KgPerTrainingRun))
                                          : nlohmann::json(nullptr)}}},
        {"charts",
            {{"memory_per_gpu_bytes", segmentsJson(s.memoryPerGpuBytes, "bytes")},
                {"gpu_capacity_bytes", finiteOrZero(s.gpuCapacityBytes)},
                {"node_power_w", segmentsJson(s.nodePowerW, "w")},
                {"psu_capacity_w", finiteOrZero(s.psuCapacityW)}}}};
    return summary;
}

nlohmann::json jsonOptionalCount(const std::optional<std::int64_t>& value)
{
    return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}

} // namespace

nlohmann::json bomToJson(const BillOfMaterials& bom)
{
    nlohmann::json lines = nlohmann::json::array();
    for (const auto& l : bom.lines) {
        lines.push_back({{"kind", l.kind}, {"vendor", l.vendor}, {"model", l.model},
            {"part_id", l.partId}, {"part_number", l.partNumber},
            {"quantity_per_node", jsonOptionalCount(l.quantityPerNode)},
            {"nodes", jsonOptionalCount(l.nodes)}, {"total_quantity", l.totalQuantity},
            {"unit_price_usd", finiteOrZero(l.unitPriceUsd)},
            {"extended_price_usd", finiteOrZero(l.extendedPriceUsd)},
            {"price_status", std::string(enumName(l.priceStatus))}, {"note", l.note}});
    }
    nlohmann::json subtotals = nlohmann::json::array();
    for (const auto& s : bom.subtotals)
        subtotals.push_back({{"kind", s.kind}, {"quantity", s.quantity},
            {"extended_price_usd", finiteOrZero(s.extendedPriceUsd)},
            {"includes_estimates", s.includesEstimates}});
    const auto& t = bom.totals;
    nlohmann::json findings = nlohmann::json::array();
    for (const auto& f : bom.summary.findings)
        findings.push_back({{"severity", std::string(enumName(f.severity))}, {"code", f.code},
            {"message", f.message}, {"suggestion", f.suggestion}});
    nlohmann::json assumptions = nlohmann::json::array();
    for (const auto& a : bom.summary.assumptions)
        assumptions.push_back({{"key", std::string(a.key)}, {"value", finiteOrZero(a.value)},
            {"unit", std::string(a.unit)}, {"source", std::string(a.source)}});
    nlohmann::json compliance = nlohmann::json::array();
    for (const auto& row : bom.summary.compliance)
        compliance.push_back({{"requirement", row.requirement}, {"label", row.label},
            {"part_kind", row.partKind}, {"part_id", row.partId}, {"part", row.partModel},
            {"status", std::string(enumName(row.status))}, {"value", row.value},
            {"source", row.source}});
    // The recommended software stack, or null without a compatibility row.
    nlohmann::json software = nullptr;
    for (const auto& row : bomSoftwareRows(bom.summary))
        software[row.key] = row.value;
    return {{"format", "infrafit-bom"}, {"version", 1}, {"summary", summaryJson(bom.summary)},
        {"lines", std::move(lines)}, {"subtotals", std::move(subtotals)},
        {"totals",
            {{"node_parts_usd", finiteOrZero(t.nodePartsUsd)},
                {"fabric_usd", finiteOrZero(t.fabricUsd)},
                {"facility_usd", finiteOrZero(t.facilityUsd)},
                {"total_usd", finiteOrZero(t.totalUsd)},
                {"includes_estimates", t.includesEstimates}, {"complete", t.complete},
                {"missing_prices", t.missingPrices},
                // When false, total_usd and the summary's tco_usd and
                // usd_per_million_tokens are lower bounds.
                {"capex_complete", t.complete},
                {"unpriced_parts", static_cast<int>(t.missingPrices.size())}}},
        {"findings", std::move(findings)}, {"assumptions", std::move(assumptions)},
        {"software", std::move(software)}, {"compliance", std::move(compliance)}};
}

} // namespace infrafit
