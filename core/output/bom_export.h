// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/bom/bill_of_materials.h"
#include "core/base/enum_names.h"

#include <optional>
#include <string>
#include <string_view>

namespace infrafit {

enum class BomFormat { Csv, Xlsx, Pdf, Html, Json };

template <>
struct EnumNames<BomFormat> {
    static constexpr std::array<std::string_view, 5> names {"csv", "xlsx", "pdf", "html", "json"};
};

/// The file's bytes in `format` (see bom_csv.h, bom_xlsx.h, bom_pdf.h,
/// bom_html.h, bom_json.h). Pure apart from XLSX's private temporary file.
std::string renderBom(const BillOfMaterials& bom, BomFormat format);

/// Renders and writes `path` atomically (temporary file in the same
/// directory, then rename): a failed export leaves no partial file and any
/// old file intact. Throws FileWriteError naming the file (missing or
/// read-only directory, disk full).
void exportBom(const BillOfMaterials& bom, BomFormat format, const std::string& path);

} // namespace infrafit
