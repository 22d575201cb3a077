// SPDX-License-Identifier: Apache-2.0
#include "core/calibration/right_sizing.h"

#include "core/base/finding_text.h"
#include "core/base/finite_value.h"
#include "core/base/text_table.h"
#include "core/calibration/measured_figure.h"
#include "core/project/calibration_profile.h"
#include "core/workload/workload_efficiency.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

namespace infrafit {
namespace {

/// Speed of a figure: larger is faster (1 / step time).
double sizingSpeed(MeasuredFigure figure, double value)
{
    if (!std::isfinite(value) || value <= 0)
        return 0;
    return figure == MeasuredFigure::StepTimeS ? 1.0 / value : value;
}

const char* sizingFigureName(MeasuredFigure figure)
{
    switch (figure) {
    case MeasuredFigure::StepTimeS: return "step_time_s";
    case MeasuredFigure::TokensPerS: return "tokens_per_s";
    case MeasuredFigure::OutputTokensPerS: return "output_tokens_per_s";
    }
    return "";
}

/// The run's figure on `config` with `nodes` nodes, the plan chosen by the
/// plan search for that size (a training run's own plan was for its
/// cluster). An inference run's own replica plan still holds at any node
/// count: the faster of it and the search's is taken, so the measured
/// cluster is never sized below the run's own prediction.
double figureAt(const MeasuredRun& run, const Workload& searched, ResolvedConfiguration config,
    int nodes)
{
    config.config.nodes = nodes;
    const double byPlanSearch
        = figureOf(run.figure, searched, analyzeForFigure(searched, config, run.figure));
    if (run.workload.kind != WorkloadKind::Inference || !run.workload.parallelism)
        return byPlanSearch;
    const double byOwnPlan
        = figureOf(run.figure, run.workload, analyzeForFigure(run.workload, config, run.figure));
    return sizingSpeed(run.figure, byOwnPlan) > sizingSpeed(run.figure, byPlanSearch)
        ? byOwnPlan
        : byPlanSearch;
}

RightSizeOption sizeOn(const MeasuredRun& run, const Workload& workload,
    const ResolvedConfiguration& config, double target, int maxNodes)
{
    RightSizeOption o;
    o.configuration = config.config.name;
    o.gpuId = config.gpu.id;
    o.gpuModel = config.gpu.model;
    o.gpusPerNode = config.config.gpusPerNode;
    o.calibrated = calibrationFor(workload, config.gpu.id) != nullptr;
    o.measuredOn = config.config.name == run.config.config.name;
    const auto speedAt = [&](int n) {
        return sizingSpeed(run.figure, figureAt(run, workload, config, n));
    };
    // Doubling: the first power of two that is fast enough …
    int hi = 1;
    double hiSpeed = speedAt(hi);
    while (hiSpeed < target && hi < maxNodes) {
        hi = std::min(maxNodes, hi * 2);
        hiSpeed = speedAt(hi);
    }
    if (hiSpeed < target)
        return o;
    // … then bisection between the last slow count and it.
    int lo = hi / 2; // slow (or 0)
    while (hi - lo > 1) {
        const int mid = lo + (hi - lo) / 2;
        if (speedAt(mid) >= target)
            hi = mid;
        else
            lo = mid;
    }
    o.nodes = hi;
    o.gpus = hi * config.config.gpusPerNode;
    o.predicted = figureAt(run, workload, config, hi);
    return o;
}

/// How far the analysis is from the run, in words; past a million percent
/// the digits say nothing (CLI probe C5).
std::string sizingErrorWords(double error)
{
    const double percent = 100 * std::fabs(error);
    if (percent < 0.5)
        return "the analysis matches the measurement there";
    return std::string("the analysis is ")
        + (percent > 1e6 ? "more than 1,000,000" : infra::num(percent, 0)) + " % "
        + (error >= 0 ? "faster" : "slower") + " than measured there";
}

} // namespace

RightSizing rightSizeRun(const MeasuredRun& run, const std::vector<ResolvedConfiguration>& configs,
    int maxNodes)
{
    RightSizing s;
    s.run = run.name;
    s.workload = run.workload.name;
    s.configuration = run.config.config.name;
    s.figure = run.figure;
    s.measured = run.measured;
    s.measuredGpus = run.config.totalGpus();
    s.maxNodes = std::max(1, maxNodes);
    // How far the analysis is from this run on its own cluster and plan.
    const AnalysisResult own = analyzeForFigure(run.workload, run.config, run.figure);
    const double ownFigure = figureOf(run.figure, run.workload, own);
    const double measuredSpeed = sizingSpeed(run.figure, run.measured);
    if (ownFigure > 0 && measuredSpeed > 0)
        s.runError = sizingSpeed(run.figure, ownFigure) / measuredSpeed - 1;
    if (run.workload.kind == WorkloadKind::Training && ownFigure > 0 && measuredSpeed > 0
        && own.performance.tokensPerS > 0)
        // Tokens/s scale with speed at the run's fixed batch.
        s.tokensPerS = own.performance.tokensPerS * measuredSpeed / sizingSpeed(run.figure, ownFigure);
    if (!(measuredSpeed > 0))
        return s;
    // Sized with the plan search's plan at every count, not the run's own.
    Workload sized = run.workload;
    sized.parallelism.reset();
    for (const auto& config : configs)
        s.options.push_back(sizeOn(run, sized, config, measuredSpeed, s.maxNodes));
    return s;
}

std::vector<RightSizing> rightSizeRuns(std::vector<MeasuredRun> runs,
    const CalibrationProfile& profile, const std::vector<ResolvedConfiguration>& configs,
    int maxNodes)
{
    const auto efficiencies = efficiencyCalibrationsOf(profile);
    const auto power = powerCalibrationsOf(profile);
    std::vector<RightSizing> out;
    out.reserve(runs.size());
    for (auto& run : runs) {
        run.workload.calibration = efficiencies;
        run.workload.powerCalibration = power;
        out.push_back(rightSizeRun(run, configs, maxNodes));
    }
    return out;
}

nlohmann::json rightSizingToJson(const RightSizing& s)
{
    auto options = nlohmann::json::array();
    for (const auto& o : s.options)
        options.push_back({{"configuration", o.configuration}, {"gpu", o.gpuId},
            {"gpu_model", o.gpuModel}, {"gpus_per_node", o.gpusPerNode},
            {"nodes", o.nodes ? nlohmann::json(*o.nodes) : nlohmann::json(nullptr)},
            {"gpus", o.nodes ? nlohmann::json(o.gpus) : nlohmann::json(nullptr)},
            {"predicted", o.nodes ? nlohmann::json(finiteOrZero(o.predicted)) : nlohmann::json(nullptr)},
            {"calibrated", o.calibrated}, {"measured_on", o.measuredOn}});
    return {{"run", s.run}, {"workload", s.workload}, {"configuration", s.configuration},
        {"figure", sizingFigureName(s.figure)}, {"measured", finiteOrZero(s.measured)},
        {"measured_gpus", s.measuredGpus}, {"run_error", finiteOrZero(s.runError)},
        {"tokens_per_s", s.tokensPerS ? nlohmann::json(finiteOrZero(*s.tokensPerS)) : nlohmann::json(nullptr)},
        {"max_nodes", s.maxNodes}, {"options", std::move(options)}};
}

std::string rightSizingToText(const std::vector<RightSizing>& sizings)
{
    std::string out;
    for (const auto& s : sizings) {
        if (!out.empty())
            out += "\n";
        out += "Right-sizing run '" + s.run + "' (" + s.workload + " on " + s.configuration + ", "
            + std::to_string(s.measuredGpus) + " GPUs, " + sizingFigureName(s.figure) + " "
            + infra::num(s.measured, s.figure == MeasuredFigure::StepTimeS ? 3 : 0)
            + "; " + sizingErrorWords(s.runError) + "):\n";
        TextTable table({"Configuration", "GPU", "Nodes", "GPUs", "Predicted", "Efficiency"});
        for (const auto& o : s.options)
            table.addRow({o.configuration + (o.measuredOn ? " (measured)" : ""), o.gpuModel,
                o.nodes ? std::to_string(*o.nodes) : "> " + std::to_string(s.maxNodes),
                o.nodes ? std::to_string(o.gpus) : "-",
                o.nodes ? infra::num(o.predicted, s.figure == MeasuredFigure::StepTimeS ? 3 : 0) : "-",
                o.calibrated ? "calibrated" : "default"});
        out += table.render();
        if (s.tokensPerS)
            // A plain number: the option reads no thousands separators.
            out += "Catalog builds for the same speed: infrafit-cli recommend PROJECT --workload \""
                + s.workload + "\" --min-tokens-per-s "
                + std::to_string(std::llround(std::max(0.0, finiteOrZero(*s.tokensPerS)))) + "\n";
    }
    return out;
}

} // namespace infrafit
