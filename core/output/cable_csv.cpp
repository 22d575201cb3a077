// SPDX-License-Identifier: Apache-2.0
#include "core/output/cable_csv.h"

#include "core/output/bom_csv.h"
#include "core/base/finite_value.h"

#include <cstdio>

namespace infrafit {

namespace {

/// A number as CSV text: shortest round-trip form, never "nan".
std::string cableCsvNumber(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.10g", finiteOrZero(value));
    return text;
}

} // namespace

std::string cableListToCsv(const RackLayout& layout)
{
    std::string out
        = csvRecord({"row", "from", "to", "type", "length_m", "purpose", "count", "total_usd"});
    out.reserve(layout.cables.size() * 64);
    for (const auto& c : layout.cables)
        out += csvRecord(
            {"cable", c.from, c.to, c.type, cableCsvNumber(c.lengthM), c.purpose, "1", ""});
    for (const auto& t : layout.cableTotals)
        out += csvRecord({"total", "", "", t.type, cableCsvNumber(t.lengthM), "",
            std::to_string(t.count), cableCsvNumber(t.totalUsd)});
    return out;
}

} // namespace infrafit
