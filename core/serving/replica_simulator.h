// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/serving/request_stream.h"
#include "core/serving/simulation_result.h"
#include "core/serving/step_time_model.h"
#include "core/workload/serving_demand.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace infrafit {

/// The limits of one replica's engine (vLLM's scheduler knobs).
struct ReplicaEngine {
    /// KV-cache slots of the replica, in tokens (all its GPUs together hold
    /// this many tokens of context).
    long long kvCapacityTokens = 0;
    int kvBlockTokens = 16;       ///< paged-attention block (vLLM default 16)
    int maxBatch = 256;           ///< sequences per step (vLLM max_num_seqs default 256)
    int stepTokenBudget = 2048;   ///< tokens per step (vLLM max_num_batched_tokens)
    double prefixCacheHitRate = 0;
    /// Prefill in the decode step (mixed) or in steps of its own (separate).
    PrefillSchedule prefillSchedule = PrefillSchedule::Mixed;
};

/// A closed loop: `users` each send a request, wait for its last token,
/// think for an exponential time of mean `thinkTimeS`, and send the next.
struct ClosedLoop {
    int users = 1;
    double thinkTimeS = 0;
};

struct SimulationOptions {
    std::optional<ClosedLoop> closedLoop; ///< absent: open loop (arrival times given)
    std::optional<ServiceLevel> sla;      ///< for goodput
    std::uint64_t seed = 1;               ///< think times of the closed loop
};

/// Simulates one replica of a continuous-batching engine (the iteration-
/// level scheduling of Orca, Yu et al., OSDI 2022; paged KV blocks and
/// recompute preemption of vLLM, Kwon et al., SOSP 2023 §4.3-4.5; chunked
/// prefill under a per-step token budget with decodes first, Sarathi-Serve,
/// Agrawal et al., OSDI 2024 §4). Each step: every running sequence that
/// has finished its prompt decodes one token, running prompts continue
/// their chunk, then waiting requests are admitted first-come first-served
/// while the batch, the token budget and the free KV blocks allow. When a
/// sequence needs a block and none is free, the most recently admitted
/// sequence is preempted: its blocks are freed and it rejoins the front of
/// the queue to recompute its prompt and the tokens it had generated. With
/// `PrefillSchedule::Separate` a step that has prompt work (a prompt still
/// in its chunks, or a waiting request that fits) runs only that prefill and
/// the decoders wait; otherwise every decoder decodes. The
/// step lasts `model.stepTimeS(prefill tokens, decode tokens, mean context)`.
/// Pure and deterministic for its inputs; fast enough for a search (about
/// a millisecond per thousand requests; bench/serving_bench.cpp).
SimulationResult simulateReplica(const ReplicaEngine& engine, const StepTimeModel& model,
                                 std::vector<SimRequest> requests,
                                 const SimulationOptions& options = {});

} // namespace infrafit
