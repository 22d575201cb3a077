// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/project/project_field.h"
#include "core/workload/workload.h"

#include <span>

namespace infrafit {

/// The registries of a workload's scalar fields (docs/user-guide.md
/// "Workload fields"), in file order. Each object of the project file's
/// workload has its own: the workload itself, its `model`, its
/// `parallelism` and its `serving` demand. Fields that are not one number,
/// flag or choice (name, kind, lora_targets, tp_comm_overlap, pp_comm_overlap, the token
/// distributions) are read and written by hand in core/io/workload_json.cpp.
std::span<const ProjectField<Workload>> workloadFields();
std::span<const ProjectField<ModelSpec>> modelFields();
std::span<const ProjectField<Parallelism>> parallelismFields();
std::span<const ProjectField<ServingDemand>> servingDemandFields();

/// One registry's field with `key`, or nullptr.
const ProjectField<Workload>* findWorkloadField(std::string_view key);
const ProjectField<ModelSpec>* findModelField(std::string_view key);
const ProjectField<Parallelism>* findParallelismField(std::string_view key);
const ProjectField<ServingDemand>* findServingDemandField(std::string_view key);

/// Every registry range check of a workload (its own fields, the model's,
/// the plan's when set, the serving demand's), at `pointer`/key.
void checkWorkloadFieldRanges(const Workload& workload, const std::string& pointer,
                              std::vector<Problem>& problems);

} // namespace infrafit
