// SPDX-License-Identifier: Apache-2.0
// Property tests of the analysis (issue 9 item 6): evaluate() over randomly
// generated valid workloads and configurations. Every case is reproducible
// from the run's seed and its index (INFRAFIT_PROPERTY_SEED,
// INFRAFIT_PROPERTY_FIRST, INFRAFIT_PROPERTY_CASES=1); a failure prints
// both and the case as project-file JSON.
#include "core/pipeline/evaluate.h"
#include "core/bom/build_bom.h"
#include "generators.h"
#include "invariants.h"
#include "relations.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <iostream>
#include <map>
#include <string>

using namespace infrafit;
using namespace infrafit::property;

namespace {

std::uint64_t envNumber(const char* name, std::uint64_t fallback)
{
    const char* text = std::getenv(name);
    if (!text || !*text)
        return fallback;
    return std::strtoull(text, nullptr, 0);
}

constexpr std::uint64_t defaultSeed = 20261202;
constexpr std::uint64_t defaultCases = 100000;

struct RelationTally {
    const char* name;
    std::uint64_t checked = 0;
};

} // namespace

TEST_CASE("evaluate() over generated valid workloads and configurations keeps its properties",
    "[property]")
{
    const std::uint64_t seed = envNumber("INFRAFIT_PROPERTY_SEED", defaultSeed);
    const std::uint64_t cases = envNumber("INFRAFIT_PROPERTY_CASES", defaultCases);
    const std::uint64_t first = envNumber("INFRAFIT_PROPERTY_FIRST", 0);
    const bool verbose = envNumber("INFRAFIT_PROPERTY_VERBOSE", 0) != 0;
    const PartPool& pool = defaultPartPool();
    GeneratorOptions options;
    BomContext context {"property", "2026-12-02", "0.0.0-property"};

    std::uint64_t failed = 0;
    std::uint64_t analyzed = 0;
    std::uint64_t autoPlans = 0;
    std::vector<std::string> reports;
    std::map<std::string, std::pair<std::uint64_t, std::uint64_t>> errorCodes; // count, first case
    RelationTally tallies[]
        = {{"zero3_more_nodes"}, {"faster_nic"}, {"more_gpus"}, {"more_gpu_memory"}};

    for (std::uint64_t index = first; index < first + cases; ++index) {
        Rng rng(caseSeed(seed, index));
        std::string failures;
        GeneratedCase c;
        try {
            c = generateCase(rng, pool, options);
        } catch (const std::exception& e) {
            failures += std::string("generator threw: ") + e.what() + "\n";
        }
        nlohmann::json variants = nlohmann::json::object();
        if (failures.empty()) {
            // The loader's own round trip on every 8th case (JSON is the
            // slow part); the validation rules on every case.
            if (auto problems = workloadProblems(c.workload, index % 8 == 0); !problems.empty())
                fail(failures, "generator made an invalid workload", problems);
        }
        if (failures.empty()) {
            AnalysisResult result;
            BillOfMaterials bom;
            bool ran = false;
            try {
                result = evaluate(c.workload, c.config);
                bom = buildBom(c.config, result, context);
                ran = true;
            } catch (const std::exception& e) {
                fail(failures, "evaluate or buildBom threw on valid input", e.what());
            }
            if (ran) {
                analyzed += result.analyzed ? 1 : 0;
                autoPlans += c.workload.parallelism ? 0 : 1;
                if (verbose && cases <= 10) {
                    std::cout << "case " << index << ": " << caseToJson(c.workload, c.config).dump()
                              << "\n";
                    for (const auto& f : result.findings) {
                        if (f.severity == Severity::Error)
                            std::cout << "  " << f.code << ": " << f.message << "\n";
                    }
                }
                if (verbose) {
                    for (const auto& f : result.findings) {
                        if (f.severity == Severity::Error && errorCodes[f.code].first++ == 0)
                            errorCodes[f.code].second = index;
                    }
                }
                failures += checkInvariants(c.workload, c.config, result, bom, index % 4 == 0);
                const RelationOutcome outcomes[] = {zero3MoreNodes(rng, c.workload, c.config),
                    fasterNic(rng, c.workload, c.config, result, pool),
                    moreGpus(rng, c.workload, c.config, result),
                    moreGpuMemory(rng, c.workload, c.config, result)};
                for (std::size_t i = 0; i < std::size(outcomes); ++i) {
                    tallies[i].checked += outcomes[i].checked ? 1 : 0;
                    if (!outcomes[i].failures.empty()) {
                        failures += outcomes[i].failures;
                        variants[tallies[i].name] = outcomes[i].variant;
                    }
                }
            }
        }
        if (failures.empty())
            continue;
        ++failed;
        if (reports.size() < 5) {
            nlohmann::json caseJson = caseToJson(c.workload, c.config);
            if (!variants.empty())
                caseJson["variants"] = variants;
            reports.push_back("seed " + std::to_string(seed) + ", case " + std::to_string(index)
                + " (reproduce: INFRAFIT_PROPERTY_SEED=" + std::to_string(seed)
                + " INFRAFIT_PROPERTY_FIRST=" + std::to_string(index)
                + " INFRAFIT_PROPERTY_CASES=1)\n" + failures + caseJson.dump());
        }
    }

    if (verbose) {
        std::cout << "property run: seed " << seed << ", cases " << cases << ", analyzed "
                  << analyzed << ", auto plans " << autoPlans << ", failed " << failed << "\n";
        for (const auto& t : tallies)
            std::cout << "  relation " << t.name << " checked " << t.checked << "\n";
        for (const auto& [code, seen] : errorCodes)
            std::cout << "  error finding " << code << ": " << seen.first << " (first: case "
                      << seen.second << ")\n";
    }
    for (const auto& report : reports)
        FAIL_CHECK(report);
    INFO(failed << " of " << cases << " cases broke a property (seed " << seed << ")");
    CHECK(failed == 0);
    // Not vacuous: figures were produced and every relation was exercised.
    if (cases >= 1000) {
        CHECK(analyzed >= cases / 4);
        for (const auto& t : tallies) {
            INFO("relation " << t.name);
            CHECK(t.checked >= cases / 50);
        }
    }
}
