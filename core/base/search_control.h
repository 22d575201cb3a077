// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <functional>
#include <stop_token>

namespace infrafit {

/// How a search runs (docs/architecture.md "Threads": snapshot → worker →
/// result). The search functions are pure over their (copied) inputs and
/// may run on any thread; they use `threads` worker threads of their own.
struct SearchControl {
    /// Worker threads; 0 = std::thread::hardware_concurrency(). Results do
    /// not depend on it (deterministic merge by enumeration index).
    int threads = 0;
    /// Called with the fraction done (0..1), at most a few hundred times
    /// per search, from a worker thread, never from two at once. May be empty.
    std::function<void(double fractionDone)> progress;
    /// When stop is requested the search returns early with what it has,
    /// marked `cancelled`.
    std::stop_token stop;
};

} // namespace infrafit
