// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/bom/bill_of_materials.h"

#include <string>
#include <vector>

namespace infrafit {

/// One CSV field (RFC 4180): quoted when it holds a comma, a quote, CR or
/// LF, with quotes doubled. Text a spreadsheet would run as a formula
/// (starting with = + - @, tab or CR, and not a number) gets a leading
/// apostrophe (OWASP, CSV injection).
std::string csvField(const std::string& text);

/// One CSV record: fields joined by commas, ended by CRLF.
std::string csvRecord(const std::vector<std::string>& fields);

/// The BOM as CSV (RFC 4180, CRLF, one header row, numbers unformatted):
/// `row,kind,vendor,model,part_id,quantity_per_node,nodes,total_quantity,
/// unit_price_usd,extended_price_usd,price_status,note`. `row` is "line" for
/// each BOM line, then "subtotal" per kind, then one "total" whose
/// extended_price_usd is the sum of the lines and whose price_status is
/// "complete", "includes_estimates" or "incomplete".
std::string bomToCsv(const BillOfMaterials& bom);

} // namespace infrafit
