// SPDX-License-Identifier: Apache-2.0
#include "core/calibration/measured_runs_json.h"

#include "core/base/finding_text.h"
#include "core/base/input_error.h"
#include "core/base/message_text.h"
#include "core/base/finite_value.h"
#include "core/base/text_table.h"
#include "core/io/measurements_json.h"
#include "core/workload/workload_validation.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <map>

namespace infrafit {
namespace {

constexpr std::array<std::pair<std::string_view, MeasuredFigure>, 3> kRunFigures {{
    {"step_time_s", MeasuredFigure::StepTimeS},
    {"tokens_per_s", MeasuredFigure::TokensPerS},
    {"output_tokens_per_s", MeasuredFigure::OutputTokensPerS},
}};

std::string_view runFigureKey(MeasuredFigure figure)
{
    for (const auto& [key, f] : kRunFigures)
        if (f == figure)
            return key;
    return {};
}

std::string runPercent(double share)
{
    // Past a million percent the digits say nothing (a 1e-300 tok/s run
    // printed 80 of them, CLI probe C5).
    constexpr double shown = 1e4;
    if (std::fabs(share) > shown)
        return (share > 0 ? "> +" : "< -") + infra::num(shown * 100, 0) + " %";
    return (share > 0 ? "+" : "") + infra::num(share * 100, 1) + " %";
}

/// Step times in seconds keep three decimals; throughputs none.
std::string runFigureText(double value)
{
    return infra::num(value, std::fabs(value) >= 100 ? 0 : 3);
}

/// A run and where it stands in its runs file.
struct RunEntry {
    std::string pointer; ///< "/runs/N"
    Measurement measurement;
};

/// The runs of a runs file (`{"runs": [...]}`), read with their problems
/// appended: an unnamed run is "run N", and a run's name is unique in its
/// file (docs/user-guide.md "Measured runs"), since two runs of one name
/// would be listed, fitted and replaced as one.
std::vector<RunEntry> readRunEntries(const nlohmann::json& document, const std::string& file,
    std::vector<Problem>& problems)
{
    if (!document.is_object() || !document.contains("runs") || !document["runs"].is_array()
        || document["runs"].empty())
        throw InputError(file, "/runs", "expected a non-empty array of measured runs");
    std::vector<RunEntry> entries;
    std::map<std::string, std::string> names;
    const auto& list = document["runs"];
    for (std::size_t i = 0; i < list.size(); ++i) {
        std::string at = "/runs/" + std::to_string(i);
        nlohmann::json entry = list[i];
        if (entry.is_object() && !entry.contains("name"))
            entry["name"] = "run " + std::to_string(i + 1);
        auto m = measurementFromJson(entry, at, problems);
        if (!m)
            continue;
        const auto [seen, fresh] = names.emplace(m->name, at);
        if (!fresh)
            problems.push_back({at + "/name", "duplicate run name \"" + shortenedValue(m->name)
                                                  + "\" (also " + seen->second + ")"});
        entries.push_back({std::move(at), std::move(*m)});
    }
    return entries;
}

} // namespace

std::vector<Measurement> measurementsFromRunsJson(const nlohmann::json& document, const std::string& file)
{
    std::vector<Problem> problems;
    std::vector<Measurement> measurements;
    for (auto& entry : readRunEntries(document, file, problems))
        measurements.push_back(std::move(entry.measurement));
    if (!problems.empty())
        throw InputError(file, std::move(problems));
    return measurements;
}

namespace {

/// One measurement resolved against the project, its problems appended
/// under `at`; nullopt when it names nothing there.
std::optional<MeasuredRun> resolvedMeasurement(const Measurement& m, const std::string& at,
    const Project& project, const PartLookup& catalog, const std::string& file,
    std::vector<Problem>& problems)
{
    const auto w = std::find_if(project.workloads.begin(), project.workloads.end(),
        [&](const Workload& x) { return x.name == m.workload; });
    if (w == project.workloads.end())
        problems.push_back({at + "/workload", "no workload named \"" + m.workload + "\" in the project"});
    std::optional<std::size_t> configIndex;
    for (std::size_t c = 0; c < project.configurations.size(); ++c)
        if (project.configurations[c].name == m.configuration)
            configIndex = c;
    if (!configIndex)
        problems.push_back({at + "/configuration",
            "no configuration named \"" + m.configuration + "\" in the project"});
    const auto [key, value] = measurementFigure(m);
    if (w == project.workloads.end() || !configIndex || key.empty())
        return std::nullopt;
    MeasuredRun run;
    run.name = m.name;
    run.workload = *w;
    if (m.parallelism) {
        // The run's own plan obeys the rules a workload's does (heads
        // divisible by tensor, pipeline <= layers, ...): a plan that cannot
        // run would be "predicted" at 0.
        run.workload.parallelism = m.parallelism;
        validateWorkload(run.workload, at, problems);
    }
    for (const auto& [k, figure] : kRunFigures)
        if (k == key)
            run.figure = figure;
    run.measured = value;
    const bool training = w->kind == WorkloadKind::Training;
    if (training == (run.figure == MeasuredFigure::OutputTokensPerS))
        problems.push_back({at,
            std::string(training ? "a training workload is measured by step_time_s or "
                                   "tokens_per_s"
                                 : "an inference workload is measured by "
                                   "output_tokens_per_s")});
    try {
        run.config = resolveConfiguration(project, *configIndex, catalog, file);
    } catch (const InputError& e) {
        for (const auto& p : e.problems())
            problems.push_back(p);
    }
    return run;
}

} // namespace

std::vector<MeasuredRun> measuredRunsFor(const std::vector<Measurement>& measurements,
    const Project& project, const PartLookup& catalog, const std::string& file,
    const std::string& pointerBase)
{
    std::vector<Problem> problems;
    std::vector<MeasuredRun> runs;
    for (std::size_t i = 0; i < measurements.size(); ++i)
        if (auto run = resolvedMeasurement(measurements[i], pointerBase + "/" + std::to_string(i),
                project, catalog, file, problems))
            runs.push_back(std::move(*run));
    if (!problems.empty())
        throw InputError(file, std::move(problems));
    return runs;
}

std::vector<MeasuredRun> measuredRunsFromJson(const nlohmann::json& document, const Project& project,
    const PartLookup& catalog, const std::string& file)
{
    // Every problem at once: those of the file's form and those of what
    // the runs name in the project.
    std::vector<Problem> problems;
    std::vector<MeasuredRun> runs;
    for (const auto& entry : readRunEntries(document, file, problems))
        if (auto run = resolvedMeasurement(entry.measurement, entry.pointer, project, catalog,
                                           file, problems))
            runs.push_back(std::move(*run));
    if (!problems.empty())
        throw InputError(file, std::move(problems));
    return runs;
}

nlohmann::json calibrationToJson(const CalibrationResult& result)
{
    auto efficiencies = nlohmann::json::array();
    for (const auto& e : result.efficiencies)
        efficiencies.push_back({{"gpu", e.gpuId},
            {"workload_kind", e.training ? "training" : "inference"}, {"prior", finiteOrZero(e.prior)},
            {"fitted", finiteOrZero(e.fitted)}, {"log_spread", finiteOrZero(e.spread)},
            {"runs", e.runs},
            {"leave_one_out_median_abs_error",
                e.leaveOneOutMedianAbsError ? nlohmann::json(finiteOrZero(*e.leaveOneOutMedianAbsError))
                                            : nlohmann::json(nullptr)}});
    auto runs = nlohmann::json::array();
    for (const auto& r : result.runs)
        runs.push_back({{"name", r.name}, {"gpu", r.gpuId}, {"figure", std::string(runFigureKey(r.figure))},
            {"measured", finiteOrZero(r.measured)}, {"predicted_before", finiteOrZero(r.predictedBefore)},
            {"predicted_after", finiteOrZero(r.predictedAfter)},
            {"error_before", finiteOrZero(r.errorBefore)}, {"error_after", finiteOrZero(r.errorAfter)},
            {"implied_efficiency", finiteOrZero(r.impliedEfficiency)}, {"reachable", r.reachable},
            {"kept_up_with_demand", r.keptUpWithDemand},
            {"leave_one_out_error",
                r.leaveOneOutError ? nlohmann::json(finiteOrZero(*r.leaveOneOutError))
                                   : nlohmann::json(nullptr)}});
    return {{"efficiencies", std::move(efficiencies)}, {"runs", std::move(runs)}};
}

std::string calibrationToText(const CalibrationResult& result)
{
    std::string out = "Compute efficiency fitted to your runs (prior: the published default):\n";
    for (const auto& e : result.efficiencies) {
        out += "  " + e.gpuId + (e.training ? " (training)" : " (inference)") + ": " + infra::num(e.prior, 3) + " -> " + infra::num(e.fitted, 3)
            + " from " + std::to_string(e.runs) + (e.runs == 1 ? " run" : " runs")
            + " (about ±" + infra::num((std::exp(e.spread) - 1) * 100, 0) + " %)";
        if (e.leaveOneOutMedianAbsError)
            out += "; leave-one-out median error " + infra::num(*e.leaveOneOutMedianAbsError * 100, 1)
                + " %";
        out += "\n";
    }
    TextTable table({"Run", "GPU", "Figure", "Measured", "Before", "Error before", "After",
        "Error after", "Leave-one-out error", "Implied efficiency"});
    for (const auto& r : result.runs)
        table.addRow({r.name, r.gpuId, std::string(runFigureKey(r.figure)),
            runFigureText(r.measured), runFigureText(r.predictedBefore), runPercent(r.errorBefore),
            runFigureText(r.predictedAfter), runPercent(r.errorAfter),
            r.leaveOneOutError ? runPercent(*r.leaveOneOutError) : "-",
            r.keptUpWithDemand ? std::string("kept up with its demand: not fitted")
            : r.reachable      ? infra::num(r.impliedEfficiency, 3)
                               : "none in (0, 1]: " + infra::num(r.impliedEfficiency, 2) + " limit"});
    return out + "\n" + table.render();
}

} // namespace infrafit
