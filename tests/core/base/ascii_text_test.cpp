// SPDX-License-Identifier: Apache-2.0
// ASCII case-insensitive matching used for GPU family lookups
// (core/base/ascii_text.h).
#include "core/base/ascii_text.h"

#include <catch2/catch.hpp>

using namespace infrafit;

TEST_CASE("containsNoCase finds a needle in any ASCII case, anywhere", "[base]")
{
    CHECK(asciiLower('H') == 'h');
    CHECK(asciiLower('z') == 'z');
    CHECK(asciiLower('0') == '0');
    CHECK(containsNoCase("NVIDIA H100 SXM5", "h100"));
    CHECK(containsNoCase("Instinct MI300X", "MI300"));
    CHECK(containsNoCase("hopper", "Hopper"));
    CHECK(containsNoCase("a", "A"));
    CHECK(containsNoCase("anything", "")); // an empty needle is everywhere
    // A partial match at the end or a longer needle is no match.
    CHECK_FALSE(containsNoCase("B20", "b200"));
    CHECK_FALSE(containsNoCase("nvidia-a10", "a100"));
    CHECK_FALSE(containsNoCase("", "a"));
    // The first letter repeats before the match starts.
    CHECK(containsNoCase("aaab", "AAB"));
    CHECK_FALSE(containsNoCase("Ampere", "ampx"));
}

TEST_CASE("startsWithNoCase matches a prefix in any ASCII case", "[base]")
{
    CHECK(startsWithNoCase("Hopper", "hopper"));
    CHECK(startsWithNoCase("CDNA 3", "cdna"));
    CHECK(startsWithNoCase("ampere", ""));
    CHECK_FALSE(startsWithNoCase("Ada Lovelace", "ampere"));
    CHECK_FALSE(startsWithNoCase("Hop", "hopper")); // shorter text
    CHECK_FALSE(startsWithNoCase("NVIDIA Hopper", "hopper")); // not at the start
}
