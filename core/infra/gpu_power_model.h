// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/parts/gpu.h"
#include "core/workload/power_calibration.h"

#include <optional>
#include <string_view>

namespace infrafit {

/// Board power of one GPU in each activity state, as fractions of its rated
/// power (tdp_w), for one GPU family, with the lowest power limit the
/// driver accepts. Figures and their sources: docs/power-model.md §1.
struct GpuPowerCurve {
    std::string_view family;
    double idleFraction = 0.15; ///< clocks up, no kernels
    double communicationFraction = 0.3; ///< waiting in collectives, pipeline bubble
    double memoryBoundFraction = 0.45; ///< HBM-bound kernels: decode, element-wise, optimizer
    double computeBoundFraction = 0.95; ///< large tensor-core GEMMs, prefill
    double minLimitFraction = 0.3; ///< lowest settable power limit / tdp_w
    std::string_view source;
    /// Busy floor of a compute-bound phase under a power limit, fraction of
    /// tdp_w: the power it still draws as the limit pulls its clock toward
    /// zero (HBM, uncore and leakage stay at load). 0 = the idle power
    /// (docs/power-model.md §2).
    double computeFloorFraction = 0;
};

/// The curve for a GPU by its family (gpuFamily(): Hopper, Ampere,
/// Blackwell, CDNA); a generic curve for other families
/// (docs/power-model.md §1).
const GpuPowerCurve& gpuPowerCurve(const Gpu& gpu);

/// Below this fraction of tdp_w a power limit's slowdown is validated only
/// loosely (docs/validation.md, "Power limit"): the finding power.deep_cap.
inline constexpr double deepPowerCapFraction = 0.7;

/// Lowest and highest power limit a user may set for `gpu`, watts:
/// minLimitFraction × tdp_w and tdp_w (docs/power-model.md §2).
double gpuMinPowerLimitW(const Gpu& gpu);
double gpuMaxPowerLimitW(const Gpu& gpu);

/// The power limit in effect: the configured one clamped to
/// [min, tdp_w], or tdp_w when none is set or it is not finite.
double effectivePowerLimitW(const Gpu& gpu, std::optional<double> limitW);

/// Fraction of the uncapped clock (and so of the throughput of phases
/// bound by the SMs) a GPU keeps when its power limit `limitW` is below
/// the power the phase draws (`phaseW`). Dynamic power is
/// P − P_idle ∝ f·V² and, in the DVFS range where voltage follows the
/// clock, close to f² on measured GPUs (CMOS dynamic power, Weste & Harris,
/// "CMOS VLSI Design" 4th ed. §5.1; docs/power-model.md §2), so
/// f/f0 = ((limit − P_idle) / (P_phase − P_idle))^(1/2). 1 when the limit is
/// at or above the phase's power. `idleW` is the power the phase keeps at
/// zero clock: the idle power, or a family's busy floor for compute phases.
double cappedClockFraction(double limitW, double phaseW, double idleW);

/// Clock fraction for compute-bound phases of `gpu` at power limit `limitW`.
double computeThroughputUnderLimit(const Gpu& gpu, std::optional<double> limitW);
/// Same for memory-bound phases (they draw less, so a cap rarely binds).
double memoryThroughputUnderLimit(const Gpu& gpu, std::optional<double> limitW);

/// How a GPU spends its time under a workload: shares of wall time, summing
/// to 1 (docs/power-model.md §3).
struct GpuActivity {
    double computeBound = 0;
    double memoryBound = 0;
    double communication = 0; ///< exposed collectives, pipeline bubble, launch gaps
    double idle = 0;
    /// Shares from the speed model (false: the fixed-utilisation fallback).
    bool fromWorkload = false;
    /// Achieved fraction of the precision's peak FLOP/s while compute-bound
    /// (tensor-pipe activity, 0..1); 1 = GEMMs at full rate. Training takes
    /// it from the speed model (hardware FLOPs over the GEMM time).
    double computeIntensity = 1;
};

/// Share of the compute-bound power above idle a GPU draws at tensor
/// intensity `intensity` (0..1): linear in activity, as in activity-based
/// GPU power models (Kandiah et al., AccelWattch, MICRO 2021, §3: dynamic
/// power = constant part for clocks, caches and leakage + per-unit activity
/// × energy per access), with `gpuComputeFloorShare` of the range drawn
/// whatever the tensor activity (docs/power-model.md §1).
double computePowerShare(double intensity);

/// The constant part: 0.71, fitted on one published average (docs/validation.md
/// "Power": SMC's MLPerf Training v4.0 Llama 2 70B LoRA run on one 8×H100 node).
inline constexpr double gpuComputeFloorShare = 0.71;

/// Shares normalised to sum to 1; non-finite or negative parts count 0;
/// all-zero gives full idle.
GpuActivity normalisedActivity(GpuActivity a);

/// Board power of one GPU in each activity state, watts, before the limit:
/// the published curve × tdp_w, or, with a usable `fit` of the user's
/// metrics, the fitted idle and full-tensor power at the two ends and the
/// memory-bound and communication levels kept at their published place
/// between them (docs/power-model.md §8).
struct GpuStatePowerW {
    double idle = 0;
    double communication = 0;
    double memoryBound = 0;
    double computeBound = 0; ///< at full tensor activity
};
GpuStatePowerW gpuStatePowerW(const Gpu& gpu, const GpuPowerCalibration* fit = nullptr);

/// Average board power of one GPU under `activity`, each state's power
/// clipped at the effective limit (docs/power-model.md §3); `fit` as in
/// gpuStatePowerW.
double gpuAverageW(const Gpu& gpu, std::optional<double> limitW, const GpuActivity& activity,
    const GpuPowerCalibration* fit = nullptr);
/// Idle board power of one GPU (never above its limit).
double gpuIdleW(const Gpu& gpu, std::optional<double> limitW,
    const GpuPowerCalibration* fit = nullptr);

} // namespace infrafit
