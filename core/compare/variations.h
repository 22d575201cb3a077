// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/config/configuration.h"
#include "core/base/enum_names.h"
#include "core/project/project.h"
#include "core/workload/workload.h"

#include <string>
#include <vector>

namespace infrafit {

/// Workload fields a sweep can vary. SequenceLength sets `sequence_length`
/// for training and `prompt_tokens` for inference (the context a request
/// brings); Precision sets the compute precision (and, for inference, the
/// KV-cache precision when it was the same).
///
/// Serving what-ifs (docs/user-guide.md "Serving capacity planning"):
/// RequestRate sets `request_rate_per_s`; Traffic multiplies the demand
/// (the request rate, or the users of a closed loop) by a factor written
/// "2" or "x2"; SlaTtftMs and SlaTpotMs set one limit of the workload's
/// `sla` (a workload without an SLA is refused: the other limit is unknown).
enum class WorkloadField {
    SequenceLength,
    Precision,
    GlobalBatchSize,
    ConcurrentRequests,
    RequestRate,
    Traffic,
    SlaTtftMs,
    SlaTpotMs
};

template <>
struct EnumNames<WorkloadField> {
    static constexpr std::array<std::string_view, 8> names {"sequence_length", "precision",
        "global_batch_size", "concurrent_requests", "request_rate_per_s", "traffic", "sla.ttft_ms",
        "sla.tpot_ms"};
};

/// Configuration fields a sweep can vary: the GPU part id, node count, GPUs
/// per node and the rack power limit (kW).
enum class ConfigurationField { Gpu, Nodes, GpusPerNode, RackPowerLimitKw };

template <>
struct EnumNames<ConfigurationField> {
    static constexpr std::array<std::string_view, 4> names {
        "gpu", "nodes", "gpus_per_node", "rack.power_limit_kw"};
};

/// One variant per value, each a copy of `base` with one field changed and
/// named "BASE [field=value]". Values are text as a user types them
/// ("4096", "fp8", "nvidia-h200-sxm-141gb", "30"). Throws InputError("",
/// problems) naming the field and value for a value that does not parse or
/// breaks a workload rule (validateWorkload; e.g. a global batch not
/// divisible by micro-batch × data).
std::vector<Workload> deriveWorkloads(
    const Workload& base, WorkloadField field, const std::vector<std::string>& values);

std::vector<Configuration> deriveConfigurations(
    const Configuration& base, ConfigurationField field, const std::vector<std::string>& values);

/// Appends the variants to `project` (a sweep in one action). Throws
/// InputError when a variant's name is already taken.
void addWorkloadVariants(Project& project, const std::vector<Workload>& variants);
void addConfigurationVariants(Project& project, const std::vector<Configuration>& variants);

} // namespace infrafit
