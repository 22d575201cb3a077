// SPDX-License-Identifier: Apache-2.0
#include "app/cli/cli.h"
#include "catalog/memory_tuning.h"

#include <iostream>

int main(int argc, char** argv)
{
    infrafit::catalog::keepFreedMemoryForReuse();
    std::vector<std::string> args(argv + 1, argv + argc);
    return infrafit::cli::run(args, std::cout, std::cerr);
}
