// SPDX-License-Identifier: Apache-2.0
#include "core/parts/partition_profile.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>

namespace infrafit {
namespace {

constexpr int partitionMaxSlices = 64;

std::vector<std::string_view> partitionWords(std::string_view text)
{
    std::vector<std::string_view> words;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && text[i] == ' ')
            ++i;
        const std::size_t start = i;
        while (i < text.size() && text[i] != ' ')
            ++i;
        if (i > start)
            words.push_back(text.substr(start, i - start));
    }
    return words;
}

bool partitionInteger(std::string_view text, int& value)
{
    const auto* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, value);
    return ec == std::errc() && ptr == end;
}

/// "A/B" with 1 <= A <= B <= partitionMaxSlices.
bool partitionFraction(std::string_view text, int& part, int& total)
{
    const auto slash = text.find('/');
    if (slash == std::string_view::npos)
        return false;
    return partitionInteger(text.substr(0, slash), part)
           && partitionInteger(text.substr(slash + 1), total) && part >= 1 && total >= part
           && total <= partitionMaxSlices;
}

bool partitionNumber(std::string_view text, double& value)
{
    const auto* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, value);
    return ec == std::errc() && ptr == end && std::isfinite(value);
}

std::string partitionNumberText(double value)
{
    if (value == std::floor(value) && std::fabs(value) < 1e15)
        return std::to_string(static_cast<long long>(value));
    std::array<char, 32> buffer{};
    auto [end, ec] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
    return ec == std::errc() ? std::string(buffer.data(), end) : std::string("?");
}

} // namespace

std::optional<PartitionProfile> parsePartitionProfile(std::string_view text, std::string& error)
{
    const auto words = partitionWords(text);
    if (words.empty() || words.front().find('=') != std::string_view::npos) {
        error = "must start with the profile's name, e.g. \"1g.10gb compute=1/7 memory=1/8 "
                "memory_gb=10 max=7\"";
        return std::nullopt;
    }
    PartitionProfile profile;
    profile.name = std::string(words.front());
    bool haveCompute = false, haveMemory = false, haveGb = false, haveMax = false;
    for (std::size_t i = 1; i < words.size(); ++i) {
        const auto word = words[i];
        const auto eq = word.find('=');
        const auto key = word.substr(0, eq);
        const auto value = eq == std::string_view::npos ? std::string_view() : word.substr(eq + 1);
        if (key == "whole_gpu" && eq == std::string_view::npos) {
            profile.wholeGpu = true;
        } else if (key == "compute" && partitionFraction(value, profile.computeSlices,
                                                         profile.computeSlicesTotal)) {
            haveCompute = true;
        } else if (key == "memory" && partitionFraction(value, profile.memorySlices,
                                                        profile.memorySlicesTotal)) {
            haveMemory = true;
        } else if (key == "memory_gb" && partitionNumber(value, profile.memoryGb)
                   && profile.memoryGb > 0 && profile.memoryGb <= 1e5) {
            haveGb = true;
        } else if (key == "max" && partitionInteger(value, profile.maxInstances)
                   && profile.maxInstances >= 1 && profile.maxInstances <= partitionMaxSlices) {
            haveMax = true;
        } else {
            error = "\"" + std::string(word)
                    + "\" is not one of compute=A/B, memory=A/B (1 <= A <= B <= 64), "
                      "memory_gb=G (0 < G <= 100000), max=N (1..64) or whole_gpu";
            return std::nullopt;
        }
    }
    if (!haveCompute || !haveMemory || !haveGb || !haveMax) {
        error = "profile " + profile.name + " needs compute=A/B, memory=A/B, memory_gb=G and max=N";
        return std::nullopt;
    }
    if (profile.maxInstances * profile.computeSlices > profile.computeSlicesTotal
        || profile.maxInstances * profile.memorySlices > profile.memorySlicesTotal) {
        error = "profile " + profile.name + ": " + std::to_string(profile.maxInstances)
                + " instances need more slices than the GPU has";
        return std::nullopt;
    }
    return profile;
}

std::string formatPartitionProfile(const PartitionProfile& profile)
{
    std::string text = profile.name;
    text += " compute=" + std::to_string(profile.computeSlices) + "/"
            + std::to_string(profile.computeSlicesTotal);
    text += " memory=" + std::to_string(profile.memorySlices) + "/"
            + std::to_string(profile.memorySlicesTotal);
    text += " memory_gb=" + partitionNumberText(profile.memoryGb);
    text += " max=" + std::to_string(profile.maxInstances);
    if (profile.wholeGpu)
        text += " whole_gpu";
    return text;
}

std::vector<PartitionProfile> partitionProfilesOf(const Gpu& gpu)
{
    std::vector<PartitionProfile> profiles;
    std::string error;
    for (const auto& item : gpu.partitionProfiles) {
        if (auto profile = parsePartitionProfile(item, error))
            profiles.push_back(std::move(*profile));
    }
    std::stable_sort(profiles.begin(), profiles.end(),
                     [](const PartitionProfile& a, const PartitionProfile& b) {
                         return a.memoryGb < b.memoryGb;
                     });
    return profiles;
}

} // namespace infrafit
