// SPDX-License-Identifier: Apache-2.0
#include "core/pipeline/plan_search.h"

#include "core/base/parallel_for.h"

#include <algorithm>
#include <limits>

namespace infrafit {
namespace {

struct Range {
    std::size_t begin = 0, end = 0;
};

/// Contiguous runs of points with the same (tensor, pipeline).
std::vector<Range> groupsOf(const PlanSpace& space)
{
    std::vector<Range> groups;
    const auto& pts = space.points;
    for (std::size_t i = 0; i < pts.size();) {
        std::size_t j = i + 1;
        while (j < pts.size() && pts[j].plan.tensor == pts[i].plan.tensor
               && pts[j].plan.pipeline == pts[i].plan.pipeline)
            ++j;
        groups.push_back({i, j});
        i = j;
    }
    return groups;
}

struct Local {
    std::int64_t bestIndex = -1;
    Headline best;
    std::int64_t leastMemoryIndex = -1;
    double leastMemoryBytes = 0;
    bool anyFits = false;
    std::int64_t evaluated = 0;
    std::int64_t skipped = 0;
};

bool meetsTargets(const Headline& f, const PlanSearchOptions& o)
{
    if (!f.fits)
        return false;
    if (o.ttftTargetS && f.ttftS > *o.ttftTargetS)
        return false;
    if (o.tpotTargetS && f.tpotS > *o.tpotTargetS)
        return false;
    return true;
}

/// a (index ia) is better than b (index ib) under the goal; ties → lower index.
bool better(const Headline& a, std::int64_t ia, const Headline& b, std::int64_t ib,
            PlanGoal goal)
{
    double ka = 0, kb = 0;
    switch (goal) {
    case PlanGoal::FastestStep: ka = a.stepTimeS; kb = b.stepTimeS; break;
    case PlanGoal::LowestTpot: ka = a.tpotS; kb = b.tpotS; break;
    case PlanGoal::MostThroughput: ka = -a.outputTokensPerS; kb = -b.outputTokensPerS; break;
    }
    return ka < kb || (ka == kb && ia < ib);
}

void consider(Local& l, const Headline& f, std::int64_t index, const PlanSearchOptions& o)
{
    ++l.evaluated;
    l.anyFits = l.anyFits || f.fits;
    if (f.analyzed && (l.leastMemoryIndex < 0 || f.memoryBytes < l.leastMemoryBytes
                       || (f.memoryBytes == l.leastMemoryBytes && index < l.leastMemoryIndex))) {
        l.leastMemoryIndex = index;
        l.leastMemoryBytes = f.memoryBytes;
    }
    if (meetsTargets(f, o) && (l.bestIndex < 0 || better(f, index, l.best, l.bestIndex, o.goal))) {
        l.bestIndex = index;
        l.best = f;
    }
}

void searchAll(const PlanEvaluator& ev, Range g, const PlanSearchOptions& o, Local& l)
{
    for (std::size_t i = g.begin; i < g.end; ++i)
        consider(l, ev.evaluate(ev.space().points[i]), std::int64_t(i), o);
}

void searchTrainingGroup(const PlanEvaluator& ev, Range g, const PlanSearchOptions& o, Local& l)
{
    const auto& pts = ev.space().points;
    // Group bound: the lightest points (SP on, v = 1, smallest micro-batch).
    int smallestVariant = std::numeric_limits<int>::max();
    for (std::size_t i = g.begin; i < g.end; ++i)
        smallestVariant = std::min(smallestVariant, int(pts[i].variant));
    const auto isProbe = [&](const PlanPoint& p) {
        return p.plan.virtualStages == 1 && p.variant == smallestVariant
               && (p.plan.sequenceParallel || p.plan.tensor == 1);
    };
    bool anyFits = false;
    std::vector<char> probeFits(g.end - g.begin, 0);
    for (std::size_t i = g.begin; i < g.end; ++i) {
        if (!isProbe(pts[i]))
            continue;
        const Headline f = ev.evaluate(pts[i]);
        consider(l, f, std::int64_t(i), o);
        probeFits[i - g.begin] = f.fits ? 1 : 0;
        anyFits = anyFits || f.fits;
    }
    if (!anyFits) {
        for (std::size_t i = g.begin; i < g.end; ++i)
            l.skipped += isProbe(pts[i]) ? 0 : 1;
        return;
    }
    // Recompute dominance: fitted[zero] for the current (v, variant, expert, sp).
    bool fitted[4] = {false, false, false, false};
    const PlanPoint* key = nullptr;
    for (std::size_t i = g.begin; i < g.end; ++i) {
        const PlanPoint& p = pts[i];
        if (!key || p.plan.virtualStages != key->plan.virtualStages || p.variant != key->variant
            || p.plan.expert != key->plan.expert
            || p.plan.sequenceParallel != key->plan.sequenceParallel) {
            std::fill(std::begin(fitted), std::end(fitted), false);
            key = &p;
        }
        const int zero = std::clamp(p.plan.zeroStage, 0, 3);
        if ((p.plan.tensor > 1 && !p.plan.sequenceParallel) || fitted[zero]) {
            ++l.skipped;
            continue;
        }
        if (isProbe(p)) { // evaluated above
            fitted[zero] = probeFits[i - g.begin] != 0;
            continue;
        }
        const Headline f = ev.evaluate(p);
        consider(l, f, std::int64_t(i), o);
        fitted[zero] = f.fits;
    }
}

void searchInferenceGroup(const PlanEvaluator& ev, Range g, const PlanSearchOptions& o, Local& l)
{
    const auto& pts = ev.space().points;
    for (std::size_t i = g.begin; i < g.end; ++i) {
        const Headline f = ev.evaluate(pts[i]);
        consider(l, f, std::int64_t(i), o);
        const bool ttftMissed = o.ttftTargetS && f.analyzed && f.ttftS > *o.ttftTargetS;
        const bool tpotMissed = o.tpotTargetS && f.analyzed && f.tpotS > *o.tpotTargetS;
        if (!f.fits || ttftMissed || tpotMissed) {
            l.skipped += std::int64_t(g.end - i - 1);
            return;
        }
    }
}

} // namespace

PlanSearchResult searchPlans(const PlanSpace& space, const ResolvedConfiguration& config,
                             const PlanSearchOptions& options, const SearchControl& control)
{
    PlanSearchResult result;
    if (space.points.empty())
        return result;
    const PlanEvaluator evaluator(space, config);
    const auto groups = groupsOf(space);
    std::vector<Local> locals(groups.size());
    const bool training = space.variants.front().kind == WorkloadKind::Training;
    const bool batchOrdered = !training && space.variants.size() > 1;
    const bool complete = parallelFor(
        groups.size(), control,
        [&](std::size_t gi) {
            if (!options.prune)
                searchAll(evaluator, groups[gi], options, locals[gi]);
            else if (training)
                searchTrainingGroup(evaluator, groups[gi], options, locals[gi]);
            else if (batchOrdered)
                searchInferenceGroup(evaluator, groups[gi], options, locals[gi]);
            else
                searchAll(evaluator, groups[gi], options, locals[gi]);
        },
        1);
    result.cancelled = !complete;
    // Deterministic merge in group order with index tie-breaks.
    for (const Local& l : locals) {
        result.evaluated += l.evaluated;
        result.anyFits = result.anyFits || l.anyFits;
        result.skipped += l.skipped;
        if (l.leastMemoryIndex >= 0
            && (result.leastMemoryIndex < 0 || l.leastMemoryBytes < result.leastMemoryBytes
                || (l.leastMemoryBytes == result.leastMemoryBytes
                    && l.leastMemoryIndex < result.leastMemoryIndex))) {
            result.leastMemoryIndex = l.leastMemoryIndex;
            result.leastMemoryBytes = l.leastMemoryBytes;
        }
        if (l.bestIndex >= 0
            && (result.bestIndex < 0
                || better(l.best, l.bestIndex, result.best, result.bestIndex, options.goal))) {
            result.bestIndex = l.bestIndex;
            result.best = l.best;
        }
    }
    return result;
}

} // namespace infrafit
