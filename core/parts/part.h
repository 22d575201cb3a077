// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/parts/chassis.h"
#include "core/parts/cooling.h"
#include "core/parts/cpu.h"
#include "core/parts/gpu.h"
#include "core/parts/network_switch.h"
#include "core/parts/nic.h"
#include "core/parts/nvme.h"
#include "core/parts/part_kind.h"
#include "core/parts/pdu.h"
#include "core/parts/psu.h"

#include <variant>
#include <vector>

namespace infrafit {

/// Any catalog part. The alternative's index equals its PartKind.
using Part = std::variant<Gpu, Chassis, Cpu, Nvme, Nic, Psu, Cooling, NetworkSwitch, Pdu>;

inline PartKind kindOf(const Part& part) { return static_cast<PartKind>(part.index()); }

inline const PartInfo& infoOf(const Part& part)
{
    return std::visit([](const auto& p) -> const PartInfo& { return p; }, part);
}

inline PartInfo& infoOf(Part& part)
{
    return std::visit([](auto& p) -> PartInfo& { return p; }, part);
}

/// A default-constructed part of the given kind.
Part makePart(PartKind kind);

/// Appends a default-constructed part of the given kind to `parts`, built in
/// place (no temporary moved in: listings append thousands of parts).
Part& emplacePart(std::vector<Part>& parts, PartKind kind);

} // namespace infrafit
