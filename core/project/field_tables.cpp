// SPDX-License-Identifier: Apache-2.0
#include "core/project/field_tables.h"

#include "core/project/configuration_fields.h"
#include "core/project/workload_fields.h"

#include <cmath>
#include <cstdio>

namespace infrafit {
namespace {

/// "4,194,304", "0.99", "1e+18" as the guide shows a bound or default.
std::string fieldTablesNumber(double value)
{
    if (std::fabs(value) >= 1e9 && value == std::floor(value)) {
        char text[32];
        std::snprintf(text, sizeof text, "%.0e", value);
        return text; // "1e+12"
    }
    if (value == std::floor(value)) {
        std::string digits = std::to_string(static_cast<long long>(std::fabs(value)));
        std::string grouped;
        for (std::size_t i = 0; i < digits.size(); ++i) {
            if (i > 0 && (digits.size() - i) % 3 == 0)
                grouped += ',';
            grouped += digits[i];
        }
        return (value < 0 ? "-" : "") + grouped;
    }
    char text[32];
    std::snprintf(text, sizeof text, "%g", value);
    return text;
}

std::string fieldTablesType(FieldType type)
{
    switch (type) {
    case FieldType::Integer: return "whole number";
    case FieldType::Flag: return "true/false";
    case FieldType::Choice: return "choice";
    default: return "number";
    }
}

template <class T>
std::string fieldTablesRange(const ProjectField<T>& f)
{
    if (f.type == FieldType::Flag)
        return "";
    if (f.type == FieldType::Choice) {
        std::string names;
        for (const auto name : f.choices)
            names += (names.empty() ? "`" : ", `") + std::string(name) + "`";
        return names;
    }
    return (f.exclusiveMinimum ? "> " : "") + fieldTablesNumber(f.minimum) + " to "
           + fieldTablesNumber(f.maximum);
}

template <class T>
std::string fieldTablesDefault(const ProjectField<T>& f)
{
    static const T defaults{};
    const auto value = f.get(defaults);
    if (!value)
        return "absent: " + std::string(f.absent);
    if (!fieldRangeMessage(f, *value).empty())
        return "required";
    switch (f.type) {
    case FieldType::Flag: return *value != 0 ? "true" : "false";
    case FieldType::Choice:
        return "`" + std::string(f.choices[static_cast<std::size_t>(*value)]) + "`";
    default: return fieldTablesNumber(*value);
    }
}

std::string fieldTablesShown(FieldShownFor shown)
{
    switch (shown) {
    case FieldShownFor::Training: return "training";
    case FieldShownFor::Inference: return "inference";
    default: return "both";
    }
}

template <class T>
std::string fieldTablesTable(const std::string& title, std::span<const ProjectField<T>> fields,
                             bool withKind)
{
    std::string text = "#### " + title + "\n\n";
    text += withKind ? "| Key | Type | Unit | Range | Default | Workload | Form section | "
                       "Description |\n|---|---|---|---|---|---|---|---|\n"
                     : "| Key | Type | Unit | Range | Default | Form section | Description "
                       "|\n|---|---|---|---|---|---|---|\n";
    for (const auto& f : fields) {
        text += "| `" + std::string(f.key) + "` | " + fieldTablesType(f.type) + " | "
                + std::string(f.unit) + " | " + fieldTablesRange(f) + " | "
                + fieldTablesDefault(f) + " | ";
        if (withKind)
            text += fieldTablesShown(f.shownFor) + " | ";
        text += std::string(f.section) + " | " + std::string(f.help) + " |\n";
    }
    return text + "\n";
}

} // namespace

std::string projectFieldTables()
{
    std::string text;
    text += fieldTablesTable("Workload (`workloads[]`)", workloadFields(), true);
    text += fieldTablesTable("Model (`workloads[].model`)", modelFields(), false);
    text += fieldTablesTable("Parallel plan (`workloads[].parallelism`)", parallelismFields(),
                             true);
    text += fieldTablesTable("Serving demand (`workloads[]`; `sla.` keys in its `sla` object)",
                             servingDemandFields(), false);
    text += fieldTablesTable("Configuration (`configurations[]`; `rack.` keys in its `rack` "
                             "object)",
                             configurationFields(), false);
    return text;
}

} // namespace infrafit
