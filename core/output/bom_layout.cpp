// SPDX-License-Identifier: Apache-2.0
#include "core/output/bom_layout.h"

#include "core/base/finding_text.h"
#include "core/base/finite_value.h"

#include <algorithm>

namespace infrafit {

std::vector<BomCableRow> bomCableRows(const BillOfMaterials& bom)
{
    std::vector<BomCableRow> rows;
    if (!bom.layout)
        return rows;
    BomCableRow total;
    total.type = "Total";
    for (const auto& t : bom.layout->cableTotals) {
        BomCableRow row;
        row.type = t.type;
        row.cables = t.count;
        row.lengthM = finiteOrZero(t.lengthM);
        row.transceivers = t.count * std::max(0, t.transceiversPerCable);
        row.cableUnitUsd = finiteOrZero(t.cableUnitUsd);
        row.transceiverUnitUsd = finiteOrZero(t.transceiverUnitUsd);
        // As addLayoutCableLines() prices the BOM's lines.
        row.totalUsd = row.cableUnitUsd * static_cast<double>(row.cables)
            + row.transceiverUnitUsd * static_cast<double>(row.transceivers);
        total.cables += row.cables;
        total.lengthM += row.lengthM;
        total.transceivers += row.transceivers;
        total.totalUsd += row.totalUsd;
        rows.push_back(std::move(row));
    }
    rows.push_back(std::move(total));
    return rows;
}

std::string bomCableListNote(const BillOfMaterials& bom)
{
    if (!bom.layout)
        return {};
    if (bom.cablesFromLayout)
        return "Every cable of the rack layout, by type; these totals are the cable and "
               "transceiver lines of the bill of materials.";
    return "Every cable of the rack layout, by type, power cords and management cables "
           "included. The bill of materials above prices the fabric's own estimate of its "
           "cables and transceivers; export with --layout-cables to price this list instead.";
}

std::vector<std::string> bomLayoutFindingLines(const BillOfMaterials& bom)
{
    std::vector<std::string> lines;
    if (!bom.layout)
        return lines;
    for (const auto& f : bom.layout->findings)
        if (f.severity != Severity::Info || f.code == "layout.summary")
            lines.push_back(std::string(enumName(f.severity)) + " " + f.code + ": " + f.message);
    return lines;
}

LayoutDrawing bomLayoutDrawing(const BillOfMaterials& bom)
{
    if (!bom.layout)
        return {};
    return drawLayout(*bom.layout, bom.summary.configurationName);
}

} // namespace infrafit
