// SPDX-License-Identifier: Apache-2.0
#include "core/search/parts_snapshot.h"

#include "core/search/search_constraints.h"

#include <algorithm>

namespace infrafit {

PartsSnapshot snapshotOf(const std::vector<Part>& parts)
{
    PartsSnapshot s;
    for (const Part& part : parts) {
        std::visit(
            [&](const auto& p) {
                using T = std::decay_t<decltype(p)>;
                if constexpr (std::is_same_v<T, Gpu>) s.gpus.push_back(p);
                else if constexpr (std::is_same_v<T, Chassis>) s.chassis.push_back(p);
                else if constexpr (std::is_same_v<T, Cpu>) s.cpus.push_back(p);
                else if constexpr (std::is_same_v<T, Nvme>) s.nvmes.push_back(p);
                else if constexpr (std::is_same_v<T, Nic>) s.nics.push_back(p);
                else if constexpr (std::is_same_v<T, Psu>) s.psus.push_back(p);
                else if constexpr (std::is_same_v<T, Cooling>) s.coolings.push_back(p);
            },
            part);
    }
    return s;
}

PartsSnapshot snapshotOf(const std::vector<Part>& parts, SoftwareTable software)
{
    PartsSnapshot s = snapshotOf(parts);
    s.software = std::move(software);
    return s;
}

std::vector<int> nodeCountsFor(const SearchConstraints& c)
{
    std::vector<int> counts;
    if (!c.nodeCounts.empty()) {
        counts = c.nodeCounts;
    } else {
        for (int n = 1; n <= c.maxNodes; n *= 2) {
            counts.push_back(n);
            if (n >= 2 && n + n / 2 <= c.maxNodes)
                counts.push_back(n + n / 2);
        }
    }
    counts.erase(std::remove_if(counts.begin(), counts.end(),
                                [&](int n) { return n < 1 || n > c.maxNodes; }),
                 counts.end());
    std::sort(counts.begin(), counts.end());
    counts.erase(std::unique(counts.begin(), counts.end()), counts.end());
    return counts;
}

std::vector<int> nodeCountsInMultiples(const std::vector<int>& counts, int multiple,
                                       const SearchConstraints& c)
{
    if (multiple <= 1)
        return counts;
    std::vector<int> out;
    for (int n : counts) {
        if (!c.nodeCounts.empty()) {
            if (n % multiple == 0)
                out.push_back(n);
        } else if (1LL * n * multiple <= c.maxNodes) {
            out.push_back(n * multiple);
        }
    }
    return out;
}

} // namespace infrafit
