// SPDX-License-Identifier: Apache-2.0
#include "core/output/bom_charts.h"

#include "core/base/finite_value.h"

#include "core/base/finding_text.h"

#include <algorithm>
#include <cmath>

namespace infrafit {
namespace {

void finish(StackedBarChart& chart)
{
    chart.total = 0;
    for (auto& s : chart.segments) {
        s.value = positiveOrZero(s.value);
        chart.total += s.value;
    }
    chart.limit = positiveOrZero(chart.limit);
    chart.scaleMax = std::max(1.0, std::max(chart.total, chart.limit) * 1.1);
}

} // namespace

const std::vector<std::string>& StackedBarChart::palette()
{
    static const std::vector<std::string> colours {
        "#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#9c755f"};
    return colours;
}

StackedBarChart memoryChart(const BomSummary& summary)
{
    StackedBarChart chart;
    chart.title = "Memory per GPU";
    chart.unit = "GB";
    for (const auto& s : summary.memoryPerGpuBytes)
        chart.segments.push_back({s.label, s.value / 1e9});
    chart.limit = summary.gpuCapacityBytes / 1e9;
    chart.limitLabel = "capacity " + infra::num(chart.limit, 0) + " GB";
    finish(chart);
    return chart;
}

StackedBarChart nodePowerChart(const BomSummary& summary)
{
    StackedBarChart chart;
    chart.title = "Node power at maximum (DC)";
    chart.unit = "W";
    chart.segments = summary.nodePowerW;
    chart.limit = summary.psuCapacityW;
    chart.limitLabel = "PSU capacity " + infra::num(chart.limit, 0) + " W";
    finish(chart);
    return chart;
}

void hexToRgb(const std::string& hex, double& r, double& g, double& b)
{
    const auto channel = [&](std::size_t at) {
        if (hex.size() < at + 2)
            return 0.0;
        return static_cast<double>(std::stoi(hex.substr(at, 2), nullptr, 16)) / 255.0;
    };
    r = channel(1);
    g = channel(3);
    b = channel(5);
}

} // namespace infrafit
