// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/input_error.h"
#include "core/workload/workload.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace infrafit {

/// Reads the serving demand of an inference workload object at `pointer`
/// (docs/user-guide.md "Serving capacity"): request_rate_per_s, arrival,
/// arrival_cv, users, think_time_s, sla, prefill_chunk_tokens,
/// prefix_cache_hit_rate, spare_replicas, and prompt_tokens / output_tokens
/// as a number, {"mean", "p90"} or {"histogram": [[tokens, share], ...]}.
/// Sets the workload's fixed prompt/output tokens to the rounded means so
/// the per-request analysis keeps working. Appends one Problem per broken
/// rule, naming the JSON pointer.
void readServingDemand(const nlohmann::json& json, const std::string& pointer, Workload& workload,
                       std::vector<Problem>& problems);

/// Writes the fields above into `json` (a workload object); lengths that are
/// distributions replace the plain prompt_tokens / output_tokens numbers.
void writeServingDemand(const Workload& workload, nlohmann::json& json);

} // namespace infrafit
