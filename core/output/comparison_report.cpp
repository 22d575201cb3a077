// SPDX-License-Identifier: Apache-2.0
#include "core/output/comparison_report.h"

#include "core/output/bom_csv.h"
#include "core/output/report_format.h"
#include "core/base/finding_text.h"
#include "core/base/usd_figure.h"
#include "core/base/text_table.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace infrafit {
namespace {

std::string yesNo(bool value)
{
    return value ? "yes" : "no";
}

/// A metric as the text table shows it; a cost with unpriced parts as the
/// lower bound it is ("≥ $98,800 (1 part unpriced)").
std::string shown(const ComparisonRow& row, ComparisonMetric m)
{
    if (!row.isAvailable(m))
        return row.headline.analyzed ? "—, does not fit" : "—";
    const double value = row.value(m);
    switch (m) {
    case ComparisonMetric::TrainingDays:
        // Enough digits that two runs a few hours apart read differently.
        return infra::num(value, value < 10 ? 2 : 1);
    case ComparisonMetric::TtftS:
    case ComparisonMetric::TpotS:
        return infra::num(value, 3);
    case ComparisonMetric::TtftP99Ms:
    case ComparisonMetric::TpotP99Ms:
        return infra::num(value, 0) + " ms";
    case ComparisonMetric::KwhPerMillionOutputTokens:
        return infra::num(value, 2) + " kWh";
    case ComparisonMetric::Mfu:
        return infra::num(value * 100, 1) + "%";
    case ComparisonMetric::UsdPerMillionOutputTokens:
        // Cents matter here: a few dollars per million tokens.
        return describeUsd({value, row.isComplete(m) ? 0 : row.unpricedParts}, 2);
    case ComparisonMetric::CapexUsd:
    case ComparisonMetric::TcoUsd:
        return describeUsd({value, row.isComplete(m) ? 0 : row.unpricedParts});
    case ComparisonMetric::ClusterW:
        return infra::num(value / 1000, 1) + " kW";
    default:
        return infra::num(value);
    }
}

/// A CSV number: at most six significant digits (whole numbers from a
/// million up), no exponent and no trailing zeros, so a spreadsheet reads
/// "0.0123" rather than "0.012299999999999999".
std::string compareCsvNumber(double value)
{
    if (!std::isfinite(value) || value == 0)
        return "0";
    const int digitsBeforePoint = static_cast<int>(std::floor(std::log10(std::fabs(value)))) + 1;
    const int decimals = std::clamp(6 - digitsBeforePoint, 0, 12);
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    std::string text(buffer);
    if (text.find('.') != std::string::npos) {
        while (text.back() == '0')
            text.pop_back();
        if (text.back() == '.')
            text.pop_back();
    }
    return text == "-0" ? "0" : text;
}

std::string comparePlural(std::size_t count, const char* singular, const char* plural)
{
    return std::to_string(count) + " " + (count == 1 ? singular : plural);
}

std::string deltaText(const MetricDelta& d)
{
    if (!d.known)
        return "change unknown";
    if (d.absolute == 0)
        return "=";
    if (!d.percent)
        return d.absolute > 0 ? "+" : "-";
    return (*d.percent > 0 ? "+" : "") + infra::num(*d.percent, 1) + "%";
}

} // namespace

nlohmann::json comparisonToJson(const Comparison& comparison)
{
    nlohmann::json metrics = nlohmann::json::array();
    for (auto m : allComparisonMetrics())
        metrics.push_back(std::string(enumName(m)));
    nlohmann::json rows = nlohmann::json::array();
    for (const auto& row : comparison.rows) {
        nlohmann::json values = nlohmann::json::object();
        nlohmann::json deltas = nlohmann::json::object();
        for (auto m : allComparisonMetrics()) {
            const std::string name(enumName(m));
            values[name] = row.isAvailable(m) ? nlohmann::json(row.value(m)) : nlohmann::json(nullptr);
            const auto& d = row.delta(m);
            // An unknown change (a cost with unpriced parts on either side)
            // is null, never 0, with "known": false.
            deltas[name]
                = {{"absolute", d.known ? nlohmann::json(d.absolute) : nlohmann::json(nullptr)},
                    {"percent", d.percent ? nlohmann::json(*d.percent) : nlohmann::json(nullptr)},
                    {"known", d.known}};
        }
        rows.push_back({{"workload", row.workloadName}, {"configuration", row.configurationName},
            {"kind", std::string(enumName(row.headline.kind))}, {"baseline", row.isBaseline},
            {"analyzed", row.headline.analyzed}, {"fits", row.headline.fits}, {"binding_limit", std::string(enumName(row.headline.bindingLimit))},
            {"findings", {{"errors", row.headline.errors}, {"warnings", row.headline.warnings}, {"info", row.headline.infos}}},
            {"values", std::move(values)}, {"deltas", std::move(deltas)},
            {"capex_complete", row.unpricedParts <= 0}, {"unpriced_parts", row.unpricedParts},
            {"meets_sla", row.serving ? nlohmann::json(row.meetsSla) : nlohmann::json(nullptr)}});
    }
    const auto& base = comparison.baseline();
    return {
        {"baseline", {{"workload", base.workloadName}, {"configuration", base.configurationName}}},
        {"metrics", std::move(metrics)}, {"workloads", comparison.workloads},
        {"configurations", comparison.configurations}, {"rows", std::move(rows)}};
}

