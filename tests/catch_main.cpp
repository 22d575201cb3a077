// SPDX-License-Identifier: Apache-2.0
// The Catch2 runner for the non-GUI test binaries (the GUI binary has its
// own main that creates a QApplication on the offscreen platform).
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include "support/private_data_home.h"

int main(int argc, char* argv[])
{
    const infrafit::test::PrivateDataHome dataHome;
    return Catch::Session().run(argc, argv);
}
