// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/infra/gpu_power_model.h"
#include "core/workload/power_calibration.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace infrafit {

/// Everything the infrastructure checks need besides the resolved
/// configuration: workload facts, site facts (feed, electricity, PUE) and the
/// modelling assumptions. Every default is an assumption with its source
/// stated next to it; `describeAssumptions()` lists the ones in effect so a
/// report can print them. A plain value type, safe to copy to a worker.
struct InfrastructureInputs {
    // --- Workload ----------------------------------------------------------
    /// Numeric format the workload computes in ("bf16", "fp8", ...); empty =
    /// not checked. Matched case-insensitively against the GPU's list.
    std::string precision;
    /// Tokens per second of the whole job (trained tokens for training,
    /// generated tokens for inference); enables cost per token.
    std::optional<double> tokensPerSecond;
    /// Days one training run takes (from the speed model); enables energy
    /// and CO2 per training run.
    std::optional<double> trainingDays;
    /// Whether the workload sends traffic between nodes; unset = nodes > 1.
    std::optional<bool> needsInterNodeTraffic;

    // --- Node power model (docs/reference/hardware.md §2.2: P(u) = P_idle + u(P_max - P_idle))
    /// Utilisation for "typical" power. 0.8: training keeps GPUs near TDP;
    /// DGX H100 typical draw 6.5-8.5 kW of 10.2 kW (docs/reference/hardware.md §1.2,
    /// supercluster.blog, estimate).
    double utilisation = 0.8;
    /// Idle share of rated power per component (estimates): GPU 0.15 (an idle
    /// H100 SXM reads ~70-100 W of 700 W in nvidia-smi); CPU 0.30; chassis
    /// base (fans, memory, board, switches) 0.50; NVMe 0.25 (Intel D7-P5500:
    /// 5 W idle / 20 W active, docs/reference/hardware.md §1.5); NICs 1.0 (links stay up).
    double gpuIdleFraction = 0.15;
    double cpuIdleFraction = 0.30;
    double baseIdleFraction = 0.50;
    double nvmeIdleFraction = 0.25;
    double nicIdleFraction = 1.0;
    /// Optic power per NIC port, added to the card (NVIDIA MMS4X00-NS400
    /// 400G OSFP: 9 W max; docs/reference/hardware.md §1.4).
    double nicOpticWPerPort = 9.0;
    /// How the GPUs spend their time under the workload (from the speed
    /// model, core/analysis/power_activity.h); unset = `utilisation` of
    /// compute-bound work and idle otherwise (docs/power-model.md §3).
    std::optional<GpuActivity> gpuActivity;
    /// The GPU power fitted to the user's metrics for the configuration's
    /// GPU (calibration profile; docs/power-model.md §8): replaces the
    /// published idle and compute-bound power in idle and average power
    /// when its `gpuId` is the configuration's GPU. Unset = the published
    /// curve. The rated maximum (sizing) keeps tdp_w or the power limit.
    std::optional<GpuPowerCalibration> gpuPowerCalibration;
    /// Host CPU load while the GPUs are busy (data loading, kernel launch,
    /// collectives' proxy threads): 0.4, an estimate (docs/power-model.md §4).
    double cpuLoadWhenBusy = 0.4;
    /// Load of the non-fan part of the chassis base (memory, board, GPU
    /// switches, management) while busy: 0.4, fitted on the 8×H100 node of
    /// Latif et al. 2024 (docs/power-model.md §4, docs/validation.md "Power").
    double baseLoadWhenBusy = 0.4;
    /// NVMe duty while busy (checkpoints, data reads): 0.1 (estimate).
    double nvmeLoadWhenBusy = 0.1;
    /// Fans at full speed as a share of the node's rated DC load, for air
    /// cooling; cold plates keep 20 % of it, immersion none
    /// (docs/power-model.md §5; estimate).
    double airFanShareOfNodeMax = 0.08;
    /// PSU efficiency when neither the PSU curve nor `efficiency` is usable
    /// and for a PSU known only from the chassis: 80 PLUS Titanium at 50 %
    /// load, 230 V internal redundant (docs/reference/hardware.md §1.6).
    double fallbackPsuEfficiency = 0.96;

