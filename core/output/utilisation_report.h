// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/metrics/metrics_import.h"
#include "core/metrics/utilisation.h"

#include <nlohmann/json_fwd.hpp>

#include <string>

namespace infrafit {

/// `infrafit-cli utilisation --format json` (docs/user-guide.md "Cluster metrics and
/// utilisation": `gpus[].power_w.{mean,p95}`,
/// `tensor_active.mean`, `memory_used_bytes.{mean,max}`, fractions 0..1),
/// with the hosts, findings, thresholds and what was skipped on reading.
/// A figure without samples is null, never 0.
nlohmann::json utilisationToJson(const UtilisationReport& report, const MetricsImport& metrics);

/// The same as a text report: one table row per GPU, then hosts, findings
/// and the import notes.
std::string utilisationToText(const UtilisationReport& report, const MetricsImport& metrics);

} // namespace infrafit
