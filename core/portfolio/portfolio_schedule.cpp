// SPDX-License-Identifier: Apache-2.0
#include "core/portfolio/portfolio_schedule.h"

#include <algorithm>

namespace infrafit {
namespace {

constexpr double scheduleWeekHours = 168;
/// Slack so shares such as 0.3 + 0.7 are not refused by rounding.
constexpr double scheduleShareSlack = 1e-9;

WeekHours scheduleDailyHours(int days, int from, int to)
{
    WeekHours hours;
    for (int day = 0; day < days; ++day)
        for (int hour = from; hour < to; ++hour)
            hours.set(static_cast<std::size_t>(day * 24 + hour));
    return hours;
}

} // namespace

WeekHours scheduleHours(SharingSchedule schedule)
{
    switch (schedule) {
    case SharingSchedule::Always: return WeekHours().set();
    case SharingSchedule::Weekdays: return scheduleDailyHours(5, 0, 24);
    case SharingSchedule::Weekends: return scheduleDailyHours(7, 0, 24) & ~scheduleDailyHours(5, 0, 24);
    case SharingSchedule::OfficeHours: return scheduleDailyHours(5, 8, 18);
    case SharingSchedule::Nights: return scheduleDailyHours(7, 0, 8) | scheduleDailyHours(7, 20, 24);
    }
    return WeekHours().set();
}

double scheduleTimeFraction(SharingSchedule schedule, std::optional<double> timeShare)
{
    if (timeShare)
        return std::clamp(*timeShare, 0.0, 1.0);
    return static_cast<double>(scheduleHours(schedule).count()) / scheduleWeekHours;
}

bool TimeLoad::admits(SharingSchedule schedule, std::optional<double> timeShare) const
{
    if (occupants == 0)
        return true;
    WeekHours fixed = fixedHours;
    double flexible = flexibleShare;
    if (timeShare) {
        flexible += *timeShare;
    } else {
        const WeekHours hours = scheduleHours(schedule);
        if ((fixed & hours).any())
            return false;
        fixed |= hours;
    }
    return static_cast<double>(fixed.count()) / scheduleWeekHours + flexible
           <= 1 + scheduleShareSlack;
}

void TimeLoad::add(SharingSchedule schedule, std::optional<double> timeShare)
{
    if (timeShare)
        flexibleShare += *timeShare;
    else
        fixedHours |= scheduleHours(schedule);
    ++occupants;
}

double TimeLoad::busyFraction() const
{
    return std::min(1.0, static_cast<double>(fixedHours.count()) / scheduleWeekHours + flexibleShare);
}

} // namespace infrafit
