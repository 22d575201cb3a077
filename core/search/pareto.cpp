// SPDX-License-Identifier: Apache-2.0
#include "core/search/pareto.h"

#include <algorithm>
#include <numeric>

namespace infrafit {

bool dominates(const ParetoPoint& a, const ParetoPoint& b)
{
    bool strictly = false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i] > b[i])
            return false;
        strictly = strictly || a[i] < b[i];
    }
    return strictly;
}

std::vector<bool> paretoFront(const std::vector<ParetoPoint>& points)
{
    std::vector<std::size_t> order(points.size());
    std::iota(order.begin(), order.end(), 0);
    // Lexicographic order: a point can only be dominated by one before it.
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return points[a] < points[b]; });
    std::vector<bool> onFront(points.size(), false);
    std::vector<std::size_t> front;
    for (std::size_t i : order) {
        const bool dominated = std::any_of(front.begin(), front.end(), [&](std::size_t j) {
            return dominates(points[j], points[i]);
        });
        if (!dominated) {
            onFront[i] = true;
            front.push_back(i);
        }
    }
    return onFront;
}

} // namespace infrafit
