// SPDX-License-Identifier: Apache-2.0
#include "core/output/utilisation_report.h"

#include "core/base/finding_text.h"
#include "core/output/recommendation_json.h"
#include "core/base/text_table.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace infrafit {
namespace {

/// A statistic, or null when it is not a number: a host's summed GPU power
/// can overflow, and 0 W would read as a measurement (CLI probe W10).
nlohmann::json utilNumber(double value)
{
    return std::isfinite(value) ? nlohmann::json(value) : nlohmann::json(nullptr);
}

nlohmann::json utilStatsJson(const std::optional<SeriesStats>& s)
{
    if (!s)
        return {{"mean", nullptr}, {"p95", nullptr}, {"min", nullptr}, {"max", nullptr},
            {"samples", 0}};
    return {{"mean", utilNumber(s->mean)}, {"p95", utilNumber(s->p95)},
        {"min", utilNumber(s->min)}, {"max", utilNumber(s->max)}, {"samples", s->samples}};
}

nlohmann::json utilOptional(const std::optional<double>& v)
{
    return v ? utilNumber(*v) : nlohmann::json(nullptr);
}

std::string utilCell(const std::optional<SeriesStats>& s, double scale, int decimals, bool p95)
{
    if (!s)
        return "-";
    return infra::num(s->mean * scale, decimals)
        + (p95 ? " / " + infra::num(s->p95 * scale, decimals) : std::string());
}

} // namespace

nlohmann::json utilisationToJson(const UtilisationReport& report, const MetricsImport& metrics)
{
    auto gpus = nlohmann::json::array();
    for (const auto& g : report.gpus)
        gpus.push_back({{"host", g.host}, {"gpu", g.gpu}, {"uuid", g.uuid}, {"model", g.model},
            {"power_w", utilStatsJson(g.powerW)}, {"tensor_active", utilStatsJson(g.tensorActive)},
            {"sm_active", utilStatsJson(g.smActive)}, {"dram_active", utilStatsJson(g.dramActive)},
            {"gpu_util", utilStatsJson(g.gpuUtil)},
            {"memory_used_bytes", utilStatsJson(g.memoryUsedBytes)},
            {"memory_total_bytes", utilOptional(g.memoryTotalBytes)},
            {"temperature_c", utilStatsJson(g.temperatureC)},
            {"energy_j", utilOptional(g.energyJ)}, {"xid_error_samples", g.xidSamples},
            {"window_s", {{"start", g.windowStartS}, {"end", g.windowEndS}}}, {"idle", g.idle},
            {"memory_mostly_unused", g.memoryMostlyUnused}});
    auto hosts = nlohmann::json::array();
    for (const auto& h : report.hosts)
        hosts.push_back({{"host", h.host}, {"gpus", h.gpus}, {"idle_gpus", h.idleGpus},
            {"gpu_power_w", utilStatsJson(h.gpuPowerW)},
            {"psu_capacity_w", utilOptional(h.psuCapacityW)},
            {"estimated_peak_w", utilOptional(h.estimatedPeakW)}});
    auto notes = nlohmann::json::array();
    for (const auto& n : metrics.notes)
        notes.push_back({{"file", n.file}, {"line", n.line}, {"message", n.message}});
    nlohmann::json unknown = nlohmann::json::object();
    for (const auto& [name, count] : metrics.unknownMetrics)
        unknown[name] = count;
    return {{"gpus", std::move(gpus)}, {"hosts", std::move(hosts)},
        {"findings", findingsToJson(report.findings)},
        {"limits",
            {{"idle_activity", report.limits.idleActivity},
                {"memory_used_share", report.limits.memoryUsedShare},
                {"psu_share", report.limits.psuShare}}},
        {"window_s", {{"start", report.windowStartS}, {"end", report.windowEndS}}},
        {"timestamped", report.timestamped},
        {"import",
            {{"samples", metrics.samples}, {"skipped_samples", metrics.skippedSamples},
                {"unknown_metrics", std::move(unknown)}, {"notes", std::move(notes)},
                {"notes_left_off", metrics.notesLeftOff}}}};
}

std::string utilisationToText(const UtilisationReport& report, const MetricsImport& metrics)
{
    const auto count = [](std::size_t n, const char* one, const char* many) {
        return std::to_string(n) + " " + (n == 1 ? one : many);
    };
    std::string out = "GPU utilisation: " + count(report.gpus.size(), "GPU", "GPUs") + " on "
        + count(report.hosts.size(), "host", "hosts") + ", "
        + count(metrics.samples, "sample", "samples");
    if (report.timestamped)
        out += " over " + infra::num(report.windowEndS - report.windowStartS, 0) + " s";
    else
        out += " (scrapes without timestamps: in file order)";
    out += ".\n\n";
    TextTable table({"Host", "GPU", "Model", "Power W mean / p95", "Tensor active % mean / p95",
        "SM active % mean", "Memory used GB mean / max", "Idle", "Memory mostly unused"});
    for (const auto& g : report.gpus)
        table.addRow({g.host, g.gpu, g.model.empty() ? "-" : g.model, utilCell(g.powerW, 1, 0, true),
            utilCell(g.tensorActive, 100, 1, true), utilCell(g.smActive, 100, 1, false),
            g.memoryUsedBytes ? infra::num(g.memoryUsedBytes->mean / 1e9, 1) + " / "
                    + infra::num(g.memoryUsedBytes->max / 1e9, 1)
                              : "-",
            g.idle ? "yes" : "no", g.memoryMostlyUnused ? "yes" : "no"});
    out += table.render();
    out += "\nIdle: mean SM activity (else NVML utilisation) under "
        + infra::num(report.limits.idleActivity * 100, 0)
        + " %. Memory mostly unused: never above "
        + infra::num(report.limits.memoryUsedShare * 100, 0) + " % of the GPU's memory.\n";
    if (!report.hosts.empty()) {
        TextTable hosts({"Host", "GPUs", "Idle GPUs", "GPU power kW mean / p95",
            "Estimated peak kW", "Usable PSU kW"});
        for (const auto& h : report.hosts)
            hosts.addRow({h.host, std::to_string(h.gpus), std::to_string(h.idleGpus),
                utilCell(h.gpuPowerW, 1e-3, 2, true),
                h.estimatedPeakW ? infra::num(*h.estimatedPeakW / 1000, 2) : "-",
                h.psuCapacityW ? infra::num(*h.psuCapacityW / 1000, 2) : "-"});
        out += "\n" + hosts.render();
    }
    if (!report.findings.empty()) {
        out += "\nFindings:\n";
        for (const auto& f : report.findings)
            out += "  " + std::string(enumName(f.severity)) + " " + f.code + ": " + f.message
                + (f.suggestion.empty() ? "" : " " + f.suggestion) + "\n";
    }
    if (!metrics.notes.empty() || !metrics.unknownMetrics.empty()) {
        out += "\nSkipped on reading (" + std::to_string(metrics.skippedSamples) + " samples):\n";
        for (const auto& n : metrics.notes)
            out += "  " + n.file + (n.line > 0 ? ":" + std::to_string(n.line) : "") + ": "
                + n.message + "\n";
        if (metrics.notesLeftOff > 0)
            out += "  … and " + std::to_string(metrics.notesLeftOff) + " more\n";
        for (const auto& [name, samples] : metrics.unknownMetrics)
            out += "  " + name + ": " + std::to_string(samples) + " samples of a metric not read\n";
    }
    return out;
}

} // namespace infrafit
