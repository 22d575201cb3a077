// SPDX-License-Identifier: Apache-2.0
#include "core/base/number_format.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <string_view>

namespace infrafit {
namespace {

bool isConversion(char c)
{
    switch (c) {
    case 'd':
    case 'i':
    case 'o':
    case 'u':
    case 'x':
    case 'X':
    case 'e':
    case 'E':
    case 'f':
    case 'F':
    case 'g':
    case 'G':
    case 'a':
    case 'A':
    case 'c':
    case 's':
    case 'p':
    case 'n':
        return true;
    default:
        return false;
    }
}

/// Appends `value` as the conversion `spec` ("%...c") would print it.
void appendOne(std::string& out, std::string_view spec, double value)
{
    const char conversion = spec.back();
    std::string_view body = spec.substr(1, spec.size() - 2); // between % and the letter
    int precision = 6;
    bool simple = conversion == 'f' || conversion == 'g' || conversion == 'e';
    if (simple && !body.empty()) {
        // Only ".N" is handled here; flags and widths go to snprintf.
        if (body.front() != '.' || body.size() > 3)
            simple = false;
        else {
            precision = 0;
            for (char c : body.substr(1)) {
                if (c < '0' || c > '9') {
                    simple = false;
                    break;
                }
                precision = precision * 10 + (c - '0');
            }
        }
    }
    if (!std::strchr("eEfFgGaA", conversion)) { // not a double conversion
        out.append(spec);
        return;
    }
    char buffer[512];
    if (simple) {
        const auto format = conversion == 'f' ? std::chars_format::fixed
            : conversion == 'e'               ? std::chars_format::scientific
                                              : std::chars_format::general;
        const auto [end, error]
            = std::to_chars(buffer, buffer + sizeof buffer, value, format, precision);
        if (error == std::errc {}) {
            out.append(buffer, end);
            return;
        }
    }
    const std::string specText(spec);
    const int n = std::snprintf(buffer, sizeof buffer, specText.c_str(), value);
    if (n > 0)
        out.append(buffer, std::size_t(std::min<int>(n, int(sizeof buffer) - 1)));
}

} // namespace

std::string formatNumbers(const char* format, std::initializer_list<double> values)
{
    std::string out;
    out.reserve(std::strlen(format) + 8 * values.size());
    auto next = values.begin();
    for (const char* p = format; *p;) {
        if (*p != '%') {
            const char* percent = std::strchr(p, '%');
            const char* stop = percent ? percent : p + std::strlen(p);
            out.append(p, stop);
            p = stop;
            continue;
        }
        if (p[1] == '%') {
            out += '%';
            p += 2;
            continue;
        }
        const char* q = p + 1;
        while (*q && !isConversion(*q))
            ++q;
        if (!*q) { // a lone '%' at the end: printed as is
            out.append(p);
            break;
        }
        const double value = next != values.end() ? *next++ : 0.0;
        appendOne(out, std::string_view(p, std::size_t(q - p + 1)), value);
        p = q + 1;
    }
    return out;
}

} // namespace infrafit
