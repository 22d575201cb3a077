// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/enum_names.h"

namespace infrafit {

/// The nine kinds of part the catalog holds. The names are part of the
/// file contract (docs/user-guide.md "Catalog file"): never rename them.
enum class PartKind { Gpu, Chassis, Cpu, Nvme, Nic, Psu, Cooling, Switch, Pdu };

template <>
struct EnumNames<PartKind> {
    static constexpr std::array<std::string_view, 9> names{
        "gpu", "chassis", "cpu", "nvme", "nic", "psu", "cooling", "switch", "pdu"};
};

inline constexpr std::array<PartKind, 9> allPartKinds{
    PartKind::Gpu, PartKind::Chassis, PartKind::Cpu,    PartKind::Nvme, PartKind::Nic,
    PartKind::Psu, PartKind::Cooling, PartKind::Switch, PartKind::Pdu};

/// How many kinds there are: the size of per-kind arrays.
inline constexpr std::size_t partKindCount = allPartKinds.size();

/// Plural, human-readable name of a kind ("GPUs", "NVMe drives").
std::string_view partKindLabel(PartKind kind);

} // namespace infrafit
