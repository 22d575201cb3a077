// SPDX-License-Identifier: Apache-2.0
#include "core/calibration/calibration_profile_builder.h"

#include "core/base/finding_text.h"
#include "core/io/measurements_json.h"
#include "core/base/finite_value.h"
#include "core/base/text_table.h"

#include <nlohmann/json.hpp>

namespace infrafit {

CalibrationProfile makeCalibrationProfile(const std::string& name, const std::string& date,
    const std::optional<CalibrationResult>& efficiency, const std::optional<PowerCalibration>& power,
    int runs)
{
    CalibrationProfile p;
    p.name = name;
    p.date = date;
    p.runs = runs;
    if (efficiency)
        for (const auto& e : efficiency->efficiencies) {
            if (e.runs < 1)
                continue; // nothing measured moved it: the default stays in force
            p.efficiencies.push_back({e.gpuId, e.training, e.prior, e.fitted, e.spread, e.runs,
                e.leaveOneOutMedianAbsError});
        }
    if (power) {
        p.power = power->power;
        p.nodeGpuIdleW = power->nodeGpuIdleW;
        p.nodeGpuTypicalW = power->nodeGpuTypicalW;
    }
    return p;
}

nlohmann::json powerCalibrationToJson(const PowerCalibration& power)
{
    CalibrationProfile only;
    only.power = power.power;
    only.nodeGpuIdleW = power.nodeGpuIdleW;
    only.nodeGpuTypicalW = power.nodeGpuTypicalW;
    auto j = calibrationProfileToJson(only);
    nlohmann::json out = {{"power", j["power"]}, {"notes", power.notes}};
    out["node_gpu_idle_w"] = j.contains("node_gpu_idle_w") ? j["node_gpu_idle_w"] : nlohmann::json(nullptr);
    out["node_gpu_typical_w"]
        = j.contains("node_gpu_typical_w") ? j["node_gpu_typical_w"] : nlohmann::json(nullptr);
    return out;
}

std::string powerCalibrationToText(const PowerCalibration& power)
{
    std::string out = "GPU power fitted to the metrics (P = idle + (full - idle) x tensor "
                      "activity; prior: the published curve):\n";
    TextTable table({"Model", "GPU", "Samples", "Idle W (prior)", "Full tensor W (prior)",
        "RMS error W", "Held at"});
    for (const auto& p : power.power)
        table.addRow({p.model.empty() ? "-" : p.model, p.gpuId, std::to_string(p.samples),
            infra::num(p.idleW, 0) + " (" + infra::num(p.priorIdleW, 0) + ")",
            infra::num(p.fullW, 0) + " (" + infra::num(p.priorFullW, 0) + ")",
            infra::num(p.rmsErrorW, 1), p.bound.empty() ? "-" : p.bound});
    out += table.render();
    if (power.nodeGpuIdleW && power.nodeGpuTypicalW)
        out += "Node GPUs together: idle " + infra::num(finiteOrZero(*power.nodeGpuIdleW), 0)
            + " W, typical " + infra::num(finiteOrZero(*power.nodeGpuTypicalW), 0)
            + " W (host averages over the window)\n";
    for (const auto& note : power.notes)
        out += "Note: " + note + "\n";
    return out;
}

} // namespace infrafit
