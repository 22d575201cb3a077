// SPDX-License-Identifier: Apache-2.0
#include "core/io/measurements_json.h"

#include "core/io/field_reader.h"
#include "core/io/workload_json.h"
#include "core/base/finite_value.h"

#include <array>
#include <cmath>

namespace infrafit {
namespace {

constexpr std::array<const char*, 3> kMeasurementFigureKeys {
    "step_time_s", "tokens_per_s", "output_tokens_per_s"};

/// An optional positive number member.
void measurementOptional(FieldReader& r, const char* key, std::optional<double>& target,
    double maximum = 1e300)
{
    if (!r.has(key))
        return;
    double v = 0;
    if (r.readDouble(key, v, false, 0, true, maximum))
        target = v;
}

void measurementOptionalZero(FieldReader& r, const char* key, std::optional<double>& target,
    double maximum = 1e300)
{
    if (!r.has(key))
        return;
    double v = 0;
    if (r.readDouble(key, v, false, 0, false, maximum))
        target = v;
}

LatencyPercentilesMs measurementLatency(FieldReader& r, const char* key)
{
    LatencyPercentilesMs l;
    if (!r.has(key))
        return l;
    FieldReader c = r.child(key);
    if (!c.isObject()) {
        r.problem(key, "expected an object {\"p50\": ms, \"p99\": ms}");
        return l;
    }
    measurementOptional(c, "p50", l.p50);
    measurementOptional(c, "p99", l.p99);
    if (l.p50 && l.p99 && *l.p99 < *l.p50)
        c.problem("p99", "must not be below p50");
    return l;
}

nlohmann::json measurementLatencyJson(const LatencyPercentilesMs& l)
{
    nlohmann::json j = nlohmann::json::object();
    if (l.p50)
        j["p50"] = finiteOrZero(*l.p50);
    if (l.p99)
        j["p99"] = finiteOrZero(*l.p99);
    return j;
}

std::optional<MeasurementMetrics> measurementMetricsFromJson(FieldReader& r)
{
    if (!r.has("metrics"))
        return std::nullopt;
    FieldReader c = r.child("metrics");
    if (!c.isObject()) {
        r.problem("metrics", "expected an object");
        return std::nullopt;
    }
    MeasurementMetrics m;
    c.readInt("gpus", m.gpus, false, 0, 10000000);
    c.readDouble("window_s", m.windowS, false, 0);
    if (c.has("power_w")) {
        FieldReader p = c.child("power_w");
        measurementOptionalZero(p, "mean", m.powerMeanW, 1e6);
        measurementOptionalZero(p, "p95", m.powerP95W, 1e6);
    }
    if (c.has("tensor_active")) {
        FieldReader t = c.child("tensor_active");
        measurementOptionalZero(t, "mean", m.tensorActiveMean, 1.0);
    }
    if (c.has("memory_used_bytes")) {
        FieldReader b = c.child("memory_used_bytes");
        measurementOptionalZero(b, "max", m.memoryUsedMaxBytes);
    }
    return m;
}

nlohmann::json measurementMetricsJsonOf(const MeasurementMetrics& m)
{
    nlohmann::json j = {{"gpus", m.gpus}, {"window_s", finiteOrZero(m.windowS)}};
    if (m.powerMeanW || m.powerP95W) {
        j["power_w"] = nlohmann::json::object();
        if (m.powerMeanW)
            j["power_w"]["mean"] = finiteOrZero(*m.powerMeanW);
        if (m.powerP95W)
            j["power_w"]["p95"] = finiteOrZero(*m.powerP95W);
    }
    if (m.tensorActiveMean)
        j["tensor_active"] = {{"mean", finiteOrZero(*m.tensorActiveMean)}};
    if (m.memoryUsedMaxBytes)
        j["memory_used_bytes"] = {{"max", finiteOrZero(*m.memoryUsedMaxBytes)}};
    return j;
}

} // namespace

nlohmann::json measurementMetricsToJson(const MeasurementMetrics& metrics)
{
    return measurementMetricsJsonOf(metrics);
}

std::pair<std::string, double> measurementFigure(const Measurement& m)
{
    if (m.stepTimeS)
        return {"step_time_s", *m.stepTimeS};
    if (m.tokensPerS)
        return {"tokens_per_s", *m.tokensPerS};
    if (m.outputTokensPerS)
        return {"output_tokens_per_s", *m.outputTokensPerS};
    return {"", 0};
}

std::optional<Measurement> measurementFromJson(const nlohmann::json& json,
    const std::string& pointer, std::vector<Problem>& problems)
{
    const auto before = problems.size();
    if (!json.is_object()) {
        problems.push_back({pointer, "expected a measured run object"});
        return std::nullopt;
    }
    FieldReader r(json, pointer, problems);
    Measurement m;
    if (r.readString("name", m.name, true) && m.name.empty())
        r.problem("name", "must not be empty");
    r.readString("workload", m.workload, true);
    r.readString("configuration", m.configuration, true);
    if (r.has("parallelism"))
        m.parallelism = parallelismFromJson(json.at("parallelism"), pointer + "/parallelism", problems);
    measurementOptional(r, "step_time_s", m.stepTimeS);
    measurementOptional(r, "tokens_per_s", m.tokensPerS);
    measurementOptional(r, "output_tokens_per_s", m.outputTokensPerS);
    int figures = 0;
    for (const char* key : kMeasurementFigureKeys)
        figures += r.has(key) ? 1 : 0;
    if (figures != 1)
        problems.push_back({pointer,
            "give exactly one of step_time_s, tokens_per_s, output_tokens_per_s (found "
                + std::to_string(figures) + ")"});
    m.ttftMs = measurementLatency(r, "ttft_ms");
    m.tpotMs = measurementLatency(r, "tpot_ms");
    r.readString("metrics_file", m.metricsFile);
    m.metrics = measurementMetricsFromJson(r);
    if (problems.size() != before)
        return std::nullopt;
    return m;
}

nlohmann::json measurementToJson(const Measurement& m)
{
    nlohmann::json j = {{"name", m.name}, {"workload", m.workload}, {"configuration", m.configuration}};
    if (m.parallelism)
        j["parallelism"] = parallelismToJson(*m.parallelism);
    const auto [key, value] = measurementFigure(m);
    if (!key.empty())
        j[key] = finiteOrZero(value);
    if (m.ttftMs.p50 || m.ttftMs.p99)
        j["ttft_ms"] = measurementLatencyJson(m.ttftMs);
    if (m.tpotMs.p50 || m.tpotMs.p99)
        j["tpot_ms"] = measurementLatencyJson(m.tpotMs);
    if (!m.metricsFile.empty())
        j["metrics_file"] = m.metricsFile;
    if (m.metrics)
        j["metrics"] = measurementMetricsJsonOf(*m.metrics);
    return j;
}

std::optional<CalibrationProfile> calibrationProfileFromJson(const nlohmann::json& json,
    const std::string& pointer, std::vector<Problem>& problems)
{
    const auto before = problems.size();
    if (!json.is_object()) {
        problems.push_back({pointer, "expected a calibration profile object"});
        return std::nullopt;
    }
    FieldReader r(json, pointer, problems);
    CalibrationProfile p;
    if (r.readString("name", p.name, true) && p.name.empty())
        r.problem("name", "must not be empty");
    r.readString("date", p.date);
    r.readInt("runs", p.runs, false, 0, 100000000);
    if (r.has("efficiencies")) {
        const auto& list = json.at("efficiencies");
        if (!list.is_array())
            r.problem("efficiencies", "must be an array");
        else
            for (std::size_t i = 0; i < list.size(); ++i) {
                const std::string at = pointer + "/efficiencies/" + std::to_string(i);
                FieldReader e(list[i], at, problems);
                if (!e.isObject()) {
                    problems.push_back({at, "expected an object"});
                    continue;
                }
                ProfileEfficiency pe;
                e.readString("gpu", pe.gpuId, true);
                std::string kind = "training";
                e.readString("workload_kind", kind);
                if (kind != "training" && kind != "inference")
                    e.problem("workload_kind", "expected \"training\" or \"inference\"");
                pe.training = kind == "training";
                e.readDouble("fitted", pe.fitted, true, 0, true, 1.0);
                e.readDouble("prior", pe.prior, false, 0, false, 1.0);
                e.readDouble("log_spread", pe.logSpread, false, 0, false, 10.0);
                e.readInt("runs", pe.runs, false, 0, 100000000);
                if (e.has("leave_one_out_median_abs_error")
                    && !list[i].at("leave_one_out_median_abs_error").is_null()) {
                    double v = 0;
                    if (e.readDouble("leave_one_out_median_abs_error", v, false, 0, false, 1e6))
                        pe.leaveOneOutError = v;
                }
                p.efficiencies.push_back(std::move(pe));
            }
    }
    if (r.has("power")) {
        const auto& list = json.at("power");
        if (!list.is_array())
            r.problem("power", "must be an array");
        else
            for (std::size_t i = 0; i < list.size(); ++i) {
                const std::string at = pointer + "/power/" + std::to_string(i);
                FieldReader e(list[i], at, problems);
                if (!e.isObject()) {
                    problems.push_back({at, "expected an object"});
                    continue;
                }
                ProfilePower pw;
                e.readString("model", pw.model);
                e.readString("gpu", pw.gpuId);
                e.readDouble("idle_w", pw.idleW, true, 0, false, 1e6);
                e.readDouble("full_tensor_w", pw.fullW, true, 0, false, 1e6);
                e.readDouble("prior_idle_w", pw.priorIdleW, false, 0, false, 1e6);
                e.readDouble("prior_full_tensor_w", pw.priorFullW, false, 0, false, 1e6);
                e.readDouble("rms_error_w", pw.rmsErrorW, false, 0, false, 1e6);
                e.readInt64("samples", pw.samples, false, 0);
                e.readDouble("max_w", pw.maxW, false, 0, false, 1e6);
                e.readDouble("idle_floor_w", pw.idleFloorW, false, 0, false, 1e6);
                e.readString("bound", pw.bound);
                p.power.push_back(std::move(pw));
            }
    }
    measurementOptionalZero(r, "node_gpu_idle_w", p.nodeGpuIdleW, 1e7);
    measurementOptionalZero(r, "node_gpu_typical_w", p.nodeGpuTypicalW, 1e7);
    if (problems.size() != before)
        return std::nullopt;
    return p;
}

nlohmann::json calibrationProfileToJson(const CalibrationProfile& p)
{
    nlohmann::json j = {{"name", p.name}, {"date", p.date}, {"runs", p.runs}};
    auto efficiencies = nlohmann::json::array();
    for (const auto& e : p.efficiencies)
        efficiencies.push_back({{"gpu", e.gpuId},
            {"workload_kind", e.training ? "training" : "inference"},
            {"prior", finiteOrZero(e.prior)}, {"fitted", finiteOrZero(e.fitted)},
            {"log_spread", finiteOrZero(e.logSpread)}, {"runs", e.runs},
            {"leave_one_out_median_abs_error",
                e.leaveOneOutError ? nlohmann::json(finiteOrZero(*e.leaveOneOutError))
                                   : nlohmann::json(nullptr)}});
    j["efficiencies"] = std::move(efficiencies);
    auto power = nlohmann::json::array();
    for (const auto& w : p.power)
        power.push_back({{"model", w.model}, {"gpu", w.gpuId}, {"idle_w", finiteOrZero(w.idleW)},
            {"full_tensor_w", finiteOrZero(w.fullW)}, {"prior_idle_w", finiteOrZero(w.priorIdleW)},
            {"prior_full_tensor_w", finiteOrZero(w.priorFullW)},
            {"rms_error_w", finiteOrZero(w.rmsErrorW)}, {"samples", w.samples},
            {"max_w", finiteOrZero(w.maxW)}, {"idle_floor_w", finiteOrZero(w.idleFloorW)},
            {"bound", w.bound}});
    j["power"] = std::move(power);
    if (p.nodeGpuIdleW)
        j["node_gpu_idle_w"] = finiteOrZero(*p.nodeGpuIdleW);
    if (p.nodeGpuTypicalW)
        j["node_gpu_typical_w"] = finiteOrZero(*p.nodeGpuTypicalW);
    return j;
}

} // namespace infrafit
