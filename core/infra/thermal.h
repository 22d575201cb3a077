// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/finding.h"
#include "core/config/resolved_configuration.h"
#include "core/infra/infrastructure_inputs.h"
#include "core/infra/power.h"

#include <optional>
#include <string>

namespace infrafit {

/// BTU/h = W × 3.412 (1 W = 3.412 BTU/h; NIST SP 811 App. B; docs/reference/hardware.md §2.3).
double heatBtuPerHour(double wallW);

/// CFM = 3.16 × W / ΔT(°F) (from 3,412·kW / (1.085·ΔT); Dell/insidehpc,
/// fanacdc via docs/reference/hardware.md §2.3). 0 for ΔT <= 0.
double airflowCfm(double wallW, double deltaTF);

/// m³/h ≈ 2.99 × W / ΔT(K) (ρ·cp of air ≈ 1.206 kJ/(m³·K) at sea level;
/// docs/reference/hardware.md §2.3). 0 for ΔT <= 0.
double airflowM3PerHour(double wallW, double deltaTK);

/// Heat a cooling type removes per rack at most, in kW (docs/reference/hardware.md §1.7,
/// upper ends: air with containment ~30 (41 ceiling), active rear door 75,
/// direct liquid + CDU 140, single-phase immersion 100+ per tank).
double typicalCoolingMaxKwPerRack(CoolingType type);

/// The first of air, rear door, direct liquid, immersion whose typical
/// maximum carries `rackKw`; nullopt when none does.
std::optional<CoolingType> coolingThatCarries(double rackKw);

/// Heat and airflow of a node (from wall power), GPU TDP against the
/// chassis limit and the rack's heat against the cooling option.
struct ThermalReport {
    double deltaTF = 0;
    double deltaTK = 0;
    double nodeHeatBtuPerH = 0;
    double nodeAirflowCfm = 0;
    double nodeAirflowM3PerH = 0;
    double rackHeatKw = 0;           ///< a full rack at maximum
    double rackHeatBtuPerH = 0;
    double rackAirflowCfm = 0;
    double coolingCapacityKw = 0;    ///< 0 = no cooling part
    bool gpuTdpOk = true;
    bool coolingOk = true;
    std::string suggestedCooling;    ///< a cooling type that would work, if needed
    bool ok = true;
};

/// Findings: "thermal.gpu_tdp_exceeded", "thermal.cooling_insufficient",
/// "thermal.cooling_limits_density", "thermal.cooling_unchecked".
ThermalReport checkThermal(const ResolvedConfiguration& rc, const InfrastructureInputs& in,
                           const PowerReport& power, Findings& findings);

} // namespace infrafit
