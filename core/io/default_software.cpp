// SPDX-License-Identifier: Apache-2.0
#include "core/io/default_software.h"

#include "core/base/input_error.h"
#include "core/io/software_compat_json.h"

#include "embedded_software_compat_json.h"

#include <nlohmann/json.hpp>

namespace infrafit {
namespace {

SoftwareTable loadDefaultSoftwareTable()
{
    const auto* begin = reinterpret_cast<const char*>(embedded_software_compat_json);
    const auto document
        = nlohmann::json::parse(begin, begin + embedded_software_compat_json_size);
    std::vector<Problem> problems;
    SoftwareTable table = softwareTableFromJson(document.at("software"), "/software", problems);
    if (!problems.empty())
        throw InputError("core/data/software-compat.json", std::move(problems));
    return table;
}

} // namespace

const SoftwareTable& defaultSoftwareTable()
{
    static const SoftwareTable table = loadDefaultSoftwareTable();
    return table;
}

} // namespace infrafit
