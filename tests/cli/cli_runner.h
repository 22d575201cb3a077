// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "app/cli/cli.h"

#include <sstream>
#include <string>
#include <vector>

namespace infrafit::test {

/// What one in-process infrafit-cli run printed and returned.
struct CliResult {
    int exitCode = -1;
    std::string out;
    std::string err;

    [[nodiscard]] std::vector<std::string> errLines() const
    {
        std::vector<std::string> lines;
        std::istringstream in(err);
        for (std::string line; std::getline(in, line);)
            lines.push_back(line);
        return lines;
    }
};

inline CliResult runCli(const std::vector<std::string>& args)
{
    std::ostringstream out;
    std::ostringstream err;
    CliResult result;
    result.exitCode = cli::run(args, out, err);
    result.out = out.str();
    result.err = err.str();
    return result;
}

} // namespace infrafit::test
