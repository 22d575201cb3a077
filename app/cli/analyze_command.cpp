// SPDX-License-Identifier: Apache-2.0
// infrafit-cli analyze (wired to the analysis core once it lands).
#include "app/cli/arguments.h"
#include "app/cli/commands.h"

namespace infrafit::cli {

int analyzeCommand(const std::vector<std::string>&, std::ostream&, std::ostream&)
{
    throw UsageError("analyze is not available in this build yet");
}

} // namespace infrafit::cli
