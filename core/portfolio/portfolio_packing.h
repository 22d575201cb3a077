// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/portfolio/portfolio_plan.h"

#include <span>

namespace infrafit {

/// The shape of the cluster a portfolio is packed onto.
struct PortfolioCluster {
    std::string configuration;
    std::string gpuModel;
    int nodes = 1;
    int gpusPerNode = 8;
};

/// Packs `demands` onto `cluster`, first with every GPU exclusive; when that
/// fails, again letting workloads whose schedules never overlap (or whose
/// time shares add up to at most the week) take turns on whole GPUs.
/// Rules (docs/user-guide.md "Portfolio"): whole-node and whole-GPU
/// workloads first, largest first, then partitions; a GPU holds either
/// whole-GPU workloads or partitions, never both; MIG instances on one GPU
/// stay within its compute and memory slices and each profile's instance
/// limit (docs/reference/partitioning.md §1); an AMD mode holds only its own
/// partitions (§2); partitions are reserved all week. Deterministic; pure.
PortfolioPlan packPortfolio(std::span<const PortfolioDemand> demands,
                            const PortfolioCluster& cluster);

} // namespace infrafit
