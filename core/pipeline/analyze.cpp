// SPDX-License-Identifier: Apache-2.0
#include "core/pipeline/analyze.h"

#include "core/analysis/hardware_rates.h"
#include "core/base/number_format.h"
#include "core/pipeline/plan_search.h"

namespace infrafit {

AnalysisResult analyze(const Workload& w, const ResolvedConfiguration& config)
{
    if (w.parallelism) {
        AnalysisResult r = analyzeWithPlan(w, config, *w.parallelism, true);
        addNoSpeedNote(r);
        return r;
    }
    // The plan search over this configuration (issue 5 item 6); the
    // workload's micro-batch and concurrency stay as given.
    PlanSpaceOptions spaceOptions;
    spaceOptions.varyMicroBatch = false;
    spaceOptions.varyBatch = false;
    spaceOptions.tensorDomainGpus = linkRates(config).gpusPerNode; // the GPU fabric's reach
    const PlanSpace space = enumeratePlans(w, config.config.gpusPerNode, config.config.nodes,
                                           spaceOptions);
    PlanSearchOptions searchOptions;
    searchOptions.goal = w.kind == WorkloadKind::Training ? PlanGoal::FastestStep
                                                          : PlanGoal::LowestTpot;
    SearchControl control;
    control.threads = 1;
    const PlanSearchResult found = searchPlans(space, config, searchOptions, control);
    Parallelism plan{1, 1, config.totalGpus(), 1, 0, false, Recompute::None, 1, 1};
    const std::int64_t index = found.bestIndex >= 0 ? found.bestIndex : found.leastMemoryIndex;
    if (index >= 0)
        plan = space.points[std::size_t(index)].plan;
    AnalysisResult r = analyzeWithPlan(w, config, plan, true);
    r.parallelismChosen = true;
    r.findings.push_back({Severity::Info, "parallelism.chosen",
                          formatNumbers("InfraFit chose tensor %.0f, pipeline %.0f, data %.0f",
                                        {double(r.parallelism.tensor), double(r.parallelism.pipeline),
                                         double(r.parallelism.data)})
                              + formatNumbers(" (best of %.0f plans searched)",
                                              {double(space.points.size())})
                              + ", ZeRO " + std::to_string(r.parallelism.zeroStage)
                              + ", recompute " + std::string(enumName(r.parallelism.recompute)),
                          {}});
    addNoSpeedNote(r);
    return r;
}

} // namespace infrafit
