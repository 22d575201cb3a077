// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/analysis/analysis_result.h"

#include <nlohmann/json.hpp>

namespace infrafit {

/// One `analyze --format json` result object with the docs/architecture.md contract
/// names (workload, configuration, model, memory.per_gpu_bytes.{weights,
/// gradients, optimizer, activations, kv_cache, overhead, total},
/// gpu_capacity_bytes, fits, performance.{…}, interconnect.{sufficient,
/// communication_fraction}, parallelism.{…}, findings) plus extra fields
/// (hfu, overhead breakdown, per-stage memory, inference capacity,
/// assumptions); power/thermal/cost/fabric/pcie/compatibility when the
/// result carries the infrastructure report, storage/host when it carries
/// the storage and host reports (evaluate()).
nlohmann::json analysisResultToJson(const AnalysisResult& result);

} // namespace infrafit
