// SPDX-License-Identifier: Apache-2.0
#include "core/pipeline/evaluate.h"

#include "core/pipeline/analyze.h"
#include "core/analysis/communication.h"
#include "core/analysis/power_activity.h"
#include "core/analysis/serving_analysis.h"
#include "core/pipeline/storage_host.h"
#include "core/io/default_software.h"
#include "core/software/software_check.h"

#include <algorithm>

namespace infrafit {
namespace {

/// Infrastructure findings the workload analysis has already made in its
/// own words (same fact, same severity): keep one.
bool duplicatesAnalysisFinding(const Finding& finding, const Findings& analysisFindings)
{
    const auto has = [&](std::string_view prefix) {
        return std::any_of(analysisFindings.begin(), analysisFindings.end(),
                           [&](const Finding& f) { return f.code.rfind(prefix, 0) == 0; });
    };
    if (finding.code == "compat.precision")
        return has("precision.");
    return false;
}

} // namespace

InfrastructureInputs infrastructureInputsFor(const Workload& workload,
                                             const AnalysisResult& analysis,
                                             const ResolvedConfiguration& config,
                                             InfrastructureInputs base)
{
    if (base.precision.empty())
        base.precision = std::string(enumName(workload.precision));
    // Cost per token only for a plan that runs (speedAvailable()).
    if (!base.tokensPerSecond && speedAvailable(analysis)) {
        const double tokensPerS = workload.kind == WorkloadKind::Training
                                      ? analysis.performance.tokensPerS
                                      : analysis.performance.outputTokensPerS;
        if (tokensPerS > 0)
            base.tokensPerSecond = tokensPerS;
    }
    if (!base.trainingDays && workload.kind == WorkloadKind::Training && analysis.analyzed
        && analysis.performance.trainingDays > 0)
        base.trainingDays = analysis.performance.trainingDays;
    if (!base.gpuActivity)
        base.gpuActivity = gpuActivityFor(workload, analysis);
    // The calibration profile's GPU power for this GPU (docs/power-model.md §8).
    if (!base.gpuPowerCalibration)
        for (const auto& fit : workload.powerCalibration)
            if (fit.gpuId == config.gpu.id && fit.usable()) {
                base.gpuPowerCalibration = fit;
                break;
            }
    // A GPU fabric that joins nodes (a GB200 NVL72 rack's NVLink) counts as
    // one node, as the analysis times it.
    if (!base.needsInterNodeTraffic)
        base.needsInterNodeTraffic = planCrossesNodes(workload.kind, analysis.parallelism,
                                                      config.config.nodes,
                                                      linkRates(config).gpusPerNode);
    return base;
}

AnalysisResult evaluate(const Workload& workload, const ResolvedConfiguration& config,
                        const InfrastructureInputs& base, const SoftwareTable* software)
{
    AnalysisResult result = analyze(workload, config);
    const auto inputs = infrastructureInputsFor(workload, result, config, base);
    InfrastructureReport report = checkInfrastructure(config, inputs);
    for (const auto& finding : report.findings) {
        if (!duplicatesAnalysisFinding(finding, result.findings))
            result.findings.push_back(finding);
    }
    StorageHostResult balance = checkStorageAndHost(workload, config, result);
    result.findings.insert(result.findings.end(), balance.findings.begin(), balance.findings.end());
    result.assumptions.insert(result.assumptions.end(), balance.assumptions.begin(),
                              balance.assumptions.end());
    result.storage = std::move(balance.storage);
    result.host = std::move(balance.host);
    result.serving = analyzeServing(workload, config, result, &report, result.findings);
    Findings softwareFindings
        = checkSoftware(workload, config.gpu, software ? *software : defaultSoftwareTable());
    result.findings.insert(result.findings.end(), softwareFindings.begin(), softwareFindings.end());
    // Errors first, then warnings, then information; stable within a level.
    std::stable_sort(result.findings.begin(), result.findings.end(),
                     [](const Finding& a, const Finding& b) { return a.severity > b.severity; });
    result.infrastructure = std::move(report);
    return result;
}

} // namespace infrafit
