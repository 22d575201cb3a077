// SPDX-License-Identifier: Apache-2.0
// infrafit-cli recommend (being implemented; see the issue tracker).
#include "app/cli/arguments.h"
#include "app/cli/commands.h"

namespace infrafit::cli {

int recommendCommand(const std::vector<std::string>&, std::ostream&, std::ostream&)
{
    throw UsageError("recommend is not available in this build yet");
}

} // namespace infrafit::cli
