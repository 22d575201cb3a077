// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/config/configuration.h"
#include "core/project/requirements.h"
#include "core/workload/workload.h"
#include "ui/project/field_rows.h"

#include <string_view>
#include <vector>

namespace infrafit::ui::form {

/// Form rows made from core's field registries (core/project/
/// workload_fields.h, configuration_fields.h), one list per form section
/// (the registry's `section`), in registry order. Model fields keep their
/// key ("hidden_size"), plan fields are prefixed "parallelism.", serving
/// demand fields "serving.", so object names stay unique.

/// Every workload field of `section` (workload, model, plan and serving
/// demand registries, in that order).
std::vector<FieldRow<Workload>> workloadRows(std::string_view section);
/// Every configuration field of `section`.
std::vector<FieldRow<Configuration>> configurationRows(std::string_view section);
/// The project's requirement flags (core/project/requirement_fields.h),
/// keys prefixed "requirements.".
std::vector<FieldRow<ProjectRequirements>> requirementRows();

} // namespace infrafit::ui::form
