// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/software/software_compat.h"

namespace infrafit {

/// The software compatibility table shipped with InfraFit
/// (core/data/software-compat.json, embedded at build time; sources in
/// docs/reference/software.md). The catalog database starts from it and may
/// be edited; analyses without a catalog use it as it is.
const SoftwareTable& defaultSoftwareTable();

} // namespace infrafit
