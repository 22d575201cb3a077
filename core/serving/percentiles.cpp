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
    std::sort(samples.begin(), samples.end());
    double sum = 0;
    for (double s : samples)
        sum += s;
    const auto n = static_cast<double>(samples.size());
    p.mean = sum / n;
    const auto rank = [&](double percent) {
        const double r = std::ceil(percent / 100.0 * n);
        const auto index = static_cast<std::size_t>(std::clamp(r, 1.0, n)) - 1;
        return samples[index];
    };
    p.p50 = rank(50);
    p.p90 = rank(90);
    p.p99 = rank(99);
    return p;
}

} // namespace infrafit
