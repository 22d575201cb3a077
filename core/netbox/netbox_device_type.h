// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/parts/part.h"

#include <optional>
#include <string>
#include <vector>

namespace infrafit {

/// A NetBox device type as the devicetype-library YAML holds it (the keys
/// InfraFit writes; schema/devicetype.json and components.json of
/// netbox-community/devicetype-library). Plain value.
struct NetboxPowerPort {
    std::string name;
    std::string type; ///< e.g. iec-60320-c14
    std::optional<int> maximumDrawW;
    std::optional<int> allocatedDrawW;
};

struct NetboxPowerOutlet {
    std::string name;
    std::string type; ///< iec-60320-c13 or iec-60320-c19
    std::string powerPort;
    std::string feedLeg; ///< "A", "B", "C"; empty on a single-phase PDU
};

struct NetboxInterface {
    std::string name;
    std::string type;
    bool mgmtOnly = false;
};

struct NetboxDeviceType {
    std::string manufacturer;
    std::string model;
    std::string slug;
    std::string partNumber;
    double uHeight = 1;
    bool isFullDepth = true;
    std::string airflow; ///< empty = not stated
    std::optional<double> weightKg;
    std::vector<NetboxPowerPort> powerPorts;
    std::vector<NetboxPowerOutlet> powerOutlets;
    std::vector<NetboxInterface> interfaces;
    std::string comments;
};

/// What a device type needs besides its part: the power a device of it
/// draws and, for a node, its network ports (from the layout and the
/// configuration; a part alone does not know them).
struct NetboxDeviceExtras {
    /// Wall power of one device: at most and typical. Absent = the part's
    /// own figures (a switch's max_power_w; a chassis' max_system_power_w).
    std::optional<double> maxW;
    std::optional<double> typicalW;
    /// Power cords (power ports); 0 = the part's own count.
    int cords = 0;
    /// Cords that carry the whole load when the others are lost (N of N+N
    /// or N+1): a port's maximum_draw is the device's maximum over them.
    int cordsCarryingMax = 0;
    /// C19/C20 cords instead of C13/C14.
    bool c20Inlets = false;
    /// A node's NIC ports: "rail1"… and "fe1"…, as the cabling plan names them.
    int rails = 0;
    std::string railType;
    int frontEndPorts = 0;
    std::string frontEndType;
};

/// The device type of a chassis, switch or PDU part (other kinds are not
/// rack devices: nullopt). Interface and outlet names are the layout's port
/// names (p1…, rail1…, bmc, mgmt, outlet1…), so the cable CSV connects.
/// `comments` names the part and carries the fields NetBox has no key for
/// in one "infrafit: {…}" line (docs/user-guide.md "NetBox interchange").
std::optional<NetboxDeviceType> netboxDeviceType(const Part& part,
                                                 const NetboxDeviceExtras& extras = {});

/// The device type as devicetype-library YAML (keys in the library's order).
std::string netboxDeviceTypeYaml(const NetboxDeviceType& type);

/// The part field keys a device type carries in its own NetBox keys, per
/// kind (the rest go into the comments' "infrafit:" line).
bool isNetboxMappedField(PartKind kind, std::string_view key);

} // namespace infrafit
