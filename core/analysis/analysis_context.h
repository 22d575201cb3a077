// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/analysis/analysis_result.h"
#include "core/analysis/hardware_rates.h"
#include "core/config/resolved_configuration.h"

namespace infrafit {

/// Inputs of one analysis, resolved once (internal to core/analysis).
struct AnalysisContext {
    const Workload& workload;
    const ResolvedConfiguration& config;
    Parallelism plan;          ///< data resolved (> 0)
    ParameterCount params;
    double peakFlopsPerS = 0;  ///< > 0 (checked before use)
    Efficiency efficiency;
    LinkRates rates;
    /// bf16/fp16 peak the attention core runs at (FlashAttention keeps
    /// attention in 16-bit under fp8/fp4 training); peakFlopsPerS otherwise.
    double attentionPeakFlopsPerS = 0;
};

/// Fills memory, stages, performance and interconnect of a training result.
void analyzeTraining(const AnalysisContext& context, AnalysisResult& result, bool withStages);
/// Fills memory, performance and capacity of an inference result.
void analyzeInference(const AnalysisContext& context, AnalysisResult& result);

struct InferenceSetup;
struct ServingStepModel;
/// The per-operation step model of one serving replica (serving_step.h).
ServingStepModel makeServingStepModel(const AnalysisContext& context, const InferenceSetup& setup);

/// Bytes/s of a link level for the context (0 when absent).
double levelBytesPerS(const LinkRates& rates, LinkLevel level);
double levelLatencyS(const LinkRates& rates, LinkLevel level);

} // namespace infrafit
