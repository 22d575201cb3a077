// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/parts/part.h"
#include "core/software/software_compat.h"

#include <optional>

#include <vector>

namespace infrafit {

/// The catalog parts a recommendation chooses from, per kind: a copy taken
/// on the caller's thread (core does not depend on catalog/).
struct PartsSnapshot {
    std::vector<Gpu> gpus;
    std::vector<Chassis> chassis;
    std::vector<Cpu> cpus;
    std::vector<Nvme> nvmes;
    std::vector<Nic> nics;
    std::vector<Psu> psus;
    std::vector<Cooling> coolings;
    /// The catalog's software compatibility rows (CatalogStore::softwareTable(),
    /// which users edit and import): GPUs whose row says the workload cannot
    /// run are left out, and the candidates' software findings come from it.
    /// nullopt only where no catalog is open: then the shipped table
    /// (defaultSoftwareTable()) stands in.
    std::optional<SoftwareTable> software;

    /// The table to check against: `software`, or nullptr for the shipped one
    /// (evaluate() and checkSoftwareOrShipped() take nullptr that way).
    [[nodiscard]] const SoftwareTable* softwareTable() const
    {
        return software ? &*software : nullptr;
    }
};

PartsSnapshot snapshotOf(const std::vector<Part>& parts);
/// The same with the catalog's software compatibility rows.
PartsSnapshot snapshotOf(const std::vector<Part>& parts, SoftwareTable software);

} // namespace infrafit
