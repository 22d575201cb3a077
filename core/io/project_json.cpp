// SPDX-License-Identifier: Apache-2.0
#include "core/io/project_json.h"

#include "core/io/field_reader.h"
#include "core/io/key_use.h"
#include "core/base/input_error.h"
#include "core/io/json_document.h"
#include "core/base/message_text.h"
#include "core/io/measurements_json.h"
#include "core/io/part_json.h"
#include "core/io/part_reader.h"
#include "core/io/project_field_json.h"
#include "core/io/text_file.h"
#include "core/io/workload_json.h"
#include "core/project/calibration_profile.h"
#include "core/project/configuration_fields.h"
#include "core/project/requirement_fields.h"
#include "core/software/software_version.h"

#include <algorithm>
#include <set>

namespace infrafit {
namespace {

constexpr std::string_view projectFormat = "infrafit-project";
constexpr int projectVersion = 1;

Configuration configurationFromJson(const nlohmann::json& json, const std::string& pointer,
                                    std::vector<Problem>& problems)
{
    FieldReader r(json, pointer, problems);
    Configuration c;
    if (r.readString("name", c.name, true) && c.name.empty())
        r.problem("name", "must not be empty");
    r.readString("chassis", c.chassisId, true);
    r.readString("gpu", c.gpuId, true);
    r.readString("cpu", c.cpuId);
    r.readString("nvme", c.nvmeId);
    r.readString("nic", c.nicId);
    r.readString("psu", c.psuId);
    r.readString("cooling", c.coolingId);
    r.readString("switch", c.switchId);
    r.readString("pdu", c.pduId);
    // Counts, rack (the `rack.` keys), GPU power limit, host memory and
    // shared storage: the registry's types and ranges
    // (core/project/configuration_fields.cpp).
    // A stated DIMM count of 0 would mean no host memory at all: refused.
    readProjectFields(r, configurationFields(), c);
    for (const char* key : {"cpus_per_node", "nvme_per_node", "nics_per_node", "psus_per_node"})
        readProjectField(r, *findConfigurationField(key), c, false);
    return c;
}

} // namespace

nlohmann::json configurationToJson(const Configuration& c)
{
    nlohmann::json j = nlohmann::json::object();
    j["name"] = c.name;
    j["chassis"] = c.chassisId;
    j["gpu"] = c.gpuId;
    auto part = [&](const char* key, const std::string& id, const char* countKey, int count) {
        if (!id.empty()) {
            j[key] = id;
            if (countKey)
                j[countKey] = count;
        }
    };
    part("cpu", c.cpuId, "cpus_per_node", c.cpusPerNode);
    part("nvme", c.nvmeId, "nvme_per_node", c.nvmePerNode);
    part("nic", c.nicId, "nics_per_node", c.nicsPerNode);
    part("psu", c.psuId, "psus_per_node", c.psusPerNode);
    part("cooling", c.coolingId, nullptr, 0);
    part("switch", c.switchId, nullptr, 0);
    part("pdu", c.pduId, nullptr, 0);
    writeProjectFields(configurationFields(), c, j);
    return j;
}

namespace {

const nlohmann::json* arrayMember(const nlohmann::json& doc, const char* key,
                                  std::vector<Problem>& problems)
{
    const auto* member = lookUpMember(doc, key);
    if (!member || member->is_null())
        return nullptr;
    if (!member->is_array()) {
        problems.push_back({std::string("/") + key, "must be an array"});
        return nullptr;
    }
    return member;
}

/// Reads the project's `portfolio` after its workloads and configurations,
/// so every name it holds can be checked against them.
std::optional<PortfolioSpec> portfolioFromJson(const nlohmann::json& document,
                                               const Project& project,
                                               std::vector<Problem>& problems)
{
    const auto* it = lookUpMember(document, "portfolio");
    if (!it || it->is_null())
        return std::nullopt;
    if (!it->is_object()) {
        problems.push_back({"/portfolio", "must be an object"});
        return std::nullopt;
    }
    PortfolioSpec spec;
    FieldReader r(*it, "/portfolio", problems);
    r.readString("configuration", spec.configuration);
    if (!spec.configuration.empty()
        && std::none_of(project.configurations.begin(), project.configurations.end(),
                        [&](const Configuration& c) { return c.name == spec.configuration; }))
        problems.push_back({"/portfolio/configuration",
                            "names no configuration of this project (\""
                                + shortenedValue(spec.configuration) + "\")"});
    const auto* list = lookUpMember(*it, "workloads");
    if (!list || !list->is_array() || list->empty()) {
        problems.push_back({"/portfolio/workloads", "must be a non-empty array of workload names"});
        return spec;
    }
    std::set<std::string> seen;
    for (std::size_t i = 0; i < list->size() && i < maxListedProblems; ++i) {
        const std::string pointer = "/portfolio/workloads/" + std::to_string(i);
        const auto& item = (*list)[i];
        if (!item.is_string()) {
            problems.push_back({pointer, "must be a workload name (a string)"});
            continue;
        }
        const auto& name = item.get_ref<const std::string&>();
        if (std::none_of(project.workloads.begin(), project.workloads.end(),
                         [&](const Workload& w) { return w.name == name; }))
            problems.push_back({pointer, "names no workload of this project (\""
                                             + shortenedValue(name) + "\")"});
        else if (!seen.insert(name).second)
            problems.push_back({pointer, "lists \"" + shortenedValue(name) + "\" twice"});
        spec.workloads.push_back(name);
    }
    if (list->size() > maxListedProblems)
        problems.push_back({"/portfolio/workloads", "has more than "
                                                        + std::to_string(maxListedProblems)
                                                        + " workloads"});
    return spec;
}

/// Keeps the first maxListedProblems problems and counts the rest, so a file
/// of a million bad elements costs a count, not a million messages.
void trimProblems(std::vector<Problem>& problems, std::size_t& dropped)
{
    if (problems.size() > maxListedProblems) {
        dropped += problems.size() - maxListedProblems;
        problems.resize(maxListedProblems);
    }
}

/// The optional `requirements` object: its flags from the registry
/// (core/project/requirement_fields.cpp) and `redfish_min`, a version.
void readProjectRequirements(const nlohmann::json& document, ProjectRequirements& requirements,
                             std::vector<Problem>& problems)
{
    const auto* it = lookUpMember(document, "requirements");
    if (!it)
        return;
    FieldReader r(*it, "/requirements", problems);
    if (!r.isObject())
        return;
    readProjectFields(r, requirementFields(), requirements);
    if (r.readString("redfish_min", requirements.redfishMin) && !requirements.redfishMin.empty()
        && !isVersionText(requirements.redfishMin))
        r.problem("redfish_min", "must be a version such as \"1.8\" (got \""
                                     + shortenedValue(requirements.redfishMin) + "\")");
}

nlohmann::json projectRequirementsToJson(const ProjectRequirements& requirements)
{
    nlohmann::json j = nlohmann::json::object();
    if (!requirements.redfishMin.empty())
        j["redfish_min"] = requirements.redfishMin;
    writeProjectFields(requirementFields(), requirements, j);
    return j;
}

/// Reads the project, appending every problem (at most maxListedProblems,
/// the rest counted in `dropped`) instead of throwing. `ignored`, when
/// given, receives the unknown fields of inline parts (the part reader's
/// own warnings).
Project readProject(const nlohmann::json& document, const std::string& file,
                    std::vector<Problem>& problems, std::size_t& dropped,
                    std::vector<Problem>* ignored = nullptr)
{
    if (!document.is_object())
        throw InputError(file, "/", "a project file must be a JSON object");
    checkDocumentHeader(document, projectFormat, projectVersion, file);
    Project project;
    FieldReader top(document, "", problems);
    top.readString("name", project.name);

    if (const auto* parts = arrayMember(document, "parts", problems)) {
        std::set<std::string> ids;
        for (std::size_t i = 0; i < parts->size(); ++i) {
            const std::string pointer = "/parts/" + std::to_string(i);
            noteSubtreeRead((*parts)[i]); // the part reader lists its unknown fields
            if (auto part = partFromJson((*parts)[i], pointer, problems, ignored)) {
                const auto& id = infoOf(*part).id;
                if (!ids.insert(id).second)
                    problems.push_back(
                        {pointer + "/id", "duplicate part id \"" + shortenedValue(id) + "\""});
                project.parts.push_back(std::move(*part));
            }
            trimProblems(problems, dropped);
        }
    }
    if (const auto* workloads = arrayMember(document, "workloads", problems)) {
        std::set<std::string> names;
        for (std::size_t i = 0; i < workloads->size(); ++i) {
            const std::string pointer = "/workloads/" + std::to_string(i);
            if (auto workload = workloadFromJson((*workloads)[i], pointer, problems)) {
                if (!names.insert(workload->name).second)
                    problems.push_back({pointer + "/name", "duplicate workload name \""
                                                              + shortenedValue(workload->name)
                                                              + "\""});
                project.workloads.push_back(std::move(*workload));
            }
            trimProblems(problems, dropped);
        }
    }
    readProjectRequirements(document, project.requirements, problems);
    if (const auto* configs = arrayMember(document, "configurations", problems)) {
        std::set<std::string> names;
        for (std::size_t i = 0; i < configs->size(); ++i) {
            const std::string pointer = "/configurations/" + std::to_string(i);
            auto config = configurationFromJson((*configs)[i], pointer, problems);
            if (!config.name.empty() && !names.insert(config.name).second)
                problems.push_back({pointer + "/name", "duplicate configuration name \""
                                                          + shortenedValue(config.name) + "\""});
            project.configurations.push_back(std::move(config));
            trimProblems(problems, dropped);
        }
    }
    // Measured runs and the calibration profile (docs/user-guide.md
    // "Measured runs", "Calibration profile"); a project without them loads.
    if (const auto* measurements = arrayMember(document, "measurements", problems)) {
        std::set<std::string> names;
        for (std::size_t i = 0; i < measurements->size(); ++i) {
            const std::string pointer = "/measurements/" + std::to_string(i);
            if (auto m = measurementFromJson((*measurements)[i], pointer, problems)) {
                if (!names.insert(m->name).second)
                    problems.push_back({pointer + "/name", "duplicate measured run name \""
                                                              + shortenedValue(m->name) + "\""});
                project.measurements.push_back(std::move(*m));
            }
            trimProblems(problems, dropped);
        }
    }
    if (const auto* it = lookUpMember(document, "calibration"); it && !it->is_null())
        project.calibration = calibrationProfileFromJson(*it, "/calibration", problems);
    applyCalibrationProfile(project);
    project.portfolio = portfolioFromJson(document, project, problems);
    trimProblems(problems, dropped);
    return project;
}

[[noreturn]] void throwProblems(const std::string& file, std::vector<Problem> problems,
                                std::size_t dropped)
{
    capProblems(problems, dropped, "problems");
    throw InputError(file, std::move(problems));
}

/// Reads the project and, when `ignored` is given, lists the members no
/// reader looked at after the inline parts' unknown fields.
Project readProjectNotingKeys(const nlohmann::json& document, const std::string& file,
                              std::vector<Problem>& problems, std::size_t& dropped,
                              std::vector<Problem>* ignored)
{
    if (!ignored)
        return readProject(document, file, problems, dropped);
    KeyUseRecorder recorder;
    Project project = readProject(document, file, problems, dropped, ignored);
    for (auto& pointer : recorder.unread(document))
        ignored->push_back({std::move(pointer), "unknown field, ignored"});
    capProblems(*ignored, 0, "ignored fields");
    return project;
}

} // namespace

Project projectFromJson(const nlohmann::json& document, const std::string& file,
                        std::vector<Problem>* ignored)
{
    std::vector<Problem> problems;
    std::size_t dropped = 0;
    Project project = readProjectNotingKeys(document, file, problems, dropped, ignored);
    if (!problems.empty() || dropped > 0)
        throwProblems(file, std::move(problems), dropped);
    return project;
}

Project projectFromJson(const nlohmann::json& document, const std::string& file,
                        const PartLookup& catalog, std::vector<Problem>* ignored)
{
    std::vector<Problem> problems;
    std::size_t dropped = 0;
    Project project = readProjectNotingKeys(document, file, problems, dropped, ignored);
    if (problems.empty() && dropped == 0)
        return project; // the command resolves what it uses, as before
    std::set<std::string> reported;
    for (const auto& problem : problems)
        reported.insert(problem.pointer);
    // While the list has room: past it the ids would only be counted, and
    // resolving a million configurations would take long for a count.
    for (std::size_t i = 0; i < project.configurations.size() && dropped == 0; ++i) {
        try {
            (void)resolveConfiguration(project, i, catalog, file);
        } catch (const InputError& error) {
            // "gpu is required" was already said by the schema check.
            for (const auto& problem : error.problems())
                if (!reported.count(problem.pointer))
                    problems.push_back(problem);
        }
        trimProblems(problems, dropped);
    }
    if (!problems.empty() || dropped > 0)
        throwProblems(file, std::move(problems), dropped);
    return project;
}

nlohmann::json readProjectDocument(const std::string& path)
{
    const std::string text = readTextFile(path);
    return parseJsonDocument(text, path);
}

Project readProjectFile(const std::string& path, std::vector<Problem>* ignored)
{
    return projectFromJson(readProjectDocument(path), path, ignored);
}

nlohmann::json projectToJson(const Project& project)
{
    nlohmann::json j = nlohmann::json::object();
    j["format"] = std::string(projectFormat);
    j["version"] = projectVersion;
    j["name"] = project.name;
    j["parts"] = nlohmann::json::array();
    for (const auto& part : project.parts)
        j["parts"].push_back(partToJson(part));
    j["workloads"] = nlohmann::json::array();
    for (const auto& workload : project.workloads)
        j["workloads"].push_back(workloadToJson(workload));
    j["configurations"] = nlohmann::json::array();
    for (const auto& config : project.configurations)
        j["configurations"].push_back(configurationToJson(config));
    if (project.requirements.any())
        j["requirements"] = projectRequirementsToJson(project.requirements);
    if (!project.measurements.empty()) {
        j["measurements"] = nlohmann::json::array();
        for (const auto& m : project.measurements)
            j["measurements"].push_back(measurementToJson(m));
    }
    if (project.calibration)
        j["calibration"] = calibrationProfileToJson(*project.calibration);
    if (project.portfolio) {
        nlohmann::json portfolio = nlohmann::json::object();
        if (!project.portfolio->configuration.empty())
            portfolio["configuration"] = project.portfolio->configuration;
        portfolio["workloads"] = project.portfolio->workloads;
        j["portfolio"] = std::move(portfolio);
    }
    return j;
}

void writeProjectFile(const Project& project, const std::string& path)
{
    writeFileAtomic(path, projectToJson(project).dump(2) + "\n");
}

} // namespace infrafit
