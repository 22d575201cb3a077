// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/analysis/headline.h"
#include "core/infra/infrastructure_inputs.h"
#include "core/base/enum_names.h"
#include "core/project/project.h"
#include "core/project/resolve_configuration.h"
#include "core/software/software_compat.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace infrafit {

/// The figures a what-if comparison puts side by side. Each is a number in
/// the unit its name says; `ProblemCount` counts error and warning findings.
enum class ComparisonMetric {
    TrainingDays,
    TokensPerS,
    OutputTokensPerS,
    TtftS,
    TpotS,
    // Serving workloads with a demand (the result's `serving` section):
    // the cluster that carries the demand and the latency users see.
    ReplicasNeeded,   ///< replicas for the demand, spare included
    TtftP99Ms,        ///< p99 TTFT at the demand on this configuration
    TpotP99Ms,        ///< p99 TPOT at the demand on this configuration
    UsdPerMillionOutputTokens,
    KwhPerMillionOutputTokens,
    Mfu,
    CapexUsd,
    TcoUsd,
    ClusterW,
    Racks,
    ProblemCount, ///< errors + warnings
};

inline constexpr std::size_t kComparisonMetricCount = 16;

template <>
struct EnumNames<ComparisonMetric> {
    static constexpr std::array<std::string_view, kComparisonMetricCount> names {"training_days",
        "tokens_per_s", "output_tokens_per_s", "ttft_s", "tpot_s", "replicas_needed", "ttft_p99_ms",
        "tpot_p99_ms", "cost_per_million_output_tokens_usd", "energy_kwh_per_million_output_tokens",
        "mfu", "capex_usd", "tco_usd",
        "cluster_w", "racks", "findings"};
};

/// Every metric, in enum order (for loops, table columns, chart pickers).
const std::array<ComparisonMetric, kComparisonMetricCount>& allComparisonMetrics();
/// A column heading with its unit: "Days to train", "Capex (USD)".
std::string_view metricLabel(ComparisonMetric metric);
/// Whether a larger value is an improvement (throughput, MFU) or not (time,
/// cost, power); for colouring deltas.
bool higherIsBetter(ComparisonMetric metric);
/// The "time or throughput" figure of a kind: days to train for training,
/// output tokens/s for inference.
ComparisonMetric headlineMetric(WorkloadKind kind);

/// A value against the baseline's: `absolute` = value − baseline;
/// `percent` = 100 × absolute / |baseline|, absent when the baseline is 0.
/// `known` is false when either side is a lower bound (a cost with unpriced
/// parts): the difference of two sums with unknown terms is unknown, so it
/// must be shown as unknown and never coloured as a saving or a loss.
struct MetricDelta {
    double absolute = 0;
    std::optional<double> percent;
    bool known = true;
};

/// Whether a metric is a sum of prices (capex, TCO, cost per million
/// tokens), which is only a lower bound while a part has no price.
bool isCostMetric(ComparisonMetric metric);

/// Whether a metric is a speed figure (time or throughput), which a pair
/// whose plan does not fit in GPU memory does not have (issue 23 item 7).
bool isSpeedMetric(ComparisonMetric metric);

/// Whether a metric is one of the serving-demand figures (replicas for the
/// demand, p99 latency at it, cost and energy per million output tokens),
/// which only a serving workload with a demand has.
bool isServingMetric(ComparisonMetric metric);

/// One (workload, configuration) pair of the matrix.
struct ComparisonRow {
    std::string workloadName;
    std::string configurationName;
    /// Kind, verdict, binding limit and finding counts of the pair's
    /// analysis (its speed figures are in `values`, zero when not available).
    Headline headline;
    int unpricedParts = 0; ///< > 0: the cost metrics are lower bounds
    /// A serving workload with a demand: the serving metrics are its
    /// figures; `carriesDemand` is false when no replica meets the SLA
    /// (then there are no replicas, cost or energy per token to show).
    bool serving = false;
    bool carriesDemand = false;
    bool meetsSla = false; ///< the configuration as given holds the demand
    /// The reference of this row's workload: each workload's rows are
    /// compared with that workload's own baseline pair, never with another
    /// workload's (training days against an inference baseline mean nothing).
    bool isBaseline = false;
    std::size_t baselineRow = 0; ///< index of the row the deltas are against
    std::array<double, kComparisonMetricCount> values {};
    std::array<MetricDelta, kComparisonMetricCount> deltas {};

