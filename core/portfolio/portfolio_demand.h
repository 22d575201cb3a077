// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/config/resolved_configuration.h"
#include "core/portfolio/portfolio_plan.h"
#include "core/software/software_compat.h"
#include "core/workload/workload.h"

namespace infrafit {

/// Sizes one portfolio workload on `config`'s GPU with the analysis
/// (analyze(), the plan search when the workload leaves its plan open):
///  - slice: the smallest partition profile of the GPU
///    (docs/reference/partitioning.md) on which the workload fits in memory,
///    the profile's memory and its share of compute and bandwidth standing in
///    for the GPU's;
///  - GPUs / nodes: `portfolio.gpus` when set, else the workload's plan size
///    when its parallelism states the data size, else the fewest GPUs (1, 2,
///    4 … one node, then 2, 4, 8 … nodes, up to the configuration's) on which
///    it fits in memory; nodes round that up to whole nodes.
/// A workload that cannot be sized gets `problem`; so does one whose
/// software check against `software` (the catalog's rows; nullptr: the
/// shipped table) has an error, e.g. FP8 on an Ampere GPU. Pure.
PortfolioDemand portfolioDemand(const Workload& workload, const ResolvedConfiguration& config,
                                const SoftwareTable* software = nullptr);

} // namespace infrafit
