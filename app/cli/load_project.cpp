// SPDX-License-Identifier: Apache-2.0
#include "app/cli/load_project.h"

#include "core/io/project_json.h"

#include <ostream>

namespace infrafit::cli {

namespace {

void reportIgnored(const std::string& file, const std::vector<Problem>& ignored,
                   std::ostream& err)
{
    for (const auto& warning : ignored)
        err << file << ": " << warning.pointer << ": " << warning.message << "\n";
}

} // namespace

Project loadProject(const nlohmann::json& document, const std::string& file,
                    const PartLookup& catalog, std::ostream& err)
{
    std::vector<Problem> ignored;
    Project project = projectFromJson(document, file, catalog, &ignored);
    reportIgnored(file, ignored, err);
    return project;
}

Project loadProject(const std::string& file, std::ostream& err)
{
    std::vector<Problem> ignored;
    Project project = readProjectFile(file, &ignored);
    reportIgnored(file, ignored, err);
    return project;
}

} // namespace infrafit::cli
