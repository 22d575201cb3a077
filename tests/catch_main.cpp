// SPDX-License-Identifier: Apache-2.0
// The Catch2 runner for the non-GUI test binaries (the GUI binary has its
// own main that creates a QApplication on the offscreen platform).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
