// SPDX-License-Identifier: Apache-2.0
#include "core/io/project_json.h"

#include "core/io/field_reader.h"
#include "core/io/input_error.h"
#include "core/io/json_document.h"
#include "core/io/message_text.h"
#include "core/io/part_json.h"
#include "core/io/part_reader.h"
#include "core/io/text_file.h"
#include "core/io/workload_json.h"

#include <set>

namespace infrafit {
namespace {

constexpr std::string_view projectFormat = "infrafit-project";
constexpr int projectVersion = 1;

// Upper bounds of the counts, as the configuration editor allows them
// (ui/project/configuration_form.cpp; DIMMs: 32 sockets of 32 slots): they
// keep products such as GPUs per node × nodes or devices × PCIe lanes
// inside an int (docs/security.md).
constexpr long long maxGpusPerNode = 1024;
constexpr long long maxCpusPerNode = 16;
constexpr long long maxDevicesPerNode = 256;
constexpr long long maxDimmsPerNode = 1024;
constexpr long long maxNodes = 100000;

Configuration configurationFromJson(const nlohmann::json& json, const std::string& pointer,
                                    std::vector<Problem>& problems)
{
    FieldReader r(json, pointer, problems);
    Configuration c;
    r.readString("name", c.name, true);
    if (r.has("name") && c.name.empty())
        r.problem("name", "must not be empty");
    r.readString("chassis", c.chassisId, true);
    r.readString("gpu", c.gpuId, true);
    r.readInt("gpus_per_node", c.gpusPerNode, false, 1, maxGpusPerNode);
    r.readString("cpu", c.cpuId);
    r.readInt("cpus_per_node", c.cpusPerNode, false, 0, maxCpusPerNode);
    r.readString("nvme", c.nvmeId);
    r.readInt("nvme_per_node", c.nvmePerNode, false, 0, maxDevicesPerNode);
    r.readString("nic", c.nicId);
    r.readInt("nics_per_node", c.nicsPerNode, false, 0, maxDevicesPerNode);
    r.readString("psu", c.psuId);
    r.readInt("psus_per_node", c.psusPerNode, false, 0, maxDevicesPerNode);
    r.readEnum("psu_redundancy", c.psuRedundancy);
    r.readString("cooling", c.coolingId);
    r.readInt("nodes", c.nodes, false, 1, maxNodes);
    if (r.has("rack")) {
        FieldReader rack(json.at("rack"), pointer + "/rack", problems);
        rack.readDouble("power_limit_kw", c.rack.powerLimitKw, false, 0.0, true);
        rack.readInt("units", c.rack.units, false, 1);
    }
    // GPU power limit (docs/user-guide.md "Power and energy"): positive
    // watts here; against the GPU's own range in the infrastructure checks.
    double limitW = 0;
    if (r.has("gpu_power_limit_w")
        && r.readDouble("gpu_power_limit_w", limitW, false, 0.0, true))
        c.gpuPowerLimitW = limitW;
    // Host memory and shared storage (core/storage). A stated DIMM count of
    // 0 would mean no host memory at all: refused.
    int dimms = 0;
    if (r.has("dimms_per_node") && r.readInt("dimms_per_node", dimms, false, 1, maxDimmsPerNode))
        c.dimmsPerNode = dimms;
    r.readDouble("dimm_size_gb", c.dimmSizeGb, false, 0.0, true);
    double price = 0;
    if (r.has("dimm_price_usd") && r.readDouble("dimm_price_usd", price, false, 0.0))
        c.dimmPriceUsd = price;
    r.readDouble("shared_storage_gbs", c.sharedStorageGbs, false, 0.0);
    if (r.has("shared_storage_price_usd")
        && r.readDouble("shared_storage_price_usd", price, false, 0.0))
        c.sharedStoragePriceUsd = price;
    return c;
}

} // namespace

nlohmann::json configurationToJson(const Configuration& c)
{
    nlohmann::json j = nlohmann::json::object();
    j["name"] = c.name;
    j["chassis"] = c.chassisId;
    j["gpu"] = c.gpuId;
    j["gpus_per_node"] = c.gpusPerNode;
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
    j["psu_redundancy"] = std::string(enumName(c.psuRedundancy));
    part("cooling", c.coolingId, nullptr, 0);
    j["nodes"] = c.nodes;
    j["rack"] = {{"power_limit_kw", c.rack.powerLimitKw}, {"units", c.rack.units}};
    if (c.gpuPowerLimitW)
        j["gpu_power_limit_w"] = *c.gpuPowerLimitW;
    if (c.dimmsPerNode)
        j["dimms_per_node"] = *c.dimmsPerNode;
    j["dimm_size_gb"] = c.dimmSizeGb;
    if (c.dimmPriceUsd)
        j["dimm_price_usd"] = *c.dimmPriceUsd;
    j["shared_storage_gbs"] = c.sharedStorageGbs;
    if (c.sharedStoragePriceUsd)
        j["shared_storage_price_usd"] = *c.sharedStoragePriceUsd;
    return j;
}

namespace {

const nlohmann::json* arrayMember(const nlohmann::json& doc, const char* key,
                                  std::vector<Problem>& problems)
{
    auto it = doc.find(key);
    if (it == doc.end() || it->is_null())
        return nullptr;
    if (!it->is_array()) {
        problems.push_back({std::string("/") + key, "must be an array"});
        return nullptr;
    }
    return &*it;
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

/// Reads the project, appending every problem (at most maxListedProblems,
/// the rest counted in `dropped`) instead of throwing.
Project readProject(const nlohmann::json& document, const std::string& file,
                    std::vector<Problem>& problems, std::size_t& dropped)
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
            if (auto part = partFromJson((*parts)[i], pointer, problems)) {
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
    return project;
}

[[noreturn]] void throwProblems(const std::string& file, std::vector<Problem> problems,
                                std::size_t dropped)
{
    capProblems(problems, dropped, "problems");
    throw InputError(file, std::move(problems));
}

} // namespace

Project projectFromJson(const nlohmann::json& document, const std::string& file)
{
    std::vector<Problem> problems;
    std::size_t dropped = 0;
    Project project = readProject(document, file, problems, dropped);
    if (!problems.empty() || dropped > 0)
        throwProblems(file, std::move(problems), dropped);
    return project;
}

Project projectFromJson(const nlohmann::json& document, const std::string& file,
                        const PartLookup& catalog)
{
    std::vector<Problem> problems;
    std::size_t dropped = 0;
    Project project = readProject(document, file, problems, dropped);
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

Project readProjectFile(const std::string& path)
{
    return projectFromJson(readProjectDocument(path), path);
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
    return j;
}

void writeProjectFile(const Project& project, const std::string& path)
{
    writeFileAtomic(path, projectToJson(project).dump(2) + "\n");
}

} // namespace infrafit
