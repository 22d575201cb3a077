// SPDX-License-Identifier: Apache-2.0
#include "core/output/bom_software.h"

namespace infrafit {

std::vector<BomSoftwareRow> bomSoftwareRows(const BomSummary& summary)
{
    std::vector<BomSoftwareRow> rows;
    if (!summary.software)
        return rows;
    const auto& s = *summary.software;
    const std::string toolkit(softwareStackLabel(s.stack));
    const auto add = [&rows](const char* key, std::string label, const std::string& value) {
        if (!value.empty())
            rows.push_back({key, std::move(label), value});
    };
    add("architecture", "GPU architecture", s.architecture);
    add("stack", "Software stack", toolkit);
    add("recommended_driver", "Recommended driver", s.driver);
    add("minimum_driver_branch", "Minimum driver branch", s.minimumDriver);
    add("recommended_toolkit", "Recommended " + toolkit, s.toolkit);
    add("minimum_toolkit_version", "Minimum " + toolkit, s.minimumToolkit);
    add("container_image", "Container image", s.containerImage);
    add("end_of_support", "End of support", s.endOfSupport);
    add("source", "Source", s.source);
    add("source_date", "Source checked", s.sourceDate);
    return rows;
}

} // namespace infrafit
