// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/analysis/analysis_result.h"
#include "core/infra/gpu_power_model.h"
#include "core/workload/workload.h"

#include <optional>

namespace infrafit {

/// How a GPU spends its time under the analysed workload, from the speed
/// model's time split (docs/power-model.md §3):
/// - training, per optimizer step of the most-loaded stage: GEMMs and
///   attention compute-bound; element-wise operations and the optimizer
///   step memory-bound; exposed tensor/expert/pipeline/data-parallel
///   communication and the pipeline bubble as communication;
/// - inference, per request of a replica: the prefill compute-bound; the
///   decode of its output tokens (one step per token, shared by the batch)
///   memory-bound, or compute-bound when the roofline says so; the exposed
///   tensor-parallel share of decode as communication.
/// nullopt when the result has no figures (not analysed, zero times).
std::optional<GpuActivity> gpuActivityFor(const Workload& workload, const AnalysisResult& result);

} // namespace infrafit
