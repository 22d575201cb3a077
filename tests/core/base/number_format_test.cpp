// SPDX-License-Identifier: Apache-2.0
#include "core/base/number_format.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <random>
#include <string>

using infrafit::formatNumbers;

namespace {

std::string printfText(const char* format, double a, double b = 0, double c = 0)
{
    char buffer[512];
    std::snprintf(buffer, sizeof buffer, format, a, b, c);
    return buffer;
}

} // namespace

// The reference is the C library's printf: to_chars with a precision is
// defined as printf's %f/%e/%g conversion ([charconv.to.chars] in the C++
// standard), so the two must agree to the byte.
TEST_CASE("formatNumbers prints what snprintf prints", "[base][format]")
{
    const char* formats[] = {"%.0f", "%.1f", "%.2f", "%.3f", "%f", "%g", "%.3g", "%e", "%.2e",
        "%.0f%%", "x %.2f y %.0f z %g", "%5.1f", "%+.2f", "%08.3f", "%.12g"};
    std::mt19937_64 random(20261206);
    std::uniform_real_distribution<double> mantissa(-10.0, 10.0);
    std::uniform_int_distribution<int> exponent(-12, 15);
    for (int i = 0; i < 4000; ++i) {
        const double v[] = {mantissa(random) * std::pow(10.0, exponent(random)),
            mantissa(random) * std::pow(10.0, exponent(random)),
            double(int(mantissa(random) * 100)) / 8.0};
        for (const char* format : formats) {
            INFO(format << " " << v[0] << " " << v[1] << " " << v[2]);
            REQUIRE(
                formatNumbers(format, {v[0], v[1], v[2]}) == printfText(format, v[0], v[1], v[2]));
        }
    }
    // Halfway cases round as printf does (to even on the exact binary value).
    for (double v : {0.5, 1.5, 2.5, 0.125, 0.375, 1e21, 0.0, -0.0, 123456789.0})
        for (const char* format : {"%.0f", "%.2f", "%g", "%.1e"})
            CHECK(formatNumbers(format, {v}) == printfText(format, v));
}

TEST_CASE("formatNumbers keeps text, percent signs and odd conversions", "[base][format]")
{
    CHECK(formatNumbers("no numbers", {}) == "no numbers");
    CHECK(formatNumbers("%.0f%% of peak", {80.0}) == "80% of peak");
    CHECK(formatNumbers("%.1f and %.1f", {1.25}) == "1.2 and 0.0"); // missing → 0
    CHECK(formatNumbers("%d items", {3.0}) == "%d items"); // never a double as int
    CHECK(formatNumbers("trailing %", {1.0}) == "trailing %");
    CHECK(formatNumbers("%.2f", {std::nan("")}) == printfText("%.2f", std::nan("")));
    CHECK(formatNumbers("%g", {INFINITY}) == printfText("%g", INFINITY));
}
