// SPDX-License-Identifier: Apache-2.0
#include "core/output/untrusted_input.h"

#include "core/pipeline/analyze_project.h"
#include "core/output/analysis_report.h"
#include "core/io/json_document.h"
#include "core/io/project_json.h"

#include <cmath>
#include <unordered_map>

namespace infrafit {
namespace {

/// Depth-first search for a non-finite number; returns its JSON pointer.
bool findNonFinite(const nlohmann::json& value, const std::string& pointer, std::string& at)
{
    if (value.is_number_float()) {
        if (!std::isfinite(value.get<double>())) {
            at = pointer.empty() ? "/" : pointer;
            return true;
        }
        return false;
    }
    if (value.is_object()) {
        for (const auto& [key, member] : value.items())
            if (findNonFinite(member, pointer + "/" + key, at))
                return true;
    } else if (value.is_array()) {
        for (std::size_t i = 0; i < value.size(); ++i)
            if (findNonFinite(value[i], pointer + "/" + std::to_string(i), at))
                return true;
    }
    return false;
}

} // namespace

void requireFiniteNumbers(const nlohmann::json& document)
{
    std::string at;
    if (findNonFinite(document, "", at))
        throw InvariantBroken("report holds a NaN or infinity at " + at);
}

CatalogDocument readUntrustedCatalog(std::string_view text, const std::string& file)
{
    auto document = parseCatalog(text, file);
    const std::string written = catalogToJson(document.parts);
    try {
        const auto reread = parseCatalog(written, file + " (as written back)");
        if (catalogToJson(reread.parts) != written)
            throw InvariantBroken("catalog changed when written and read back");
    } catch (const InputError& error) {
        throw InvariantBroken(std::string("written catalog does not read back: ") + error.what());
    }
    return document;
}

Project readUntrustedProject(std::string_view text, const std::string& file)
{
    Project project = projectFromJson(parseJsonDocument(text, file), file);
    const auto written = projectToJson(project);
    try {
        // Through text, as a saved file is read: dump → parse → read.
        const auto reread = projectFromJson(parseJsonDocument(written.dump(2), file),
                                            file + " (as written back)");
        if (projectToJson(reread) != written)
            throw InvariantBroken("project changed when written and read back");
    } catch (const InputError& error) {
        throw InvariantBroken(std::string("written project does not read back: ") + error.what());
    }
    return project;
}

std::string analyzeUntrustedProject(std::string_view text, const std::string& file,
                                    const PartLookup& catalog)
{
    const Project project = readUntrustedProject(text, file);
    const auto results = analyzeProject(project, catalog, {}, {}, file);
    const auto report = analysisResultsToJson(results);
    requireFiniteNumbers(report);
    const std::string readable = analysisResultsToText(results);
    (void)readable;
    return report.dump(2);
}

PartLookup lookupIn(const std::vector<Part>& parts)
{
    auto index = std::make_shared<std::unordered_map<std::string, const Part*>>();
    for (const auto& part : parts)
        index->emplace(infoOf(part).id, &part);
    return [index](std::string_view id) -> std::optional<Part> {
        const auto it = index->find(std::string(id));
        if (it == index->end())
            return std::nullopt;
        return *it->second;
    };
}

} // namespace infrafit
