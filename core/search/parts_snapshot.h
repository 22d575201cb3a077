// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/parts/part.h"

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
};

PartsSnapshot snapshotOf(const std::vector<Part>& parts);

} // namespace infrafit
