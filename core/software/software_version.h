// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <optional>
#include <string_view>

namespace infrafit {

/// Compares two version texts by their dotted numbers: "12.10" > "12.9",
/// "2.7" == "2.7.0", "R570" == "570" (a leading letter, as in a driver
/// branch, is ignored), "24.01" (an NGC year.month tag) is a version too.
/// A component "x" matches any number and ends the comparison ("12.x"
/// equals every 12 release), and a suffix after the numbers ("3.0.0b1",
/// "2.7.0+cu128") is ignored. Returns <0, 0 or >0, or nullopt when either
/// text holds no number.
std::optional<int> compareVersions(std::string_view a, std::string_view b);

/// True when `text` is a version compareVersions can read.
bool isVersionText(std::string_view text);

} // namespace infrafit
