// SPDX-License-Identifier: Apache-2.0
#include "app/cli/open_catalog.h"

#include "app/cli/arguments.h"
#include "app/cli/commands.h"

#include "catalog/database_backup.h"

#include <ostream>

namespace infrafit::cli {

catalog::CatalogStore openCatalog(const Arguments& args, std::ostream& err)
{
    const std::string path = databasePathFrom(args.valueOr("db", ""));
    try {
        return catalog::CatalogStore::open(path);
    } catch (const catalog::StoreError& error) {
        const bool refused = error.kind() == catalog::StoreErrorKind::NotADatabase
            || error.kind() == catalog::StoreErrorKind::NewerSchema;
        if (!refused)
            throw;
        if (!args.has(resetBrokenCatalogFlag))
            throw catalog::StoreError(error.kind(),
                std::string(error.what())
                    + ". To move it aside to a backup and start a fresh default "
                      "catalog, run the command again with --"
                    + resetBrokenCatalogFlag + ".");
        err << error.what() << "\n";
    }
    const std::string backup = catalog::backUpAndStartFresh(path);
    err << "infrafit-cli: moved the old catalog database to " << backup
        << " and created a fresh default catalog at " << path << ".\n";
    return catalog::CatalogStore::open(path);
}

} // namespace infrafit::cli
