// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <array>
#include <vector>

namespace infrafit {

/// Objectives of one candidate, all to be minimised (negate what is to be
/// maximised). Training: {cost, days (or step time)}; inference: {cost,
/// −output tokens/s, time per output token}.
using ParetoPoint = std::array<double, 3>;

/// a dominates b: no worse in every objective and better in one.
bool dominates(const ParetoPoint& a, const ParetoPoint& b);

/// For each point, whether no other point dominates it (the Pareto front).
/// Sorts by the first objective and sweeps, O(n · front) comparisons.
std::vector<bool> paretoFront(const std::vector<ParetoPoint>& points);

} // namespace infrafit
