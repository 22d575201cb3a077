// SPDX-License-Identifier: Apache-2.0
#include "core/project/calibration_profile.h"

namespace infrafit {

void applyCalibrationProfile(Project& project)
{
    std::vector<EfficiencyCalibration> list;
    if (project.calibration)
        for (const auto& e : project.calibration->efficiencies)
            list.push_back({project.calibration->name, e.gpuId, e.training, e.fitted, e.runs,
                e.leaveOneOutError});
    for (auto& w : project.workloads)
        w.calibration = list;
}

} // namespace infrafit
