// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/serving/serving_report.h"

#include <nlohmann/json.hpp>

namespace infrafit {

/// The result's `serving` object (docs/user-guide.md "Serving capacity"):
/// the contract's fields plus the operating points, nodes, curve and the
/// step-time source (docs/user-guide.md).
nlohmann::json servingToJson(const ServingReport& report);

} // namespace infrafit
