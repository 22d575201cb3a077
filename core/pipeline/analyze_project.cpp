// SPDX-License-Identifier: Apache-2.0
#include "core/pipeline/analyze_project.h"

#include "core/project/project_names.h"

#include "core/pipeline/evaluate.h"
#include "core/base/input_error.h"
#include "core/infra/requirement_check.h"

#include <algorithm>

namespace infrafit {

std::vector<AnalysisResult> analyzeProject(const Project& project, const PartLookup& catalog,
                                           std::string_view workloadFilter,
                                           std::string_view configFilter, const std::string& file,
                                           const SoftwareTable* software)
{
    std::vector<const Workload*> workloads;
    for (const auto& w : project.workloads)
        if (workloadFilter.empty() || w.name == workloadFilter)
            workloads.push_back(&w);
    std::vector<std::size_t> configs;
    for (std::size_t i = 0; i < project.configurations.size(); ++i)
        if (configFilter.empty() || project.configurations[i].name == configFilter)
            configs.push_back(i);
    std::vector<Problem> problems;
    if (!workloadFilter.empty() && workloads.empty())
        problems.push_back({"--workload", "no workload named \"" + std::string(workloadFilter) + "\"" + knownWorkloadNames(project)});
    if (!configFilter.empty() && configs.empty())
        problems.push_back({"--config", "no configuration named \"" + std::string(configFilter) + "\"" + knownConfigurationNames(project)});
    if (!problems.empty())
        throw InputError(file, std::move(problems));

    const auto resolved = resolveConfigurations(project, configs, catalog, file);

    std::vector<AnalysisResult> results;
    results.reserve(workloads.size() * resolved.size());
    for (const auto* w : workloads)
        for (const auto& config : resolved) {
            results.push_back(evaluate(*w, config, {}, software));
            // The project's manageability and security requirements
            // (core/infra/requirement_check.h), errors first as evaluate sorts.
            if (!project.requirements.any())
                continue;
            auto& findings = results.back().findings;
            const auto more = requirementFindings(checkRequirements(project.requirements, config));
            findings.insert(findings.end(), more.begin(), more.end());
            std::stable_sort(findings.begin(), findings.end(),
                             [](const Finding& a, const Finding& b) { return a.severity > b.severity; });
        }
    return results;
}

} // namespace infrafit
