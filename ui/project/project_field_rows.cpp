// SPDX-License-Identifier: Apache-2.0
#include "ui/project/project_field_rows.h"

#include "core/project/configuration_fields.h"
#include "core/project/requirement_fields.h"
#include "core/project/workload_fields.h"

#include <cmath>

namespace infrafit::ui::form {

namespace {

/// The row of a registry field. An exclusive lower bound of 0 becomes the
/// smallest step the box shows (the reader refuses 0 itself).
template <class T>
FieldRowSpec projectRowSpec(const ProjectField<T>& field, std::string_view prefix)
{
    FieldRowSpec spec;
    spec.key = std::string(prefix) + std::string(field.key);
    spec.label = field.label;
    spec.unit = field.unit;
    spec.decimals = field.whole() ? 0 : field.decimals;
    spec.minimum = field.exclusiveMinimum ? field.minimum + std::pow(10.0, -spec.decimals)
                                          : field.minimum;
    spec.maximum = field.maximum;
    spec.absentText = field.absent;
    if (field.type == FieldType::Choice)
        spec.choices.assign(field.choices.begin(), field.choices.end());
    spec.check = field.type == FieldType::Flag;
    spec.help = field.help;
    if (!spec.help.empty())
        spec.help += ".";
    return spec;
}

/// Rows of `section` from one registry, reading and writing the part of
/// the owner `Part` returns (nullptr: not present; set does nothing).
template <class Owner, class T, const T* (*ConstPart)(const Owner&), T* (*Part)(Owner&)>
void projectRowsAdd(std::vector<FieldRow<Owner>>& rows, std::span<const ProjectField<T>> fields,
                    std::string_view section, std::string_view prefix)
{
    for (const auto& field : fields) {
        if (field.section != section)
            continue;
        const auto* f = &field; // registries are static: the pointer stays valid
        FieldRow<Owner> row{projectRowSpec(field, prefix), {}, {}};
        row.get = [f](const Owner& o) -> std::optional<double> {
            static const T defaults{};
            const T* part = ConstPart(o);
            return f->get(part ? *part : defaults);
        };
        row.set = [f](Owner& o, std::optional<double> v) {
            if (T* part = Part(o))
                f->set(*part, v);
        };
        rows.push_back(std::move(row));
    }
}

template <class T>
const T* projectRowsSelf(const T& o) { return &o; }
template <class T>
T* projectRowsSelfMutable(T& o) { return &o; }
const ModelSpec* projectRowsModel(const Workload& w) { return &w.model; }
ModelSpec* projectRowsModelMutable(Workload& w) { return &w.model; }
const ServingDemand* projectRowsServing(const Workload& w) { return &w.serving; }
ServingDemand* projectRowsServingMutable(Workload& w) { return &w.serving; }
/// The plan's fields edit an explicit plan only ("Let InfraFit choose"
/// leaves none to edit); an automatic one shows the defaults.
const Parallelism* projectRowsPlan(const Workload& w)
{
    return w.parallelism ? &*w.parallelism : nullptr;
}
Parallelism* projectRowsPlanMutable(Workload& w)
{
    return w.parallelism ? &*w.parallelism : nullptr;
}

} // namespace

std::vector<FieldRow<Workload>> workloadRows(std::string_view section)
{
    std::vector<FieldRow<Workload>> rows;
    projectRowsAdd<Workload, Workload, &projectRowsSelf<Workload>,
                   &projectRowsSelfMutable<Workload>>(rows, workloadFields(), section, "");
    projectRowsAdd<Workload, ModelSpec, &projectRowsModel, &projectRowsModelMutable>(
        rows, modelFields(), section, "");
    projectRowsAdd<Workload, Parallelism, &projectRowsPlan, &projectRowsPlanMutable>(
        rows, parallelismFields(), section, "parallelism.");
    projectRowsAdd<Workload, ServingDemand, &projectRowsServing, &projectRowsServingMutable>(
        rows, servingDemandFields(), section, "serving.");
    return rows;
}

std::vector<FieldRow<Configuration>> configurationRows(std::string_view section)
{
    std::vector<FieldRow<Configuration>> rows;
    projectRowsAdd<Configuration, Configuration, &projectRowsSelf<Configuration>,
                   &projectRowsSelfMutable<Configuration>>(rows, configurationFields(), section,
                                                           "");
    return rows;
}

std::vector<FieldRow<ProjectRequirements>> requirementRows()
{
    std::vector<FieldRow<ProjectRequirements>> rows;
    projectRowsAdd<ProjectRequirements, ProjectRequirements,
                   &projectRowsSelf<ProjectRequirements>,
                   &projectRowsSelfMutable<ProjectRequirements>>(rows, requirementFields(),
                                                                 "Requirements", "requirements.");
    return rows;
}

} // namespace infrafit::ui::form
