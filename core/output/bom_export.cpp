// SPDX-License-Identifier: Apache-2.0
#include "core/output/bom_export.h"

#include "core/output/bom_csv.h"
#include "core/output/bom_html.h"
#include "core/output/bom_json.h"
#include "core/output/bom_pdf.h"
#include "core/output/bom_xlsx.h"
#include "core/io/text_file.h"

namespace infrafit {

std::string renderBom(const BillOfMaterials& bom, BomFormat format)
{
    switch (format) {
    case BomFormat::Csv:
        return bomToCsv(bom);
    case BomFormat::Xlsx:
        return bomToXlsx(bom);
    case BomFormat::Pdf:
        return bomToPdf(bom);
    case BomFormat::Html:
        return bomToHtml(bom);
    case BomFormat::Json:
        return bomToJson(bom).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
    }
    return {};
}

void exportBom(const BillOfMaterials& bom, BomFormat format, const std::string& path)
{
    writeFileAtomic(path, renderBom(bom, format));
}

} // namespace infrafit
