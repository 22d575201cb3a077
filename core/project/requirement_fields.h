// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/project/project_field.h"
#include "core/project/requirements.h"

#include <span>

namespace infrafit {

/// The registry of a project's `requirements` flags (core/project/
/// project_field.h): file key, label, form section and help, one entry
/// each. `redfish_min`, a version text, is read and written by hand
/// (core/io/project_json.cpp).
std::span<const ProjectField<ProjectRequirements>> requirementFields();

} // namespace infrafit
