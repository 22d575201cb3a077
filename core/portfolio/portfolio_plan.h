// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/finding.h"
#include "core/parts/partition_profile.h"
#include "core/workload/workload_sharing.h"

#include <optional>
#include <string>
#include <vector>

namespace infrafit {

/// What one workload of a portfolio needs on one configuration's GPU, sized
/// by the analysis (core/portfolio/portfolio_demand.h). `problem` non-empty:
/// it cannot be placed on this GPU at all (e.g. no partition profiles).
struct PortfolioDemand {
    std::string workload;
    SharingPlacement placement = SharingPlacement::Gpus;
    SharingSchedule schedule = SharingSchedule::Always;
    std::optional<double> timeShare;
    int replicas = 1;
    int gpusPerReplica = 1;  ///< whole GPUs (nodes: the nodes' GPUs)
    int nodesPerReplica = 0; ///< placement nodes only
    std::optional<PartitionProfile> profile; ///< placement slice only
    double memoryBytesPerGpu = 0; ///< most-loaded GPU (or the slice) in the analysis
    std::string problem;
};

/// One workload replica (or part of one) on one GPU.
struct PortfolioOccupant {
    int entry = 0;        ///< index into PortfolioPlan::entries
    int replica = 0;
    std::string profile;  ///< partition profile; empty = the whole GPU
    double computeFraction = 1; ///< of the GPU's compute
    double timeFraction = 1;    ///< of the week
    /// MIG instance: the first memory slice it occupies (the guide's start
    /// position, core/parts/partition_placement.h) and how many; -1 and 0
    /// for a whole GPU or an AMD partition mode.
    int startSlot = -1;
    int slotCount = 0;
};

/// One GPU of the configuration and what runs on it. `partitionMode`: empty
/// for whole-GPU use, "mig" for NVIDIA MIG instances, or an AMD mode name.
struct PortfolioGpu {
    int node = 0;
    int gpu = 0;
    std::string partitionMode;
    std::vector<PortfolioOccupant> occupants;
    double utilisation = 0; ///< busy compute-time fraction of the week, 0..1
};

/// Where one workload went.
struct PortfolioEntry {
    PortfolioDemand demand;
    bool placed = false;
    double timeFraction = 1;
    std::vector<int> gpus; ///< indices into PortfolioPlan::gpus, one per GPU or slice used
};

/// A portfolio packed onto one configuration (core/portfolio/portfolio_packing.h):
/// which workload runs on which node, GPU or slice; whether everything fits
/// at once (`concurrent`) or only by time-sharing GPUs between schedules that
/// never overlap (`timeShared`); the cluster's utilisation over a week.
/// Plain value; every number finite.
struct PortfolioPlan {
    std::string configuration;
    std::string gpuModel;
    int nodes = 0;
    int gpusPerNode = 0;
    bool fits = false;       ///< every workload placed
    bool concurrent = false; ///< placed without any GPU time-shared
    bool timeShared = false;
    std::vector<PortfolioEntry> entries;
    std::vector<PortfolioGpu> gpus; ///< node-major
    double utilisation = 0;  ///< mean over GPUs of PortfolioGpu::utilisation
    int allocatedGpus = 0;   ///< GPUs with at least one occupant
    Findings findings;
};

} // namespace infrafit
