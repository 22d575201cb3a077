// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/project/resolve_configuration.h"

#include <iosfwd>
#include <string>
#include <vector>

namespace infrafit::catalog {
class CatalogStore;
}

namespace infrafit::cli {

/// Each command takes the words after its name and returns an exit code.
/// Errors are thrown (UsageError, InputError, StoreError, FileWriteError)
/// and turned into messages and exit codes by run() in cli.cpp.
int catalogCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err);
int analyzeCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err);
int recommendCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err);
int compareCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err);
int bomCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err);
int layoutCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err);
int netboxCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err);
int calibrateCommand(
    const std::vector<std::string>& words, std::ostream& out, std::ostream& err);
int portfolioCommand(
    const std::vector<std::string>& words, std::ostream& out, std::ostream& err);
int utilisationCommand(
    const std::vector<std::string>& words, std::ostream& out, std::ostream& err);

/// The catalog database to use: --db FILE, else the user's default.
std::string databasePathFrom(const std::string& dbOption);

/// Looks parts up in `store` (which must outlive the lookup).
PartLookup storeLookup(catalog::CatalogStore& store);

} // namespace infrafit::cli
