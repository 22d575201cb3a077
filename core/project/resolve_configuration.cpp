// SPDX-License-Identifier: Apache-2.0
#include "core/project/resolve_configuration.h"

#include "core/base/input_error.h"
#include "core/base/message_text.h"

namespace infrafit {
namespace {

std::optional<Part> findPart(const Project& project, const PartLookup& catalog, std::string_view id)
{
    for (const auto& part : project.parts) {
        if (infoOf(part).id == id)
            return part;
    }
    if (catalog)
        return catalog(id);
    return std::nullopt;
}

template <class T>
bool resolveOne(const Project& project, const PartLookup& catalog, const std::string& id,
                const std::string& pointer, bool required, std::vector<Problem>& problems,
                T& out)
{
    // Not constexpr: clang 14 cannot constant-evaluate libstdc++ 12's std::string.
    const auto wanted = static_cast<PartKind>(Part(T{}).index());
    if (id.empty()) {
        if (required)
            problems.push_back({pointer, "is required (a " + std::string(enumName(wanted))
                                             + " id)"});
        return false;
    }
    auto part = findPart(project, catalog, id);
    if (!part) {
        problems.push_back({pointer, "unknown part id \"" + shortenedValue(id)
                                         + "\" (not in the project's parts nor the catalog)"});
        return false;
    }
    if (kindOf(*part) != wanted) {
        problems.push_back({pointer, "part \"" + shortenedValue(id) + "\" is a " + std::string(enumName(kindOf(*part)))
                                         + ", not a " + std::string(enumName(wanted))});
        return false;
    }
    out = std::get<T>(*part);
    return true;
}

template <class T>
void resolveOptional(const Project& project, const PartLookup& catalog, const std::string& id,
                     int count, const std::string& base, const char* key, const char* countKey,
                     std::vector<Problem>& problems, std::optional<T>& out)
{
    if (count < 0)
        problems.push_back({base + "/" + countKey, "must not be negative"});
    if (id.empty())
        return; // part not used; its count is then irrelevant

    T part;
    if (resolveOne(project, catalog, id, base + "/" + key, false, problems, part))
        out = std::move(part);
}

} // namespace

ResolvedConfiguration resolveConfiguration(const Project& project, std::size_t index,
                                           const PartLookup& catalog, const std::string& file)
{
    const auto& config = project.configurations.at(index);
    const std::string base = "/configurations/" + std::to_string(index);
    std::vector<Problem> problems;
    ResolvedConfiguration r;
    r.config = config;
    resolveOne(project, catalog, config.gpuId, base + "/gpu", true, problems, r.gpu);
    resolveOne(project, catalog, config.chassisId, base + "/chassis", true, problems, r.chassis);
    if (config.gpusPerNode < 1)
        problems.push_back({base + "/gpus_per_node", "must be at least 1"});
    if (config.nodes < 1)
        problems.push_back({base + "/nodes", "must be at least 1"});
    resolveOptional(project, catalog, config.cpuId, config.cpusPerNode, base, "cpu",
                    "cpus_per_node", problems, r.cpu);
    resolveOptional(project, catalog, config.nvmeId, config.nvmePerNode, base, "nvme",
                    "nvme_per_node", problems, r.nvme);
    resolveOptional(project, catalog, config.nicId, config.nicsPerNode, base, "nic",
                    "nics_per_node", problems, r.nic);
    resolveOptional(project, catalog, config.psuId, config.psusPerNode, base, "psu",
                    "psus_per_node", problems, r.psu);
    resolveOptional(project, catalog, config.coolingId, config.coolingId.empty() ? 0 : 1, base,
                    "cooling", "cooling", problems, r.cooling);
    resolveOptional(project, catalog, config.switchId, config.switchId.empty() ? 0 : 1, base,
                    "switch", "switch", problems, r.fabricSwitch);
    resolveOptional(project, catalog, config.pduId, config.pduId.empty() ? 0 : 1, base, "pdu",
                    "pdu", problems, r.pdu);
    if (!problems.empty())
        throw InputError(file, std::move(problems));
    return r;
}

std::vector<ResolvedConfiguration> resolveConfigurations(const Project& project,
                                                         const std::vector<std::size_t>& indexes,
                                                         const PartLookup& catalog,
                                                         const std::string& file)
{
    std::vector<ResolvedConfiguration> resolved;
    resolved.reserve(indexes.size());
    std::vector<Problem> problems;
    for (auto index : indexes) {
        try {
            resolved.push_back(resolveConfiguration(project, index, catalog, file));
        } catch (const InputError& error) {
            problems.insert(problems.end(), error.problems().begin(), error.problems().end());
        }
    }
    if (!problems.empty())
        throw InputError(file, std::move(problems));
    return resolved;
}

} // namespace infrafit
