// SPDX-License-Identifier: Apache-2.0
#include "core/metrics/utilisation.h"

#include "core/base/finding_text.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace infrafit {
namespace {

std::string gpuName(const GpuUtilisation& g)
{
    return (g.host.empty() ? std::string("?") : g.host) + " GPU " + g.gpu;
}

std::string utilPercent(double share)
{
    return infra::num(share * 100, 1) + " %";
}

} // namespace

std::optional<SeriesStats> seriesStats(const std::vector<TimedValue>& values)
{
    if (values.empty())
        return std::nullopt;
    SeriesStats s;
    s.samples = values.size();
    std::vector<double> v;
    v.reserve(values.size());
    // A running mean: a sum of samples near 1e308 overflows (CLI probe W10
    // printed a mean of 0 beside a minimum of 1e308); this stays between
    // the smallest and largest sample.
    double mean = 0;
    for (const auto& tv : values) {
        v.push_back(tv.v);
        const double n = static_cast<double>(v.size());
        mean = mean * ((n - 1) / n) + tv.v / n; // neither term can overflow
    }
    s.mean = mean;
    const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
    s.min = *lo;
    s.max = *hi;
    // Nearest-rank percentile: the smallest value with at least 95 % of the
    // samples at or below it (NIST/SEMATECH e-Handbook §7.2.6.2, the
    // definition Prometheus' quantile_over_time approximates).
    const auto rank = static_cast<std::size_t>(std::ceil(0.95 * static_cast<double>(v.size())));
    const auto nth = v.begin() + static_cast<std::ptrdiff_t>(std::max<std::size_t>(rank, 1) - 1);
    std::nth_element(v.begin(), nth, v.end());
    s.p95 = *nth;
    return s;
}

double counterIncrease(const std::vector<TimedValue>& values)
{
    double increase = 0;
    for (std::size_t i = 1; i < values.size(); ++i) {
        const double rise = values[i].v - values[i - 1].v;
        increase += rise >= 0 ? rise : values[i].v; // a fall is a reset from 0
    }
    return increase;
}

