// SPDX-License-Identifier: Apache-2.0
#include "core/output/text_line.h"

#include <cstdarg>
#include <cstdio>

namespace infrafit {

void appendLine(std::string& out, const char* format, ...)
{
    char buffer[512];
    va_list args;
    va_start(args, format);
    std::vsnprintf(buffer, sizeof buffer, format, args);
    va_end(args);
    out += buffer;
    out += '\n';
}

} // namespace infrafit
