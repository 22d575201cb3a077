// SPDX-License-Identifier: Apache-2.0
#include "core/output/bom_csv.h"

#include "core/output/report_format.h"
#include "core/output/bom_software.h"

#include <charconv>
#include <string_view>

namespace infrafit {

namespace {

/// A number as written by plainNumber or std::to_string ("-4.5", "1e+20").
bool isNumber(const std::string& text)
{
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return error == std::errc() && end == text.data() + text.size();
}

} // namespace

std::string csvField(const std::string& text)
{
    // OWASP "CSV injection": a spreadsheet runs a cell that starts with
    // = + - @ (or a tab or CR) as a formula. Such text (a vendor's or a
    // user's note) is kept as text with a leading apostrophe; numbers,
    // negative ones included, stay numbers.
    if (!text.empty() && std::string_view("=+-@\t\r").find(text.front()) != std::string_view::npos
        && !isNumber(text))
        return csvField("'" + text);
    if (text.find_first_of(",\"\r\n") == std::string::npos)
        return text;
    std::string quoted = "\"";
    for (char c : text) {
        if (c == '"')
            quoted += '"';
        quoted += c;
    }
    return quoted + '"';
}

std::string csvRecord(const std::vector<std::string>& fields)
{
    std::string record;
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (i > 0)
            record += ',';
        record += csvField(fields[i]);
    }
    return record + "\r\n";
}

namespace {

std::string csvOptionalCount(const std::optional<std::int64_t>& value)
{
    return value ? std::to_string(*value) : std::string {};
}

} // namespace

std::string bomToCsv(const BillOfMaterials& bom)
{
    std::string csv = csvRecord({"row", "kind", "vendor", "model", "part_id", "part_number",
        "quantity_per_node",
        "nodes", "total_quantity", "unit_price_usd", "extended_price_usd", "price_status", "note"});
    for (const auto& line : bom.lines) {
        csv += csvRecord({"line", line.kind, line.vendor, line.model, line.partId, line.partNumber,
            csvOptionalCount(line.quantityPerNode), csvOptionalCount(line.nodes),
            std::to_string(line.totalQuantity), plainNumber(line.unitPriceUsd),
            plainNumber(line.extendedPriceUsd), std::string(enumName(line.priceStatus)),
            line.note});
    }
    for (const auto& subtotal : bom.subtotals) {
        csv += csvRecord({"subtotal", subtotal.kind, "", "", "", "", "", "",
            std::to_string(subtotal.quantity), "", plainNumber(subtotal.extendedPriceUsd),
            subtotal.includesEstimates ? "includes_estimates" : "", ""});
    }
    const auto& totals = bom.totals;
    const char* status = !totals.complete ? "incomplete"
        : totals.includesEstimates        ? "includes_estimates"
                                          : "complete";
    std::string note = totalCaption(totals);
    if (!totals.missingPrices.empty()) {
        note += ": ";
        for (std::size_t i = 0; i < totals.missingPrices.size(); ++i)
            note += (i ? "; " : "") + totals.missingPrices[i];
    }
    csv += csvRecord(
        {"total", "", "", "", "", "", "", "", "", "", plainNumber(totals.totalUsd), status, note});
    // The recommended software stack: the key in `kind`, the value in `model`.
    for (const auto& row : bomSoftwareRows(bom.summary))
        csv += csvRecord({"software", row.key, "", row.value, "", "", "", "", "", "", "", "", ""});
    // The compliance table: requirement key in `kind`, its label in `model`,
    // met / unmet / unknown in `price_status`, the part's value and source in `note`.
    for (const auto& row : bom.summary.compliance)
        csv += csvRecord({"compliance", row.requirement, row.partKind, row.label, row.partId, "",
            "", "", "", "", "", std::string(enumName(row.status)),
            row.value + (row.source.empty() ? "" : "; source: " + row.source)});
    return csv;
}

} // namespace infrafit
