// SPDX-License-Identifier: Apache-2.0
// Unknown-as-zero and zero-as-unknown figures (core/base/finite_value.h).
#include "core/base/finite_value.h"

#include <catch2/catch.hpp>

#include <limits>

using namespace infrafit;

TEST_CASE("positiveOrZero and positiveOrNone keep only positive finite figures", "[base]")
{
    const double inf = std::numeric_limits<double>::infinity();
    const double nan = std::numeric_limits<double>::quiet_NaN();
    CHECK(positiveOrZero(std::optional<double>(12.5)) == 12.5);
    CHECK(positiveOrZero(std::optional<double>()) == 0.0);
    CHECK(positiveOrZero(std::optional<double>(-3.0)) == 0.0);
    CHECK(positiveOrZero(std::optional<double>(nan)) == 0.0);
    CHECK(positiveOrNone(31.0) == std::optional<double>(31.0));
    CHECK_FALSE(positiveOrNone(0.0));
    CHECK_FALSE(positiveOrNone(-1.0));
    CHECK_FALSE(positiveOrNone(inf));
    CHECK_FALSE(positiveOrNone(nan));
}