    [[nodiscard]] double value(ComparisonMetric m) const
    {
        return values[static_cast<std::size_t>(m)];
    }
    [[nodiscard]] const MetricDelta& delta(ComparisonMetric m) const
    {
        return deltas[static_cast<std::size_t>(m)];
    }
    /// Whether the value of `m` is exact (false: a cost with unpriced parts,
    /// which is only a lower bound).
    [[nodiscard]] bool isComplete(ComparisonMetric m) const
    {
        return unpricedParts <= 0 || !isCostMetric(m);
    }
    /// Whether `m` is a figure of this row's kind at all: training figures
    /// for training, inference speed for inference, the serving figures for
    /// a serving workload with a demand; the cluster figures for every row.
    [[nodiscard]] bool applies(ComparisonMetric m) const;
    /// Whether `m` has a value: it applies, and a speed figure needs an
    /// analysed plan that fits (otherwise it is shown as not available,
    /// never as 0), a per-token figure a cluster that carries the demand.
    [[nodiscard]] bool isAvailable(ComparisonMetric m) const
    {
        if (!applies(m))
            return false;
        if (isServingMetric(m) && m != ComparisonMetric::TtftP99Ms
            && m != ComparisonMetric::TpotP99Ms && !carriesDemand)
            return false;
        return headline.speedAvailable() || !isSpeedMetric(m);
    }
};

/// The what-if matrix: rows in analyzeProject order (workloads outer,
/// configurations inner), one of them the baseline, every number finite.
struct Comparison {
    std::vector<ComparisonRow> rows;
    std::size_t baselineIndex = 0;
    std::vector<std::string> workloads; ///< matrix row names, in order
    std::vector<std::string> configurations; ///< matrix column names, in order

    [[nodiscard]] const ComparisonRow& baseline() const { return rows.at(baselineIndex); }
    /// The row of a pair, or nullptr.
    [[nodiscard]] const ComparisonRow* find(
        std::string_view workload, std::string_view configuration) const;
};

/// Whether any row of the comparison has `metric` as one of its figures
/// (a serving-only project has no "days to train" column to show).
bool anyRowApplies(const Comparison& comparison, ComparisonMetric metric);

/// Which pairs to compare and which is the baseline. Empty lists = all;
/// empty baseline names = the first pair.
struct ComparisonOptions {
    std::vector<std::string> workloads;
    std::vector<std::string> configurations;
    std::string baselineWorkload;
    std::string baselineConfiguration;
    InfrastructureInputs inputs; ///< site and cost assumptions for every pair
    /// The catalog's software compatibility rows; nullopt (no catalog open):
    /// the shipped table.
    std::optional<SoftwareTable> software;
};

/// The figures of one evaluate() result as a row (no deltas).
ComparisonRow comparisonRowFrom(const AnalysisResult& result);

/// Builds the matrix from evaluated results and fills every row's deltas
/// against its workload's baseline: the pair of that workload with the
/// configuration of `results[baselineIndex]`, else the workload's first pair. Throws std::out_of_range for a bad index.
Comparison compareResults(const std::vector<AnalysisResult>& results, std::size_t baselineIndex);

/// Entry point for `infrafit-cli compare` and the GUI's Compare page:
/// evaluates every chosen (workload, configuration) pair of `project` and
/// compares them. Throws InputError(file, …) for a project with no
/// workloads or no configurations, unknown names in the options or the
/// baseline, or configurations whose parts do not resolve.
Comparison compareProject(const Project& project, const PartLookup& catalog,
    const ComparisonOptions& options, const std::string& file = {});

/// Splits "WORKLOAD/CONFIGURATION" into names of `project` (names may hold
/// '/': every split is tried). Throws InputError(file, "--baseline", …).
std::pair<std::string, std::string> parsePairName(
    const Project& project, std::string_view text, const std::string& file = {});

} // namespace infrafit