UtilisationReport utilisationOf(const MetricsImport& metrics, const UtilisationLimits& limits,
    const std::optional<HostCapacity>& capacity)
{
    UtilisationReport report;
    report.limits = limits;
    report.samples = metrics.samples;
    report.timestamped = metrics.timestamped;
    bool anyWindow = false;
    std::map<std::string, std::map<double, double>> hostPower; // host → t → W
    std::map<std::string, std::size_t> hostIndex;
    for (const auto& m : metrics.gpus) {
        GpuUtilisation g;
        g.host = m.host;
        g.gpu = m.gpu;
        g.uuid = m.uuid;
        g.model = m.model;
        g.powerW = seriesStats(m.of(GpuQuantity::PowerW));
        g.tensorActive = seriesStats(m.of(GpuQuantity::TensorActive));
        g.smActive = seriesStats(m.of(GpuQuantity::SmActive));
        g.dramActive = seriesStats(m.of(GpuQuantity::DramActive));
        g.gpuUtil = seriesStats(m.of(GpuQuantity::GpuUtil));
        g.memoryUsedBytes = seriesStats(m.of(GpuQuantity::MemoryUsedBytes));
        g.temperatureC = seriesStats(m.of(GpuQuantity::GpuTempC));
        if (m.of(GpuQuantity::EnergyJ).size() >= 2)
            g.energyJ = counterIncrease(m.of(GpuQuantity::EnergyJ));
        // Memory of the GPU: used + free + reserved at the same time stamp.
        const auto& used = m.of(GpuQuantity::MemoryUsedBytes);
        const auto& freeBytes = m.of(GpuQuantity::MemoryFreeBytes);
        const auto& reserved = m.of(GpuQuantity::MemoryReservedBytes);
        for (std::size_t i = 0; i < used.size() && i < freeBytes.size(); ++i) {
            double total = used[i].v + freeBytes[i].v;
            if (i < reserved.size())
                total += reserved[i].v;
            g.memoryTotalBytes = std::max(g.memoryTotalBytes.value_or(0), total);
        }
        for (const auto& x : m.of(GpuQuantity::XidError))
            if (x.v != 0) {
                ++g.xidSamples;
                g.lastXid = x.v;
            }
        bool first = true;
        for (const auto& series : m.series)
            if (!series.empty()) {
                g.windowStartS = first ? series.front().t : std::min(g.windowStartS, series.front().t);
                g.windowEndS = first ? series.back().t : std::max(g.windowEndS, series.back().t);
                first = false;
            }
        if (!first) {
            report.windowStartS = anyWindow ? std::min(report.windowStartS, g.windowStartS) : g.windowStartS;
            report.windowEndS = anyWindow ? std::max(report.windowEndS, g.windowEndS) : g.windowEndS;
            anyWindow = true;
        }
        const auto& activity = g.smActive ? g.smActive : (g.gpuUtil ? g.gpuUtil : g.tensorActive);
        g.idle = activity && activity->mean < limits.idleActivity;
        g.memoryMostlyUnused = g.memoryUsedBytes && g.memoryTotalBytes && *g.memoryTotalBytes > 0
            && g.memoryUsedBytes->max < limits.memoryUsedShare * *g.memoryTotalBytes;
        for (const auto& p : m.of(GpuQuantity::PowerW))
            hostPower[m.host][p.t] += p.v;

        auto [it, inserted] = hostIndex.try_emplace(m.host, report.hosts.size());
        if (inserted) {
            HostUtilisation fresh;
            fresh.host = m.host;
            report.hosts.push_back(std::move(fresh));
        }
        auto& host = report.hosts[it->second];
        ++host.gpus;
        host.idleGpus += g.idle;

        if (g.idle)
            report.findings.push_back({Severity::Warning, "utilisation.idle_gpu",
                gpuName(g) + " was idle: mean " + (g.smActive ? "SM activity " : "utilisation ")
                    + utilPercent(activity->mean) + " over " + std::to_string(activity->samples)
                    + " samples (idle below " + utilPercent(limits.idleActivity) + ").",
                "Give it work, or plan without it: the same workload needs fewer GPUs."});
        if (g.memoryMostlyUnused)
            report.findings.push_back({Severity::Info, "utilisation.memory_unused",
                gpuName(g) + " never used more than " + infra::num(g.memoryUsedBytes->max / 1e9, 1)
                    + " GB of its " + infra::num(*g.memoryTotalBytes / 1e9, 1) + " GB ("
                    + utilPercent(g.memoryUsedBytes->max / *g.memoryTotalBytes) + ").",
                "A GPU with less memory, or more work per GPU (larger batches, MIG slices), "
                "would do."});
        if (g.xidSamples > 0)
            report.findings.push_back({Severity::Warning, "utilisation.xid_errors",
                gpuName(g) + " reported XID errors in " + std::to_string(g.xidSamples)
                    + " samples (last XID " + infra::num(g.lastXid) + ").",
                "Look the XID up in NVIDIA's XID catalogue before buying more of the same."});
        report.gpus.push_back(std::move(g));
    }
    for (auto& host : report.hosts) {
        std::vector<TimedValue> sums;
        for (const auto& [t, w] : hostPower[host.host])
            sums.push_back({t, w});
        host.gpuPowerW = seriesStats(sums);
        if (capacity && host.gpuPowerW && capacity->psuCapacityW > 0) {
            host.psuCapacityW = capacity->psuCapacityW;
            host.estimatedPeakW = host.gpuPowerW->p95 + capacity->nonGpuAverageW;
            if (*host.estimatedPeakW < limits.psuShare * capacity->psuCapacityW)
                report.findings.push_back({Severity::Info, "utilisation.psu_headroom",
                    "Host " + host.host + " peaks at about "
                        + infra::num(*host.estimatedPeakW / 1000, 2) + " kW (p95 GPU power "
                        + infra::num(host.gpuPowerW->p95 / 1000, 2) + " kW + "
                        + infra::num(capacity->nonGpuAverageW / 1000, 2)
                        + " kW for the rest of the node, from the configuration), under "
                        + utilPercent(limits.psuShare) + " of its usable PSU capacity of "
                        + infra::num(capacity->psuCapacityW / 1000, 2) + " kW.",
                    "Smaller PSUs, a lower rack power budget per node, or more nodes per rack "
                    "would fit what it really draws."});
        }
    }
    return report;
}

} // namespace infrafit
