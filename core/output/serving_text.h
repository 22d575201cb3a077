// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/serving/serving_report.h"

#include <string>

namespace infrafit {

/// The "Serving" section of the text report: capacity per replica, the
/// replicas and nodes the demand needs, the latency percentiles users see
/// on the configuration, and cost and energy per million tokens.
void appendServingText(std::string& out, const ServingReport& report);

/// A request rate for the text: two decimals from 0.1/s up to 10/s, one up
/// to 100/s, none above; two significant digits below 0.1/s ("0.0052");
/// "< 0.0001" below that, "0" for none.
std::string requestRateText(double perS);

} // namespace infrafit
