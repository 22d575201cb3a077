// SPDX-License-Identifier: Apache-2.0
#include "core/calibration/measured_runs_json.h"

#include "core/base/finding_text.h"
#include "core/base/input_error.h"
#include "core/base/finite_value.h"
#include "core/base/text_table.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

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
    return (share > 0 ? "+" : "") + infra::num(share * 100, 1) + " %";
}

/// Step times in seconds keep three decimals; throughputs none.
std::string runFigureText(double value)
{
    return infra::num(value, std::fabs(value) >= 100 ? 0 : 3);
}

} // namespace

std::vector<MeasuredRun> measuredRunsFromJson(const nlohmann::json& document, const Project& project,
    const PartLookup& catalog, const std::string& file)
{
    std::vector<Problem> problems;
    if (!document.is_object() || !document.contains("runs") || !document["runs"].is_array()
        || document["runs"].empty())
        throw InputError(file, "/runs", "expected a non-empty array of measured runs");
    std::vector<MeasuredRun> runs;
    const auto& list = document["runs"];
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string at = "/runs/" + std::to_string(i);
        const auto& r = list[i];
        if (!r.is_object()) {
            problems.push_back({at, "expected an object"});
            continue;
        }
        MeasuredRun run;
        run.name = r.contains("name") && r["name"].is_string() ? r["name"].get<std::string>()
                                                               : "run " + std::to_string(i + 1);
        const auto named = [&](const char* key) -> std::string {
            if (!r.contains(key) || !r[key].is_string()) {
                problems.push_back({at + "/" + key, "expected the name of a project " + std::string(
                    std::string_view(key) == "workload" ? "workload" : "configuration")});
                return {};
            }
            return r[key].get<std::string>();
        };
        const std::string workload = named("workload");
        const std::string configuration = named("configuration");
        const auto w = std::find_if(project.workloads.begin(), project.workloads.end(),
            [&](const Workload& x) { return x.name == workload; });
        if (!workload.empty() && w == project.workloads.end())
            problems.push_back({at + "/workload", "no workload named \"" + workload + "\" in the project"});
        std::optional<std::size_t> configIndex;
        for (std::size_t c = 0; c < project.configurations.size(); ++c)
            if (project.configurations[c].name == configuration)
                configIndex = c;
        if (!configuration.empty() && !configIndex)
            problems.push_back({at + "/configuration",
                "no configuration named \"" + configuration + "\" in the project"});
        int figures = 0;
        for (const auto& [key, figure] : kRunFigures) {
            if (!r.contains(key))
                continue;
            ++figures;
            const auto& v = r[std::string(key)];
            if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() <= 0) {
                problems.push_back({at + "/" + std::string(key), "expected a positive number"});
                continue;
            }
            run.figure = figure;
            run.measured = v.get<double>();
        }
        if (figures != 1)
            problems.push_back({at,
                "give exactly one of step_time_s, tokens_per_s, output_tokens_per_s (found "
                    + std::to_string(figures) + ")"});
        if (w != project.workloads.end() && configIndex && figures == 1 && run.measured > 0) {
            run.workload = *w;
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
            runs.push_back(std::move(run));
        }
    }
    if (!problems.empty())
        throw InputError(file, std::move(problems));
    return runs;
}

nlohmann::json calibrationToJson(const CalibrationResult& result)
{
    auto efficiencies = nlohmann::json::array();
    for (const auto& e : result.efficiencies)
        efficiencies.push_back({{"gpu", e.gpuId}, {"prior", finiteOrZero(e.prior)},
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
            {"leave_one_out_error",
                r.leaveOneOutError ? nlohmann::json(finiteOrZero(*r.leaveOneOutError))
                                   : nlohmann::json(nullptr)}});
    return {{"efficiencies", std::move(efficiencies)}, {"runs", std::move(runs)}};
}

std::string calibrationToText(const CalibrationResult& result)
{
    std::string out = "Compute efficiency fitted to your runs (prior: the published default):\n";
    for (const auto& e : result.efficiencies) {
        out += "  " + e.gpuId + ": " + infra::num(e.prior, 3) + " -> " + infra::num(e.fitted, 3)
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
            r.reachable ? infra::num(r.impliedEfficiency, 3)
                        : "none in (0, 1]: " + infra::num(r.impliedEfficiency, 2) + " limit"});
    return out + "\n" + table.render();
}

} // namespace infrafit
