// SPDX-License-Identifier: Apache-2.0
#pragma once

namespace infrafit {

/// Electrical formulas for feeds and PSUs (docs/reference/hardware.md §2.3 "Current" and
/// "Rack power budget"; HP Insight Control PM 7.3 guide; NEC 210.19/215.2).
/// All return 0 instead of NaN/inf when an input is zero or negative.

/// Single-phase current: I = P / (V × PF).
double singlePhaseCurrentA(double watts, double volts, double powerFactor);

/// Three-phase line current: I_line = P / (√3 × V_LL × PF).
double threePhaseLineCurrentA(double watts, double lineToLineVolts, double powerFactor);

/// Line current for `phases` (1 or 3) at `volts` (line-to-line for three).
double feedCurrentA(double watts, double volts, int phases, double powerFactor);

/// Apparent capacity of a feed in kVA: √3 × V_LL × I (three phase) or V × I.
double feedNameplateKva(double volts, double breakerA, int phases);

/// Usable kW of one feed: nameplate × continuous-load factor (NEC 80 % rule
/// for continuous loads >= 3 h; 1.0 where IEC rating at 100 % applies) ×
/// power factor of 1 (the table in docs/reference/hardware.md §1.8 counts kVA as kW).
double feedUsableKw(double volts, double breakerA, int phases, double continuousLoadFactor);

} // namespace infrafit
