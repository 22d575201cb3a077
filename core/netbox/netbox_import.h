// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/input_error.h"
#include "core/parts/part.h"

#include <string>
#include <string_view>
#include <vector>

namespace infrafit {

/// One device-type file read into a part, with what mapped and what did not.
struct NetboxImport {
    std::string file;
    Part part;
    /// Part fields filled from the file's NetBox keys, e.g. "max_power_w (from
    /// power-ports maximum_draw)".
    std::vector<std::string> mapped;
    /// Fields of the part's kind left without a value.
    std::vector<std::string> blank;
    /// NetBox keys and components InfraFit has no field for (console-ports,
    /// module-bays, interfaces of an unknown type…), ignored.
    std::vector<std::string> ignored;
};

/// Reads a NetBox device-type YAML (devicetype-library format) into a
/// catalog part: manufacturer → vendor, model, part_number, u_height →
/// rack_units, weight + weight_unit → weight_kg, is_full_depth, airflow;
/// a switch's ports, speed and protocol from its interface types, its PSUs
/// and power from power-ports (maximum_draw, allocated_draw); a PDU's C13
/// and C19 outlets and phases (feed legs) from power-outlets. The part's kind
/// and id come from the comments' "infrafit: {…}" line when the file was
/// written by InfraFit (with the fields NetBox has no key for), else the
/// kind is a PDU when it has outlets, a switch when it has 8 or more network
/// ports, and the id is the slug. Throws InputError(file, problems) naming
/// each YAML key or part field that is wrong or required and missing.
NetboxImport importNetboxDeviceType(std::string_view yamlText, const std::string& file);

/// The device-type files of one `netbox import`: the parts read, and one
/// error per file that could not be read (file, pointer and message each).
struct NetboxImportBatch {
    std::vector<NetboxImport> imports;
    std::vector<InputError> errors;
};

/// Reads each path (a directory: its *.yaml and *.yml files, sorted by name)
/// and imports every file. A caller stores nothing unless `errors` is empty
/// (all or nothing). The same id in two files is an error of the later one.
NetboxImportBatch importNetboxDeviceTypes(const std::vector<std::string>& paths);

} // namespace infrafit
