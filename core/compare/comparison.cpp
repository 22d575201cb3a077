// SPDX-License-Identifier: Apache-2.0
#include "core/compare/comparison.h"

#include "core/project/project_names.h"

#include "core/pipeline/evaluate.h"
#include "core/base/input_error.h"
#include "core/project/resolve_configuration.h"
#include "core/base/finite_value.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <thread>

namespace infrafit {
namespace {

void setValue(ComparisonRow& row, ComparisonMetric m, double value)
{
    row.values[static_cast<std::size_t>(m)] = finiteOrZero(value);
}

bool contains(const std::vector<std::string>& names, const std::string& name)
{
    return std::find(names.begin(), names.end(), name) != names.end();
}

/// Evaluates pairs[i] into results[i]; spreads the pairs over the machine's
/// cores when there are many (each evaluate() is a pure function of copies).
void evaluateAll(const std::vector<std::pair<const Workload*, const ResolvedConfiguration*>>& pairs,
    const InfrastructureInputs& inputs, const SoftwareTable* software,
    std::vector<AnalysisResult>& results)
{
    results.resize(pairs.size());
    const std::size_t threads = std::min<std::size_t>(
        pairs.size() / 8, std::max(1u, std::thread::hardware_concurrency()));
    const auto work = [&](std::size_t first, std::size_t step) {
        for (std::size_t i = first; i < pairs.size(); i += step)
            results[i] = evaluate(*pairs[i].first, *pairs[i].second, inputs, software);
    };
    if (threads <= 1) {
        work(0, 1);
        return;
    }
    std::vector<std::thread> pool;
    pool.reserve(threads - 1);
    for (std::size_t t = 1; t < threads; ++t)
        pool.emplace_back(work, t, threads);
    work(0, threads);
    for (auto& thread : pool)
        thread.join();
}

} // namespace

const std::array<ComparisonMetric, kComparisonMetricCount>& allComparisonMetrics()
{
    static const std::array<ComparisonMetric, kComparisonMetricCount> metrics {
        ComparisonMetric::TrainingDays, ComparisonMetric::TokensPerS,
        ComparisonMetric::OutputTokensPerS, ComparisonMetric::TtftS, ComparisonMetric::TpotS,
        ComparisonMetric::ReplicasNeeded, ComparisonMetric::TtftP99Ms,
        ComparisonMetric::TpotP99Ms, ComparisonMetric::UsdPerMillionOutputTokens,
        ComparisonMetric::KwhPerMillionOutputTokens, ComparisonMetric::Mfu, ComparisonMetric::CapexUsd, ComparisonMetric::TcoUsd,
        ComparisonMetric::ClusterW, ComparisonMetric::Racks, ComparisonMetric::ProblemCount};
    return metrics;
}

std::string_view metricLabel(ComparisonMetric metric)
{
    switch (metric) {
    case ComparisonMetric::TrainingDays:
        return "Days to train";
    case ComparisonMetric::TokensPerS:
        return "Training tokens/s";
    case ComparisonMetric::OutputTokensPerS:
        return "Output tokens/s";
    case ComparisonMetric::TtftS:
        return "TTFT (s)";
    case ComparisonMetric::TpotS:
        return "TPOT (s)";
    case ComparisonMetric::ReplicasNeeded:
        return "Replicas for demand";
    case ComparisonMetric::TtftP99Ms:
        return "p99 TTFT at demand (ms)";
    case ComparisonMetric::TpotP99Ms:
        return "p99 TPOT at demand (ms)";
    case ComparisonMetric::UsdPerMillionOutputTokens:
        return "USD per M output tokens";
    case ComparisonMetric::KwhPerMillionOutputTokens:
        return "kWh per M output tokens";
    case ComparisonMetric::Mfu:
        return "MFU";
    case ComparisonMetric::CapexUsd:
        return "Capex (USD)";
    case ComparisonMetric::TcoUsd:
        return "TCO (USD)";
    case ComparisonMetric::ClusterW:
        return "Cluster power (W)";
    case ComparisonMetric::Racks:
        return "Racks";
    case ComparisonMetric::ProblemCount:
        return "Errors + warnings";
    }
    return {};
}

bool higherIsBetter(ComparisonMetric metric)
{
    return metric == ComparisonMetric::TokensPerS || metric == ComparisonMetric::OutputTokensPerS
        || metric == ComparisonMetric::Mfu;
}

bool isSpeedMetric(ComparisonMetric metric)
{
    switch (metric) {
    case ComparisonMetric::TrainingDays:
    case ComparisonMetric::TokensPerS:
    case ComparisonMetric::OutputTokensPerS:
    case ComparisonMetric::TtftS:
    case ComparisonMetric::TpotS:
    case ComparisonMetric::TtftP99Ms:
    case ComparisonMetric::TpotP99Ms:
    case ComparisonMetric::Mfu:
        return true;
    default:
        return false;
    }
}

bool isServingMetric(ComparisonMetric metric)
{
    switch (metric) {
    case ComparisonMetric::ReplicasNeeded:
    case ComparisonMetric::TtftP99Ms:
    case ComparisonMetric::TpotP99Ms:
    case ComparisonMetric::UsdPerMillionOutputTokens:
    case ComparisonMetric::KwhPerMillionOutputTokens:
        return true;
    default:
        return false;
    }
}

bool isCostMetric(ComparisonMetric metric)
{
    return metric == ComparisonMetric::CapexUsd || metric == ComparisonMetric::TcoUsd
        || metric == ComparisonMetric::UsdPerMillionOutputTokens;
}

bool ComparisonRow::applies(ComparisonMetric m) const
{
    if (isServingMetric(m))
        return serving;
    if (!isSpeedMetric(m))
        return true;
    const bool trainingMetric = m == ComparisonMetric::TrainingDays
        || m == ComparisonMetric::TokensPerS || m == ComparisonMetric::Mfu;
    return trainingMetric == (headline.kind == WorkloadKind::Training);
}

ComparisonMetric headlineMetric(WorkloadKind kind)
{
    return kind == WorkloadKind::Training ? ComparisonMetric::TrainingDays
                                          : ComparisonMetric::OutputTokensPerS;
}

const ComparisonRow* Comparison::find(
    std::string_view workload, std::string_view configuration) const
{
    for (const auto& row : rows)
        if (row.workloadName == workload && row.configurationName == configuration)
            return &row;
    return nullptr;
}

bool anyRowApplies(const Comparison& comparison, ComparisonMetric metric)
{
    return std::any_of(comparison.rows.begin(), comparison.rows.end(),
        [metric](const ComparisonRow& row) { return row.applies(metric); });
}

ComparisonRow comparisonRowFrom(const AnalysisResult& r)
{
    ComparisonRow row;
    row.workloadName = r.workloadName;
    row.configurationName = r.configurationName;
    row.headline = headlineOf(r);
    // Not fitting: no speed; the row keeps 0 and isAvailable() says why.
    const Headline& p = row.headline;
    const bool speed = p.speedAvailable();
    setValue(row, ComparisonMetric::TrainingDays, speed ? p.trainingDays : 0);
    setValue(row, ComparisonMetric::TokensPerS, speed ? p.tokensPerS : 0);
    setValue(row, ComparisonMetric::OutputTokensPerS, speed ? p.outputTokensPerS : 0);
    setValue(row, ComparisonMetric::TtftS, speed ? p.ttftS : 0);
    setValue(row, ComparisonMetric::TpotS, speed ? p.tpotS : 0);
    setValue(row, ComparisonMetric::Mfu, speed ? p.mfu : 0);
    if (r.serving) {
        const auto& s = *r.serving;
        row.serving = true;
        row.carriesDemand = s.replicasNeeded > 0;
        row.meetsSla = s.meetsSla;
        setValue(row, ComparisonMetric::ReplicasNeeded, s.replicasNeeded);
        setValue(row, ComparisonMetric::TtftP99Ms, s.ttftMs.p99);
        setValue(row, ComparisonMetric::TpotP99Ms, s.tpotMs.p99);
        setValue(row, ComparisonMetric::UsdPerMillionOutputTokens,
            s.costPerMillionOutputTokensUsd);
        setValue(row, ComparisonMetric::KwhPerMillionOutputTokens,
            s.energyKwhPerMillionOutputTokens);
    }
    if (r.infrastructure) {
        setValue(row, ComparisonMetric::CapexUsd, r.infrastructure->cost.capexUsd);
        setValue(row, ComparisonMetric::TcoUsd, r.infrastructure->cost.tcoUsd);
        row.unpricedParts = r.infrastructure->cost.unpricedParts;
        setValue(row, ComparisonMetric::ClusterW, r.infrastructure->power.clusterW);
        setValue(row, ComparisonMetric::Racks, static_cast<double>(r.infrastructure->power.racks));
    }
    setValue(row, ComparisonMetric::ProblemCount, row.headline.errors + row.headline.warnings);
    return row;
}

Comparison compareResults(const std::vector<AnalysisResult>& results, std::size_t baselineIndex)
{
    if (baselineIndex >= results.size())
        throw std::out_of_range("compareResults: baseline index outside the results");
    Comparison comparison;
    comparison.baselineIndex = baselineIndex;
    comparison.rows.reserve(results.size());
    for (const auto& r : results) {
        comparison.rows.push_back(comparisonRowFrom(r));
        if (!contains(comparison.workloads, r.workloadName))
            comparison.workloads.push_back(r.workloadName);
        if (!contains(comparison.configurations, r.configurationName))
            comparison.configurations.push_back(r.configurationName);
    }
    // Each workload's reference: its pair with the baseline's configuration,
    // else its first pair.
    const std::string& baseConfiguration = comparison.rows[baselineIndex].configurationName;
    for (auto& row : comparison.rows) {
        std::optional<std::size_t> first;
        std::optional<std::size_t> exact;
        for (std::size_t j = 0; j < comparison.rows.size(); ++j) {
            const auto& other = comparison.rows[j];
            if (other.workloadName != row.workloadName)
                continue;
            if (!first)
                first = j;
            if (!exact && other.configurationName == baseConfiguration)
                exact = j;
        }
        row.baselineRow = exact ? *exact : first.value_or(0);
    }
    for (auto& row : comparison.rows)
        row.isBaseline = &comparison.rows[row.baselineRow] == &row;
    for (auto& row : comparison.rows) {
        const auto& base = comparison.rows[row.baselineRow];
        for (std::size_t m = 0; m < kComparisonMetricCount; ++m) {
            auto& delta = row.deltas[m];
            delta.absolute = finiteOrZero(row.values[m] - base.values[m]);
            const auto metric = static_cast<ComparisonMetric>(m);
            if (!row.isComplete(metric) || !base.isComplete(metric)
                || !row.isAvailable(metric) || !base.isAvailable(metric)) {
                // A lower bound against anything (or anything against a
                // lower bound) has no known difference; nor has a speed
                // where one side cannot run.
                delta.known = false;
                delta.absolute = 0;
                continue;
            }
            if (base.values[m] != 0) {
                const double percent = 100.0 * delta.absolute / std::fabs(base.values[m]);
                if (std::isfinite(percent))
                    delta.percent = percent;
            }
        }
    }
    return comparison;
}

Comparison compareProject(const Project& project, const PartLookup& catalog,
    const ComparisonOptions& options, const std::string& file)
{
    std::vector<Problem> problems;
    if (project.workloads.empty())
        problems.push_back({"/workloads", "the project has no workloads to compare"});
    if (project.configurations.empty())
        problems.push_back({"/configurations", "the project has no configurations to compare"});
    if (!problems.empty())
        throw InputError(file, std::move(problems));

    std::vector<const Workload*> workloads;
    for (const auto& w : project.workloads)
        if (options.workloads.empty() || contains(options.workloads, w.name))
            workloads.push_back(&w);
    std::vector<std::size_t> configIndexes;
    for (std::size_t i = 0; i < project.configurations.size(); ++i)
        if (options.configurations.empty()
            || contains(options.configurations, project.configurations[i].name))
            configIndexes.push_back(i);
    for (const auto& name : options.workloads)
        if (std::none_of(project.workloads.begin(), project.workloads.end(),
                [&](const Workload& w) { return w.name == name; }))
            problems.push_back({"--workload", "no workload named \"" + name + "\"" + knownWorkloadNames(project)});
    for (const auto& name : options.configurations)
        if (std::none_of(project.configurations.begin(), project.configurations.end(),
                [&](const Configuration& c) { return c.name == name; }))
            problems.push_back({"--config", "no configuration named \"" + name + "\"" + knownConfigurationNames(project)});
    if (!problems.empty())
        throw InputError(file, std::move(problems));

    const auto resolved = resolveConfigurations(project, configIndexes, catalog, file);

    std::vector<std::pair<const Workload*, const ResolvedConfiguration*>> pairs;
    pairs.reserve(workloads.size() * resolved.size());
    std::size_t baselineIndex = 0;
    bool baselineFound = options.baselineWorkload.empty() && options.baselineConfiguration.empty();
    for (const auto* w : workloads) {
        for (const auto& rc : resolved) {
            if (!baselineFound && w->name == options.baselineWorkload
                && rc.config.name == options.baselineConfiguration) {
                baselineIndex = pairs.size();
                baselineFound = true;
            }
            pairs.emplace_back(w, &rc);
        }
    }
    if (!baselineFound)
        throw InputError(file, "--baseline",
            "the pair \"" + options.baselineWorkload + "/" + options.baselineConfiguration
                + "\" is not among those compared");
    std::vector<AnalysisResult> results;
    evaluateAll(pairs, options.inputs, options.software ? &*options.software : nullptr, results);
    return compareResults(results, baselineIndex);
}

std::pair<std::string, std::string> parsePairName(
    const Project& project, std::string_view text, const std::string& file)
{
    for (std::size_t slash = text.find('/'); slash != std::string_view::npos;
         slash = text.find('/', slash + 1)) {
        const std::string workload(text.substr(0, slash));
        const std::string configuration(text.substr(slash + 1));
        const bool hasWorkload = std::any_of(project.workloads.begin(), project.workloads.end(),
            [&](const Workload& w) { return w.name == workload; });
        const bool hasConfiguration
            = std::any_of(project.configurations.begin(), project.configurations.end(),
                [&](const Configuration& c) { return c.name == configuration; });
        if (hasWorkload && hasConfiguration)
            return {workload, configuration};
    }
    throw InputError(file, "--baseline",
        "\"" + std::string(text)
            + "\" does not name a pair as WORKLOAD/CONFIGURATION of this project");
}

} // namespace infrafit
