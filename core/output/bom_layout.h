// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/bom/bill_of_materials.h"
#include "core/output/layout_drawing.h"

#include <string>
#include <vector>

namespace infrafit {

/// The rack layout part of the PDF and HTML reports, as text both draw the
/// same way (docs/user-guide.md "Bill of materials": "Rack layout" and
/// "Cable list").

/// One row of the report's cable list: a cable type of the layout with its
/// count, summed length, transceivers and prices (core/layout/cabling.h).
struct BomCableRow {
    std::string type;
    std::int64_t cables = 0;
    double lengthM = 0;
    std::int64_t transceivers = 0;
    double cableUnitUsd = 0;
    double transceiverUnitUsd = 0;
    double totalUsd = 0;
};

/// The cable list's rows, one per type in the layout's order, and their sum
/// as a last row named "Total" (unit prices 0). Empty without a layout.
std::vector<BomCableRow> bomCableRows(const BillOfMaterials& bom);

/// What the cable list is to the lines above it: the BOM's own cable and
/// transceiver lines (`bom --layout-cables`), or a list beside the fabric's
/// estimate.
std::string bomCableListNote(const BillOfMaterials& bom);

/// The layout's findings for the report: the summary and every warning and
/// error (over a limit, feed loss, phase imbalance, outlets), as
/// "severity code: message".
std::vector<std::string> bomLayoutFindingLines(const BillOfMaterials& bom);

/// The row plan and rack elevations of the BOM's layout (drawLayout()),
/// titled with the configuration. No pages without a layout.
LayoutDrawing bomLayoutDrawing(const BillOfMaterials& bom);

} // namespace infrafit
