// SPDX-License-Identifier: Apache-2.0
#include "core/software/software_version.h"

#include <catch2/catch.hpp>

using namespace infrafit;

TEST_CASE("versions compare by their dotted numbers", "[software]")
{
    CHECK(*compareVersions("12.10", "12.9") > 0);
    CHECK(*compareVersions("2.7", "2.7.0") == 0);
    CHECK(*compareVersions("2.6.0", "2.7.0") < 0);
    // Driver branches as NVIDIA writes them, with or without the R.
    CHECK(*compareVersions("R550", "570") < 0);
    CHECK(*compareVersions("R580", "R580") == 0);
    // "12.x" is every CUDA 12 release; 13.0 is after it.
    CHECK(*compareVersions("12.9", "12.x") == 0);
    CHECK(*compareVersions("13.0", "12.x") > 0);
    // Suffixes after the numbers are ignored.
    CHECK(*compareVersions("3.0.0b1", "3.0.0") == 0);
    CHECK(*compareVersions("2.7.0+cu128", "2.7.0") == 0);
    CHECK_FALSE(compareVersions("latest", "1.0"));
    CHECK_FALSE(isVersionText(""));
    CHECK(isVersionText("v0.5.0"));
}
