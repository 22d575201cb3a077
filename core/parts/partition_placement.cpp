// SPDX-License-Identifier: Apache-2.0
#include "core/parts/partition_placement.h"

#include <algorithm>
#include <cstdint>
#include <numeric>

namespace infrafit {
namespace {

/// One row of the guide's placement table: (compute slices, memory slices)
/// of a profile on a GPU of `memoryTotal` memory slices, and its starts.
struct PlacementRow {
    int memoryTotal;
    int compute;
    int memory;
    std::vector<int> starts;
};

/// NVIDIA Multi-Instance GPU User Guide, placement figures of the A100/H100
/// profiles (same on H200 and B200) and of the A30, as `nvidia-smi mig -lgipp`
/// prints them ("Placements: {0,2,4}:2" = starts 0, 2, 4, two memory slices);
/// docs/reference/partitioning.md §1.1.
const std::vector<PlacementRow>& placementTable()
{
    static const std::vector<PlacementRow> rows{
        {8, 1, 1, {0, 1, 2, 3, 4, 5, 6}},
        {8, 1, 2, {0, 2, 4, 6}},
        {8, 2, 2, {0, 2, 4}},
        {8, 3, 4, {0, 4}},
        {8, 4, 4, {0}},
        {8, 7, 8, {0}},
        {4, 1, 1, {0, 1, 2, 3}},
        {4, 2, 2, {0, 2}},
        {4, 4, 4, {0}},
    };
    return rows;
}

struct PlacementSearch {
    std::span<const PartitionProfile> instances;
    std::vector<std::vector<int>> starts; ///< per instance
    std::vector<std::size_t> order;       ///< instances, largest first
    std::vector<int> chosen;

    bool place(std::size_t k, std::uint32_t used)
    {
        if (k == order.size())
            return true;
        const std::size_t i = order[k];
        const int width = instances[i].memorySlices;
        for (int start : starts[i]) {
            const std::uint32_t mask = ((1u << width) - 1u) << start;
            if (used & mask)
                continue;
            chosen[i] = start;
            if (place(k + 1, used | mask))
                return true;
        }
        return false;
    }
};

} // namespace

std::vector<int> partitionStartSlots(const PartitionProfile& profile)
{
    if (profile.wholeGpu || profile.memorySlices < 1 || profile.memorySlicesTotal > 31
        || profile.memorySlices > profile.memorySlicesTotal)
        return {};
    for (const auto& row : placementTable())
        if (row.memoryTotal == profile.memorySlicesTotal && row.compute == profile.computeSlices
            && row.memory == profile.memorySlices)
            return row.starts;
    // Not in the guide's table: aligned to its own size (assumption, §1.1).
    std::vector<int> starts;
    for (int s = 0; s + profile.memorySlices <= profile.memorySlicesTotal; s += profile.memorySlices)
        starts.push_back(s);
    return starts;
}

std::optional<std::vector<int>> placePartitions(std::span<const PartitionProfile> instances)
{
    if (instances.empty())
        return std::vector<int>{};
    const int computeTotal = instances.front().computeSlicesTotal;
    int compute = 0;
    for (const auto& p : instances) {
        if (p.wholeGpu || p.memorySlicesTotal != instances.front().memorySlicesTotal
            || p.computeSlicesTotal != computeTotal)
            return std::nullopt;
        compute += p.computeSlices;
    }
    if (compute > computeTotal)
        return std::nullopt;
    PlacementSearch search{instances, {}, {}, std::vector<int>(instances.size(), -1)};
    for (const auto& p : instances) {
        search.starts.push_back(partitionStartSlots(p));
        if (search.starts.back().empty())
            return std::nullopt;
    }
    search.order.resize(instances.size());
    std::iota(search.order.begin(), search.order.end(), std::size_t{0});
    // Largest first, then the fewest positions: a 4g (start 0 only) before
    // a 3g (0 or 4), as the guide advises creating them.
    std::stable_sort(search.order.begin(), search.order.end(), [&](std::size_t a, std::size_t b) {
        if (instances[a].memorySlices != instances[b].memorySlices)
            return instances[a].memorySlices > instances[b].memorySlices;
        return search.starts[a].size() < search.starts[b].size();
    });
    if (!search.place(0, 0))
        return std::nullopt;
    return search.chosen;
}

} // namespace infrafit
