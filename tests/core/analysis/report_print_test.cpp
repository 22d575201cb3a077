// SPDX-License-Identifier: Apache-2.0
// Hidden ([.print]) helper: prints the text report of the fixture project,
// for reviewing numbers by eye: infrafit_tests_core "[.print]" -s
#include "core/pipeline/analyze_project.h"
#include "core/output/analysis_report.h"
#include "core/io/project_json.h"

#include <catch2/catch.hpp>

#include <iostream>

using namespace infrafit;

TEST_CASE("Print the fixture project's report", "[.print]")
{
    const Project p = readProjectFile(std::string(INFRAFIT_FIXTURES_DIR)
                                      + "/projects/llama-h100.infrafit.json");
    const auto results = analyzeProject(
        p, [](std::string_view) -> std::optional<Part> { return std::nullopt; });
    std::cout << analysisResultsToText(results) << '\n';
    std::cout << analysisResultsToJson(results).dump(1).substr(0, 3000) << '\n';
}
