// SPDX-License-Identifier: Apache-2.0
#include "core/metrics/utilisation_charts.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace infrafit {

UtilisationHeatmap utilisationHeatmap(const MetricsImport& metrics, int bins)
{
    UtilisationHeatmap map;
    bins = std::max(1, bins);
    const std::pair<GpuQuantity, const char*> choices[] = {
        {GpuQuantity::TensorActive, "tensor_active"},
        {GpuQuantity::SmActive, "sm_active"},
        {GpuQuantity::GpuUtil, "gpu_util"}};
    GpuQuantity quantity = GpuQuantity::TensorActive;
    bool found = false;
    for (const auto& [q, key] : choices) {
        for (const auto& g : metrics.gpus)
            found = found || !g.of(q).empty();
        if (found) {
            quantity = q;
            map.quantity = key;
            break;
        }
    }
    if (!found)
        return map;
    double lo = std::numeric_limits<double>::infinity();
    double hi = -lo;
    for (const auto& g : metrics.gpus)
        for (const auto& s : g.of(quantity)) {
            lo = std::min(lo, s.t);
            hi = std::max(hi, s.t);
        }
    // No more columns than scrapes (an untimestamped scrape series has a
    // few positions only): no column stays empty for want of a time.
    std::vector<double> times;
    for (const auto& g : metrics.gpus)
        for (const auto& s : g.of(quantity))
            times.push_back(s.t);
    std::sort(times.begin(), times.end());
    const auto distinct = std::unique(times.begin(), times.end()) - times.begin();
    bins = static_cast<int>(std::clamp<std::ptrdiff_t>(distinct, 1, bins));
    map.startS = lo;
    // The last sample falls in the last bin: the width covers hi itself.
    map.binS = hi > lo ? (hi - lo) / bins * (1 + 1e-9) : 1.0;
    std::vector<std::vector<double>> sums;
    std::vector<std::vector<std::size_t>> counts;
    for (const auto& g : metrics.gpus) {
        auto it = std::find(map.hosts.begin(), map.hosts.end(), g.host);
        std::size_t row = static_cast<std::size_t>(it - map.hosts.begin());
        if (it == map.hosts.end()) {
            map.hosts.push_back(g.host);
            sums.emplace_back(static_cast<std::size_t>(bins), 0.0);
            counts.emplace_back(static_cast<std::size_t>(bins), 0);
        }
        for (const auto& s : g.of(quantity)) {
            if (!std::isfinite(s.v))
                continue;
            const auto bin = std::clamp(static_cast<int>((s.t - lo) / map.binS), 0, bins - 1);
            sums[row][static_cast<std::size_t>(bin)] += std::clamp(s.v, 0.0, 1.0);
            ++counts[row][static_cast<std::size_t>(bin)];
        }
    }
    for (std::size_t h = 0; h < map.hosts.size(); ++h) {
        std::vector<std::optional<double>> row;
        for (std::size_t b = 0; b < static_cast<std::size_t>(bins); ++b)
            row.push_back(counts[h][b] ? std::optional<double>(sums[h][b] / static_cast<double>(counts[h][b]))
                                       : std::nullopt);
        map.cells.push_back(std::move(row));
    }
    return map;
}

PowerHistogram powerHistogram(const MetricsImport& metrics, int bins)
{
    PowerHistogram h;
    bins = std::max(1, bins);
    double lo = std::numeric_limits<double>::infinity();
    double hi = -lo;
    for (const auto& g : metrics.gpus)
        for (const auto& s : g.of(GpuQuantity::PowerW))
            if (std::isfinite(s.v)) {
                lo = std::min(lo, s.v);
                hi = std::max(hi, s.v);
            }
    if (!(hi >= lo))
        return h;
    h.startW = std::floor(lo);
    // The largest sample falls in the last bin: the width covers it.
    h.binW = std::max(1.0, (hi - h.startW) / bins * (1 + 1e-9));
    h.counts.assign(static_cast<std::size_t>(bins), 0);
    for (const auto& g : metrics.gpus)
        for (const auto& s : g.of(GpuQuantity::PowerW))
            if (std::isfinite(s.v)) {
                const auto bin = std::clamp(static_cast<int>((s.v - h.startW) / h.binW), 0, bins - 1);
                ++h.counts[static_cast<std::size_t>(bin)];
                ++h.samples;
            }
    return h;
}

} // namespace infrafit
