// SPDX-License-Identifier: Apache-2.0
#include "core/project/part_references.h"

#include "core/parts/field_spec.h"

#include <algorithm>

namespace infrafit {
namespace {

/// The same kind and every registered field equal (core/parts/field_spec).
bool sameFields(const Part& a, const Part& b)
{
    if (kindOf(a) != kindOf(b))
        return false;
    for (const auto& field : fieldsOf(kindOf(a)))
        if (field.get(a) != field.get(b))
            return false;
    return true;
}

} // namespace

std::vector<std::string> usedPartIds(const Project& project)
{
    std::vector<std::string> ids;
    const auto add = [&](const std::string& id) {
        if (!id.empty() && std::find(ids.begin(), ids.end(), id) == ids.end())
            ids.push_back(id);
    };
    for (const auto& c : project.configurations) {
        add(c.chassisId);
        add(c.gpuId);
        add(c.cpuId);
        add(c.nvmeId);
        add(c.nicId);
        add(c.psuId);
        add(c.coolingId);
        add(c.switchId);
        add(c.pduId);
    }
    return ids;
}

Project withEmbeddedParts(const Project& project, const PartLookup& catalog,
                          const std::vector<Part>& builtIn)
{
    Project out = project;
    const auto inline_ = [&](const std::string& id) {
        return std::any_of(out.parts.begin(), out.parts.end(),
                           [&](const Part& p) { return infoOf(p).id == id; });
    };
    for (const auto& id : usedPartIds(project)) {
        if (inline_(id) || !catalog)
            continue;
        const auto part = catalog(id);
        if (!part)
            continue; // unknown here too: the analysis names it
        const auto same = std::find_if(builtIn.begin(), builtIn.end(),
                                       [&](const Part& p) { return infoOf(p).id == id; });
        if (same != builtIn.end() && sameFields(*same, *part))
            continue;
        out.parts.push_back(*part);
    }
    return out;
}

int configurationsUsing(const Project& project, const std::string& id)
{
    int count = 0;
    for (const auto& c : project.configurations)
        count += c.chassisId == id || c.gpuId == id || c.cpuId == id || c.nvmeId == id
                 || c.nicId == id || c.psuId == id || c.coolingId == id || c.switchId == id
                 || c.pduId == id;
    return count;
}

Project withPartRenamed(Project project, const std::string& oldId, const std::string& newId)
{
    for (auto& c : project.configurations)
        for (std::string* id :
             {&c.chassisId, &c.gpuId, &c.cpuId, &c.nvmeId, &c.nicId, &c.psuId, &c.coolingId,
              &c.switchId, &c.pduId})
            if (*id == oldId)
                *id = newId;
    for (auto& part : project.parts)
        if (infoOf(part).id == oldId)
            infoOf(part).id = newId;
    return project;
}

} // namespace infrafit
