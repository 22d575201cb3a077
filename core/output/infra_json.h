// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/infra/infrastructure.h"

#include <nlohmann/json.hpp>

namespace infrafit {

/// JSON for the infrastructure report objects of `analyze --format json`.
/// The contract names (docs/architecture.md "Analysis JSON"; power: node_w,
/// node_wall_w, psu_capacity_w, psu_ok, nodes_per_rack, racks, cluster_w;
/// thermal: node_heat_btu_per_h, node_airflow_cfm, ok; cost: capex_usd) are
/// always present and never renamed; every further key is additive.
nlohmann::json powerToJson(const PowerReport& power);
nlohmann::json thermalToJson(const ThermalReport& thermal);
nlohmann::json costToJson(const CostReport& cost);
nlohmann::json fabricToJson(const FabricReport& fabric);
nlohmann::json pcieToJson(const PcieReport& pcie);
nlohmann::json compatibilityToJson(const CompatibilityReport& compatibility);
nlohmann::json assumptionsToJson(const Assumptions& assumptions);

/// Sets "power", "thermal", "cost", "fabric", "pcie", "compatibility" and
/// "infrastructure_assumptions" on `result` (an analyze result object).
/// Findings are left to the caller, which merges them with other checks'.
void addInfrastructureJson(nlohmann::json& result, const InfrastructureReport& report);

} // namespace infrafit
