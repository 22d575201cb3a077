// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <initializer_list>
#include <string>

namespace infrafit {

/// printf-style text with double arguments only (`%.2f`, `%.0f`, `%g`,
/// `%e`, `%%`, and any other one-double conversion): the same text as
/// snprintf in the "C" locale, built with std::to_chars for the common
/// `%f`/`%g`/`%e` forms (the standard defines to_chars with a precision
/// as printf's conversion, [charconv.to.chars]), which is several times
/// faster than the C library's formatting. Analyses format a few dozen
/// numbers each, and printf was a quarter of their time. A conversion
/// with flags or a width goes through snprintf. Missing arguments print
/// as 0; a conversion that does not take a double (`%d`, `%s`) is copied
/// as written, never handed a double.
std::string formatNumbers(const char* format, std::initializer_list<double> values);

} // namespace infrafit
