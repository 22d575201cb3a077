// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/config/configuration.h"
#include "core/project/project_field.h"

#include <span>

namespace infrafit {

/// The registry of a configuration's scalar fields (docs/user-guide.md
/// "Configuration fields"), in file order; `rack.` keys live in the `rack`
/// object. Part ids and the name are read by hand (core/io/project_json.cpp).
std::span<const ProjectField<Configuration>> configurationFields();
const ProjectField<Configuration>* findConfigurationField(std::string_view key);

} // namespace infrafit
