// SPDX-License-Identifier: Apache-2.0
#include "core/project/calibration_profile.h"

namespace infrafit {

std::vector<EfficiencyCalibration> efficiencyCalibrationsOf(const CalibrationProfile& profile)
{
    std::vector<EfficiencyCalibration> list;
    for (const auto& e : profile.efficiencies)
        list.push_back({profile.name, e.gpuId, e.training, e.fitted, e.runs, e.leaveOneOutError});
    return list;
}

std::vector<GpuPowerCalibration> powerCalibrationsOf(const CalibrationProfile& profile)
{
    std::vector<GpuPowerCalibration> list;
    for (const auto& p : profile.power)
        if (!p.gpuId.empty())
            list.push_back({profile.name, p.gpuId, p.idleW, p.fullW, p.rmsErrorW, p.samples, p.bound});
    return list;
}

void applyCalibrationProfile(Project& project)
{
    const auto efficiencies = project.calibration ? efficiencyCalibrationsOf(*project.calibration)
                                                  : std::vector<EfficiencyCalibration> {};
    const auto power = project.calibration ? powerCalibrationsOf(*project.calibration)
                                           : std::vector<GpuPowerCalibration> {};
    for (auto& w : project.workloads) {
        w.calibration = efficiencies;
        w.powerCalibration = power;
    }
}

} // namespace infrafit
