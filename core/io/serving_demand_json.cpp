// SPDX-License-Identifier: Apache-2.0
#include "core/io/serving_demand_json.h"

#include "core/io/field_reader.h"

#include <cmath>

namespace infrafit {
namespace {

// Bounds as for the other workload counts (workload_json.cpp): they keep
// token and request products finite (docs/security.md).
constexpr long long maxDemandTokens = 1 << 22;
constexpr long long maxUsers = 1 << 24;
constexpr long long maxSpare = 1000;
constexpr long long maxHistogramBins = 10000;
constexpr double maxRatePerS = 1e7;
/// Largest p90/mean of a lognormal: p90/mean = exp(z·σ − σ²/2) peaks at
/// σ = z, giving exp(z²/2) with z = 1.28155 (the standard normal's 90th
/// percentile) — about 2.273.
constexpr double demandZ90 = 1.2815515655446004;
const double maxP90OverMean = std::exp(demandZ90 * demandZ90 / 2.0);

std::string demandNumber(double value)
{
    std::string text = std::to_string(value);
    text.erase(text.find_last_not_of('0') + 1);
    if (!text.empty() && text.back() == '.')
        text.pop_back();
    return text;
}

/// prompt_tokens / output_tokens: a whole number, {"mean", "p90"} or
/// {"histogram": [[tokens, share], ...]}. `fixed` receives the rounded mean.
std::optional<LengthDistribution> readLength(FieldReader& r, const nlohmann::json& json,
    const char* key, int& fixed, std::vector<Problem>& problems)
{
    if (!r.has(key) || !json.at(key).is_object()) {
        r.readInt(key, fixed, false, 1, maxDemandTokens);
        return std::nullopt;
    }
    const std::string pointer = r.pointerTo(key);
    const auto before = problems.size();
    const nlohmann::json& object = json.at(key);
    FieldReader lr(object, pointer, problems);
    LengthDistribution d;
    if (lr.has("histogram")) {
        if (lr.has("mean") || lr.has("p90"))
            lr.problem("histogram", "give either a histogram or mean/p90, not both");
        const nlohmann::json& bins = object.at("histogram");
        if (!bins.is_array() || bins.empty()) {
            lr.problem("histogram", "must be a non-empty list of [tokens, share] pairs");
            return std::nullopt;
        }
        if (static_cast<long long>(bins.size()) > maxHistogramBins) {
            lr.problem("histogram", "has more than " + std::to_string(maxHistogramBins) + " bins");
            return std::nullopt;
        }
        double sum = 0;
        double weighted = 0;
        for (std::size_t i = 0; i < bins.size(); ++i) {
            const std::string binPointer = pointer + "/histogram/" + std::to_string(i);
            const auto& bin = bins[i];
            const bool shapeOk
                = bin.is_array() && bin.size() == 2 && bin[0].is_number() && bin[1].is_number();
            if (!shapeOk) {
                problems.push_back({binPointer, "must be a [tokens, share] pair of numbers"});
                continue;
            }
            const double tokens = bin[0].get<double>();
            const double share = bin[1].get<double>();
            if (!std::isfinite(tokens) || tokens != std::floor(tokens) || tokens < 1
                || tokens > double(maxDemandTokens)) {
                problems.push_back({binPointer + "/0",
                    "tokens must be a whole number from 1 to "
                        + std::to_string(maxDemandTokens)});
                continue;
            }
            if (!std::isfinite(share) || share < 0) {
                problems.push_back({binPointer + "/1", "share must be a number >= 0"});
                continue;
            }
            d.histogram.emplace_back(static_cast<int>(tokens), share);
            sum += share;
            weighted += tokens * share;
        }
        if (problems.size() == before && !(sum > 0))
            lr.problem("histogram", "shares must add up to more than 0");
        if (problems.size() != before)
            return std::nullopt;
        d.meanTokens = weighted / sum;
    } else {
        lr.readDouble("mean", d.meanTokens, true, 1.0, false, double(maxDemandTokens));
        double p90 = 0;
        if (lr.has("p90")
            && lr.readDouble("p90", p90, false, 1.0, false, double(maxDemandTokens))) {
            d.p90Tokens = p90;
            if (problems.size() == before
                && (p90 < d.meanTokens || p90 > maxP90OverMean * d.meanTokens))
                lr.problem("p90",
                    "must lie between the mean and " + demandNumber(maxP90OverMean)
                        + " × the mean for a lognormal (got p90 " + demandNumber(p90) + ", mean "
                        + demandNumber(d.meanTokens) + "); give a histogram for other shapes");
        }
        if (problems.size() != before)
            return std::nullopt;
    }
    fixed = std::max(1, static_cast<int>(std::lround(d.meanTokens)));
    return d;
}

nlohmann::json lengthToJson(const std::optional<LengthDistribution>& d, int fixed)
{
    if (!d)
        return fixed;
    if (!d->histogram.empty()) {
        nlohmann::json bins = nlohmann::json::array();
        for (const auto& [tokens, share] : d->histogram)
            bins.push_back({tokens, share});
        return {{"histogram", bins}};
    }
    nlohmann::json j = {{"mean", d->meanTokens}};
    if (d->p90Tokens)
        j["p90"] = *d->p90Tokens;
    return j;
}

void readSla(const nlohmann::json& json, const std::string& pointer, ServingDemand& demand,
    std::vector<Problem>& problems)
{
    FieldReader r(json, pointer, problems);
    if (!r.isObject())
        return;
    ServiceLevel sla;
    r.readDouble("ttft_ms", sla.ttftMs, true, 0.0, true, 1e9);
    r.readDouble("tpot_ms", sla.tpotMs, true, 0.0, true, 1e9);
    // One rule for every value (0 was "at least 1", 100 "50, 90 or 99",
    // CLI probe C3).
    if (r.readInt("percentile", sla.percentile, false, -2000000000) && sla.percentile != 50
        && sla.percentile != 90 && sla.percentile != 99)
        r.problem(
            "percentile", "must be 50, 90 or 99 (got " + std::to_string(sla.percentile) + ")");
    demand.sla = sla;
}

} // namespace

void readServingDemand(const nlohmann::json& json, const std::string& pointer, Workload& w,
    std::vector<Problem>& problems)
{
    FieldReader r(json, pointer, problems);
    if (!r.isObject())
        return;
    ServingDemand& d = w.serving;
    d.promptLengths = readLength(r, json, "prompt_tokens", w.promptTokens, problems);
    d.outputLengths = readLength(r, json, "output_tokens", w.outputTokens, problems);

    double rate = 0;
    if (r.has("request_rate_per_s")
        && r.readDouble("request_rate_per_s", rate, false, 0.0, true, maxRatePerS))
        d.requestRatePerS = rate;
    int users = 0;
    if (r.has("users") && r.readInt("users", users, false, 1, maxUsers))
        d.users = users;
    if (r.has("request_rate_per_s") && r.has("users"))
        r.problem("users", "give request_rate_per_s (open loop) or users (closed loop), not both");
    r.readDouble("think_time_s", d.thinkTimeS, false, 0.0, false, 1e6);
    if (r.has("think_time_s") && !r.has("users"))
        r.problem("think_time_s", "needs users (the think time is between one user's requests)");
    r.readEnum("arrival", d.arrival);
    r.readDouble("arrival_cv", d.arrivalCv, false, 0.0, true, 10.0);
    if (r.has("arrival_cv") && d.arrival != ArrivalProcess::Gamma && d.arrivalCv != 1.0)
        r.problem("arrival_cv", "needs \"arrival\": \"gamma\" (Poisson gaps have a CV of 1)");
    if (r.has("sla"))
        readSla(json.at("sla"), pointer + "/sla", d, problems);
    else if (r.has("request_rate_per_s") || r.has("users"))
        r.problem("sla",
            "is required with request_rate_per_s or users (capacity is the highest "
            "load that meets it)");
    // max_batch is the workload's engine limit (Workload::maxBatch, read with
    // the other inference fields in workload_json.cpp).
    int value = 0;
    if (r.has("prefill_chunk_tokens")
        && r.readInt("prefill_chunk_tokens", value, false, 1, maxDemandTokens))
        d.prefillChunkTokens = value;
    r.readDouble("prefix_cache_hit_rate", d.prefixCacheHitRate, false, 0.0, false, 0.99);
    r.readEnum("prefill_schedule", d.prefillSchedule);
    r.readInt("spare_replicas", d.spareReplicas, false, 0, maxSpare);
}

void writeServingDemand(const Workload& w, nlohmann::json& j)
{
    const ServingDemand& d = w.serving;
    j["prompt_tokens"] = lengthToJson(d.promptLengths, w.promptTokens);
    j["output_tokens"] = lengthToJson(d.outputLengths, w.outputTokens);
    if (d.requestRatePerS)
        j["request_rate_per_s"] = *d.requestRatePerS;
    if (d.users) {
        j["users"] = *d.users;
        j["think_time_s"] = d.thinkTimeS;
    }
    if (d.requestRatePerS) {
        j["arrival"] = std::string(enumName(d.arrival));
        if (d.arrival == ArrivalProcess::Gamma)
            j["arrival_cv"] = d.arrivalCv;
    }
    if (d.sla)
        j["sla"] = {{"ttft_ms", d.sla->ttftMs}, {"tpot_ms", d.sla->tpotMs},
            {"percentile", d.sla->percentile}};
    if (d.prefillChunkTokens)
        j["prefill_chunk_tokens"] = *d.prefillChunkTokens;
    if (d.prefixCacheHitRate > 0)
        j["prefix_cache_hit_rate"] = d.prefixCacheHitRate;
    if (d.prefillSchedule != PrefillSchedule::Mixed)
        j["prefill_schedule"] = std::string(enumName(d.prefillSchedule));
    if (d.spareReplicas > 0)
        j["spare_replicas"] = d.spareReplicas;
}

} // namespace infrafit
