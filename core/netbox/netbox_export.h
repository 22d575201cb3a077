// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/layout/plan_layout.h"

#include <string>
#include <vector>

namespace infrafit {

/// One file of a NetBox export: its path inside the output folder and text.
struct NetboxExportFile {
    std::string path; ///< e.g. "device-types/nvidia-qm9700.yaml", "devices.csv"
    std::string contents;
};

/// `infrafit-cli netbox export`: a device-type YAML per part the layout
/// places (device-types/<slug>.yaml, with each device's power draw from the
/// layout) and the layout as NetBox bulk-import CSVs: manufacturers,
/// device-roles, sites, racks, devices (rack, position, face), power-panels,
/// power-feeds (one per PDU), cables (network links and power cords, port
/// to port) and power-feed-cables (each feed to its PDU's input).
/// docs/user-guide.md "NetBox interchange" lists the columns. Pure.
std::vector<NetboxExportFile> netboxExport(const ProjectLayout& layout, const std::string& siteName);

/// One CSV field: quoted when it holds a comma, quote or line break (RFC 4180).
std::string netboxCsvField(const std::string& text);

} // namespace infrafit
