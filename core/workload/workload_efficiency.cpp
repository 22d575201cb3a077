// SPDX-License-Identifier: Apache-2.0
#include "core/workload/workload_efficiency.h"

#include <cmath>
#include <cstdio>

namespace infrafit {

const EfficiencyCalibration* calibrationFor(const Workload& workload, std::string_view gpuId)
{
    if (workload.efficiency)
        return nullptr;
    const bool training = workload.kind == WorkloadKind::Training;
    for (const auto& c : workload.calibration)
        if (c.gpuId == gpuId && c.training == training && std::isfinite(c.efficiency)
            && c.efficiency > 0 && c.efficiency <= 1)
            return &c;
    return nullptr;
}

bool hasCalibration(const Workload& workload)
{
    const bool training = workload.kind == WorkloadKind::Training;
    for (const auto& c : workload.calibration)
        if (c.training == training)
            return true;
    return false;
}

std::optional<double> workloadEfficiencyFor(const Workload& workload, std::string_view gpuId)
{
    if (workload.efficiency)
        return workload.efficiency;
    if (const auto* c = calibrationFor(workload, gpuId))
        return c->efficiency;
    return std::nullopt;
}

std::string calibrationText(const EfficiencyCalibration& c)
{
    std::string text = "calibration profile '" + c.profile + "' (" + std::to_string(c.runs)
        + (c.runs == 1 ? " run" : " runs");
    if (c.leaveOneOutError && std::isfinite(*c.leaveOneOutError)) {
        char buffer[64];
        std::snprintf(buffer, sizeof buffer, ", leave-one-out error %.0f %%",
            100.0 * *c.leaveOneOutError);
        text += buffer;
    } else {
        text += ", no leave-one-out error: fewer than 2 runs";
    }
    return text + ")";
}

} // namespace infrafit
