// SPDX-License-Identifier: Apache-2.0
#include "core/output/analysis_report.h"

#include "core/output/analysis_json.h"
#include "core/output/text_report.h"

namespace infrafit {

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