namespace {

/// The demand figures of a serving row in one cell: "meets SLA; needs 4 replicas,
/// $1.23/M tok" or "misses SLA; no replica holds it"; "-" for other rows.
std::string servingCell(const ComparisonRow& row)
{
    if (!row.serving)
        return "-";
    std::string text = row.meetsSla ? "meets SLA" : "misses SLA";
    if (!row.carriesDemand)
        return text + "; no replica meets it";
    const auto replicas = static_cast<long>(row.value(ComparisonMetric::ReplicasNeeded));
    return text + "; needs " + std::to_string(replicas) + (replicas == 1 ? " replica, " : " replicas, ")
        + shown(row, ComparisonMetric::UsdPerMillionOutputTokens) + "/M tok";
}

} // namespace

std::string comparisonToText(const Comparison& comparison)
{
    TextTable table({"", "Workload", "Configuration", "Fits", "Binding limit", "Time or throughput",
        "Serving demand", "Capex", "TCO", "Power", "Racks", "Findings"});
    const auto cellFor = [](const ComparisonRow& row, ComparisonMetric m) {
        std::string text = shown(row, m);
        if (!row.isBaseline && row.isAvailable(m))
            text += " (" + deltaText(row.delta(m)) + ")";
        return text;
    };
    for (const auto& row : comparison.rows) {
        const auto headline = headlineMetric(row.headline.kind);
        std::string headlineText = cellFor(row, headline);
        headlineText
            = (headline == ComparisonMetric::TrainingDays ? "days " : "tok/s ") + headlineText;
        table.addRow({row.isBaseline ? "*" : "", row.workloadName, row.configurationName,
            row.headline.analyzed ? yesNo(row.headline.fits) : "n/a",
            bindingLimitOrDash(row.headline.bindingLimit), headlineText, servingCell(row),
            cellFor(row, ComparisonMetric::CapexUsd), cellFor(row, ComparisonMetric::TcoUsd),
            cellFor(row, ComparisonMetric::ClusterW), cellFor(row, ComparisonMetric::Racks),
            std::to_string(row.headline.errors) + "E " + std::to_string(row.headline.warnings) + "W"});
    }
    const auto& base = comparison.baseline();
    return "What-if comparison: " + comparePlural(comparison.workloads.size(), "workload", "workloads")
        + " x " + comparePlural(comparison.configurations.size(), "configuration", "configurations")
        + "; baseline configuration " + base.configurationName
        + "; changes in parentheses are against the same workload's baseline (*).\n\n"
        + table.render();
}

std::string comparisonToCsv(const Comparison& comparison)
{
    std::vector<std::string> header {"workload", "configuration", "baseline", "kind", "analyzed",
        "fits", "binding_limit", "errors", "warnings", "info"};
    for (auto m : allComparisonMetrics()) {
        const std::string name(enumName(m));
        header.push_back(name);
        header.push_back(name + "_delta");
        header.push_back(name + "_delta_pct");
    }
    // Capex and TCO are lower bounds while parts are unpriced; their deltas
    // are then empty (unknown).
    header.push_back("capex_complete");
    header.push_back("unpriced_parts");
    header.push_back("meets_sla"); // empty for workloads without a serving demand
    std::string csv = csvRecord(header);
    for (const auto& row : comparison.rows) {
        std::vector<std::string> fields {row.workloadName, row.configurationName,
            row.isBaseline ? "true" : "false", std::string(enumName(row.headline.kind)),
            row.headline.analyzed ? "true" : "false", row.headline.fits ? "true" : "false", std::string(enumName(row.headline.bindingLimit)),
            std::to_string(row.headline.errors), std::to_string(row.headline.warnings), std::to_string(row.headline.infos)};
        for (auto m : allComparisonMetrics()) {
            fields.push_back(row.isAvailable(m) ? compareCsvNumber(row.value(m)) : "");
            const auto& d = row.delta(m);
            fields.push_back(d.known ? compareCsvNumber(d.absolute) : "");
            fields.push_back(d.known && d.percent ? compareCsvNumber(*d.percent) : "");
        }
        fields.push_back(row.unpricedParts <= 0 ? "true" : "false");
        fields.push_back(std::to_string(std::max(0, row.unpricedParts)));
        fields.push_back(row.serving ? (row.meetsSla ? "true" : "false") : "");
        csv += csvRecord(fields);
    }
    return csv;
}

} // namespace infrafit
