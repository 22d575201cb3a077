// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/layout/rack_layout.h"

#include <string>

namespace infrafit {

/// The cable list as CSV (RFC 4180, CRLF, one header row):
/// `row,from,to,type,length_m,purpose,count,total_usd`. `row` is "cable" for
/// each link (count 1, total_usd empty), then "total" per cable type with
/// its count, summed length and price (cables and their transceivers), the
/// same figures as the BOM's layout cable lines.
std::string cableListToCsv(const RackLayout& layout);

} // namespace infrafit
