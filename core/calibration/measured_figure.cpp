// SPDX-License-Identifier: Apache-2.0
#include "core/calibration/measured_figure.h"

#include "core/pipeline/analyze.h"
#include "core/pipeline/evaluate.h"

#include <algorithm>

namespace infrafit {
namespace {

double meanOutputTokens(const Workload& workload)
{
    return workload.serving.outputLengths ? workload.serving.outputLengths->meanTokens
                                          : static_cast<double>(workload.outputTokens);
}

} // namespace

bool isServedFigure(const Workload& workload, MeasuredFigure figure)
{
    return figure == MeasuredFigure::OutputTokensPerS
        && workload.kind == WorkloadKind::Inference && workload.serving.isDemand();
}

double figureOf(MeasuredFigure figure, const Workload& workload, const AnalysisResult& result)
{
    if (!result.analyzed || !result.fits)
        return 0;
    if (isServedFigure(workload, figure)) {
        if (!result.serving)
            return 0;
        const auto& s = *result.serving;
        // A closed loop's rate is what the simulation of its users served.
        if (s.closedLoop)
            return s.demandRequestsPerS * meanOutputTokens(workload);
        const double capacity = s.replicasInConfiguration * s.saturatedRequestsPerS;
        return std::min(s.demandRequestsPerS, capacity) * meanOutputTokens(workload);
    }
    switch (figure) {
    case MeasuredFigure::StepTimeS: return result.performance.stepTimeS;
    case MeasuredFigure::TokensPerS: return result.performance.tokensPerS;
    case MeasuredFigure::OutputTokensPerS: return result.performance.outputTokensPerS;
    }
    return 0;
}

AnalysisResult analyzeForFigure(const Workload& workload, const ResolvedConfiguration& config,
                                MeasuredFigure figure, const InfrastructureInputs& inputs)
{
    return isServedFigure(workload, figure) ? evaluate(workload, config, inputs)
                                            : analyze(workload, config);
}

double demandFigure(const Workload& workload, const AnalysisResult& result)
{
    if (!result.serving)
        return 0;
    return result.serving->demandRequestsPerS * meanOutputTokens(workload);
}

} // namespace infrafit