    // --- Electrical feed (docs/reference/hardware.md §2.3 "Current", §1.8 PDU table) -----
    double feedVoltageV = 415;   ///< line-to-line for three phase
    int feedPhases = 3;          ///< 1 or 3
    double feedBreakerA = 60;
    /// NEC 210.19(A)/215.2(A): continuous loads (>= 3 h) at most 80 % of the
    /// breaker rating. Use 1.0 for IEC sites that rate at 100 %.
    double continuousLoadFactor = 0.8;
    /// 80 PLUS Platinum server units require PF >= 0.95 (docs/reference/hardware.md §1.6).
    double powerFactor = 0.95;
    /// Voltage one PSU sees; unset = V_LL/sqrt(3) on a >= 380 V three-phase
    /// Wye feed, else the feed voltage.
    std::optional<double> psuInputVoltageV;

    // --- Thermal (docs/reference/hardware.md §2.3 "Airflow") ------------------------------
    /// Air temperature rise across the server, °F (20 °F = 11.1 K; the
    /// DGX H100 worked example). Metric airflow uses the same ΔT in kelvin.
    double airDeltaTF = 20;

    // --- Rack ---------------------------------------------------------------
    int reservedRackUnits = 0; ///< units kept free (PDUs, leaf switches)

    // --- Fabric (docs/reference/hardware.md §2.4; defaults chosen by NIC speed) ------------
    std::optional<int> switchRadix;
    std::optional<double> switchPowerW;       ///< per switch, with its optics
    std::optional<double> switchPriceUsd;
    std::optional<double> transceiverPriceUsd;
    std::optional<double> cablePriceUsd;
    int transceiversPerLink = 2;              ///< one per cable end (optical)
    /// Front-end (storage and in-band) Ethernet ports per node in a cluster
    /// of more than one node, and their speed. The DGX H100/B200 user guides
    /// fit two dual-port ConnectX-7/BlueField-3 cards for storage and in-band
    /// traffic, of which the DGX SuperPOD reference architecture cables two
    /// ports per node to the storage fabric at 200 Gb/s. 0 ports = none.
    int frontEndPortsPerNode = 2;
    double frontEndPortSpeedGbps = 200;

    // --- PCIe ---------------------------------------------------------------
    /// Whether the chassis hangs GPUs/NICs off PCIe switches; unset = yes for
    /// SXM/OAM baseboards (HGX/OAM UBB carry PCIe switches), no for PCIe.
    std::optional<bool> chassisHasPcieSwitches;
    /// AMD 2P platforms expose ~128-160 usable lanes because part of each
    /// CPU's 128 lanes carries xGMI (docs/reference/hardware.md §1.3).
    int amdTwoSocketUsableLanes = 160;

    // --- Cost ---------------------------------------------------------------
    /// USD per kWh; round figure near US industrial tariffs (EIA, 2024
    /// average ~0.08-0.09; estimate).
    double electricityUsdPerKwh = 0.10;
    /// Unset = midpoint of the cooling option's PUE range, else 1.4
    /// (docs/reference/hardware.md §1.7: air 1.4-1.6; Uptime 2023 average 1.58).
    std::optional<double> pue;
    /// Grid carbon intensity, g CO2e per kWh, for the CO2 of energy figures.
    /// 480 g/kWh: world average of electricity generation in 2023 (Ember,
    /// Global Electricity Review 2024; docs/power-model.md §8).
    double gridCo2GPerKwh = 480;
    double years = 4;                         ///< TCO horizon
    std::optional<double> rackPriceUsd;       ///< per rack, with PDUs
    /// Whether the chassis price already covers GPUs, CPUs, drives, NICs and
    /// PSUs (complete systems such as DGX); unset = the chassis'
    /// `priceIncludesParts`.
    std::optional<bool> chassisPriceIncludesComponents;
};

/// One modelling assumption in effect, for reports: what, value, unit and
/// where the figure comes from.
/// Key and unit are string literals with static storage; the source may
/// name a calibration profile, so it is owned.
struct Assumption {
    std::string_view key;
    double value = 0;
    std::string_view unit;
    std::string source;
};

using Assumptions = std::vector<Assumption>;

} // namespace infrafit
