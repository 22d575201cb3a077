// SPDX-License-Identifier: Apache-2.0
#include "core/metrics/run_metrics.h"

#include "core/base/finding_text.h"
#include "core/base/text_table.h"
#include "core/metrics/utilisation.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace infrafit {

MeasurementMetrics runMetricsSummary(const MetricsImport& metrics)
{
    MeasurementMetrics m;
    std::vector<TimedValue> power, tensor;
    double first = std::numeric_limits<double>::infinity();
    double last = -std::numeric_limits<double>::infinity();
    double memoryMax = -1;
    for (const auto& g : metrics.gpus) {
        bool any = false;
        for (const auto& series : g.series)
            for (const auto& s : series) {
                first = std::min(first, s.t);
                last = std::max(last, s.t);
                any = true;
            }
        if (any)
            ++m.gpus;
        const auto& p = g.of(GpuQuantity::PowerW);
        power.insert(power.end(), p.begin(), p.end());
        const auto& t = g.of(GpuQuantity::TensorActive);
        tensor.insert(tensor.end(), t.begin(), t.end());
        for (const auto& s : g.of(GpuQuantity::MemoryUsedBytes))
            memoryMax = std::max(memoryMax, s.v);
    }
    if (std::isfinite(first) && std::isfinite(last) && last > first)
        m.windowS = last - first;
    if (const auto s = seriesStats(power)) {
        m.powerMeanW = s->mean;
        m.powerP95W = s->p95;
    }
    if (const auto s = seriesStats(tensor))
        m.tensorActiveMean = s->mean;
    if (memoryMax >= 0)
        m.memoryUsedMaxBytes = memoryMax;
    return m;
}

std::string runMetricsToText(const std::vector<RunMetricsRow>& rows)
{
    const auto opt = [](const std::optional<double>& v, double scale, int decimals) {
        return v ? infra::num(*v * scale, decimals) : std::string("-");
    };
    std::string out = "Measured runs' metrics windows (per GPU):\n";
    TextTable table({"Run", "GPUs", "Window s", "Power W mean", "Power W p95",
        "Tensor active % mean", "Memory used GiB max", "Source"});
    std::vector<std::string> problems;
    for (const auto& r : rows) {
        const std::string source = r.metricsFile.empty() ? "stored" : r.metricsFile;
        if (!r.metrics) {
            table.addRow({r.run, "-", "-", "-", "-", "-", "-", source});
        } else {
            const auto& m = *r.metrics;
            table.addRow({r.run, std::to_string(m.gpus), infra::num(m.windowS, 0),
                opt(m.powerMeanW, 1, 0), opt(m.powerP95W, 1, 0), opt(m.tensorActiveMean, 100, 1),
                opt(m.memoryUsedMaxBytes, 1.0 / (1024.0 * 1024 * 1024), 1), source});
        }
        if (!r.problem.empty())
            problems.push_back(r.run + ": " + r.problem);
    }
    out += table.render();
    for (const auto& p : problems)
        out += "Note: " + p + "\n";
    return out;
}

} // namespace infrafit
