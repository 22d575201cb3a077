// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/enum_names.h"

#include <optional>
#include <utility>
#include <vector>

namespace infrafit {

/// How requests arrive in an open loop: Poisson (exponential gaps, the
/// MLPerf Inference server scenario) or gamma gaps with a coefficient of
/// variation above 1 for bursty traffic.
enum class ArrivalProcess { Poisson, Gamma };
template <>
struct EnumNames<ArrivalProcess> {
    static constexpr std::array<std::string_view, 2> names{"poisson", "gamma"};
};

/// How a continuous-batching engine runs new prompts beside the running
/// decodes. `mixed`: one step carries the running batch's decode tokens and
/// a chunk of prefill under the step's token budget (Sarathi-Serve, Agrawal
/// et al., OSDI 2024 §4; vLLM 0.6 with chunked prefill). `separate`: a step
/// that admits prompts runs their prefill alone and the running sequences
/// wait for it; decode steps run when no prompt can be admitted (SGLang 0.3's
/// default scheduler, python/sglang/srt/managers/tp_worker.py: forward_step
/// runs get_new_prefill_batch first and mixes only with
/// --enable-mixed-chunk; vLLM without chunked prefill, Kwon et al. SOSP 2023).
enum class PrefillSchedule { Mixed, Separate };
template <>
struct EnumNames<PrefillSchedule> {
    static constexpr std::array<std::string_view, 2> names{"mixed", "separate"};
};

/// A request length in tokens: a fixed number, a (mean, p90) pair (a
/// lognormal with that mean and 90th percentile) or a histogram of
/// (tokens, share) bins. Valid when built by the JSON reader: mean >= 1,
/// mean <= p90 <= 2.27 × mean (the largest p90/mean a lognormal has,
/// exp(z90² / 2)), histogram shares >= 0 with a positive sum.
struct LengthDistribution {
    double meanTokens = 1;
    std::optional<double> p90Tokens;
    std::vector<std::pair<int, double>> histogram; ///< (tokens, share); non-empty = histogram

    [[nodiscard]] bool isFixed() const { return !p90Tokens && histogram.empty(); }
};

/// A latency service level: the given percentile of time to first token
/// and of time per output token must stay at or under the limits.
struct ServiceLevel {
    double ttftMs = 0;
    double tpotMs = 0;
    int percentile = 99; ///< 50, 90 or 99
};

/// What a serving workload must carry (docs/user-guide.md, project file
/// fields and "Serving capacity"): an open loop (`request_rate_per_s`) or a closed loop of
/// users with a think time, request lengths, the SLA and the engine's
/// batching limits. `isDemand()` is false for a workload that only gives
/// the older fixed `concurrent_requests`; its analysis is unchanged.
struct ServingDemand {
    std::optional<double> requestRatePerS;
    ArrivalProcess arrival = ArrivalProcess::Poisson;
    double arrivalCv = 1.0; ///< coefficient of variation of the gaps (gamma)
    std::optional<int> users;
    double thinkTimeS = 0;  ///< mean think time between a user's requests
    /// Distributions of prompt and output lengths; absent = the fixed
    /// `prompt_tokens` / `output_tokens` of the workload.
    std::optional<LengthDistribution> promptLengths;
    std::optional<LengthDistribution> outputLengths;
    std::optional<ServiceLevel> sla;
    /// Token budget of one engine step (vLLM max_num_batched_tokens, chunked
    /// prefill); absent = 2048.
    std::optional<int> prefillChunkTokens;
    PrefillSchedule prefillSchedule = PrefillSchedule::Mixed;
    double prefixCacheHitRate = 0; ///< share of prompt tokens found in the prefix cache
    int spareReplicas = 0;         ///< replicas added beyond the demand (1 = N+1)

    [[nodiscard]] bool isDemand() const { return requestRatePerS.has_value() || users.has_value(); }
};

} // namespace infrafit
