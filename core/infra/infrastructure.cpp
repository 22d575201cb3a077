// SPDX-License-Identifier: Apache-2.0
#include "core/infra/infrastructure.h"

#include "core/base/finding_text.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

namespace infrafit {

using infra::addFinding;

namespace {

/// The words a finding uses for the field behind `code`: the label of the
/// form row (Configurations page, catalog editor) that edits it, or a plain
/// description for inputs without a form row. The code keeps the JSON key.
std::string infrastructureFieldLabel(const std::string& code)
{
    static const std::pair<const char*, const char*> labels[] = {
        {"config.nodes", "The number of nodes (Nodes)"},
        {"config.gpus_per_node", "GPUs per node"},
        {"config.cpus_per_node", "CPUs per node"},
        {"config.nvme_per_node", "NVMe drives per node"},
        {"config.nics_per_node", "NICs per node"},
        {"config.psus_per_node", "PSUs per node"},
        {"config.gpu_power_limit_w", "The GPU power limit"},
        {"gpu.tdp_w", "The GPU's TDP"},
        {"chassis.rack_units", "The chassis height"},
        {"psu.watts", "The PSU rating"},
        {"cooling.type", "The cooling type"},
        {"cooling.max_heat_kw_per_rack", "The cooling option's max heat per rack"},
        {"inputs.utilisation", "The utilisation"},
        {"inputs.gpu_idle_fraction", "The GPU idle fraction"},
        {"inputs.cpu_idle_fraction", "The CPU idle fraction"},
        {"inputs.base_idle_fraction", "The base idle fraction"},
        {"inputs.nvme_idle_fraction", "The NVMe idle fraction"},
        {"inputs.nic_idle_fraction", "The NIC idle fraction"},
        {"inputs.cpu_load_when_busy", "The CPU load when busy"},
        {"inputs.base_load_when_busy", "The base load when busy"},
        {"inputs.nvme_load_when_busy", "The NVMe load when busy"},
        {"inputs.air_fan_share", "The air fan share"},
        {"inputs.grid_co2_g_per_kwh", "The grid CO2 intensity"},
        {"inputs.nic_optic_w_per_port", "The optic power per NIC port"},
        {"inputs.psu_efficiency", "The fallback PSU efficiency"},
        {"inputs.feed_voltage_v", "The feed voltage"},
        {"inputs.feed_phases", "The number of feed phases"},
        {"inputs.feed_breaker_a", "The feed breaker rating"},
        {"inputs.continuous_load_factor", "The continuous load factor"},
        {"inputs.power_factor", "The power factor"},
        {"inputs.psu_input_voltage_v", "The PSU input voltage"},
        {"inputs.air_delta_t_f", "The air temperature rise"},
        {"inputs.reserved_rack_units", "The reserved rack units"},
        {"inputs.electricity_usd_per_kwh", "The electricity price"},
        {"inputs.years", "The service life"},
        {"inputs.transceivers_per_link", "The transceivers per link"},
        {"inputs.amd_two_socket_usable_lanes", "The usable PCIe lanes of two AMD sockets"},
        {"inputs.pue", "The PUE"},
        {"inputs.switch_radix", "The switch radix"},
        {"inputs.switch_power_w", "The switch power"},
        {"inputs.switch_price_usd", "The switch price"},
        {"inputs.transceiver_price_usd", "The transceiver price"},
        {"inputs.cable_price_usd", "The cable price"},
        {"inputs.rack_price_usd", "The rack price"},
        {"inputs.tokens_per_s", "The tokens per second"},
    };
    for (const auto& [key, label] : labels)
        if (code == key)
            return label;
    return code;
}

/// The label in the middle of a sentence: "Set the feed voltage ...".
std::string infrastructureFieldLabelInSentence(const std::string& code)
{
    std::string label = infrastructureFieldLabel(code);
    if (label.rfind("The ", 0) == 0)
        label[0] = 't';
    return label;
}

void fieldError(Findings& findings, const std::string& field, const std::string& problem,
                const std::string& suggestion)
{
    addFinding(findings, Severity::Error, field, infrastructureFieldLabel(field) + " " + problem,
               suggestion);
}

/// Replaces `value` by `fallback` (with an error naming `field`) unless ok.
template <class T>
void keepIf(bool ok, T& value, T fallback, const std::string& field, const std::string& rule,
            Findings& findings)
{
    if (ok)
        return;
    fieldError(findings, field,
               "is " + infra::num(static_cast<double>(value), 3) + " but " + rule
                   + "; the default " + infra::num(static_cast<double>(fallback), 3)
                   + " was used instead.",
               "Set " + infrastructureFieldLabelInSentence(field) + " " + rule + ".");
    value = fallback;
}

bool finitePositive(double v)
{
    return std::isfinite(v) && v > 0;
}

bool inUnit(double v)
{
    return std::isfinite(v) && v >= 0 && v <= 1;
}

void checkCount(int count, const char* field, Findings& findings)
{
    if (count < 0)
        fieldError(findings, field, "is " + std::to_string(count) + " but must not be negative.",
                   "Set " + infrastructureFieldLabelInSentence(field) + " to 0 or more.");
}

void checkPartUsed(int count, bool present, const char* countField, const char* partField,
                   Findings& findings)
{
    if (count > 0 && !present)
        addFinding(findings, Severity::Warning, "config.part_missing",
                   std::string(countField) + " is " + std::to_string(count) + " but no "
                       + partField + " part is configured, so it was left out of power, "
                                     "PCIe and cost.",
                   std::string("Choose a ") + partField + " part, or set " + countField
                       + " to 0.");
}

} // namespace

InfrastructureInputs sanitizeInfrastructureInputs(const ResolvedConfiguration& rc,
                                                  const InfrastructureInputs& in,
                                                  Findings& findings)
{
    const InfrastructureInputs def;
    InfrastructureInputs s = in;
    const auto& cfg = rc.config;

    // Configuration counts and limits.
    if (cfg.nodes <= 0)
        fieldError(findings, "config.nodes",
                   "is " + std::to_string(cfg.nodes) + " but a cluster needs at least one node; "
                   "rack, cluster and cost figures are zero.",
                   "Set Nodes to 1 or more.");
    if (cfg.gpusPerNode <= 0)
        fieldError(findings, "config.gpus_per_node",
                   "is " + std::to_string(cfg.gpusPerNode) + " but must be at least 1.",
                   "Set GPUs per node, e.g. 8.");
    checkCount(cfg.cpusPerNode, "config.cpus_per_node", findings);
    checkCount(cfg.nvmePerNode, "config.nvme_per_node", findings);
    checkCount(cfg.nicsPerNode, "config.nics_per_node", findings);
    checkCount(cfg.psusPerNode, "config.psus_per_node", findings);
    checkPartUsed(cfg.cpusPerNode, rc.cpu.has_value(), "CPUs per node", "CPU", findings);
    checkPartUsed(cfg.nvmePerNode, rc.nvme.has_value(), "NVMe drives per node", "NVMe drive",
                  findings);
    checkPartUsed(cfg.nicsPerNode, rc.nic.has_value(), "NICs per node", "NIC", findings);
    if (rc.psu && cfg.psusPerNode <= 0)
        fieldError(findings, "config.psus_per_node",
                   "is " + std::to_string(cfg.psusPerNode) + " but PSU " + rc.psu->model
                       + " is configured; the node cannot be powered.",
                   "Set PSUs per node, e.g. 6.");
    if (!finitePositive(cfg.rack.powerLimitKw))
        // Messages name the field by its form label (the code keeps the key).
        addFinding(findings, Severity::Error, "rack.power_limit_kw",
                   "The rack power budget is " + infra::num(cfg.rack.powerLimitKw, 1)
                       + " kW; a rack needs a positive power budget, so no node fits.",
                   "Set the rack power budget to the usable kW of one feed, e.g. 34.5.");
    if (cfg.rack.units <= 0)
        addFinding(findings, Severity::Error, "rack.units",
                   "The rack height is " + std::to_string(cfg.rack.units)
                       + " U; a rack needs at least one unit.",
                   "Set the rack height, e.g. 42 U.");

    // GPU power limit against the GPU's settable range (docs/power-model.md §2).
    if (cfg.gpuPowerLimitW) {
        const double limit = *cfg.gpuPowerLimitW;
        const double lo = gpuMinPowerLimitW(rc.gpu);
        const double hi = gpuMaxPowerLimitW(rc.gpu);
        if (!std::isfinite(limit) || limit < lo - 1e-9 || limit > hi + 1e-9)
            fieldError(findings, "config.gpu_power_limit_w",
                       "is " + infra::num(limit) + " W but GPU " + rc.gpu.model + " accepts "
                           + infra::num(lo) + "–" + infra::num(hi)
                           + " W; the nearest allowed limit was used.",
                       "Set the GPU power limit between " + infra::num(lo) + " and "
                           + infra::num(hi) + " W, or remove it for the rated power.");
        // Deep limits: measured slowdowns spread widely between GPUs there
        // (docs/validation.md, "Power limit": within 6 % above 70 % of
        // tdp_w, up to 30 % apart below it).
        else if (hi > 0 && limit < deepPowerCapFraction * hi)
            addFinding(findings, Severity::Info, "power.deep_cap",
                       "The GPU power limit of " + infra::num(limit) + " W is "
                           + infra::num(100 * limit / hi) + " % of the rated "
                           + infra::num(hi) + " W. Below "
                           + infra::num(100 * deepPowerCapFraction)
                           + " % the measured slowdown differs from GPU to GPU by up to a "
                             "third (docs/validation.md, Power limit); the speed shown is an "
                             "estimate.",
                       "Measure a step at this limit and enter it as a calibration run.");
    }

    // Part fields the checks divide by or rely on.
    if (!(rc.gpu.tdpW >= 0) || !std::isfinite(rc.gpu.tdpW))
        fieldError(findings, "gpu.tdp_w", "must be a finite number of watts, 0 or more.",
                   "Fix the TDP of GPU " + rc.gpu.model + ".");
    if (rc.chassis.rackUnits <= 0)
        fieldError(findings, "chassis.rack_units",
                   "is " + std::to_string(rc.chassis.rackUnits) + " but must be at least 1.",
                   "Fix the height of chassis " + rc.chassis.model + ".");
    if (rc.psu && !finitePositive(rc.psu->watts))
        fieldError(findings, "psu.watts",
                   "is " + infra::num(rc.psu->watts) + " W for PSU " + rc.psu->model
                       + "; a PSU must deliver a positive power.",
                   "Fix the rating of the PSU.");
    if (rc.cooling) {
        if (enumName(rc.cooling->type).empty())
            fieldError(findings, "cooling.type",
                       "is not one of air, rear door, direct liquid, immersion.",
                       "Pick a known cooling type.");
        if (!finitePositive(rc.cooling->maxHeatKwPerRack))
            fieldError(findings, "cooling.max_heat_kw_per_rack",
                       "is " + infra::num(rc.cooling->maxHeatKwPerRack, 1) + " kW for "
                           + rc.cooling->model + "; cooling must remove a positive heat load.",
                       "Fix the max heat per rack of the cooling option.");
    }

    // Inputs: replace invalid values by their defaults.
    // Fractions of a rated figure: each must lie in [0, 1].
    using Fraction = double InfrastructureInputs::*;
    static constexpr std::pair<Fraction, const char*> fractions[] = {
        {&InfrastructureInputs::utilisation, "inputs.utilisation"},
        {&InfrastructureInputs::gpuIdleFraction, "inputs.gpu_idle_fraction"},
        {&InfrastructureInputs::cpuIdleFraction, "inputs.cpu_idle_fraction"},
        {&InfrastructureInputs::baseIdleFraction, "inputs.base_idle_fraction"},
        {&InfrastructureInputs::nvmeIdleFraction, "inputs.nvme_idle_fraction"},
        {&InfrastructureInputs::nicIdleFraction, "inputs.nic_idle_fraction"},
        {&InfrastructureInputs::cpuLoadWhenBusy, "inputs.cpu_load_when_busy"},
        {&InfrastructureInputs::baseLoadWhenBusy, "inputs.base_load_when_busy"},
        {&InfrastructureInputs::nvmeLoadWhenBusy, "inputs.nvme_load_when_busy"},
        {&InfrastructureInputs::airFanShareOfNodeMax, "inputs.air_fan_share"},
    };
    for (const auto& [member, key] : fractions)
        keepIf(inUnit(s.*member), s.*member, def.*member, key, "between 0 and 1", findings);
    keepIf(std::isfinite(s.gridCo2GPerKwh) && s.gridCo2GPerKwh >= 0, s.gridCo2GPerKwh,
           def.gridCo2GPerKwh, "inputs.grid_co2_g_per_kwh", "0 or more", findings);
    keepIf(std::isfinite(s.nicOpticWPerPort) && s.nicOpticWPerPort >= 0, s.nicOpticWPerPort,
           def.nicOpticWPerPort, "inputs.nic_optic_w_per_port", "0 or more", findings);
    keepIf(finitePositive(s.fallbackPsuEfficiency) && s.fallbackPsuEfficiency <= 1,
           s.fallbackPsuEfficiency, def.fallbackPsuEfficiency, "inputs.psu_efficiency",
           "in (0, 1]", findings);
    keepIf(finitePositive(s.feedVoltageV), s.feedVoltageV, def.feedVoltageV,
           "inputs.feed_voltage_v", "above 0", findings);
    keepIf(s.feedPhases == 1 || s.feedPhases == 3, s.feedPhases, def.feedPhases,
           "inputs.feed_phases", "1 or 3", findings);
    keepIf(finitePositive(s.feedBreakerA), s.feedBreakerA, def.feedBreakerA,
           "inputs.feed_breaker_a", "above 0", findings);
    keepIf(finitePositive(s.continuousLoadFactor) && s.continuousLoadFactor <= 1,
           s.continuousLoadFactor, def.continuousLoadFactor, "inputs.continuous_load_factor",
           "in (0, 1]", findings);
    keepIf(finitePositive(s.powerFactor) && s.powerFactor <= 1, s.powerFactor, def.powerFactor,
           "inputs.power_factor", "in (0, 1]", findings);
    if (s.psuInputVoltageV && !finitePositive(*s.psuInputVoltageV)) {
        fieldError(findings, "inputs.psu_input_voltage_v",
                   "must be above 0; derived from the feed instead.", "Set a positive voltage.");
        s.psuInputVoltageV.reset();
    }
    keepIf(finitePositive(s.airDeltaTF), s.airDeltaTF, def.airDeltaTF, "inputs.air_delta_t_f",
           "above 0", findings);
    keepIf(s.reservedRackUnits >= 0, s.reservedRackUnits, def.reservedRackUnits,
           "inputs.reserved_rack_units", "0 or more", findings);
    keepIf(std::isfinite(s.electricityUsdPerKwh) && s.electricityUsdPerKwh >= 0,
           s.electricityUsdPerKwh, def.electricityUsdPerKwh, "inputs.electricity_usd_per_kwh",
           "0 or more", findings);
    keepIf(finitePositive(s.years), s.years, def.years, "inputs.years", "above 0", findings);
    keepIf(s.transceiversPerLink >= 0, s.transceiversPerLink, def.transceiversPerLink,
           "inputs.transceivers_per_link", "0 or more", findings);
    keepIf(s.amdTwoSocketUsableLanes > 0, s.amdTwoSocketUsableLanes,
           def.amdTwoSocketUsableLanes, "inputs.amd_two_socket_usable_lanes", "above 0",
           findings);
    if (s.pue && !(std::isfinite(*s.pue) && *s.pue >= 1)) {
        fieldError(findings, "inputs.pue",
                   "is " + infra::num(*s.pue, 2) + " but PUE is at least 1; the cooling "
                   "option's default was used.",
                   "Set the PUE to 1.0 or more.");
        s.pue.reset();
    }
    if (s.switchRadix && *s.switchRadix < 2) {
        fieldError(findings, "inputs.switch_radix",
                   "is " + std::to_string(*s.switchRadix) + " but must be at least 2; the "
                   "default for the NIC speed was used.",
                   "Set the switch radix, e.g. 64.");
        s.switchRadix.reset();
    }
    const auto dropBad = [&](std::optional<double>& v, const char* field) {
        if (v && !(std::isfinite(*v) && *v >= 0)) {
            fieldError(findings, field, "must be 0 or more; the default was used.",
                       "Fix " + infrastructureFieldLabelInSentence(field) + ".");
            v.reset();
        }
    };
    dropBad(s.switchPowerW, "inputs.switch_power_w");
    dropBad(s.switchPriceUsd, "inputs.switch_price_usd");
    dropBad(s.transceiverPriceUsd, "inputs.transceiver_price_usd");
    dropBad(s.cablePriceUsd, "inputs.cable_price_usd");
    dropBad(s.rackPriceUsd, "inputs.rack_price_usd");
    if (s.tokensPerSecond && !finitePositive(*s.tokensPerSecond)) {
        fieldError(findings, "inputs.tokens_per_s", "must be above 0; cost per token left out.",
                   "Give the job's tokens per second.");
        s.tokensPerSecond.reset();
    }
    return s;
}

Assumptions describeAssumptions(const ResolvedConfiguration& rc, const InfrastructureInputs& in,
                                const InfrastructureReport& report)
{
    Assumptions a;
    a.reserve(32);
    const GpuPowerCurve& curve = gpuPowerCurve(rc.gpu);
    if (!in.gpuActivity || !in.gpuActivity->fromWorkload)
        a.push_back({"utilisation", in.utilisation, "fraction",
                     "no workload time split: this share of compute-bound work, idle otherwise"});
    const GpuPowerCalibration* fit = gpuPowerCalibrationFor(rc.gpu, in);
    const double tdp = gpuMaxPowerLimitW(rc.gpu);
    if (fit) {
        // The user's fitted curve replaces the published ends
        // (docs/power-model.md §8); the profile and its fit error named.
        const std::string source = powerCalibrationText(*fit);
        a.push_back({"gpu_idle_fraction", infra::safeDiv(fit->idleW, tdp), "fraction of tdp_w",
                     source});
        a.push_back({"gpu_compute_bound_fraction", infra::safeDiv(fit->fullW, tdp),
                     "fraction of tdp_w", source});
        a.push_back({"gpu_power_fit_rms_error_w", fit->rmsErrorW, "W", source});
    } else {
        a.push_back({"gpu_idle_fraction", curve.idleFraction, "fraction of tdp_w",
                     std::string(curve.source)});
    }
    a.push_back({"gpu_communication_fraction", curve.communicationFraction, "fraction of tdp_w",
                 "collectives and bubbles far below compute phases (docs/power-model.md §1)"});
    a.push_back({"gpu_memory_bound_fraction", curve.memoryBoundFraction, "fraction of tdp_w",
                 fit ? "published curve, placed between the fitted idle and full power "
                       "(docs/power-model.md §8)"
                     : std::string(curve.source)});
    if (!fit)
        a.push_back({"gpu_compute_bound_fraction", curve.computeBoundFraction,
                     "fraction of tdp_w", std::string(curve.source)});
    a.push_back({"gpu_compute_floor_share", gpuComputeFloorShare, "fraction",
                 "compute-bound power above idle drawn at any tensor activity (AccelWattch-style "
                 "linear model, fitted; docs/power-model.md §1)"});
    a.push_back({"gpu_power_limit_w", report.power.node.gpuPowerLimitW, "W",
                 rc.config.gpuPowerLimitW ? "configuration gpu_power_limit_w"
                                          : "GPU tdp_w (no limit configured)"});
    a.push_back({"cpu_load_when_busy", in.cpuLoadWhenBusy, "fraction",
                 "estimate (data loading, launches; docs/power-model.md §4)"});
    a.push_back({"base_load_when_busy", in.baseLoadWhenBusy, "fraction",
                 "fitted on Latif et al. 2024 8xH100 node (docs/power-model.md §4)"});
    a.push_back({"air_fan_share", in.airFanShareOfNodeMax, "fraction of node max",
                 "estimate; fan laws P ~ speed^3 (docs/power-model.md §5)"});
    a.push_back({"grid_co2_g_per_kwh", in.gridCo2GPerKwh, "g/kWh",
                 "world average 2023 (Ember Global Electricity Review 2024)"});
    a.push_back({"cpu_idle_fraction", in.cpuIdleFraction, "fraction", "estimate"});
    a.push_back({"base_idle_fraction", in.baseIdleFraction, "fraction", "estimate"});
    a.push_back({"nvme_idle_fraction", in.nvmeIdleFraction, "fraction",
                 "Intel D7-P5500 5 W idle / 20 W active (docs/reference/hardware.md §1.5)"});
    a.push_back({"nic_idle_fraction", in.nicIdleFraction, "fraction", "estimate (links stay up)"});
    a.push_back({"nic_optic_w_per_port", in.nicOpticWPerPort, "W",
                 "NVIDIA MMS4X00-NS400 400G OSFP, 9 W max (docs/reference/hardware.md §1.4)"});
    a.push_back({"psu_efficiency_fallback", in.fallbackPsuEfficiency, "fraction",
                 "80 PLUS Titanium at 50 % load, 230 V internal (docs/reference/hardware.md §1.6)"});
    a.push_back({"feed_voltage_v", in.feedVoltageV, "V", "site input; 415 V 3-phase default"});
    a.push_back({"feed_phases", static_cast<double>(in.feedPhases), "phases", "site input"});
    a.push_back({"feed_breaker_a", in.feedBreakerA, "A", "site input; 60 A default"});
    a.push_back({"continuous_load_factor", in.continuousLoadFactor, "fraction",
                 "NEC 210.19(A)/215.2(A) 80 % continuous-load rule"});
    a.push_back({"power_factor", in.powerFactor, "fraction",
                 "80 PLUS Platinum server PSUs require PF >= 0.95 (docs/reference/hardware.md §1.6)"});
    a.push_back({"psu_input_voltage_v", report.power.psuInputVoltageV, "V",
                 "line-to-neutral of a >= 380 V Wye feed, else the feed voltage"});
    a.push_back({"air_delta_t_f", in.airDeltaTF, "°F",
                 "20 °F, DGX H100 worked example (docs/reference/hardware.md §2.3)"});
    a.push_back({"pue", report.cost.pue, "ratio",
                 "cooling option's PUE range midpoint, else 1.4 (docs/reference/hardware.md §1.7)"});
    a.push_back({"electricity_usd_per_kwh", in.electricityUsdPerKwh, "USD/kWh",
                 "estimate near US industrial tariffs (EIA)"});
    a.push_back({"years", in.years, "years", "TCO horizon; 4-year depreciation assumed"});
    if (report.fabric.needed) {
        a.push_back({"switch_radix", static_cast<double>(report.fabric.switchUsed.radix), "ports",
                     "docs/reference/hardware.md §1.9/§2.4 by NIC speed and protocol"});
        a.push_back({"switch_power_w", report.fabric.switchUsed.powerW, "W",
                     "every port lit at maximum: chassis (estimate) + optics per port at its "
                     "speed (NVIDIA transceiver specifications; docs/power-model.md §7)"});
        a.push_back({"switch_price_usd", report.fabric.switchUsed.priceUsd, "USD", "estimate"});
        a.push_back({"transceiver_price_usd", report.fabric.switchUsed.transceiverPriceUsd, "USD",
                     "estimate"});
        a.push_back({"cable_price_usd", report.fabric.switchUsed.cablePriceUsd, "USD", "estimate"});
        a.push_back({"transceivers_per_link", static_cast<double>(in.transceiversPerLink), "count",
                     "one optic per cable end (SuperPOD uses optics throughout)"});
    }
    if (report.fabric.frontEnd.needed) {
        a.push_back({"front_end_ports_per_node",
                     static_cast<double>(report.fabric.frontEnd.portsPerNode), "ports",
                     "storage/in-band ports per node (DGX H100/B200 user guides, SuperPOD RA)"});
        a.push_back({"front_end_port_speed_gbps", report.fabric.frontEnd.portSpeedGbps, "Gbit/s",
                     "SuperPOD RA storage fabric"});
        a.push_back({"front_end_switch_price_usd", report.fabric.frontEnd.switchUsed.priceUsd,
                     "USD", "estimate"});
    }
    return a;
}

InfrastructureReport checkInfrastructure(const ResolvedConfiguration& rc,
                                         const InfrastructureInputs& inputs)
{
    InfrastructureReport report;
    auto& findings = report.findings;
    findings.reserve(16);
    const InfrastructureInputs in = sanitizeInfrastructureInputs(rc, inputs, findings);

    report.compatibility = checkCompatibility(rc, in, findings);
    report.power = checkNodePower(rc, in, findings);
    if (const GpuPowerCalibration* fit = gpuPowerCalibrationFor(rc.gpu, in))
        infra::addFinding(findings, Severity::Info, "calibration.power",
            "GPU idle and average power from " + powerCalibrationText(*fit)
                + "; the rated maximum stays " + infra::num(report.power.node.gpuPowerLimitW, 0)
                + " W per GPU");
    planRacks(rc, in, report.power, findings);
    report.fabric = planFabric(rc, in, findings);
    addClusterPower(rc, report.fabric.switchPowerTotalW, report.fabric.switchPowerTypicalW,
                    report.power);
    report.thermal = checkThermal(rc, in, report.power, findings);
    report.pcie = checkPcie(rc, in, findings);
    report.cost = estimateCost(rc, in, report.power, report.fabric, findings);
    report.assumptions = describeAssumptions(rc, in, report);
    report.ok = std::none_of(findings.begin(), findings.end(),
                             [](const Finding& f) { return f.severity == Severity::Error; });
    return report;
}

} // namespace infrafit
