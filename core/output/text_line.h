// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <string>

namespace infrafit {

/// Appends one printf-formatted line (and '\n') to out: the text reports'
/// one way of writing a line. A line longer than 511 bytes is cut there.
void appendLine(std::string& out, const char* format, ...) __attribute__((format(printf, 2, 3)));

} // namespace infrafit
