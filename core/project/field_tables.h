// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <string>

namespace infrafit {

/// The user guide's tables of project fields (docs/user-guide.md "Project
/// fields"), written from the registries (core/project/workload_fields.h,
/// configuration_fields.h) as Markdown: one table per object, a row per
/// field with its key, type, unit, range, default, the kind of workload
/// that uses it, the form section and its description. A test keeps the
/// guide equal to this text.
std::string projectFieldTables();

} // namespace infrafit
