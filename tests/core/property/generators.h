// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/config/resolved_configuration.h"
#include "core/parts/part.h"
#include "core/search/parts_snapshot.h"
#include "core/workload/workload.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace infrafit::property {

/// Seeded random numbers that reproduce on every standard library:
/// std::mt19937_64's output sequence is fixed by the standard, but the
/// std:: distributions are not, so the uniform helpers here are our own
/// (rejection sampling for integers, 53 high bits for reals).
class Rng {
public:
    explicit Rng(std::uint64_t seed) : mEngine(seed) { }

    std::uint64_t next() { return mEngine(); }
    /// Uniform integer in [lo, hi] (lo <= hi).
    long long between(long long lo, long long hi);
    int intBetween(int lo, int hi) { return static_cast<int>(between(lo, hi)); }
    /// Uniform real in [lo, hi).
    double real(double lo, double hi);
    /// Log-uniform real in [lo, hi) (lo > 0): as many small values as large.
    double logReal(double lo, double hi);
    /// Log-uniform integer in [lo, hi] (lo >= 1).
    int logInt(int lo, int hi);
    bool chance(double p) { return real(0.0, 1.0) < p; }
    template <class T>
    const T& pick(const std::vector<T>& items)
    {
        return items[static_cast<std::size_t>(
            between(0, static_cast<long long>(items.size()) - 1))];
    }

private:
    std::mt19937_64 mEngine;
};

/// The seed of case `index` of a run seeded with `seed` (SplitMix64
/// finaliser, Steele et al. 2014): each case is reproducible on its own.
std::uint64_t caseSeed(std::uint64_t seed, std::uint64_t index);

/// The default catalog's parts (catalog/data/default-catalog.json), by kind.
struct PartPool : PartsSnapshot {
    std::vector<Part> all;
};
/// Read once; throws (InputError) when the catalog does not parse.
const PartPool& defaultPartPool();

/// One generated input: a valid workload on a valid, resolved configuration.
struct GeneratedCase {
    Workload workload;
    ResolvedConfiguration config;
};

/// What fraction of workloads leave the plan to InfraFit (plan search);
/// the rest carry an explicit, rule-abiding parallelism.
struct GeneratorOptions {
    double autoPlanShare = 0.01;
};

/// A configuration from default-catalog parts with random counts, nodes
/// (1 to 1,000), PSU redundancy and rack limits, resolved through
/// resolveConfiguration() exactly as a project file's would be.
ResolvedConfiguration generateConfiguration(Rng& rng, const PartPool& pool);

/// A transformer: a shipped preset or a random architecture (dense or MoE,
/// sometimes MLA, GQA, sliding window) that validateModel() accepts.
ModelSpec generateModel(Rng& rng);

/// A valid training or inference workload for `config` (explicit plans
/// obey planRuleViolation() and usually fit the GPU count).
Workload generateWorkload(
    Rng& rng, const ResolvedConfiguration& config, const GeneratorOptions& options);

GeneratedCase generateCase(Rng& rng, const PartPool& pool, const GeneratorOptions& options);

/// An explicit training plan for `w` on `totalGpus` GPUs with `data` replicas
/// (0 = derived): tensor/pipeline/expert/virtual stages that obey the plan
/// rules, and the workload's global batch made divisible by micro × data.
Parallelism generateTrainingPlan(Rng& rng, Workload& w, int gpusPerNode, int totalGpus);

/// Problems a project-file loader would report for `w` (validateModel,
/// validateWorkload and, when `viaJson`, the JSON round trip through
/// workloadFromJson with its ranges); empty when valid.
std::string workloadProblems(const Workload& w, bool viaJson = true);

/// The case as JSON (project-file objects), for failure messages.
nlohmann::json caseToJson(const Workload& w, const ResolvedConfiguration& config);

} // namespace infrafit::property
