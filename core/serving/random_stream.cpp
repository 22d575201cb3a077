// SPDX-License-Identifier: Apache-2.0
#include "core/serving/random_stream.h"

#include <cmath>
#include <numbers>

namespace infrafit {
namespace {

std::uint64_t splitMix64(std::uint64_t& x)
{
    // SplitMix64 (Steele, Lea and Flood, OOPSLA 2014), constants as published.
    std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

constexpr std::uint64_t rotl(std::uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

} // namespace

RandomStream::RandomStream(std::uint64_t seed)
{
    std::uint64_t x = seed;
    for (auto& s : mState)
        s = splitMix64(x);
}

std::uint64_t RandomStream::next()
{
    // xoshiro256** 1.0 (Blackman and Vigna 2021, reference implementation).
    const std::uint64_t result = rotl(mState[1] * 5, 7) * 9;
    const std::uint64_t t = mState[1] << 17;
    mState[2] ^= mState[0];
    mState[3] ^= mState[1];
    mState[1] ^= mState[2];
    mState[0] ^= mState[3];
    mState[2] ^= t;
    mState[3] = rotl(mState[3], 45);
    return result;
}

double RandomStream::uniform()
{
    return static_cast<double>(next() >> 11) * 0x1.0p-53;
}

double RandomStream::exponential(double mean)
{
    return -mean * std::log1p(-uniform());
}

double RandomStream::normal()
{
    double u1 = uniform();
    while (u1 <= 0.0)
        u1 = uniform();
    const double u2 = uniform();
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
}

double RandomStream::gamma(double shape, double scale)
{
    if (shape < 1.0) {
        double u = uniform();
        while (u <= 0.0)
            u = uniform();
        return gamma(shape + 1.0, scale) * std::pow(u, 1.0 / shape);
    }
    const double d = shape - 1.0 / 3.0;
    const double c = 1.0 / std::sqrt(9.0 * d);
    for (;;) {
        double x = 0;
        double v = 0;
        do {
            x = normal();
            v = 1.0 + c * x;
        } while (v <= 0.0);
        v = v * v * v;
        const double u = uniform();
        if (u < 1.0 - 0.0331 * x * x * x * x)
            return d * v * scale;
        if (u > 0.0 && std::log(u) < 0.5 * x * x + d * (1.0 - v + std::log(v)))
            return d * v * scale;
    }
}

} // namespace infrafit
