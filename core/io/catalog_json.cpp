// SPDX-License-Identifier: Apache-2.0
#include "core/io/catalog_json.h"

#include "core/io/json_document.h"
#include "core/io/part_json.h"
#include "core/io/text_file.h"
#include "core/parts/part_validation.h"

namespace infrafit {

CatalogDocument parseCatalog(std::string_view text, const std::string& file)
{
    const auto document = parseJsonDocument(text, file);
    checkDocumentHeader(document, catalogFormat, catalogFormatVersion, file);
    const auto partsIt = document.find("parts");
    if (partsIt == document.end())
        throw InputError(file, "/parts", "is required (an array of parts)");
    if (!partsIt->is_array())
        throw InputError(file, "/parts", "must be an array of parts");

    CatalogDocument result;
    std::vector<Problem> problems;
    result.parts.reserve(partsIt->size());
    for (std::size_t i = 0; i < partsIt->size(); ++i) {
        auto part = partFromJson((*partsIt)[i], "/parts/" + std::to_string(i), problems,
                                 &result.warnings);
        if (part)
            result.parts.push_back(std::move(*part));
        else
            result.parts.push_back(makePart(PartKind::Gpu)); // keeps indices aligned
    }
    if (problems.empty()) {
        // Only ids are left to check: every part has passed validatePart.
        auto duplicates = duplicateIdProblems(result.parts, "/parts");
        problems.insert(problems.end(), duplicates.begin(), duplicates.end());
    }
    if (!problems.empty())
        throw InputError(file, std::move(problems));
    return result;
}

CatalogDocument readCatalogFile(const std::string& path)
{
    return parseCatalog(readTextFile(path), path);
}

std::string catalogToJson(const std::vector<Part>& parts)
{
    nlohmann::json document = nlohmann::json::object();
    document["format"] = std::string(catalogFormat);
    document["version"] = catalogFormatVersion;
    auto& array = document["parts"] = nlohmann::json::array();
    for (const auto& part : parts)
        array.push_back(partToJson(part));
    return document.dump(2) + "\n";
}

} // namespace infrafit
