// SPDX-License-Identifier: Apache-2.0
#include "core/pipeline/analyze.h"

#include "core/workload/workload_validation.h"

namespace infrafit {

Parallelism choosePlan(const Workload& w, const ResolvedConfiguration& config)
{
    const int total = config.totalGpus();
    const int perNode = config.config.gpusPerNode;
    const auto& m = w.model;
    Parallelism best;
    best.data = 0;
    double bestTime = 0;
    bool bestFits = false;
    double leastMemory = 0;
    bool haveAny = false;

    auto consider = [&](const Parallelism& plan) {
        if (!planRuleViolation(w, plan).empty())
            return false;
        const AnalysisResult r = analyzeWithPlan(w, config, plan, false);
        if (!r.analyzed)
            return false;
        const double memory = r.memory.totalBytes();
        const double time = w.kind == WorkloadKind::Training ? r.performance.stepTimeS
                                                             : r.performance.tpotS;
        if (r.fits) {
            if (!bestFits || time < bestTime) {
                best = r.parallelism;
                bestTime = time;
                bestFits = true;
            }
        } else if (!bestFits && (!haveAny || memory < leastMemory)) {
            best = r.parallelism;
            leastMemory = memory;
        }
        haveAny = true;
        return r.fits;
    };

    for (int tensor : {1, 2, 4, 8}) {
        if (tensor > perNode || tensor > total || m.attentionHeads % tensor != 0)
            continue;
        for (int pipeline = 1; pipeline <= m.layers && tensor * pipeline <= total; ++pipeline) {
            if (total % (tensor * pipeline) != 0)
                continue;
            // Inference: pipeline only across nodes when needed; stop at the first fit.
            Parallelism plan;
            plan.tensor = tensor;
            plan.pipeline = pipeline;
            plan.sequenceParallel = tensor > 1;
            if (w.kind == WorkloadKind::Inference) {
                plan.data = total / (tensor * pipeline);
                consider(plan);
                continue;
            }
            plan.data = total / (tensor * pipeline);
            if (m.isMoe()) {
                // Expert parallelism over the data group, as wide as divides both.
                for (int e = std::min(plan.data, m.experts); e >= 1; --e) {
                    if (plan.data % e == 0 && m.experts % e == 0) {
                        plan.expert = e;
                        break;
                    }
                }
            }
            // Cheapest memory savings first: ZeRO stage, then recomputation
            // (each only lowers memory; the first that fits is the fastest).
            bool fitted = false;
            for (Recompute rc : {Recompute::None, Recompute::Selective, Recompute::Full}) {
                for (int zero = 0; zero <= 3 && !fitted; ++zero) {
                    if (zero > 0 && plan.data == 1)
                        break;
                    plan.zeroStage = zero;
                    plan.recompute = rc;
                    fitted = consider(plan);
                }
                if (fitted)
                    break;
            }
        }
    }
    if (!haveAny) {
        best.tensor = 1;
        best.pipeline = 1;
        best.data = total;
    }
    return best;
}

} // namespace infrafit
