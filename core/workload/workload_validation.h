// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/input_error.h"
#include "core/workload/workload.h"

#include <string>
#include <vector>

namespace infrafit {

/// Checks the rules between fields that a JSON type check cannot see, for
/// a workload at `pointer` (e.g. "/workloads/2"): attention heads (and KV
/// heads, unless replicated) divisible by tensor parallelism, pipeline <=
/// layers, layers divisible by pipeline·virtual stages when interleaved,
/// global batch divisible by micro-batch × data, experts divisible by expert
/// parallelism, ZeRO stage 0..3. Appends one Problem per broken rule.
void validateWorkload(const Workload& workload, const std::string& pointer,
                      std::vector<Problem>& problems);

/// The same plan rules for a parallelism chosen or given at analysis time;
/// returns the first broken rule as text, or empty when the plan is valid.
/// `data` must be resolved (> 0).
std::string planRuleViolation(const Workload& workload, const Parallelism& plan);

} // namespace infrafit
