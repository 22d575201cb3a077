// SPDX-License-Identifier: Apache-2.0
#include "core/output/infra_json.h"

#include <cmath>
#include <string>

namespace infrafit {

namespace {

/// Finite numbers only (JSON has no NaN); whole numbers stay whole.
nlohmann::json number(double v)
{
    return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(0);
}

nlohmann::json levels(const PowerLevels& p)
{
    return {
        {"idle_w", number(p.idleW)}, {"typical_w", number(p.typicalW)}, {"max_w", number(p.maxW)}};
}

} // namespace

nlohmann::json powerToJson(const PowerReport& p)
{
    nlohmann::json j = {
        // Contract (docs/architecture.md "Analysis JSON").
        {"node_w", number(p.nodeW)},
        {"node_wall_w", number(p.nodeWallW)},
        {"psu_capacity_w", number(p.psuCapacityW)},
        {"psu_ok", p.psuOk},
        {"nodes_per_rack", p.nodesPerRack},
        {"racks", p.racks},
        {"cluster_w", number(p.clusterW)},
        // Additive.
        {"node_idle_w", number(p.node.total.idleW)},
        {"node_typical_w", number(p.node.total.typicalW)},
        {"node_wall_idle_w", number(p.nodeWallIdleW)},
        {"node_wall_typical_w", number(p.nodeWallTypicalW)},
        {"wall_from_vendor_maximum", p.wallFromVendorMaximum},
        {"node_breakdown",
         {{"gpus", levels(p.node.gpus)},
          {"cpus", levels(p.node.cpus)},
          {"nics", levels(p.node.nics)},
          {"nvme", levels(p.node.nvme)},
          {"base", levels(p.node.base)},
          {"fans", levels(p.node.fans)},
          {"components_in_base", p.node.componentsInBase}}},
        {"gpu_power_limit_w", number(p.node.gpuPowerLimitW)},
        {"gpu_power_capped", p.node.gpuPowerCapped},
        {"gpu_activity",
         {{"compute_bound", number(p.node.gpuActivity.computeBound)},
          {"memory_bound", number(p.node.gpuActivity.memoryBound)},
          {"communication", number(p.node.gpuActivity.communication)},
          {"idle", number(p.node.gpuActivity.idle)},
          {"from_workload", p.node.gpuActivity.fromWorkload},
          {"compute_intensity", number(p.node.gpuActivity.computeIntensity)}}},
        {"cooling_pump_w", number(p.coolingPumpW)},
        {"psu_known", p.psuKnown},
        {"psu_from_chassis", p.psuFromChassis},
        {"psu_watts_each", number(p.psuWattsEach)},
        {"psus_installed", p.psusInstalled},
        {"psus_required", p.psusRequired},
        {"psus_spare", p.psusSpare},
        {"psu_arrangement", p.psuArrangement},
        {"psu_capacity_after_failures_w", number(p.psuCapacityAfterFailuresW)},
        {"psu_load_fraction", number(p.psuLoadFraction)},
        {"psu_efficiency", number(p.psuEfficiency)},
        {"feed_loss", std::string(enumName(p.feedLoss))},
        {"feed_loss_capacity_w", number(p.feedLossCapacityW)},
        {"psu_input_voltage_v", number(p.psuInputVoltageV)},
        {"psu_rated_input_current_a", number(p.psuRatedInputCurrentA)},
        {"psu_input_current_a", number(p.psuInputCurrentA)},
        {"psu_input_current_after_failures_a", number(p.psuInputCurrentAfterFailuresA)},
        {"node_feed_current_a", number(p.nodeFeedCurrentA)},
        {"feed_usable_kw", number(p.feedUsableKw)},
        {"rack_budget_kw", number(p.rackBudgetKw)},
        {"rack_budget_source", p.rackBudgetSource},
        {"nodes_per_rack_by_power", p.nodesPerRackByPower},
        {"nodes_per_rack_by_units", p.nodesPerRackByUnits},
        {"nodes_per_rack_limit", p.nodesPerRackLimit},
        {"rack_wall_kw", number(p.rackWallKw)},
        {"rack_feed_current_a", number(p.rackFeedCurrentA)},
        {"switch_w", number(p.switchW)},
        {"switch_typical_w", number(p.switchTypicalW)},
        {"cluster_typical_w", number(p.clusterTypicalW)},
        {"cluster_idle_w", number(p.clusterIdleW)},
    };
    if (p.nodesPerRackByCooling >= 0)
        j["nodes_per_rack_by_cooling"] = p.nodesPerRackByCooling;
    return j;
}

nlohmann::json thermalToJson(const ThermalReport& t)
{
    nlohmann::json j = {
        // Contract (docs/architecture.md "Analysis JSON").
        {"node_heat_btu_per_h", number(t.nodeHeatBtuPerH)},
        {"node_airflow_cfm", number(t.nodeAirflowCfm)},
        {"ok", t.ok},
        // Additive.
        {"delta_t_f", number(t.deltaTF)},
        {"delta_t_k", number(t.deltaTK)},
        {"node_airflow_m3_per_h", number(t.nodeAirflowM3PerH)},
        {"rack_heat_kw", number(t.rackHeatKw)},
        {"rack_heat_btu_per_h", number(t.rackHeatBtuPerH)},
        {"rack_airflow_cfm", number(t.rackAirflowCfm)},
        {"cooling_capacity_kw", number(t.coolingCapacityKw)},
        {"gpu_tdp_ok", t.gpuTdpOk},
        {"cooling_ok", t.coolingOk},
    };
    if (!t.suggestedCooling.empty())
        j["suggested_cooling"] = t.suggestedCooling;
    return j;
}

nlohmann::json costToJson(const CostReport& c)
{
    nlohmann::json lines = nlohmann::json::array();
    for (const auto& l : c.lines) {
        nlohmann::json line = {{"item", l.item}, {"model", l.model},
            {"unit_price_usd", number(l.unitPriceUsd)}, {"count", l.count},
            {"total_usd", number(l.totalUsd)}, {"price_missing", l.priceMissing},
            {"price_estimated", l.priceEstimated}, {"included_in_chassis", l.includedInChassis}};
        if (!l.partId.empty())
            line["part_id"] = l.partId;
        lines.push_back(std::move(line));
    }
    nlohmann::json j = {
        // Contract (docs/architecture.md "Analysis JSON").
        {"capex_usd", number(c.capexUsd)},
        // Additive.
        {"parts_usd", number(c.partsUsd)},
        {"fabric_usd", number(c.fabricUsd)},
        {"racks_usd", number(c.racksUsd)},
        {"price_complete", c.priceComplete},
        // A sum with unpriced parts is a lower bound: capex_usd, tco_usd,
        // usd_per_hour and usd_per_million_tokens are then "at least".
        {"capex_complete", c.priceComplete},
        {"unpriced_parts", c.unpricedParts},
        {"price_includes_estimates", c.priceIncludesEstimates},
        {"chassis_price_includes_components", c.chassisPriceIncludesComponents},
        {"pue", number(c.pue)},
        {"electricity_usd_per_kwh", number(c.electricityUsdPerKwh)},
        {"energy_kwh_per_year", number(c.energyKwhPerYear)},
        {"energy_usd_per_year", number(c.energyUsdPerYear)},
        {"energy_kwh_per_day", number(c.energyKwhPerDay)},
        {"grid_co2_g_per_kwh", number(c.gridCo2GPerKwh)},
        {"co2_kg_per_year", number(c.co2KgPerYear)},
        {"co2_kg_per_day", number(c.co2KgPerDay)},
        {"years", number(c.years)},
        {"tco_usd", number(c.tcoUsd)},
        {"usd_per_hour", number(c.usdPerHour)},
        {"lines", std::move(lines)},
    };
    if (c.usdPerMillionTokens)
        j["usd_per_million_tokens"] = number(*c.usdPerMillionTokens);
    if (c.energyKwhPerTrainingRun)
        j["energy_kwh_per_training_run"] = number(*c.energyKwhPerTrainingRun);
    if (c.energyUsdPerTrainingRun)
        j["energy_usd_per_training_run"] = number(*c.energyUsdPerTrainingRun);
    if (c.co2KgPerTrainingRun)
        j["co2_kg_per_training_run"] = number(*c.co2KgPerTrainingRun);
    return j;
}

nlohmann::json fabricToJson(const FabricReport& f)
{
    return {
        {"needed", f.needed},
        {"ok", f.ok},
        {"switch_model", f.switchUsed.model},
        {"switch_radix", f.switchUsed.radix},
        {"switch_power_w", number(f.switchUsed.powerW)},
        {"switch_source", f.switchUsed.source},
        {"port_speed_gbps", number(f.portSpeedGbps)},
        {"rails", f.rails},
        {"tiers", f.tree.tiers},
        {"endpoints", f.tree.endpoints},
        {"leaf_switches", f.tree.leafSwitches},
        {"spine_switches", f.tree.spineSwitches},
        {"core_switches", f.tree.coreSwitches},
        {"switches", f.tree.totalSwitches},
        {"node_to_leaf_cables", f.tree.nodeToLeafCables},
        {"leaf_to_spine_cables", f.tree.leafToSpineCables},
        {"spine_to_core_cables", f.tree.spineToCoreCables},
        {"cables", f.tree.cables},
        {"transceivers", f.transceivers},
        {"switch_power_total_w", number(f.switchPowerTotalW)},
        {"cost_usd", number(f.costUsd)},
        {"back_end_used", f.backEndUsed},
        {"front_end",
            {{"needed", f.frontEnd.needed}, {"switch_model", f.frontEnd.switchUsed.model},
                {"ports_per_node", f.frontEnd.portsPerNode},
                {"port_speed_gbps", number(f.frontEnd.portSpeedGbps)},
                {"switches", f.frontEnd.tree.totalSwitches}, {"cables", f.frontEnd.tree.cables},
                {"transceivers", f.frontEnd.transceivers},
                {"switch_power_total_w", number(f.frontEnd.switchPowerTotalW)},
                {"cost_usd", number(f.frontEnd.costUsd)}}},
    };
}

nlohmann::json pcieToJson(const PcieReport& p)
{
    return {
        {"checked", p.checked},
        {"ok", p.ok},
        {"host_gen", p.hostGen},
        {"host_lanes", p.hostLanes},
        {"via_pcie_switches", p.viaPcieSwitches},
        {"gpu_lanes", p.gpuLanes},
        {"nic_lanes", p.nicLanes},
        {"nvme_lanes", p.nvmeLanes},
        {"lanes_needed", p.lanesNeeded},
        {"lane_oversubscription", number(p.laneOversubscription)},
        {"nic_slot_gbps", number(p.nicSlotGbps)},
        {"nic_ports_gbps", number(p.nicPortsGbps)},
        {"lanes_ok", p.lanesOk},
        {"generations_ok", p.generationsOk},
    };
}

nlohmann::json compatibilityToJson(const CompatibilityReport& c)
{
    return {
        {"ok", c.ok},
        {"gpu_form_factor_ok", c.gpuFormFactorOk},
        {"gpu_baseboard_ok", c.gpuBaseboardOk},
        {"node_multiple_ok", c.nodeMultipleOk},
        {"gpu_count_ok", c.gpuCountOk},
        {"nvme_bays_ok", c.nvmeBaysOk},
        {"pcie_slots_ok", c.pcieSlotsOk},
        {"cpu_sockets_ok", c.cpuSocketsOk},
        {"psu_slots_ok", c.psuSlotsOk},
        {"precision_ok", c.precisionOk},
        {"cooling_ok", c.coolingOk},
    };
}

nlohmann::json assumptionsToJson(const Assumptions& assumptions)
{
    nlohmann::json list = nlohmann::json::array();
    for (const auto& a : assumptions)
        list.push_back({{"key", std::string(a.key)}, {"value", number(a.value)},
            {"unit", std::string(a.unit)}, {"source", std::string(a.source)}});
    return list;
}

void addInfrastructureJson(nlohmann::json& result, const InfrastructureReport& report)
{
    result["power"] = powerToJson(report.power);
    result["thermal"] = thermalToJson(report.thermal);
    result["cost"] = costToJson(report.cost);
    result["fabric"] = fabricToJson(report.fabric);
    result["pcie"] = pcieToJson(report.pcie);
    result["compatibility"] = compatibilityToJson(report.compatibility);
    result["infrastructure_assumptions"] = assumptionsToJson(report.assumptions);
}

} // namespace infrafit
