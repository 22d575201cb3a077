// SPDX-License-Identifier: Apache-2.0
#include "core/io/software_compat_json.h"

#include "core/io/field_reader.h"
#include "core/parts/gpu.h"
#include "core/software/software_version.h"

#include <algorithm>
#include <set>

namespace infrafit {
namespace {

bool softwareJsonIsKnown(std::span<const std::string_view> names, std::string_view value)
{
    return std::find(names.begin(), names.end(), value) != names.end();
}

std::string softwareJsonNameList(std::span<const std::string_view> names)
{
    std::string text;
    for (const auto name : names) {
        if (!text.empty())
            text += ", ";
        text += name;
    }
    return text;
}

/// "YYYY-MM-DD" or "YYYY-MM".
bool softwareJsonIsDate(std::string_view text)
{
    if (text.size() != 10 && text.size() != 7)
        return false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const bool dash = i == 4 || i == 7;
        if (dash ? text[i] != '-' : (text[i] < '0' || text[i] > '9'))
            return false;
    }
    return true;
}

void softwareJsonReadVersion(FieldReader& r, const char* key, std::string& target)
{
    if (!r.readString(key, target))
        return;
    if (!target.empty() && !isVersionText(target))
        r.problem(key, "must be a version such as \"12.8\" or \"R570\" (got \"" + target + "\")");
}

std::vector<std::string> softwareJsonStringList(const nlohmann::json& json,
                                                const std::string& pointer,
                                                std::vector<Problem>& problems)
{
    std::vector<std::string> out;
    if (!json.is_array()) {
        problems.push_back({pointer, "must be an array of strings"});
        return out;
    }
    for (std::size_t i = 0; i < json.size(); ++i) {
        if (!json[i].is_string()) {
            problems.push_back({pointer + "/" + std::to_string(i), "must be a string"});
            continue;
        }
        out.push_back(json[i].get<std::string>());
    }
    return out;
}

} // namespace

std::vector<FrameworkFeature> frameworkFeaturesFromJson(const nlohmann::json& json,
                                                        const std::string& pointer,
                                                        std::vector<Problem>& problems)
{
    std::vector<FrameworkFeature> out;
    if (!json.is_array()) {
        problems.push_back({pointer, "must be an array of framework features"});
        return out;
    }
    for (std::size_t i = 0; i < json.size(); ++i) {
        const std::string at = pointer + "/" + std::to_string(i);
        const auto before = problems.size();
        FieldReader r(json[i], at, problems);
        if (!r.isObject()) {
            problems.push_back({at, "must be an object"});
            continue;
        }
        FrameworkFeature f;
        r.readString("framework", f.framework, true);
        r.readString("feature", f.feature, true);
        r.readBool("supported", f.supported);
        softwareJsonReadVersion(r, "min_version", f.minVersion);
        r.readString("source", f.source);
        if (r.has("framework") && !softwareJsonIsKnown(softwareFrameworkNames, f.framework))
            r.problem("framework", "must be one of " + softwareJsonNameList(softwareFrameworkNames)
                                       + " (got \"" + f.framework + "\")");
        if (r.has("feature") && !softwareJsonIsKnown(softwareFeatureNames, f.feature))
            r.problem("feature", "must be one of " + softwareJsonNameList(softwareFeatureNames)
                                     + " (got \"" + f.feature + "\")");
        if (problems.size() == before)
            out.push_back(std::move(f));
    }
    return out;
}

