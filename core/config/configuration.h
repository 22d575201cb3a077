// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/enum_names.h"

#include <optional>
#include <string>

namespace infrafit {

enum class PsuRedundancy { None, NPlus1, NPlusN };

template <>
struct EnumNames<PsuRedundancy> {
    static constexpr std::array<std::string_view, 3> names{"none", "N+1", "N+N"};
};

/// The rack the nodes go into: its power budget (usable kW of one feed
/// under 2N) and its height; for the layout (core/layout/) also the floor
/// loading per rack and where racks stand (pitch along a row, distance
/// between rows, racks per row).
struct RackLimits {
    double powerLimitKw = 40;
    int units = 42;
    /// Most a loaded rack may weigh, kg (rack, devices, PDUs): 1,360 kg, the
    /// mass of a loaded GB200 NVL72 rack (docs/reference/hardware.md §1.8),
    /// which standard 1,200 mm deep racks carry; lower it to the floor's
    /// rating.
    double weightLimitKg = 1360;
    /// Centre-to-centre distance of neighbouring racks in a row, m: 0.6, the
    /// width of a standard 600 mm rack (EIA-310 19-inch rack in a 600 mm
    /// cabinet).
    double pitchM = 0.6;
    /// Distance between the fronts of neighbouring rows, m, as a cable runs
    /// over it: 1.2 (a 1.2 m cold aisle, two floor tiles; ASHRAE TC 9.9
    /// hot/cold aisle layouts; estimate).
    double rowDistanceM = 1.2;
    /// Racks in one row before the next row starts.
    int racksPerRow = 10;
};

/// A cluster as the user specifies it in a project file: part ids and
/// counts per node, node count, PSU redundancy and rack limits. Part ids are
/// resolved against the project's inline parts, then the catalog.
/// An empty id means the part is not used (count must then be 0).
struct Configuration {
    std::string name;
    std::string chassisId;
    std::string gpuId;
    int gpusPerNode = 8;
    std::string cpuId;
    int cpusPerNode = 2;
    std::string nvmeId;
    int nvmePerNode = 0;
    std::string nicId;
    int nicsPerNode = 0;
    std::string psuId;
    int psusPerNode = 0;
    PsuRedundancy psuRedundancy = PsuRedundancy::None;
    std::string coolingId;
    /// The back-end fabric's switch (leaf, spine and core) and the rack PDU
    /// (issue 18); empty = the fabric's default switch and the catalog's
    /// default PDU (core/layout/layout_parts.h).
    std::string switchId;
    std::string pduId;
    int nodes = 1;
    RackLimits rack;
    /// Power limit set on every GPU (nvidia-smi -pl), watts; absent = the
    /// GPU's rated tdp_w. Compute-bound phases slow down under it and the
    /// node's rated maximum (PSU and rack sizing) follows it
    /// (docs/power-model.md §2).
    std::optional<double> gpuPowerLimitW;
    /// Host memory per node: DIMM count and size. Absent count = not stated
    /// (host memory checks then report it unknown); 0 is refused on load.
    std::optional<int> dimmsPerNode;
    double dimmSizeGb = 64;  ///< GB (10^9 bytes) per DIMM; DGX H100: 32 x 64 GB
    /// Price of one DIMM; absent = an estimate per GB (defaultDimmUsdPerGb, core/infra/cost.h).
    std::optional<double> dimmPriceUsd;
    /// Shared (network) storage bandwidth available to the cluster, GB/s;
    /// 0 = no shared storage.
    double sharedStorageGbs = 0;
    /// Price of the shared storage system, for the bill of materials.
    std::optional<double> sharedStoragePriceUsd;
};

} // namespace infrafit
