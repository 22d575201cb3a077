// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/search_control.h"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <mutex>
#include <thread>
#include <vector>

namespace infrafit {

/// Runs `body(index)` for every index in [0, count) on `control.threads`
/// threads (the caller's thread is one of them). Indices are handed out in
/// chunks through an atomic counter; `body` must write its result to a slot
/// owned by its index, so the outcome does not depend on the thread count.
/// Stops handing out work when a stop is requested; returns false then.
template <typename Body>
bool parallelFor(std::size_t count, const SearchControl& control, Body&& body,
                 std::size_t chunk = 16)
{
    const unsigned hardware = std::max(1u, std::thread::hardware_concurrency());
    const std::size_t wanted = control.threads > 0 ? std::size_t(control.threads) : hardware;
    const std::size_t threadCount = std::max<std::size_t>(
        1, std::min(wanted, (count + chunk - 1) / std::max<std::size_t>(1, chunk)));
    std::atomic<std::size_t> next{0};
    std::atomic<std::size_t> done{0};
    std::atomic<bool> stopped{false};
    std::mutex progressMutex;
    const std::size_t reportEvery = std::max<std::size_t>(chunk, count / 200);
    auto work = [&] {
        std::size_t sinceReport = 0;
        for (;;) {
            if (control.stop.stop_requested()) {
                stopped = true;
                return;
            }
            const std::size_t begin = next.fetch_add(chunk);
            if (begin >= count)
                return;
            const std::size_t end = std::min(count, begin + chunk);
            for (std::size_t i = begin; i < end; ++i)
                body(i);
            sinceReport += end - begin;
            done.fetch_add(end - begin);
            if (control.progress && sinceReport >= reportEvery) {
                sinceReport = 0;
                // Read under the lock: a count taken before it could be
                // reported after a larger one from another thread, and the
                // progress bar would step back.
                const std::scoped_lock lock(progressMutex);
                control.progress(double(done.load()) / double(count));
            }
        }
    };
    {
        std::vector<std::jthread> helpers;
        for (std::size_t t = 1; t < threadCount; ++t)
            helpers.emplace_back(work);
        work();
    } // jthreads join here
    return !stopped;
}

} // namespace infrafit
