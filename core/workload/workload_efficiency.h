// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/workload/workload.h"

#include <optional>
#include <string_view>

namespace infrafit {

/// The calibration of `workload` for GPU `gpuId` and the workload's kind,
/// or nullptr when the profile has none (or the workload sets its own
/// `efficiency`, which wins).
const EfficiencyCalibration* calibrationFor(const Workload& workload, std::string_view gpuId);

/// The efficiency that overrides the family default on GPU `gpuId`: the
/// workload's own `efficiency`, else its calibration for that GPU, else
/// nullopt (the default for the GPU family applies).
std::optional<double> workloadEfficiencyFor(const Workload& workload, std::string_view gpuId);

/// Whether the workload carries a calibration of its own kind for any GPU
/// (a GUI preference's default efficiency then stays off, so the profile's
/// fits are not overridden).
bool hasCalibration(const Workload& workload);

/// "calibration profile 'prod-h100' (4 runs, leave-one-out error 6 %)".
std::string calibrationText(const EfficiencyCalibration& calibration);

} // namespace infrafit
