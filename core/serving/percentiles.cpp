// SPDX-License-Identifier: Apache-2.0
#include "core/serving/simulation_result.h"

#include <algorithm>
#include <cmath>

namespace infrafit {

Percentiles percentilesOf(std::vector<double>& samples)
{
    Percentiles p;
    if (samples.empty())
        return p;
    double sum = 0;
    for (double s : samples)
        sum += s;
    const auto n = static_cast<double>(samples.size());
    p.mean = sum / n;
    const auto rankIndex = [&](double percent) {
        const double r = std::ceil(percent / 100.0 * n);
        return static_cast<std::ptrdiff_t>(std::clamp(r, 1.0, n)) - 1;
    };
    // Three selections instead of a sort: each later rank lies in the part
    // the previous selection left above it (read each value before the next
    // selection reorders that part).
    const auto begin = samples.begin();
    const auto select = [&](std::ptrdiff_t from, std::ptrdiff_t rank) {
        std::nth_element(begin + from, begin + rank, samples.end());
        return samples[static_cast<std::size_t>(rank)];
    };
    const std::ptrdiff_t i50 = rankIndex(50), i90 = rankIndex(90), i99 = rankIndex(99);
    p.p50 = select(0, i50);
    p.p90 = select(i50, i90);
    p.p99 = select(i90, i99);
    return p;
}

} // namespace infrafit
