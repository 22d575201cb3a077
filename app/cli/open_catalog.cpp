// SPDX-License-Identifier: Apache-2.0
#include "app/cli/open_catalog.h"

#include "app/cli/arguments.h"
#include "app/cli/commands.h"

#include "catalog/database_backup.h"

#include <ostream>

namespace infrafit::cli {

catalog::CatalogStore openCatalog(const Arguments& args, std::ostream& err, CatalogAccess access)
{
    const std::string path = databasePathFrom(args.valueOr("db", ""));
    catalog::OpenOptions options;
    options.allowReadOnly = access == CatalogAccess::Read;
    std::string refusal;
    try {
        return catalog::CatalogStore::open(path, options);
    } catch (const catalog::StoreError& error) {
        const bool refused = error.kind() == catalog::StoreErrorKind::NotADatabase
            || error.kind() == catalog::StoreErrorKind::NewerSchema;
        if (!refused)
            throw;
        if (!args.has(resetBrokenCatalogFlag))
            throw catalog::StoreError(error.kind(),
                std::string(error.what())
                    + ". The file was left unchanged. To move it aside to a backup and start a "
                      "fresh default catalog, run the command again with --"
                    + resetBrokenCatalogFlag + ".");
        refusal = error.what();
    }
    std::string backup;
    try {
        backup = catalog::backUpAndStartFresh(path);
    } catch (const catalog::StoreError& error) {
        if (error.kind() != catalog::StoreErrorKind::Busy)
            throw;
        throw catalog::StoreError(error.kind(),
            refusal + ". It was not moved aside and was left unchanged: " + error.what());
    }
    err << refusal << "\ninfrafit-cli: moved the old catalog database to " << backup
        << " and created a fresh default catalog at " << path << ".\n";
    return catalog::CatalogStore::open(path, options);
}

} // namespace infrafit::cli
