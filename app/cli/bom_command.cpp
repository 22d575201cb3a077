// SPDX-License-Identifier: Apache-2.0
// infrafit-cli bom (being implemented; see the issue tracker).
#include "app/cli/arguments.h"
#include "app/cli/commands.h"

namespace infrafit::cli {

int bomCommand(const std::vector<std::string>&, std::ostream&, std::ostream&)
{
    throw UsageError("bom is not available in this build yet");
}

} // namespace infrafit::cli
