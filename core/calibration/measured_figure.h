// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/analysis/analysis_result.h"
#include "core/calibration/efficiency_fit.h"

namespace infrafit {

/// Whether a run's figure is the throughput served at its workload's
/// demand: output tokens/s of an inference workload with a request rate or
/// users. A cluster that keeps up with its load serves the load, however
/// fast it could go, so the figure is compared with what the configuration
/// serves at that demand (the serving simulation), not with the throughput
/// of the workload's fixed `concurrent_requests`.
[[nodiscard]] bool isServedFigure(const Workload& workload, MeasuredFigure figure);

/// The run's figure in an analysis of its workload; 0 when the workload was
/// not analysed or does not fit. A served figure is, for an open loop,
/// min(demand, replicas × saturated rate per replica) × mean output length:
/// the demand while the configuration keeps up, its capacity beyond; for a
/// closed loop, the rate the simulation of its users served × mean output
/// length.
[[nodiscard]] double figureOf(MeasuredFigure figure, const Workload& workload,
                              const AnalysisResult& result);

/// The analysis a figure needs: evaluate() (with the serving simulation)
/// for a served figure, analyze() for the others.
[[nodiscard]] AnalysisResult analyzeForFigure(const Workload& workload,
                                              const ResolvedConfiguration& config,
                                              MeasuredFigure figure,
                                              const InfrastructureInputs& inputs = {});

/// The served figure's ceiling set by the demand alone (requests/s × mean
/// output length); 0 for other figures or a closed loop without a result.
[[nodiscard]] double demandFigure(const Workload& workload, const AnalysisResult& result);

} // namespace infrafit
