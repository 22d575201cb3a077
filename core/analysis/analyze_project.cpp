// SPDX-License-Identifier: Apache-2.0
#include "core/analysis/analyze_project.h"

#include "core/project/project_names.h"

#include "core/analysis/evaluate.h"
#include "core/infra/requirement_check.h"
#include "core/io/analysis_json.h"
#include "core/io/input_error.h"
#include "core/report/text_report.h"

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

nlohmann::json analysisResultsToJson(const std::vector<AnalysisResult>& results)
{
    nlohmann::json list = nlohmann::json::array();
    for (const auto& r : results)
        list.push_back(analysisResultToJson(r));
    return {{"results", std::move(list)}};
}

std::string analysisResultsToText(const std::vector<AnalysisResult>& results)
{
    std::string text;
    for (const auto& r : results) {
        if (!text.empty())
            text += "\n";
        text += textReport(r);
    }
    return text;
}

} // namespace infrafit
