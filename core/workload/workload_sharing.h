// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/enum_names.h"

namespace infrafit {

/// When a workload of a portfolio runs (docs/user-guide.md "Portfolio"):
/// all week; Monday to Friday; Saturday and Sunday; Monday to Friday
/// 08:00-18:00; every day 20:00-08:00. Workloads whose schedules never
/// overlap may share GPUs (core/portfolio/portfolio_schedule.h).
enum class SharingSchedule { Always, Weekdays, Weekends, OfficeHours, Nights };
template <>
struct EnumNames<SharingSchedule> {
    static constexpr std::array<std::string_view, 5> names{"always", "weekdays", "weekends",
                                                           "office_hours", "nights"};
};

/// The unit a portfolio gives a workload: whole nodes, whole GPUs or one
/// GPU partition (a MIG instance or an AMD partition; the smallest profile
/// of the GPU that holds the workload).
enum class SharingPlacement { Nodes, Gpus, Slice };
template <>
struct EnumNames<SharingPlacement> {
    static constexpr std::array<std::string_view, 3> names{"nodes", "gpus", "slice"};
};

} // namespace infrafit
