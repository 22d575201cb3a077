// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace infrafit::cli {

/// Exit statuses of infrafit-cli (docs/user-guide.md "Command-line
/// reference"): findings, even errors, are results (0); bad input is 2 with
/// one line per problem on stderr; anything else is 1.
enum ExitCode : int { ExitOk = 0, ExitFailure = 1, ExitBadInput = 2 };

/// Runs infrafit-cli with `args` (without the program name), writing results
/// to `out` and messages to `err`. Never throws.
int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace infrafit::cli
