// SPDX-License-Identifier: Apache-2.0
#include "core/pipeline/plan_space.h"

#include "core/workload/workload_validation.h"

#include <algorithm>

namespace infrafit {
namespace {

std::vector<int> divisorsOf(long long n, long long limit)
{
    std::vector<int> out;
    for (long long d = 1; d <= std::min(n, limit); ++d)
        if (n % d == 0)
            out.push_back(int(d));
    return out;
}

/// Context-parallel sizes worth trying: 1, and for long sequences (>= 16K
/// tokens, where one GPU's activations or attention dominate) the powers of
/// two keeping >= 4K tokens per GPU (Megatron-Core CP guidance: CP pays off
/// for long context; Llama 3 405B trained 128K context at CP 16, Llama Team
/// 2024 Table 4). `room` = GPUs left per tensor × pipeline group.
std::vector<int> contextSizes(const Workload& w, long long room)
{
    std::vector<int> out{1};
    if (w.sequenceLength < 16384)
        return out;
    for (int cp = 2; cp <= 32 && cp <= room; cp *= 2) {
        if (w.sequenceLength % (2 * cp) == 0 && w.sequenceLength / cp >= 4096)
            out.push_back(cp);
    }
    return out;
}

/// GPUs a tensor group may span: the node, or the GPU fabric's reach when it
/// joins several nodes (PlanSpaceOptions::tensorDomainGpus), within the
/// cluster.
long long tensorDomain(int gpusPerNode, long long total, const PlanSpaceOptions& o)
{
    return std::min<long long>(std::max(gpusPerNode, o.tensorDomainGpus), total);
}

void addTraining(PlanSpace& space, const Workload& w, int gpusPerNode, long long total,
                 const PlanSpaceOptions& o)
{
    const ModelSpec& m = w.model;
    // Variants: micro-batch sizes (index = position in this list).
    std::vector<int> micro;
    if (o.varyMicroBatch) {
        for (int mb : divisorsOf(w.globalBatchSize, o.maxMicroBatch))
            micro.push_back(mb);
    } else {
        micro.push_back(w.microBatchSize);
    }
    for (int mb : micro) {
        Workload v = w;
        v.microBatchSize = mb;
        v.parallelism.reset();
        space.variants.push_back(std::move(v));
    }
    for (int t : divisorsOf(tensorDomain(gpusPerNode, total, o), o.maxTensor)) {
        for (int p = 1; p <= m.layers; ++p) {
          for (int cp : contextSizes(w, total / std::max(1LL, static_cast<long long>(t) * p))) {
            if (total % (static_cast<long long>(t) * p * cp) != 0)
                continue;
            const int data = int(total / (static_cast<long long>(t) * p * cp));
            // The search interleaves stages whose layers divide evenly (the
            // analysis also takes uneven splits such as 126 layers over 8 × 8
            // when a workload gives them; searching them too would grow the
            // space past the recommendation's time budget). With the embedding
            // or the loss counted as a layer the units must divide evenly.
            const int units = w.pipelineSplitUnits();
            const int maxV = p > 1 && units % p == 0 ? o.maxVirtualStages : 1;
            for (int v : divisorsOf(units % p == 0 ? units / p : 1, maxV)) {
                for (std::size_t mi = 0; mi < micro.size(); ++mi) {
                    const int mb = micro[mi];
                    if (w.globalBatchSize % (static_cast<long long>(mb) * data) != 0)
                        continue;
                    std::vector<int> experts{1};
                    if (m.isMoe())
                        experts = divisorsOf(std::min(data, m.experts), data);
                    for (int e : experts) {
                        if (m.isMoe() && (data % e != 0 || m.experts % e != 0))
                            continue;
                        for (bool sp : {true, false}) {
                            if (sp && t == 1)
                                continue;
                            for (Recompute rc : {Recompute::None, Recompute::Selective,
                                                 Recompute::Full}) {
                                for (int zero = 0; zero <= (data > 1 ? 3 : 0); ++zero) {
                                    // ZeRO-2 (sharded gradients, reduced every
                                    // micro-batch) is DeepSpeed's, whose pipeline
                                    // engine refuses it ("ZeRO-2 and ZeRO-3 are
                                    // incompatible with pipeline parallelism",
                                    // runtime/pipe/engine.py); with pipeline
                                    // stages the search keeps ZeRO-1 (Megatron)
                                    // and ZeRO-3 (FSDP, which torchtitan pairs
                                    // with pipelining).
                                    if (zero == 2 && p > 1)
                                        continue;
                                    PlanPoint point;
                                    point.plan = {t, p, data, e, zero, sp, rc, v, cp};
                                    point.variant = std::int32_t(mi);
                                    if (planRuleViolation(space.variants[mi], point.plan).empty())
                                        space.points.push_back(point);
                                }
                            }
                        }
                    }
                }
            }
          }
        }
    }
}

void addInference(PlanSpace& space, const Workload& w, int gpusPerNode, long long total,
                  const PlanSpaceOptions& o)
{
    const ModelSpec& m = w.model;
    std::vector<int> batches;
    if (o.varyBatch)
        for (int b = 1; b <= o.maxBatchPerReplica; b *= 2)
            batches.push_back(b);
    for (int t : divisorsOf(tensorDomain(gpusPerNode, total, o), o.maxTensor)) {
        for (int p = 1; p <= m.layers; ++p) {
            const long long perReplica = static_cast<long long>(t) * p;
            if (perReplica > total)
                continue;
            const int replicas = int(total / perReplica);
            Parallelism plan{t, p, replicas, 1, 0, t > 1, Recompute::None, 1, 1};
            if (!planRuleViolation(w, plan).empty())
                continue;
            if (!o.varyBatch) {
                if (space.variants.empty()) {
                    space.variants.push_back(w);
                    space.variants.back().parallelism.reset();
                }
                space.points.push_back({plan, 0});
                continue;
            }
            for (int b : batches) {
                // One variant per (batch, replicas): concurrent = b × replicas.
                const int concurrent = b * replicas;
                auto found = std::find_if(space.variants.begin(), space.variants.end(),
                                          [&](const Workload& v) {
                                              return v.concurrentRequests == concurrent;
                                          });
                if (found == space.variants.end()) {
                    Workload v = w;
                    v.concurrentRequests = concurrent;
                    v.parallelism.reset();
                    space.variants.push_back(std::move(v));
                    found = space.variants.end() - 1;
                }
                space.points.push_back(
                    {plan, std::int32_t(found - space.variants.begin())});
            }
        }
    }
}

} // namespace

PlanSpace enumeratePlans(const Workload& w, int gpusPerNode, int nodes,
                         const PlanSpaceOptions& options)
{
    PlanSpace space;
    const long long total = static_cast<long long>(std::max(1, gpusPerNode)) * std::max(1, nodes);
    if (w.kind == WorkloadKind::Training)
        addTraining(space, w, std::max(1, gpusPerNode), total, options);
    else
        addInference(space, w, std::max(1, gpusPerNode), total, options);
    return space;
}

} // namespace infrafit
