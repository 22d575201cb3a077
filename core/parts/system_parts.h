// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/parts/chassis.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace infrafit {

/// One part a complete system ships with: its catalog id and how many per
/// node. Listed in a chassis' `system_parts` as "ID:COUNT" ("ID" alone = 1).
struct SystemPart {
    std::string id;
    int count = 1;
};

/// Parses one "ID:COUNT" entry; nullopt when the id is empty or the count is
/// not a whole number from 1 to 1024.
std::optional<SystemPart> parseSystemPart(std::string_view entry);

/// The well-formed entries of a chassis' `system_parts`, in order.
std::vector<SystemPart> systemPartsOf(const Chassis& chassis);

/// One of a chassis' `nic_options`: a NIC id and its count per node
/// ("ID:COUNT"), or no count ("ID" alone: any count).
struct NicOption {
    std::string id;
    std::optional<int> count;
};

/// The well-formed entries of a chassis' `nic_options`, in order.
std::vector<NicOption> nicOptionsOf(const Chassis& chassis);

/// Whether the chassis takes `count` of NIC `nicId` per node: true when it
/// lists no `nic_options`, or lists that NIC at that count (or at any count).
bool chassisTakesNic(const Chassis& chassis, std::string_view nicId, int count);

/// A complete system (DGX/HGX reference system) fixes its host parts: its
/// price includes them and it lists them in `system_parts`.
inline bool isCompleteSystem(const Chassis& chassis)
{
    return chassis.priceIncludesParts && !chassis.systemParts.empty();
}

} // namespace infrafit
