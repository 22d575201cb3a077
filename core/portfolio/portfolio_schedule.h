// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/workload/workload_sharing.h"

#include <bitset>
#include <optional>

namespace infrafit {

/// The hours of one week (Monday 00:00 = hour 0) a schedule runs in.
using WeekHours = std::bitset<168>;

/// The hours of `schedule` (docs/user-guide.md "Portfolio"): always all 168;
/// weekdays Monday-Friday (120 h); weekends Saturday-Sunday (48 h);
/// office_hours Monday-Friday 08:00-18:00 (50 h); nights every day
/// 20:00-08:00 (84 h).
WeekHours scheduleHours(SharingSchedule schedule);

/// The fraction of the week a workload runs: its `time_share` when set,
/// else its schedule's hours / 168.
double scheduleTimeFraction(SharingSchedule schedule, std::optional<double> timeShare);

/// What shares one whole GPU over a week: fixed schedules (which must not
/// overlap) and flexible shares (which fill the hours left). A plain value
/// the packer keeps per GPU.
struct TimeLoad {
    WeekHours fixedHours;
    double flexibleShare = 0;
    int occupants = 0;

    /// Whether a workload with this schedule (or flexible `timeShare`) can
    /// join without two fixed schedules overlapping or the week running out.
    [[nodiscard]] bool admits(SharingSchedule schedule, std::optional<double> timeShare) const;
    void add(SharingSchedule schedule, std::optional<double> timeShare);
    /// Busy fraction of the week, 0..1.
    [[nodiscard]] double busyFraction() const;
};

} // namespace infrafit
