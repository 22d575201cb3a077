// SPDX-License-Identifier: Apache-2.0
#include "core/serving/request_stream.h"

#include <algorithm>
#include <cmath>

namespace infrafit {
namespace {

constexpr double z90 = 1.2815515655446004; // standard normal 90th percentile
constexpr std::uint64_t lengthStreamSalt = 0x6c656e67746873ULL;
constexpr double maxSampledTokens = 1 << 22;

int roundTokens(double tokens)
{
    return static_cast<int>(std::clamp(std::round(tokens), 1.0, maxSampledTokens));
}

} // namespace

LengthSampler::LengthSampler(const std::optional<LengthDistribution>& distribution,
                             int fixedTokens)
    : mFixed(std::max(1, fixedTokens)), mMean(std::max(1, fixedTokens))
{
    if (!distribution)
        return;
    mMean = distribution->meanTokens;
    mFixed = roundTokens(mMean);
    if (!distribution->histogram.empty()) {
        double sum = 0;
        for (const auto& bin : distribution->histogram)
            sum += bin.second;
        double cumulative = 0;
        for (const auto& [tokens, share] : distribution->histogram) {
            cumulative += share / sum;
            mCumulative.emplace_back(tokens, cumulative);
        }
        mCumulative.back().second = 1.0;
    } else if (distribution->p90Tokens) {
        const double d = std::log(*distribution->p90Tokens / mMean);
        const double discriminant = std::max(0.0, z90 * z90 - 2.0 * d);
        mSigma = std::max(0.0, z90 - std::sqrt(discriminant));
        mMu = std::log(mMean) - mSigma * mSigma / 2.0;
    }
}

int LengthSampler::sample(RandomStream& random) const
{
    if (!mCumulative.empty()) {
        const double u = random.uniform();
        const auto it = std::upper_bound(mCumulative.begin(), mCumulative.end(), u,
                                         [](double value, const auto& bin) {
                                             return value < bin.second;
                                         });
        return it == mCumulative.end() ? mCumulative.back().first : it->first;
    }
    if (mSigma >= 0)
        return roundTokens(std::exp(mMu + mSigma * random.normal()));
    return mFixed;
}

std::vector<SimRequest> makeRequests(const LengthSampler& prompts, const LengthSampler& outputs,
                                     ArrivalProcess arrival, double arrivalCv, double ratePerS,
                                     int count, std::uint64_t seed)
{
    std::vector<SimRequest> requests(static_cast<std::size_t>(std::max(0, count)));
    RandomStream lengths(seed ^ lengthStreamSalt);
    RandomStream gaps(seed);
    const double meanGap = ratePerS > 0 ? 1.0 / ratePerS : 0.0;
    const double shape = 1.0 / (arrivalCv * arrivalCv);
    double t = 0;
    for (auto& r : requests) {
        if (meanGap > 0)
            t += arrival == ArrivalProcess::Gamma ? gaps.gamma(shape, meanGap / shape)
                                                  : gaps.exponential(meanGap);
        r.arrivalS = t;
        r.promptTokens = prompts.sample(lengths);
        r.outputTokens = outputs.sample(lengths);
    }
    return requests;
}

} // namespace infrafit
