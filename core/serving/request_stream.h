// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/serving/random_stream.h"
#include "core/workload/serving_demand.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace infrafit {

/// One request offered to the simulator: when it arrives (open loop; the
/// closed loop sets it while simulating) and its lengths in tokens (>= 1).
struct SimRequest {
    double arrivalS = 0;
    int promptTokens = 1;
    int outputTokens = 1;
};

/// Draws request lengths from a LengthDistribution: the fixed value; a
/// lognormal with the given mean and p90 (σ from p90/mean = exp(zσ − σ²/2),
/// the smaller root, z = 1.28155; μ = ln(mean) − σ²/2 — the lognormal's
/// mean exp(μ + σ²/2) and quantile exp(μ + zσ), Johnson, Kotz and
/// Balakrishnan, "Continuous Univariate Distributions" vol. 1 ch. 14); or a
/// histogram bin with probability share / Σ shares. Rounded, at least 1.
class LengthSampler {
public:
    LengthSampler(const std::optional<LengthDistribution>& distribution, int fixedTokens);
    int sample(RandomStream& random) const;
    [[nodiscard]] double meanTokens() const { return mMean; }

private:
    int mFixed = 1;
    double mMean = 1;
    double mMu = 0;
    double mSigma = -1; ///< < 0: not lognormal
    std::vector<std::pair<int, double>> mCumulative; ///< (tokens, cumulative share)
};

/// `count` requests with lengths from the samplers and, when `ratePerS` >
/// 0, open-loop arrivals: Poisson (exponential gaps of mean 1/rate) or gamma
/// gaps of shape 1/CV² and the same mean. Lengths and gaps come from two
/// streams of the seed, so a different rate rescales the same gaps and
/// keeps the same lengths (common random numbers for the capacity search).
std::vector<SimRequest> makeRequests(const LengthSampler& prompts, const LengthSampler& outputs,
                                     ArrivalProcess arrival, double arrivalCv, double ratePerS,
                                     int count, std::uint64_t seed);

} // namespace infrafit
