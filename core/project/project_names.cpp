// SPDX-License-Identifier: Apache-2.0
#include "core/project/project_names.h"

namespace infrafit {
namespace {

template <class Items>
std::string projectNamesListed(const Items& items)
{
    if (items.empty())
        return "; the project has none";
    std::string text = "; the project has ";
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i > 0)
            text += ", ";
        text += "\"" + items[i].name + "\"";
    }
    return text;
}

} // namespace

std::string knownConfigurationNames(const Project& project)
{
    return projectNamesListed(project.configurations);
}

std::string knownWorkloadNames(const Project& project)
{
    return projectNamesListed(project.workloads);
}

} // namespace infrafit
