// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>

namespace infrafit {

/// A small deterministic pseudo-random stream: xoshiro256** (Blackman and
/// Vigna, "Scrambled linear pseudorandom number generators", ACM TOMS 2021),
/// seeded through SplitMix64 as its authors recommend. The samplers below
/// are written out here instead of std::*_distribution, whose output differs
/// between standard libraries, so a seed gives the same simulation
/// everywhere. Not thread-safe; one stream per simulation.
class RandomStream {
public:
    explicit RandomStream(std::uint64_t seed);

    std::uint64_t next();
    /// Uniform in [0, 1) with 53 random bits.
    double uniform();
    /// Exponential with the given mean (inverse transform: −mean·ln(1 − U)).
    double exponential(double mean);
    /// Standard normal (Box–Muller, Box and Muller 1958), one value per call.
    double normal();
    /// Gamma with shape k > 0 and scale θ (Marsaglia and Tsang, ACM TOMS
    /// 26(3) 2000, §6; k < 1 through Gamma(k + 1)·U^(1/k), their §7).
    double gamma(double shape, double scale);

private:
    std::uint64_t mState[4];
};

} // namespace infrafit
