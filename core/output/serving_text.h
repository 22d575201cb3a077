// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/serving/serving_report.h"

#include <string>

namespace infrafit {

/// The "Serving" section of the text report: capacity per replica, the
/// replicas and nodes the demand needs, the latency percentiles users see
/// on the configuration, and cost and energy per million tokens.
void appendServingText(std::string& out, const ServingReport& report);

} // namespace infrafit