std::optional<SoftwareCompat> softwareCompatFromJson(const nlohmann::json& json,
                                                     const std::string& pointer,
                                                     std::vector<Problem>& problems)
{
    const auto before = problems.size();
    FieldReader r(json, pointer, problems);
    if (!r.isObject()) {
        problems.push_back({pointer, "must be an object (one software compatibility row)"});
        return std::nullopt;
    }
    SoftwareCompat row;
    r.readString("architecture", row.architecture, true);
    if (r.has("architecture") && row.architecture.empty())
        r.problem("architecture", "must not be empty");
    r.readString("vendor", row.vendor);
    r.readEnum("stack", row.stack, true);
    softwareJsonReadVersion(r, "min_driver_branch", row.minDriverBranch);
    softwareJsonReadVersion(r, "last_driver_branch", row.lastDriverBranch);
    softwareJsonReadVersion(r, "min_toolkit_version", row.minToolkitVersion);
    softwareJsonReadVersion(r, "last_toolkit_version", row.lastToolkitVersion);
    r.readString("recommended_driver", row.recommendedDriver);
    r.readString("recommended_toolkit", row.recommendedToolkit);
    r.readString("container_image", row.containerImage);
    if (r.has("precisions")) {
        row.precisions
            = softwareJsonStringList(json.at("precisions"), pointer + "/precisions", problems);
        for (std::size_t i = 0; i < row.precisions.size(); ++i)
            if (!softwareJsonIsKnown(knownPrecisions, row.precisions[i]))
                problems.push_back({pointer + "/precisions/" + std::to_string(i),
                                    "must be one of " + softwareJsonNameList(knownPrecisions)
                                        + " (got \"" + row.precisions[i] + "\")"});
    }
    if (r.has("frameworks"))
        row.frameworks
            = frameworkFeaturesFromJson(json.at("frameworks"), pointer + "/frameworks", problems);
    r.readString("end_of_support", row.endOfSupport);
    if (!row.endOfSupport.empty() && !softwareJsonIsDate(row.endOfSupport))
        r.problem("end_of_support", "must be a date YYYY-MM or YYYY-MM-DD (got \""
                                        + row.endOfSupport + "\")");
    r.readString("source", row.source, true);
    if (r.has("source") && row.source.empty())
        r.problem("source", "must name where the row's figures come from");
    r.readString("source_date", row.sourceDate, true);
    if (r.has("source_date") && !softwareJsonIsDate(row.sourceDate))
        r.problem("source_date",
                  "must be a date YYYY-MM-DD (got \"" + row.sourceDate + "\")");
    r.readString("notes", row.notes);
    if (problems.size() != before)
        return std::nullopt;
    return row;
}

SoftwareTable softwareTableFromJson(const nlohmann::json& json, const std::string& pointer,
                                    std::vector<Problem>& problems)
{
    SoftwareTable table;
    if (!json.is_array()) {
        problems.push_back({pointer, "must be an array of software compatibility rows"});
        return table;
    }
    std::set<std::string> seen;
    for (std::size_t i = 0; i < json.size(); ++i) {
        const std::string at = pointer + "/" + std::to_string(i);
        auto row = softwareCompatFromJson(json[i], at, problems);
        if (!row)
            continue;
        if (!seen.insert(row->architecture).second) {
            problems.push_back({at + "/architecture", "duplicate architecture \""
                                                          + row->architecture
                                                          + "\": each has one row"});
            continue;
        }
        table.rows.push_back(std::move(*row));
    }
    return table;
}

nlohmann::json frameworkFeaturesToJson(const std::vector<FrameworkFeature>& features)
{
    nlohmann::json list = nlohmann::json::array();
    for (const auto& f : features) {
        nlohmann::json j = {{"framework", f.framework}, {"feature", f.feature}};
        if (!f.supported)
            j["supported"] = false;
        if (!f.minVersion.empty())
            j["min_version"] = f.minVersion;
        if (!f.source.empty())
            j["source"] = f.source;
        list.push_back(std::move(j));
    }
    return list;
}

nlohmann::json softwareCompatToJson(const SoftwareCompat& row)
{
    nlohmann::json j = nlohmann::json::object();
    j["architecture"] = row.architecture;
    if (!row.vendor.empty())
        j["vendor"] = row.vendor;
    j["stack"] = std::string(enumName(row.stack));
    const auto text = [&j](const char* key, const std::string& value) {
        if (!value.empty())
            j[key] = value;
    };
    text("min_driver_branch", row.minDriverBranch);
    text("last_driver_branch", row.lastDriverBranch);
    text("min_toolkit_version", row.minToolkitVersion);
    text("last_toolkit_version", row.lastToolkitVersion);
    text("recommended_driver", row.recommendedDriver);
    text("recommended_toolkit", row.recommendedToolkit);
    text("container_image", row.containerImage);
    j["precisions"] = row.precisions;
    j["frameworks"] = frameworkFeaturesToJson(row.frameworks);
    text("end_of_support", row.endOfSupport);
    j["source"] = row.source;
    j["source_date"] = row.sourceDate;
    text("notes", row.notes);
    return j;
}

nlohmann::json softwareTableToJson(const SoftwareTable& table)
{
    nlohmann::json list = nlohmann::json::array();
    for (const auto& row : table.rows)
        list.push_back(softwareCompatToJson(row));
    return list;
}

} // namespace infrafit
