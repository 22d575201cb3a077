// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/config/configuration.h"
#include "core/workload/workload.h"
#include "ui/project/field_rows.h"

#include <vector>

namespace infrafit::ui::form {

/// The project fields the forms build from lists (ui/project/field_rows.h)
/// rather than by hand, one list per form section. Keys and limits are the
/// project file's (docs/user-guide.md "Project files"; core/io/*_json.cpp).

/// Configuration: host memory (DIMMs) and shared storage.
std::vector<FieldRow<Configuration>> configurationHostStorageRows();
/// Workload, training: the rest of the training fields.
std::vector<FieldRow<Workload>> trainingExtraRows();
/// Workload, training: checkpoints, training data and offload.
std::vector<FieldRow<Workload>> trainingStorageRows();
/// Workload, serving: engine details, model load and KV offload.
std::vector<FieldRow<Workload>> servingExtraRows();
/// Workload, serving: demand, arrivals and the latency SLA (`serving`).
std::vector<FieldRow<Workload>> servingDemandRows();
/// Workload, both kinds: host CPU cores and memory needed per GPU.
std::vector<FieldRow<Workload>> hostNeedRows();

} // namespace infrafit::ui::form
